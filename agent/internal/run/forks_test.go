package run

import (
	"bytes"
	"io"
	"regexp"
	"slices"
	"testing"
	"time"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/progress"
)

// TestForksMeasureEveryCellInEachStartAndCheckAFurtherConcurrency runs the real wrk against a loopback target over two
// starts: each cell keeps both starts' repeats, numbered, and the second concurrency of a scenario warms up by a
// check in each start (the first by the full rule); the payload validates against the schema.
func TestForksMeasureEveryCellInEachStartAndCheckAFurtherConcurrency(t *testing.T) {
	layout := endToEndLayout(t)
	for _, per := range []string{WarmupPerTarget, WarmupPerCell} {
		for try := 1; ; try++ {
			if checkedOrLast(t, layout, per, try) {
				break
			}
		}
	}
}

// checkedOrLast makes one run of the forks test; false (try again) when a check of the per-target schedule saw a
// window-to-window climb beyond the tolerance on a busy host and handed the cell to the full rule, as it should,
// at most twice: a third such run fails the test.
func checkedOrLast(t *testing.T, layout host.Layout, per string, try int) bool {
	t.Helper()
	{
		// a loose tolerance: two windows of a loopback target on a busy host (25-37% apart here) agree within it
		r := testRunner(t, testManifest(t), layout, Plan{Profile: "test", Targets: []string{"go"}, Scenarios: []string{"plaintext"}, Connections: []int{2, 4},
			VCPUs: []int{1}, Duration: time.Second, Repeats: 3, Forks: 2, WarmupPer: per, DelayMs: 20,
			WarmupWindow: time.Second, WarmupHorizon: 2 * time.Second, WarmupMax: 4 * time.Second, WarmupTolerance: 0.95})
		payload, body := executeValid(t, r)
		if len(payload.Results) != 2 {
			t.Fatalf("%s: %d cells, want 2 (plaintext at 2 and 4 connections): %s", per, len(payload.Results), body)
		}
		want := map[string][]string{WarmupPerTarget: {WarmupFull, WarmupCheck}, WarmupPerCell: {WarmupFull, WarmupFull}}[per]
		for i, c := range payload.Results {
			var forks []int
			for _, rep := range c.Repeats {
				if rep.Fork == nil {
					t.Fatalf("%s: cell %d has a repeat without its start: %s", per, i, body)
				}
				forks = append(forks, *rep.Fork)
				if rep.Requests == 0 {
					t.Errorf("%s: cell %d: a repeat measured no request", per, i)
				}
			}
			if !slices.Equal(forks, []int{0, 0, 0, 1, 1, 1}) && !slices.Equal(forks, []int{0, 0, 1, 1}) && !slices.Equal(forks, []int{0, 0, 0, 1, 1}) && !slices.Equal(forks, []int{0, 0, 1, 1, 1}) {
				t.Errorf("%s: cell %d: starts %v, want 2 or 3 repeats of start 0 then of start 1", per, i, forks)
			}
			if c.Warmup != want[i] {
				if per == WarmupPerTarget && i == 1 && c.Warmup == WarmupFull && try < 3 {
					t.Logf("try %d: a check saw the windows move beyond the tolerance and handed over to the full rule: again", try)
					return false
				}
				t.Errorf("%s: cell %d (c=%d): warm-up %q, want %q", per, i, c.Connections, c.Warmup, want[i])
			}
		}
	}
	return true
}

