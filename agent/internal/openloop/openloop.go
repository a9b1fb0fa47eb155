// Package openloop offers load on a schedule (open loop, target rate) with fortio's periodic runner and
// HTTP client used as a library, and measures latency from each request's scheduled start, so that a
// stalled server cannot hide its stall (coordinated omission).
package openloop

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"fortio.org/fortio/fhttp"
	"fortio.org/fortio/periodic"
	"fortio.org/fortio/stats"
	"fortio.org/log"

	"podium.dev/agent/internal/load"
)

// Options is one open-loop measurement.
type Options struct {
	URL         string
	Rate        float64       // offered requests per second
	Connections int           // fortio threads, one connection each
	Duration    time.Duration // how long to offer load
	Timeout     time.Duration // per request; 0: 10 s
}

// Version is the version of the fortio module built into the agent.
func Version() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == "fortio.org/fortio" {
				return strings.TrimPrefix(d.Version, "v")
			}
		}
	}
	return "unknown"
}

var quietOnce sync.Once

// lateShare is the share of requests that may start late (by more than a tenth of their interval, at least
// 5 ms) before the run counts as behind its schedule.
const lateShare = 0.05

// Run offers o.Rate requests/s for o.Duration and returns what was measured.
func Run(ctx context.Context, o Options) (load.Result, error) {
	quietOnce.Do(func() {
		log.SetLogLevelQuiet(log.Error)
		// fortio's fast client keeps a 128 KiB buffer per connection; the suite's answers are tiny and an
		// open-loop cell may hold hundreds of connections.
		fhttp.BufferSizeKb = 8
	})
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	// Hundreds of connections' buffers and goroutines: collect sooner to keep the agent's peak RSS small.
	defer debug.SetGCPercent(debug.SetGCPercent(40))
	threads, perThread := plan(o.Rate, o.Duration, max(1, o.Connections))
	rec := newRecorder(threads, o.Rate/float64(threads), perThread, o.Timeout)

	var out syncBuffer // fortio's own summary: kept with the run as the generator's raw output
	ro := periodic.RunnerOptions{
		QPS: o.Rate, Duration: o.Duration, NumThreads: threads, Out: &out,
		Resolution: 1e-4, AccessLogger: rec, Uniform: true, // threads staggered, not in lockstep
		Stop: periodic.NewAborter(),
	}
	hro := &fhttp.HTTPRunnerOptions{RunnerOptions: ro}
	hro.URL = o.URL
	hro.HTTPReqTimeOut = o.Timeout
	hro.AllowInitialErrors = true
	stop := context.AfterFunc(ctx, func() { hro.Stop.Abort(false) })
	defer stop()
	res, err := fhttp.RunHTTPTest(hro)
	if ctx.Err() != nil {
		return load.Result{}, ctx.Err()
	}
	if err != nil {
		return load.Result{}, err
	}
	r := rec.result(res.ActualDuration)
	planned := int64(threads) * perThread
	r.BehindSchedule = r.BehindSchedule || float64(r.Requests) < 0.99*float64(planned)
	// fortio's text, then the figures kept (measured from each request's scheduled start, not fortio's)
	summary, _ := json.Marshal(r)
	r.Raw = append(append(append(out.Bytes(), "PODIUM_OPENLOOP "...), summary...), '\n')
	return r, nil
}

// plan mirrors fortio's own split of a rate over threads (periodic.runQPSSetup): at least two calls a
// thread, and the same number of calls in every thread.
func plan(rate float64, d time.Duration, threads int) (int, int64) {
	total := int64(rate * d.Seconds())
	if total < 2 {
		return 1, 2
	}
	if int64(2*threads) > total {
		threads = int(total / 2)
	}
	return threads, total / int64(threads)
}

// recorder is fortio's access logger: it sees every request's actual start and latency and works out
// its scheduled start, so latency counts from when the request should have gone out.
type recorder struct {
	mu        sync.Mutex
	hist      *stats.Histogram
	t0        time.Time // the run's start as fortio's threads see it (earliest estimate)
	stagger   float64   // seconds between two threads' first calls (fortio's uniform mode)
	interval  float64   // seconds between a thread's scheduled starts
	timeout   time.Duration
	requests  int64
	late      int64
	errs      load.Errors
	lateSlack time.Duration
}

func newRecorder(threads int, perThreadRate float64, perThread int64, timeout time.Duration) *recorder {
	// fortio spreads a thread's n calls so that the last one starts at the end: (i + i/(n-1)) / rate.
	interval := 1 / perThreadRate
	if perThread > 1 {
		interval *= float64(perThread) / float64(perThread-1)
	}
	return &recorder{hist: stats.NewHistogram(0, 1e-4), interval: interval, timeout: timeout,
		stagger:   1 / perThreadRate / float64(threads),
		lateSlack: max(5*time.Millisecond, time.Duration(interval*float64(time.Second))/10)}
}

func (r *recorder) Start(ctx context.Context, id periodic.ThreadID, iter int64, start time.Time) context.Context {
	if iter == 0 {
		// Thread id's first call was due stagger x id after the run's start; timers only ever fire
		// late, so the earliest estimate is the best one.
		t0 := start.Add(-time.Duration(r.stagger * float64(id) * float64(time.Second)))
		r.mu.Lock()
		if r.t0.IsZero() || t0.Before(r.t0) {
			r.t0 = t0
		}
		r.mu.Unlock()
	}
	return ctx
}

func (r *recorder) Report(_ context.Context, id periodic.ThreadID, iter int64, start time.Time, latency float64, ok bool, details string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	due := r.stagger*float64(id) + float64(iter)*r.interval
	scheduled := r.t0.Add(time.Duration(due * float64(time.Second)))
	lag := start.Sub(scheduled)
	if lag > r.lateSlack {
		r.late++
	}
	fromSchedule := latency + max(lag, 0).Seconds()
	if ok {
		r.requests++
		r.hist.Record(fromSchedule)
		return
	}
	code, _ := strconv.Atoi(details)
	switch {
	case code > 0:
		r.requests++
		r.errs.Status++
		r.hist.Record(fromSchedule)
	case time.Duration(latency*float64(time.Second)) >= r.timeout*99/100:
		r.requests++
		r.errs.Timeout++
	default:
		// fortio reports every socket error as -1; as wrk, a socket error is an attempt outside requests (schema/README.md)
		r.errs.Read++
	}
}

func (r *recorder) Info() string { return "podium coordinated-omission recorder" }

func (r *recorder) result(actual time.Duration) load.Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := load.Result{Requests: r.requests, DurationSeconds: actual.Seconds(), Errors: r.errs}
	if actual > 0 {
		out.RequestsPerSecond = math.Round(float64(r.requests)/actual.Seconds()*100) / 100
	}
	h := r.hist.Export()
	if h.Count > 0 {
		h.CalcPercentiles([]float64{50, 75, 90, 99, 99.9})
		ms := func(s float64) float64 { return math.Round(s*1e6) / 1e3 }
		p := h.Percentiles
		out.LatencyMs = load.Latency{P50: ms(p[0].Value), P75: ms(p[1].Value), P90: ms(p[2].Value), P99: ms(p[3].Value),
			P999: ms(p[4].Value), Max: ms(h.Max), Mean: ms(h.Avg)}
	}
	out.BehindSchedule = r.requests > 0 && float64(r.late)/float64(r.requests) > lateShare
	return out
}

// syncBuffer is fortio's Out: its runner may print from its threads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// Bytes is a copy of what was written.
func (b *syncBuffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.buf.Bytes())
}
