// Package warmup decides when a target has reached steady state: its throughput flat over a horizon long
// enough for the JIT on the pinned CPUs and, for a JVM, its JIT compiler quiet; and whether measured repeats
// still climb. A target declared stable too early is ranked at a fraction of what it serves once compiled.
package warmup

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"
)

// Settings are a profile's warm-up rules (suite.json profiles.*.warmup).
type Settings struct {
	Window    time.Duration // one throughput sample
	Horizon   time.Duration // stable: no trend over the last Horizon of windows (see Trend), within Tolerance
	Min       time.Duration // never stable before this much load
	Max       time.Duration // the cap: reaching it is warmup-not-stable
	Tolerance float64       // relative spread allowed over the horizon
	// JITQuiet: the JIT is quiet when its compilation time in the last window (elapsed, summed over the
	// compiler threads, as hsperfdata counts it) is at most this share of the window times the pinned CPUs
	// (0: ignore the JIT).
	JITQuiet float64
	// Check, when above 0, makes the warm-up a short check of a start already steady on this scenario at another
	// concurrency: for up to Check / Window windows (two at least), two windows without a trend (and a quiet JIT) are
	// enough and Min does not apply; past them the full rule holds, the windows so far counting (see Settings.AsCheck).
	Check time.Duration
}

// AsCheck is s as a check of a path that is already steady: at most a horizon's worth of windows (two at least) of
// the short rule, then the full one.
func (s Settings) AsCheck() Settings {
	s.Check = max(s.Horizon, 2*max(s.Window, time.Second))
	s.Min = 0
	return s
}

// Result says how long the warm-up took and why it ended.
type Result struct {
	Spent   time.Duration
	Stable  bool
	Windows []float64 // requests/s of every window, in order
	// Samples are the windows as measured, in order (the same requests/s as Windows): the warm-up curve.
	Samples []Sample
	Reason  string // why it ended, for the progress output
	// Checked: a check (Settings.Check) found the path still steady; false when it ended by the full rule.
	Checked bool
}

// Sample is one warm-up window: how long it took, the throughput it measured and what share of it the JIT compiled.
type Sample struct {
	Seconds           float64 // the window's wall time (at least the window's length; more on a busy host)
	RequestsPerSecond float64
	// JITShare is the JIT compiler's time in the window over the window's time times the pinned CPUs
	// (the figure Settings.JITQuiet judges); -1 when unknown (not a JVM, or hsperfdata unreadable).
	JITShare float64
}

// JIT reports the JIT compiler's total time so far in seconds; ok false when unknown (not a JVM).
type JIT func() (seconds float64, ok bool)

