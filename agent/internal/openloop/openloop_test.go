package openloop

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"podium.dev/agent/internal/load"
)

func TestOpenLoop(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		handler func(n int64, w http.ResponseWriter)
		conns   int
		check   func(t *testing.T, r load.Result)
	}{
		{"a 20 ms server at 100 req/s keeps the schedule", func(_ int64, w http.ResponseWriter) {
			time.Sleep(20 * time.Millisecond)
			w.Write([]byte("Hello, World!"))
		}, 8, func(t *testing.T, r load.Result) {
			// A busy machine may really lag: then the run must say so; on schedule it sent ~100 requests.
			if r.Requests > 105 || (r.Requests < 90 && !r.BehindSchedule) {
				t.Errorf("want ~100 requests or the lag flagged, got %+v", r)
			}
			if !strings.Contains(string(r.Raw), "Code 200 :") || !strings.Contains(string(r.Raw), "PODIUM_OPENLOOP {\"requests\":") {
				t.Errorf("fortio's own summary is not kept: %q", r.Raw)
			}
			if r.LatencyMs.P50 < 20 {
				t.Errorf("p50 %.2f ms is below the server's 20 ms", r.LatencyMs.P50)
			}
		}},
		{"a stall is counted from the scheduled start", func(n int64, w http.ResponseWriter) {
			if n == 10 { // one request stalls 500 ms; with one connection the next ones queue behind it
				time.Sleep(500 * time.Millisecond)
			}
			w.Write([]byte("ok"))
		}, 1, func(t *testing.T, r load.Result) {
			// Measured from the actual send, only one request would exceed 100 ms; from the schedule,
			// the ~25 requests due during the stall all waited, so p75 shows it.
			if r.LatencyMs.Max < 500 || r.LatencyMs.P75 < 100 {
				t.Errorf("the stall is hidden: %+v", r.LatencyMs)
			}
			if !r.BehindSchedule {
				t.Errorf("a generator that fell 500 ms behind is not flagged")
			}
		}},
		{"non-2xx answers are status errors", func(_ int64, w http.ResponseWriter) {
			w.WriteHeader(http.StatusServiceUnavailable)
		}, 4, func(t *testing.T, r load.Result) {
			if r.Errors.Status != r.Requests || r.Requests == 0 {
				t.Errorf("want every request a status error, got %+v", r)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var n atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				tc.handler(n.Add(1)-1, w)
			}))
			defer srv.Close()
			r, err := Run(context.Background(), Options{URL: srv.URL + "/", Rate: 50 * float64(2), Connections: tc.conns, Duration: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, r)
		})
	}
}
