package wrk

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/golden"
)

// TestParseWrkOutput reads real wrk outputs (testdata/*.txt) and compares the parsed result with
// testdata/*.golden.json.
func TestParseWrkOutput(t *testing.T) {
	t.Parallel()
	golden.Each(t, "testdata/*.txt", func(t *testing.T, name string, raw []byte) {
		var got any
		if r, err := Parse(raw); err != nil {
			got = map[string]string{"error": err.Error()}
		} else {
			got = r
		}
		golden.JSON(t, filepath.Join("testdata", name+".golden.json"), got)
	})
}

func TestParseWrkOutputKeepsInvariants(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		check      func(t *testing.T, r Result)
	}{
		{"plaintext has ordered percentiles", "plaintext", func(t *testing.T, r Result) {
			l := r.LatencyMs
			if !(l.P50 <= l.P75 && l.P75 <= l.P90 && l.P90 <= l.P99 && l.P99 <= l.P999 && l.P999 <= l.Max) {
				t.Errorf("percentiles out of order: %+v", l)
			}
			if r.Errors.Total() != 0 || r.RequestsPerSecond < 1000 {
				t.Errorf("want a clean fast run, got %+v", r)
			}
		}},
		{"timeouts are counted, latency left empty", "timeouts", func(t *testing.T, r Result) {
			if r.Errors.Timeout == 0 || r.LatencyMs.Max != 0 {
				t.Errorf("want timeouts and no latency, got %+v", r)
			}
		}},
		{"non-2xx answers are status errors", "status-errors", func(t *testing.T, r Result) {
			if r.Errors.Status != r.Requests || r.Requests == 0 {
				t.Errorf("want every request a status error, got %+v", r)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			raw, err := os.ReadFile("testdata/" + tc.file + ".txt")
			if err != nil {
				t.Fatal(err)
			}
			r, err := Parse(raw)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, r)
		})
	}
}

func TestArgsPinsWrkAndRoundsTheDuration(t *testing.T) {
	t.Parallel()
	got := strings.Join(Options{URL: "http://127.0.0.1:1/plaintext", Threads: 1, Connections: 16,
		Duration: 1500 * time.Millisecond, CPUs: "1"}.Args("r.lua"), " ")
	want := "taskset -c 1 wrk -t 1 -c 16 -d 2s -s r.lua http://127.0.0.1:1/plaintext"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestRunAgainstALoopbackServer drives the real wrk for one second.
func TestRunAgainstALoopbackServer(t *testing.T) {
	if _, err := exec.LookPath("wrk"); err != nil {
		t.Skip("wrk is not installed (apt-get install -y wrk): skipping the real wrk run")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte("Hello, World!")) })}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	r, err := Run(context.Background(), Options{URL: "http://" + ln.Addr().String() + "/", Threads: 1, Connections: 4, Duration: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if r.Requests == 0 || r.Errors.Total() != 0 || r.LatencyMs.P50 <= 0 {
		t.Errorf("want answered requests without errors, got %+v", r)
	}
	// One wrk thread busy for about a second: its own CPU time is there, and at most the second it had.
	if r.GeneratorCPUSeconds <= 0.01 || r.GeneratorCPUSeconds > r.DurationSeconds*1.05+0.05 {
		t.Errorf("wrk's CPU time %.3f s over %.3f s with one thread", r.GeneratorCPUSeconds, r.DurationSeconds)
	}
	// wrk's own text is kept as it printed it: its summary lines and the hook's line the figures came from
	if !bytes.Contains(r.Raw, []byte("Requests/sec:")) || !bytes.Contains(r.Raw, []byte(marker)) {
		t.Errorf("wrk's raw output is not kept: %q", r.Raw)
	}
	if v := Version(""); v == "unknown" {
		t.Errorf("wrk -v gave no version")
	}
}