// Run applies load in windows (measure returns requests/s of one window) until the last Horizon of windows
// show no trend beyond Tolerance, at least Min has passed and the JIT is quiet, or until Max has passed. A
// process without a JIT (jit nil: not a JVM) is judged over two windows instead of the Horizon.
//
// Steady state is the absence of a trend, not the absence of noise: on a shared or virtual host, windows of a
// few seconds scatter by 10-30% around a flat level (the spread of five such windows almost never falls
// within a few percent, so a spread rule holds every cell to its cap), while a target still compiling climbs
// from one half of the horizon to the next. Noise is what the repeats' coefficient of variation reports
// (the noisy flag); the warm-up only waits out the climb.
func Run(ctx context.Context, s Settings, cpus int, measure func(time.Duration) (float64, error), jit JIT) (Result, error) {
	window := max(s.Window, time.Second)
	need := max(2, int(math.Ceil(float64(s.Horizon)/float64(window)))) // windows that must agree
	var r Result
	lastJIT, jitKnown := 0.0, false
	if jit != nil {
		lastJIT, jitKnown = jit()
	}
	if jit == nil {
		// no JIT to wait for (nginx, a process that is not a JVM): the horizon is there for the JIT, so two
		// windows, the fewest the trend can judge, decide. A JVM whose JIT cannot be read keeps the horizon.
		need = 2
	}
	for {
		if err := ctx.Err(); err != nil {
			return r, err
		}
		// the check's span counts windows, not time: on a busy host one window can take twice its length
		checking := s.Check > 0 && len(r.Windows) < max(2, int(math.Ceil(float64(s.Check)/float64(window))))
		start := time.Now()
		rps, err := measure(window)
		if err != nil {
			return r, err
		}
		took := max(time.Since(start), window)
		r.Spent += took
		r.Windows = append(r.Windows, rps)
		jitShare := -1.0
		if jitKnown {
			if now, ok := jit(); ok {
				jitShare = (now - lastJIT) / (took.Seconds() * float64(max(cpus, 1)))
				lastJIT = now
			}
		}
		r.Samples = append(r.Samples, Sample{Seconds: took.Seconds(), RequestsPerSecond: rps, JITShare: jitShare})
		flat := len(r.Windows) >= need && math.Abs(Trend(r.Windows[len(r.Windows)-need:])) <= s.Tolerance
		quiet := s.JITQuiet <= 0 || jitShare < 0 || jitShare <= s.JITQuiet
		if checking && quiet && len(r.Windows) >= 2 && math.Abs(Trend(r.Windows[len(r.Windows)-2:])) <= s.Tolerance {
			r.Stable, r.Checked = true, true
			last := r.Windows[len(r.Windows)-2:]
			r.Reason = fmt.Sprintf("check: still steady (%+.1f%% from one window to the next)", Trend(last)*100)
			return r, nil
		}
		if flat && quiet && r.Spent >= s.Min {
			r.Stable = true
			last := r.Windows[len(r.Windows)-need:]
			r.Reason = fmt.Sprintf("stable: no trend over the last %d windows (%+.1f%% from their earlier to their later half, spread %.0f%%)",
				need, Trend(last)*100, Spread(last)*100)
			if jitShare >= 0 {
				r.Reason += fmt.Sprintf(", JIT compiling %.1f%% of the window", jitShare*100)
			}
			return r, nil
		}
		if r.Spent >= s.Max {
			r.Reason = fmt.Sprintf("cap of %s reached, not stable", s.Max)
			switch {
			case !flat && len(r.Windows) >= need:
				r.Reason += fmt.Sprintf(" (the last %d windows still moved %+.1f%% from their earlier to their later half)", need, Trend(r.Windows[len(r.Windows)-need:])*100)
			case !quiet:
				r.Reason += fmt.Sprintf(" (JIT still compiling %.1f%% of the window)", jitShare*100)
			}
			return r, nil
		}
	}
}

// Trend is the mean of the later half of the samples relative to the mean of their earlier half, minus one
// (the middle sample of an odd count belongs to neither): +0.10 when the later half serves 10% more; 0 for
// fewer than two samples.
func Trend(xs []float64) float64 {
	h := len(xs) / 2
	if h == 0 {
		return 0
	}
	early, late := 0.0, 0.0
	for i := range h {
		early += xs[i]
		late += xs[len(xs)-h+i]
	}
	if early <= 0 {
		return 0
	}
	return late/early - 1
}

// Spread is (max - min) / max of the samples; 0 for fewer than two.
func Spread(xs []float64) float64 {
	if len(xs) < 2 {
		return 0
	}
	hi, lo := slices.Max(xs), slices.Min(xs)
	if hi <= 0 {
		return 0
	}
	return (hi - lo) / hi
}

// Climbing reports whether measured repeats still show a warm-up trend: at least three of them, each above the one
// before and the last more than tol above the first (noise within tol is not a trend). Two repeats are no trend:
// on this project's VM repeats of one start spread 5-20%, so a second above the first by more than tol happens about
// one time in three by chance alone; a start of two repeats (nightly's) is judged by the warm-up rule alone.
func Climbing(rps []float64, tol float64) bool {
	if len(rps) < 3 || rps[0] <= 0 {
		return false
	}
	for i := 1; i < len(rps); i++ {
		if rps[i] <= rps[i-1] {
			return false
		}
	}
	return rps[len(rps)-1]/rps[0]-1 > tol
}