func TestMergeForkNumbersEachCellsStarts(t *testing.T) {
	t.Parallel()
	cell := func(conns int, warm string, flags []string, rps ...float64) Cell {
		c := cellWith(rps...)
		c.Scenario, c.LoadModel, c.Connections, c.Warmup, c.WarmupSeconds, c.Flags = "plaintext", "closed", conns, warm, 10, flags
		return c
	}
	firstStart := func() []Cell {
		return []Cell{cell(16, WarmupFull, nil, 100, 101, 99), cell(64, WarmupCheck, nil, 200, 201, 199)}
	}
	// the second start measured c=64 and c=256 (c=16 failed there): c=256 is a start 0 of its own
	second := []Cell{cell(64, WarmupFull, []string{FlagWarmupNotStable}, 230, 231), cell(256, WarmupCheck, nil, 300, 301)}
	cells := mergeFork(mergeFork(nil, firstStart(), true, nil), second, true, nil)
	if len(cells) != 3 {
		t.Fatalf("%d cells, want 3", len(cells))
	}
	starts := func(c Cell) (out []int) {
		for _, r := range c.Repeats {
			out = append(out, r.fork())
		}
		return out
	}
	if got := starts(cells[1]); !slices.Equal(got, []int{0, 0, 0, 1, 1}) {
		t.Errorf("c=64 starts %v", got)
	}
	if got := starts(cells[2]); !slices.Equal(got, []int{0, 0}) {
		t.Errorf("c=256 starts %v, want its own start 0", got)
	}
	if c := cells[1]; c.Warmup != WarmupFull || c.WarmupSeconds != 20 || !slices.Contains(c.Flags, FlagWarmupNotStable) {
		t.Errorf("c=64: warm-up %q %.1f s, flags %v; want full (one start's was), 20 s, the second start's flag", c.Warmup, c.WarmupSeconds, c.Flags)
	}
	// one start: the repeats carry no start (the payload is as before forks)
	if one := mergeFork(nil, firstStart(), false, nil); one[0].Repeats[0].Fork != nil {
		t.Errorf("a one-start cell's repeat names start %d", *one[0].Repeats[0].Fork)
	}
}

func TestNoisyJudgesTheRepeatsWithinAStart(t *testing.T) {
	t.Parallel()
	c := cellWith(100000, 100800, 99600, 116000, 116800, 115200)
	zero, one := 0, 1
	for i := range c.Repeats {
		c.Repeats[i].Fork = map[bool]*int{true: &zero, false: &one}[i < 3]
	}
	c.judgeNoise()
	if slices.Contains(c.Flags, FlagNoisy) || c.CV() > 0.01 {
		t.Errorf("starts 16%% apart, repeats within 1%%: cv %.3f, flags %v; want not noisy", c.CV(), c.Flags)
	}
}

// TestCellNumbersRunOnAcrossStartsAndCostCells: over two starts one after another (--order sequential; in rounds the
// numbers are the same, in the rounds' order), with cost cells in the first start only, every cell
// of the run is announced under its own number, 1 to n, and each target's numbers follow the previous target's, as
// the plan numbers them. The progress display finds the plan's steps by these numbers: when the second target
// started again from the number after the first target's last start (its cost cells forgotten), every step of the
// plan was taken for passed, and a 2-hour shard said "about 1s left" from its second target on.
func TestCellNumbersRunOnAcrossStartsAndCostCells(t *testing.T) {
	layout := endToEndLayout(t)
	var out bytes.Buffer
	r := testRunner(t, testManifest(t), layout, Plan{Profile: "test", Targets: []string{"go"}, Baseline: true, Scenarios: []string{"plaintext"},
		Connections: []int{2, 4}, VCPUs: []int{1}, Duration: time.Second, Repeats: 1, Forks: 2, DelayMs: 20, Order: OrderSequential,
		WarmupWindow: time.Second, WarmupMax: 2 * time.Second, WarmupTolerance: 0.95,
		CostRungs: 1, CostShare: 0.1, CostRepeats: 1, CostDuration: time.Second})
	r.Display = progress.New(io.MultiWriter(t.Output(), &out))
	executeValid(t, r)

	// baseline: c=2 and c=4 in two starts, its cost cell in the first; then go, the same
	line := regexp.MustCompile(`cell (\d+)/(\d+) `)
	var got []string
	for _, m := range line.FindAllStringSubmatch(out.String(), -1) {
		if m[2] != "6" {
			t.Fatalf("%q: want 6 cells in the run (2 targets x 2 closed cells and 1 cost cell)", m[0])
		}
		got = append(got, m[1])
	}
	// before the fix: [1 2 3 1 2 3 4 5 3 4], the second target from 3, a number the first had taken
	if want := []string{"1", "2", "3", "1", "2", "4", "5", "6", "4", "5"}; !slices.Equal(got, want) {
		t.Errorf("cells announced as %v, want %v (each start from its target's first number; cost after the first start's)", got, want)
	}
}
