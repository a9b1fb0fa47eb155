package warmup

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"
)

// series replays requests/s figures window by window (the last one repeats).
func series(xs ...float64) func(time.Duration) (float64, error) {
	i := 0
	return func(time.Duration) (float64, error) {
		x := xs[min(i, len(xs)-1)]
		i++
		return x, nil
	}
}

// jvm is a JVM whose JIT is already quiet: the horizon applies, only the throughput decides.
func jvm() (float64, bool) { return 0, true }

var s = Settings{Window: time.Second, Horizon: 3 * time.Second, Max: 10 * time.Second, Tolerance: 0.05}

func TestAClimbLikeSpringMVCsIsNotStable(t *testing.T) {
	t.Parallel()
	// Two close windows early on declared the old warm-up stable; the horizon does not.
	long := s
	long.Max = time.Minute
	r, err := Run(context.Background(), long, 1, series(6200, 6300, 9100, 10800, 15400, 20200, 30600, 36000, 40400, 40600, 40500), jvm)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Stable || len(r.Windows) != 11 || r.Spent < 11*time.Second-time.Millisecond {
		t.Errorf("stable %v after %d windows (%s), want stable once 3 windows agree at the plateau: %s", r.Stable, len(r.Windows), r.Spent, r.Reason)
	}
}

func TestNoiseWithoutATrendIsStable(t *testing.T) {
	t.Parallel()
	// Tomcat's 2 s windows on a shared 2-core VM: 25-30% apart, no climb. A spread rule never ends here.
	five := s
	five.Horizon = 5 * time.Second
	r, _ := Run(context.Background(), five, 1, series(60100, 71300, 64000, 73800, 62200, 70000, 61000), jvm)
	if !r.Stable || len(r.Windows) != 5 {
		t.Errorf("stable %v after %d windows, want stable at window 5 (halves 65.7k and 68.0k): %s", r.Stable, len(r.Windows), r.Reason)
	}
}

func TestAFallingThroughputIsNotStable(t *testing.T) {
	t.Parallel()
	r, _ := Run(context.Background(), s, 1, series(50000, 47000, 44000, 41000, 38000, 35000, 32000, 29000, 26000, 23000, 20000), jvm)
	if r.Stable || !strings.Contains(r.Reason, "still moved -") {
		t.Errorf("stable %v after %d windows: %s", r.Stable, len(r.Windows), r.Reason)
	}
}

