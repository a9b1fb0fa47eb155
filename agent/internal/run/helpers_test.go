package run

import "podium.dev/agent/internal/load"

func loadResult(p50, p75, p90, p99, p999, maxv float64) load.Result {
	return load.Result{Requests: 1, LatencyMs: load.Latency{P50: p50, P75: p75, P90: p90, P99: p99, P999: p999, Max: maxv}}
}
