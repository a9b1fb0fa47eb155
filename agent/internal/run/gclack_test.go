package run

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"podium.dev/agent/internal/gcstats"
	"podium.dev/agent/internal/load"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/usage"
)

// A repeat whose JDK lacked a counter (a JDK before 22: no GC threads' CPU time) flags its cell jdk-lacks-counters,
// and the run's output says which figure once, not once a repeat.
func TestAJDKThatLacksACounterIsSaidOnceAndOnTheCell(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	m := &session{measurer: &measurer{r: &Runner{Plan: Plan{Repeats: 3}, Display: progress.New(&out)}}}
	res := load.Result{Requests: 20000, DurationSeconds: 2, RequestsPerSecond: 10000}
	u := usage.Usage{WallSeconds: 2, TargetCPUUserSeconds: 1.5, TargetCPUSystemSeconds: 0.6, GeneratorCPUSeconds: 0.5}
	rd := reading{res: res, u: u, stolen: -1, lacking: []string{gcstats.LacksGCCPU}}
	var cells [2]Cell
	for i := range cells {
		cells[i].VCPUs = 1
		m.keep(&cells[i], rd, 1)
		m.keep(&cells[i], rd, 1)
	}
	for i, c := range cells {
		if !slices.Equal(c.Flags, []string{FlagJDKLacksCounters}) {
			t.Errorf("cell %d: flags %v, want %s", i, c.Flags, FlagJDKLacksCounters)
		}
		if s := c.Repeats[0].TargetCPUShare; s == nil || *s != 1 || c.Repeats[0].StealShare != nil {
			t.Errorf("cell %d: target CPU share %v (2.1 CPU-s over 2 s on 1 vCPU is cut at 1), steal %v (unread: none)", i, s, c.Repeats[0].StealShare)
		}
	}
	if n := strings.Count(out.String(), "the target's JDK lacks a counter: its repeats go without "+gcstats.LacksGCCPU); n != 1 {
		t.Errorf("said %d times, want once:\n%s", n, out.String())
	}
}