func TestTrend(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{
		{[]float64{100, 110}, 0.10},
		{[]float64{100, 500, 110}, 0.10},
		{[]float64{100, 100, 120, 120}, 0.20},
		{[]float64{100}, 0},
		{nil, 0},
	} {
		if got := Trend(tc.xs); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("Trend(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
}

func TestTheCapIsNotStable(t *testing.T) {
	t.Parallel()
	r, _ := Run(context.Background(), s, 1, series(1000, 1100, 1200, 1300, 1400, 1500, 1600, 1700, 1800, 1900, 2000, 2100), jvm)
	if r.Stable || len(r.Windows) != 10 || !strings.Contains(r.Reason, "cap") {
		t.Errorf("stable %v after %d windows: %s", r.Stable, len(r.Windows), r.Reason)
	}
}

func TestABusyJITHoldsTheWarmupBack(t *testing.T) {
	t.Parallel()
	compiled := 0.0
	jit := func() (float64, bool) { // 0.5 s of compilation per 1 s window for 5 windows, then 0.01 s
		if compiled < 2.5 {
			compiled += 0.5
		} else {
			compiled += 0.01
		}
		return compiled, true
	}
	q := s
	q.JITQuiet = 0.05
	r, _ := Run(context.Background(), q, 1, series(5000), jit)
	if !r.Stable || len(r.Windows) < 5 || len(r.Windows) > 6 {
		t.Errorf("stable %v after %d windows, want stable once the JIT went quiet (window 5 or 6): %s", r.Stable, len(r.Windows), r.Reason)
	}
	// the curve keeps every window: its throughput, its length, the JIT's share of it (0.5 s of 1 s on 1 CPU)
	if len(r.Samples) != len(r.Windows) || r.Samples[0].RequestsPerSecond != 5000 || r.Samples[0].Seconds < 1 ||
		math.Abs(r.Samples[0].JITShare-0.5) > 0.01 || r.Samples[len(r.Samples)-1].JITShare > 0.05 {
		t.Errorf("samples %+v, want one per window, the first with a JIT share of 0.5, the last quiet", r.Samples)
	}
	r, _ = Run(context.Background(), s, 1, series(5000), nil)
	if len(r.Samples) != 2 || r.Samples[1].JITShare != -1 {
		t.Errorf("no JIT (nginx): samples %+v, want 2 windows with the JIT share unknown (-1)", r.Samples)
	}
	r, _ = Run(context.Background(), s, 1, series(5000), jvm)
	if !r.Stable || len(r.Windows) != 3 {
		t.Errorf("a quiet JIT: stable %v after %d windows, want 3 (the horizon)", r.Stable, len(r.Windows))
	}
}

func TestClimbing(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rps  []float64
		want bool
	}{
		{[]float64{8400, 10500, 15000}, true}, // the Spring MVC repeats after a 20 s warm-up
		{[]float64{40000, 40100, 40300}, false},
		{[]float64{40000, 39000, 41000}, false},
		{[]float64{40000}, false},
		{[]float64{40000, 46000}, false}, // two repeats 15% apart: within what two repeats of one start spread
	} {
		if got := Climbing(tc.rps, 0.03); got != tc.want {
			t.Errorf("Climbing(%v) = %v, want %v", tc.rps, got, tc.want)
		}
	}
}

func TestAProcessWithoutAJITIsJudgedOverTwoWindows(t *testing.T) {
	t.Parallel()
	// nginx: no JIT to wait for, so the horizon (there for the JIT) does not apply; two windows decide.
	long := s
	long.Horizon = 10 * time.Second
	r, _ := Run(context.Background(), long, 1, series(120000, 123000, 121000), nil)
	if !r.Stable || len(r.Windows) != 2 {
		t.Errorf("nginx: stable %v after %d windows, want 2: %s", r.Stable, len(r.Windows), r.Reason)
	}
	r, _ = Run(context.Background(), long, 1, series(60000, 90000, 120000, 121000, 122000), nil)
	if !r.Stable || len(r.Windows) != 4 {
		t.Errorf("a climbing process without a JIT: stable %v after %d windows, want 4 (the climb waited out): %s", r.Stable, len(r.Windows), r.Reason)
	}
	r, _ = Run(context.Background(), long, 1, series(120000, 123000, 121000), jvm)
	if !r.Stable || len(r.Windows) != 10 {
		t.Errorf("a JVM: stable %v after %d windows, want 10 (its horizon)", r.Stable, len(r.Windows))
	}
	unreadable := func() (float64, bool) { return 0, false }
	r, _ = Run(context.Background(), long, 1, series(120000, 123000, 121000), unreadable)
	if !r.Stable || len(r.Windows) != 10 {
		t.Errorf("a JVM whose JIT cannot be read: stable %v after %d windows, want 10 (the horizon still)", r.Stable, len(r.Windows))
	}
}

func TestACheckOfAPathStillSteadyTakesTwoWindows(t *testing.T) {
	t.Parallel()
	// The same scenario at another concurrency of a start that is already steady: no horizon, no minimum.
	c := s
	c.Min = 30 * time.Second
	r, err := Run(context.Background(), c.AsCheck(), 1, series(40100, 40500, 20000), jvm)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Stable || !r.Checked || len(r.Windows) != 2 || !strings.HasPrefix(r.Reason, "check: still steady") {
		t.Errorf("stable %v, checked %v after %d windows: %s; want a check ended by two windows", r.Stable, r.Checked, len(r.Windows), r.Reason)
	}
}

func TestACheckThatFindsAClimbWarmsUpByTheFullRule(t *testing.T) {
	t.Parallel()
	// The check's span (one horizon, 3 windows) sees a climb; the full rule then waits for 3 windows without a trend.
	r, err := Run(context.Background(), s.AsCheck(), 1, series(20000, 26000, 32000, 38000, 40000, 40200, 40100), jvm)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Stable || r.Checked || len(r.Windows) != 7 {
		t.Errorf("stable %v, checked %v after %d windows: %s; want stable by the full rule at window 7 (40.0k, 40.2k, 40.1k)", r.Stable, r.Checked, len(r.Windows), r.Reason)
	}
}

func TestACheckWaitsForTheJIT(t *testing.T) {
	t.Parallel()
	// Flat throughput but the JIT compiling 50% of each window at first: the check does not pass on throughput alone.
	compiled := 0.0
	busy := func() (float64, bool) {
		compiled += 0.5
		if compiled > 2 {
			compiled = 2 // quiet from the fifth reading on
		}
		return compiled, true
	}
	c := s
	c.JITQuiet = 0.05
	r, _ := Run(context.Background(), c.AsCheck(), 1, series(40000), busy)
	if !r.Stable || len(r.Windows) < 4 {
		t.Errorf("stable %v after %d windows: %s; want the JIT's quiet awaited", r.Stable, len(r.Windows), r.Reason)
	}
}
