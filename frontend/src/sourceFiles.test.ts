// The site's sources keep the repository's file-size rule: no file over 400 lines unless its first lines say why
// ("over 400 lines ..."). ESLint's max-lines holds the scripts and Vue files to it (eslint.config.mjs); this holds the
// style sheets, which ESLint does not read, and holds every max-lines exception to giving its reason.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const MAX_LINES = 400
const HEAD_LINES = 20
const MARKER = 'over 400 lines'

/** Lines of a file as an editor numbers them (a last line without a newline counts). */
function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** Whether text breaks the rule: over MAX_LINES lines without the marker in its first HEAD_LINES lines. */
function tooLong(text: string): boolean {
  const head = text.split('\n').slice(0, HEAD_LINES).join('\n').toLowerCase()
  return lineCount(text) > MAX_LINES && !head.includes(MARKER)
}

/** The files of a folder of the site (src, e2e, scripts), relative to it, whose name ends with one of ends. */
function files(folder: string, ends: string[]): { name: string; text: string }[] {
  const dir = new URL(`../${folder}/`, import.meta.url)
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => ends.some((e) => name.endsWith(e)) && !name.includes('node_modules'))
    .map((name) => ({ name: `${folder}/${name}`, text: readFileSync(new URL(name, dir), 'utf8') }))
}

describe('file size', () => {
  it('counts lines and reads the reason in the first lines only', () => {
    const body = (n: number) => 'a {}\n'.repeat(n)
    expect(tooLong(body(400))).toBe(false)
    expect(tooLong(body(401))).toBe(true)
    expect(tooLong('/* Over 400 lines: one table of rules, read as one. */\n' + body(400))).toBe(false)
    expect(tooLong(body(300) + '/* over 400 lines, said too late */\n' + body(100))).toBe(true)
  })

  it('no style sheet is over 400 lines without saying why', () => {
    const sheets = files('src', ['.css'])
    expect(sheets.map((f) => f.name)).toContain('src/style.css')
    expect(sheets.filter((f) => tooLong(f.text)).map((f) => `${f.name}: ${lineCount(f.text)} lines`)).toEqual([])
  })

  it('every file that turns max-lines off says why, in the words of the rule', () => {
    const sources = ['src', 'e2e', 'scripts'].flatMap((d) => files(d, ['.ts', '.vue', '.mjs', '.js', '.css']))
    const unexplained = sources
      .filter((f) => /eslint-disable(-next-line|-line)?\s+[^*\n]*\bmax-lines\b/.test(f.text))
      .filter(
        (f) =>
          !/eslint-disable\s+max-lines\s+--\s+over 400 lines/i.test(f.text.split('\n').slice(0, HEAD_LINES).join('\n')),
      )
      .map((f) => f.name)
    expect(unexplained).toEqual([])
  })
})
