// Package load holds what one measurement produces, whichever generator made it (wrk closed loop,
// fortio open loop): request count, throughput, latency percentiles and errors by kind.
package load

// Errors count failed requests by kind; Status counts answers with a status of 400 or more.
type Errors struct {
	Connect int64 `json:"connect"`
	Read    int64 `json:"read"`
	Write   int64 `json:"write"`
	Timeout int64 `json:"timeout"`
	Status  int64 `json:"status"`
}

// Total is the number of failed requests.
func (e Errors) Total() int64 { return e.Connect + e.Read + e.Write + e.Timeout + e.Status }

// Latency is in milliseconds.
type Latency struct {
	P50  float64 `json:"p50"`
	P75  float64 `json:"p75"`
	P90  float64 `json:"p90"`
	P99  float64 `json:"p99"`
	P999 float64 `json:"p999"`
	Max  float64 `json:"max"`
	Mean float64 `json:"mean"`
}

// Result is one measured window.
type Result struct {
	Requests          int64   `json:"requests"`
	DurationSeconds   float64 `json:"durationSeconds"`
	RequestsPerSecond float64 `json:"requestsPerSecond"`
	Bytes             int64   `json:"bytes,omitempty"`
	LatencyMs         Latency `json:"latencyMs"`
	Errors            Errors  `json:"errors"`
	// BehindSchedule is set by the open-loop generator when it could not keep its schedule.
	BehindSchedule bool `json:"behindSchedule,omitempty"`
	// GeneratorCPUSeconds is the load generator's own CPU time (wrk's rusage); 0 when the caller measures it.
	GeneratorCPUSeconds float64 `json:"-"`
}

// ErrorRate is failed requests over all requests (0 when there were none).
func (r Result) ErrorRate() float64 {
	// wrk counts status errors and late answers among its requests, socket errors outside them.
	total := r.Requests + r.Errors.Connect + r.Errors.Read + r.Errors.Write
	if total == 0 {
		return 0
	}
	return min(1, float64(r.Errors.Total())/float64(total))
}
