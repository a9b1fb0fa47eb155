package run

import (
	"bytes"
	"io"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/load"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/steal"
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
		m := &session{measurer: &measurer{r: &Runner{Plan: Plan{Repeats: 3}, Display: progress.New(&out)}}}
		res := load.Result{Requests: 20000, DurationSeconds: 2, RequestsPerSecond: 10000}
		m.keep(&Cell{}, reading{res: res, u: usage.Usage{WallSeconds: 2, TargetCPUUserSeconds: 1, GeneratorCPUSeconds: 0.5}, stolen: tc.stolen}, 1)
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

// standInSteal is a steal source that says, window after window, the shares it is given (0 once they run out), and
// counts the windows it was asked for.
func standInSteal(shares ...float64) (steal.Source, *int) {
	n := 0
	return func() func() (float64, bool) {
		i := n
		n++
		return func() (float64, bool) {
			if i < len(shares) {
				return shares[i], true
			}
			return 0, true
		}
	}, &n
}

// TestARepeatTheHostTookTooMuchFromIsMeasuredAgain runs the real wrk against a loopback target with a stand-in steal
// source. At 2 connections the second repeat's first try loses 8% (over maxStealShare): it is measured again and the
// repeat kept is the second try, counting one retry. At 4 connections the first repeat loses more than 5% in all three
// tries: it is kept as measured after its two retries, the cell is flagged host-interference, and its next repeat,
// though it loses half the machine, is not tried again. Every repeat carries its steal and the target's CPU share,
// and the payload validates against the schema.
func TestARepeatTheHostTookTooMuchFromIsMeasuredAgain(t *testing.T) {
	layout := endToEndLayout(t)
	r := testRunner(t, testManifest(t), layout, Plan{Profile: "test", Targets: []string{"go"}, Scenarios: []string{"plaintext"},
		Connections: []int{2, 4}, VCPUs: []int{1}, Duration: time.Second, Repeats: 3, DelayMs: 20,
		WarmupWindow: time.Second, WarmupHorizon: 2 * time.Second, WarmupMax: 2 * time.Second, WarmupTolerance: 0.95})
	var out bytes.Buffer
	r.Display = progress.New(io.MultiWriter(t.Output(), &out))
	var windows *int
	r.Steal, windows = standInSteal(
		0.01, 0.08, 0.02, 0, // c=2: repeat 1; repeat 2 tried twice; repeat 3
		0.09, 0.07, 0.06, 0.5, 0.003) // c=4: repeat 1 three times, repeat 2 (not tried again), repeat 3
	payload, body := executeValid(t, r)
	if len(payload.Results) != 2 {
		t.Fatalf("%d cells, want 2: %s", len(payload.Results), body)
	}
	if *windows != 9 {
		t.Errorf("%d tries measured, want 9 (6 repeats kept, 3 tries discarded)", *windows)
	}
	for i, want := range []struct {
		steal   []float64
		retries []int
		flagged bool
	}{
		{[]float64{0.01, 0.02, 0}, []int{0, 1, 0}, false},
		{[]float64{0.06, 0.5, 0.003}, []int{2, 0, 0}, true},
	} {
		c := payload.Results[i]
		if len(c.Repeats) != 3 {
			t.Fatalf("cell %d (c=%d): %d repeats, want 3 (a discarded try is not a repeat)", i, c.Connections, len(c.Repeats))
		}
		for j, rep := range c.Repeats {
			if rep.StealShare == nil || *rep.StealShare != want.steal[j] || rep.StealRetries != want.retries[j] {
				t.Errorf("cell %d (c=%d) repeat %d: steal %v, retries %d; want %v, %d", i, c.Connections, j, rep.StealShare, rep.StealRetries, want.steal[j], want.retries[j])
			}
			if s := rep.TargetCPUShare; s == nil || *s <= 0 || *s > 1 {
				t.Errorf("cell %d repeat %d: target CPU share %v, want in (0, 1]", i, j, s)
			}
		}
		if got := slices.Contains(c.Flags, FlagHostInterference); got != want.flagged {
			t.Errorf("cell %d (c=%d): flags %v, host-interference %v, want %v", i, c.Connections, c.Flags, got, want.flagged)
		}
	}
	log := out.String()
	for _, want := range []string{
		"the host took 8.0% of this machine's CPU time during this try (steal, more than 5%): not kept, measured again (1 of at most 2)",
		"the host took 6.0% of this machine's CPU time during the repeat (steal)",
		"still more than 5% after 2 tries more: kept as measured, the cell is flagged host-interference",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the output does not say %q", want)
		}
	}
}
