package run

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"podium.dev/agent/internal/load"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/usage"
)

var stamp = regexp.MustCompile(`^\d\d:\d\d:\d\d `)

// The line a user reads beside a repeat whose host took 1% or more of the machine's CPU time (steal), as
// docs/methodology.md quotes it; below 1%, or where /proc/stat could not be read (-1), the repeat has no such line.
func TestARepeatTheHostTookCPUFromSaysHowMuch(t *testing.T) {
	t.Parallel()
	const line = "of this machine's CPU time during the repeat (steal)"
	tests := []struct {
		stolen float64
		want   string // the line printed below the repeat's, "" for none
	}{
		{0.032, "    the host took 3.2% " + line},
		{0.01, "    the host took 1.0% " + line},
		{0.25, "    the host took 25.0% " + line},
		{0.0099, ""},
		{0, ""},
		{-1, ""},
	}
	for _, tc := range tests {
		var out bytes.Buffer
		m := &measurer{r: &Runner{Plan: Plan{Repeats: 3}, Display: progress.New(&out)}, stolen: tc.stolen}
		res := load.Result{Requests: 20000, DurationSeconds: 2, RequestsPerSecond: 10000}
		m.keep(&Cell{}, res, usage.Usage{WallSeconds: 2, TargetCPUUserSeconds: 1, GeneratorCPUSeconds: 0.5}, 1)
		var lines []string // without the time each line starts with
		for _, l := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
			lines = append(lines, stamp.ReplaceAllString(l, ""))
		}
		if !strings.HasPrefix(lines[0], "  repeat 1/3: 10000 req/s") {
			t.Fatalf("stolen %v: the repeat's line is %q", tc.stolen, lines[0])
		}
		var got string
		if len(lines) > 1 {
			got = lines[1]
		}
		if got != tc.want || len(lines) > 2 {
			t.Errorf("stolen %v: beside the repeat %q, want %q", tc.stolen, lines[1:], tc.want)
		}
	}
}
