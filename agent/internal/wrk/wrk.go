// Package wrk drives wrk (closed loop: a fixed number of connections, each sending its next request as
// soon as the last one answered) and reads its summary, printed as JSON by a Lua done() hook.
package wrk

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"time"

	"podium.dev/agent/internal/load"
)

//go:embed report.lua
var reportLua []byte

// Options is one wrk invocation.
type Options struct {
	Binary      string // default "wrk"
	URL         string
	Threads     int
	Connections int
	Duration    time.Duration // rounded up to whole seconds
	Timeout     time.Duration // wrk --timeout; 0: wrk's default (2 s)
	CPUs        string        // taskset CPU list; empty: not pinned
}

// Result is one wrk run (an alias: wrk and fortio produce the same figures).
type Result = load.Result

// Args is wrk's command line (with taskset in front when CPUs is set) for a Lua script at script.
func (o Options) Args(script string) []string {
	bin := o.Binary
	if bin == "" {
		bin = "wrk"
	}
	secs := max(1, int(math.Ceil(o.Duration.Seconds())))
	args := []string{bin, "-t", strconv.Itoa(max(1, o.Threads)), "-c", strconv.Itoa(o.Connections),
		"-d", strconv.Itoa(secs) + "s"}
	if o.Timeout > 0 {
		args = append(args, "--timeout", strconv.Itoa(max(1, int(math.Ceil(o.Timeout.Seconds()))))+"s")
	}
	if script != "" {
		args = append(args, "-s", script)
	}
	args = append(args, o.URL)
	if o.CPUs != "" {
		args = append([]string{"taskset", "-c", o.CPUs}, args...)
	}
	return args
}

// Run runs wrk once and parses its summary.
func Run(ctx context.Context, o Options) (Result, error) {
	if o.Threads > o.Connections {
		o.Threads = o.Connections
	}
	f, err := os.CreateTemp("", "podium-wrk-*.lua")
	if err != nil {
		return Result{}, err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(reportLua); err != nil {
		f.Close()
		return Result{}, err
	}
	f.Close()
	argv := o.Args(f.Name())
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return Result{}, ctx.Err()
	}
	if err != nil {
		return Result{}, fmt.Errorf("wrk %s: %w: %s%s", o.URL, err, bytes.TrimSpace(stderr.Bytes()), bytes.TrimSpace(out))
	}
	r, err := Parse(out)
	r.Raw = out
	if ps := cmd.ProcessState; ps != nil {
		// taskset execs wrk in place: the child's rusage is wrk's own, exact, not sampled.
		r.GeneratorCPUSeconds = (ps.UserTime() + ps.SystemTime()).Seconds()
	}
	return r, err
}

const marker = "PODIUM_WRK "

// Parse reads the JSON line the Lua hook printed among wrk's usual output.
func Parse(out []byte) (Result, error) {
	i := bytes.LastIndex(out, []byte(marker))
	if i < 0 {
		return Result{}, errors.New("wrk printed no summary (no PODIUM_WRK line): " + string(bytes.TrimSpace(out)))
	}
	line := out[i+len(marker):]
	if j := bytes.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	var raw struct {
		Requests   int64       `json:"requests"`
		DurationUs float64     `json:"durationUs"`
		Bytes      int64       `json:"bytes"`
		Errors     load.Errors `json:"errors"`
		LatencyUs  struct {
			Min, Max, Mean, Stdev, P50, P75, P90, P99, P999 float64
		} `json:"latencyUs"`
	}
	if err := json.Unmarshal(line, &raw); err != nil {
		return Result{}, fmt.Errorf("wrk summary %q: %w", line, err)
	}
	if raw.DurationUs <= 0 {
		return Result{}, fmt.Errorf("wrk summary %q: no duration", line)
	}
	l := raw.LatencyUs
	ms := func(us float64) float64 { return math.Round(us) / 1000 }
	r := Result{
		Requests:        raw.Requests,
		DurationSeconds: raw.DurationUs / 1e6,
		Bytes:           raw.Bytes,
		Errors:          raw.Errors,
		LatencyMs: load.Latency{P50: ms(l.P50), P75: ms(l.P75), P90: ms(l.P90), P99: ms(l.P99), P999: ms(l.P999),
			Max: ms(l.Max), Mean: math.Round(l.Mean) / 1000},
	}
	r.RequestsPerSecond = math.Round(float64(r.Requests)/r.DurationSeconds*100) / 100
	if l.Min > l.Max {
		// An empty histogram (every request timed out, or none answered): wrk reports min 2^64 and zeros.
		r.LatencyMs = load.Latency{}
	}
	return r, nil
}

var versionRE = regexp.MustCompile(`\d+\.\d+\.\d+`)

// Version is wrk's version (e.g. 4.1.0), from `wrk -v`.
func Version(binary string) string {
	if binary == "" {
		binary = "wrk"
	}
	out, _ := exec.Command(binary, "-v").CombinedOutput() // wrk -v exits 1 after printing its version
	if v := versionRE.Find(out); v != nil {
		return string(v)
	}
	return "unknown"
}
