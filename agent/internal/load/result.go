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
	// Raw is the load generator's own output, as it printed it (wrk's text, fortio's summary): kept with the run.
	Raw []byte `json:"-"`
}

// Plus adds two windows' errors up (a cell's error rate is over all its repeats).
func (e Errors) Plus(o Errors) Errors {
	return Errors{e.Connect + o.Connect, e.Read + o.Read, e.Write + o.Write, e.Timeout + o.Timeout, e.Status + o.Status}
}

// ErrorRate is the error rate of schema/README.md: every failed request over every attempt, 0 without attempts, at
// most 1. Connect, read and write errors never got an answer and are not among requests; timeout and status are.
func ErrorRate(requests int64, e Errors) float64 {
	attempts := requests + e.Connect + e.Read + e.Write
	if attempts == 0 {
		return 0
	}
	return min(1, float64(e.Total())/float64(attempts))
}
