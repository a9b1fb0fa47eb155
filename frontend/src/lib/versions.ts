// Framework versions in release order, as the service orders /api/history?orderBy=version (dev.podium.version).

const PRE_RELEASE = /^(alpha|beta|rc|cr|m|milestone|snapshot|ea|preview|dev|pre)\d*$/i
const NUMBER = /^\d{1,15}$/

const parts = (v: string) => v.split(/[.\-_]/).filter(Boolean)

/** Numeric parts as numbers (12.1.10 after 12.1.9), a pre-release before its release, other qualifiers as text. */
export function compareVersions(a: string, b: string): number {
  const pa = parts(a)
  const pb = parts(b)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? ''
    const y = pb[i] ?? ''
    const nx = NUMBER.test(x)
    const ny = NUMBER.test(y)
    let c: number
    if (nx && ny) c = Number(x) - Number(y)
    else if (nx || ny)
      c = nx ? 1 : -1 // a number beats a qualifier or nothing
    else {
      const px = PRE_RELEASE.test(x)
      const py = PRE_RELEASE.test(y)
      c = px !== py ? (px ? -1 : 1) : x.toLowerCase() < y.toLowerCase() ? -1 : x.toLowerCase() > y.toLowerCase() ? 1 : 0
    }
    if (c !== 0) return Math.sign(c)
  }
  return 0
}

/** The distinct versions, oldest release first. */
export function orderedVersions(versions: Iterable<string>): string[] {
  return [...new Set(versions)].sort(compareVersions)
}
