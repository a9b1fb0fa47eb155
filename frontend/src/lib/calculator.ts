// The migration calculator of methodology section 6, as a pure function.

export interface ApiLoad {
  current: number // ACRPS_i: the whole system's max RPS at the SLA today
  required: number // ARRPS_i: the RPS the system must reach
}

export interface ApiPlan extends ApiLoad {
  perServerToday: number
  perServerAfter: number
  systemAfter: number
  serversToAddWithout: number
  serversToAddWith: number
  serversSaved: number
}

export interface Plan {
  ratio: number
  servers: number
  apis: ApiPlan[]
  totals: { serversToAddWithout: number; serversToAddWith: number; serversSaved: number }
}

function toAdd(required: number, capacity: number, perServer: number): number {
  if (required <= capacity) return 0
  return Math.max(0, Math.ceil((required - capacity) / perServer - 1e-9))
}

/** Returns null when the inputs cannot give a plan (no servers, no ratio, zero current load). */
export function planMigration(servers: number, ratio: number, apis: ApiLoad[]): Plan | null {
  if (!(servers > 0) || !(ratio > 0) || !Number.isFinite(ratio)) return null
  if (apis.length === 0 || apis.some((a) => !(a.current > 0) || !(a.required >= 0))) return null
  const planned = apis.map((a): ApiPlan => {
    const perServerToday = a.current / servers
    const perServerAfter = perServerToday * ratio
    const systemAfter = a.current * ratio
    const serversToAddWithout = toAdd(a.required, a.current, perServerToday)
    const serversToAddWith = toAdd(a.required, systemAfter, perServerAfter)
    return {
      ...a,
      perServerToday,
      perServerAfter,
      systemAfter,
      serversToAddWithout,
      serversToAddWith,
      serversSaved: serversToAddWithout - serversToAddWith,
    }
  })
  // Totals add the APIs up, as GET /api/calculator does (the site and the API must agree).
  const sum = (k: 'serversToAddWithout' | 'serversToAddWith') => planned.reduce((n, p) => n + p[k], 0)
  const totals = { serversToAddWithout: sum('serversToAddWithout'), serversToAddWith: sum('serversToAddWith'), serversSaved: 0 }
  totals.serversSaved = totals.serversToAddWithout - totals.serversToAddWith
  return { ratio, servers, apis: planned, totals }
}
