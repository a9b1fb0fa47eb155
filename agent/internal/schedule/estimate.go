// Package schedule plans a run before it starts: the cells in the order the agent measures them, the time each
// target is planned to take on this host's CPUs, and the split of a profile into shards balanced by that time.
package schedule

import (
	"math"
	"slices"
	"time"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/suite"
)

// Costs are the times the model does not read from the profile: what starting things takes. They were set from
// this project's 2-core machine (the quick profile's plan is within its measured 211-225 s); the line the agent
// prints after each run (planned against took) is what corrects them.
type Costs struct {
	RunSetup       time.Duration // host metadata, `java -version` with the run's flags, wrk's version
	DatabaseStart  time.Duration // the benchmark PostgreSQL: initdb, start, load (once per run with db scenarios)
	DatabaseReload time.Duration // the same rows again before each start of a target with db scenarios
	ReferenceStart time.Duration // the proxy scenario's reference service (once per run)
	JVMStart       time.Duration // a JVM target's start to its first correct response, and its validation
	NativeStart    time.Duration // nginx's start and validation
	BalancerStart  time.Duration // the nginx in front of an nginx-N topology
	RepeatOverhead time.Duration // wrk's start and the usage samplers around each repeat
	// AOTCacheWrite is a training run's exit: the JVM writes its AOT cache (a second JVM assembles it). A guess until
	// measured on this project's machine (docs/methodology.md says how).
	AOTCacheWrite time.Duration
}

// DefaultCosts are Costs as set on this project's 2-core machine.
var DefaultCosts = Costs{
	RunSetup: 2 * time.Second, DatabaseStart: 8 * time.Second, DatabaseReload: 3 * time.Second,
	ReferenceStart: 3 * time.Second, JVMStart: 4 * time.Second, NativeStart: time.Second,
	BalancerStart: time.Second, RepeatOverhead: 300 * time.Millisecond, AOTCacheWrite: 10 * time.Second,
}

// Position is where a cell falls in a target's start: what its warm-up can build on.
type Position int

const (
	// FirstOfStart is the first cell after a start: the JIT compiles the server from cold.
	FirstOfStart Position = iota
	// FirstOfScenario is the first cell of a further scenario: the server is compiled, the scenario's own path is not.
	FirstOfScenario
	// NextConcurrency is a further concurrency of a scenario already measured in this start.
	NextConcurrency
)

// Warmup is the warm-up planned for one closed-loop cell of scenario (package warmup's rule). Without a JIT (nginx)
// the rule judges two windows. A JVM never settles before the horizon's windows and the profile's minimum; past that
// floor it takes, on this project's 2-core machine, about four windows more from a cold start (make bench-warmup: 30
// to 110 s, 45 s on average, under the full profile's 5 s windows and 20 s horizon), two more for a new scenario's
// path and one more for another concurrency. Short windows do not make the JIT quiet sooner: the rule also waits
// for the JIT's compile share to fall, which takes about as long in seconds whatever the window (JITSettles). Never
// beyond the cap.
//
// This is the one function to change when the warm-up changes (for example once per target instead of once per cell).
func Warmup(p run.Plan, t *suite.Target, at Position, scenario string) time.Duration {
	window := max(p.WarmupWindow, time.Second)
	if !t.JVM() {
		return 2 * window
	}
	need := max(2, int(math.Ceil(float64(p.WarmupHorizon)/float64(window))))
	floor := max(time.Duration(need)*window, p.WarmupMin)
	extra := map[Position]time.Duration{FirstOfStart: 4, FirstOfScenario: 2, NextConcurrency: 1}[at]
	return min(max(floor+extra*window, JITSettles(t, at, scenario)), max(p.WarmupMax, window))
}

// JITSettles is how long, on average, a JVM target's warm-up took on this project's 2-core machine before the rule
// found it steady (2 s windows, a 10 s horizon), by where the cell falls and its scenario. After a cold start: the
// target's own pace (suite.Target.SettlesSeconds: the mean of its first warm-ups in two runs of 2026-11-27, from 20 s
// for Helidon SE to 122 s for Apache Pekko HTTP, at the cap), else the mean over the 24 JVM targets, 41 s. The
// further cells: the means of nightly's first shard alone (12 targets, two starts each), whose targets settled
// faster than the others from a cold start (35 s against 51 s in the second run), so these may be short for the
// rest. A new scenario's path is compiled in about the time of a cold start's; proxy's (the target's HTTP client
// beside its server) takes longer; delay's (the server waits 100 ms a request) hardly loads the JIT.
func JITSettles(t *suite.Target, at Position, scenario string) time.Duration {
	switch {
	case at == FirstOfStart && t.SettlesSeconds > 0:
		return time.Duration(t.SettlesSeconds * float64(time.Second))
	case at == NextConcurrency:
		return jitNextConcurrency
	case scenario == "proxy":
		return jitProxy
	case scenario == "delay":
		return jitDelay
	case at == FirstOfStart:
		return jitFirst
	default:
		return jitScenario
	}
}

// The averages JITSettles returns (see there).
const (
	jitFirst           = 41 * time.Second
	jitScenario        = 24 * time.Second
	jitProxy           = 39 * time.Second
	jitDelay           = 12 * time.Second
	jitNextConcurrency = 17 * time.Second
)

// Repeats is the time of one cell's measured repeats in one start.
func Repeats(p run.Plan, c Costs) time.Duration {
	return time.Duration(p.Repeats) * (p.Duration + c.RepeatOverhead)
}

// OpenWarmup is an open-loop cell's warm-up: one window at the offered rate.
func OpenWarmup(p run.Plan) time.Duration { return max(p.WarmupWindow, time.Second) }

// Start is what one start of t costs before its first cell: the process (and the balancer) up and validated, and
// the benchmark rows reloaded when it runs db scenarios.
func Start(p run.Plan, c Costs, t *suite.Target, s run.Slot) time.Duration {
	d := c.NativeStart
	if t.JVM() {
		d = c.JVMStart
	}
	if s.Topology().Balanced() {
		d += c.BalancerStart
	}
	if suite.NeedsDatabase([]*suite.Target{t}, p.Scenarios) {
		d += c.DatabaseReload
	}
	return d
}

// Training is one AOT-cache training run of t (package aotcache): a JVM start, aotcache.TrainingLoad on each scenario
// the plan measures, and the cache written as it exits.
func Training(p run.Plan, c Costs, t *suite.Target) time.Duration {
	d := c.JVMStart + c.AOTCacheWrite
	for _, s := range p.Scenarios {
		if slices.Contains(t.Scenarios, s) {
			d += aotcache.TrainingLoad
		}
	}
	return d
}
