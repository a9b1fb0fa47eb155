package run

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/ladder"
	"podium.dev/agent/internal/sla"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/topology"
)

// Plan is what to measure: the profile after the command line's overrides.
type Plan struct {
	Profile              string
	Targets              []string
	Scenarios            []string
	Connections          []int
	PlaintextConnections []int
	VCPUs                []int
	Topologies           []string // "single", "nginx-N" (package topology); each fitting vCPU count runs in each
	// JVMModes are the JVM modes each JVM target is measured in ("default", "aot-cache": package aotcache);
	// AOTCacheTargets narrows the aot-cache mode to these targets (empty: every JVM target).
	JVMModes        []string
	AOTCacheTargets []string
	Duration        time.Duration
	Repeats         int
	Forks           int // JVM starts per cell (1: one start)
	// Order is how the starts are ordered: OrderRounds (rounds.go; the default) or OrderSequential.
	Order           string
	WarmupPer       string // "target" (warm up once per start and scenario) or "cell" (every cell, as before)
	DelayMs         int
	WarmupWindow    time.Duration
	WarmupHorizon   time.Duration
	WarmupMin       time.Duration
	WarmupMax       time.Duration
	WarmupTolerance float64
	WarmupJITQuiet  float64
	OpenLoop        bool
	OpenLoopRates   []float64 // explicit offered rates; empty: the step function
	OpenLoopSteps   int       // at most this many steps of the step function
	SLAMs           float64   // the step function's latency SLA (the board's default SLA: 200 ms)
	SLAPercentile   string    // p90 or p99: the percentile held to the SLA
	SLABisect       int       // bisections between the last step that met the SLA and the first that missed
	// The fixed-rate cost cells (cost.go, package ladder): CostRungs rates of the ladder under CostShare of the
	// baseline's capacity, or the explicit CostRates, at CostScenario; each CostRepeats x CostDuration.
	CostScenario string
	CostRungs    int
	CostRates    []float64
	CostShare    float64
	CostRepeats  int
	CostDuration time.Duration
	// Baseline adds the manifest's baseline (nginx) to the targets when they do not name it: every run
	// carries the host's ceiling that its cells are compared with.
	Baseline bool
}

// The warm-up schedules (Plan.WarmupPer, a profile's warmup.per, --warmup-per).
const (
	WarmupPerTarget = "target" // a start warms up once per scenario; a further concurrency of a steady one is checked
	WarmupPerCell   = "cell"   // every cell warms up by the full rule (the schedule before issue 24)
)

// PlanFrom starts from a manifest profile, filling what it leaves out with methodology.md's defaults.
func PlanFrom(m *suite.Manifest, profile string) (Plan, error) {
	p, ok := m.Profiles[profile]
	if !ok {
		var names []string
		for n := range m.Profiles {
			names = append(names, n)
		}
		slices.Sort(names)
		return Plan{}, fmt.Errorf("suite %s has no profile %q (it has %v)", m.Name, profile, names)
	}
	pl := Plan{
		Profile: profile, Targets: p.Targets, Scenarios: p.Scenarios, Connections: p.Connections,
		PlaintextConnections: p.PlaintextConnections, VCPUs: p.VCPUs, Topologies: p.Topologies,
		JVMModes: p.JVMModes, AOTCacheTargets: p.AOTCacheTargets,
		Duration: secs(p.DurationSeconds, 15), Repeats: p.Repeats, DelayMs: p.DelayMs,
		Forks: max(1, p.Forks), WarmupPer: p.Warmup.Per,
		WarmupWindow: secs(p.Warmup.WindowSeconds, 5), WarmupMax: secs(p.Warmup.MaxSeconds, 60),
		WarmupHorizon: secs(p.Warmup.HorizonSeconds, 15), WarmupMin: secs(p.Warmup.MinSeconds, 0),
		WarmupTolerance: p.Warmup.Tolerance, WarmupJITQuiet: p.Warmup.JITQuiet, OpenLoop: p.OpenLoop,
		OpenLoopSteps: 10, SLAMs: 200, SLAPercentile: "p90", SLABisect: 3, Baseline: true,
	}
	if len(pl.Scenarios) == 0 {
		pl.Scenarios = []string{"plaintext", "json", "proxy", "delay"}
	}
	if c := p.Cost; c != nil {
		pl.CostScenario, pl.CostRungs, pl.CostShare, pl.CostRepeats = c.Scenario, c.Rungs, c.Share, c.Repeats
		pl.CostDuration = secs(c.DurationSeconds, pl.Duration.Seconds())
	}
	if len(pl.Connections) == 0 {
		pl.Connections = []int{16, 64, 256, 1024}
	}
	if len(pl.VCPUs) == 0 {
		pl.VCPUs = []int{1}
	}
	if len(pl.Topologies) == 0 {
		pl.Topologies = topology.Default
	}
	if len(pl.JVMModes) == 0 {
		pl.JVMModes = aotcache.DefaultModes
	}
	if pl.Repeats <= 0 {
		pl.Repeats = 5
	}
	if pl.WarmupPer == "" {
		pl.WarmupPer = WarmupPerTarget
	}
	if pl.DelayMs <= 0 {
		pl.DelayMs = 100
	}
	if pl.Forks <= 0 {
		pl.Forks = 1
	}
	if pl.WarmupTolerance <= 0 {
		pl.WarmupTolerance = 0.03
	}
	return pl, nil
}

func secs(s, def float64) time.Duration {
	if s <= 0 {
		s = def
	}
	return time.Duration(s * float64(time.Second))
}

// inRounds says whether the run measures its starts in interleaved rounds (the default) rather than target by target.
func (p Plan) inRounds() bool { return p.Order != OrderSequential }

// forks is how many JVM starts each cell gets (Forks, 1 when unset).
func (p Plan) forks() int { return max(1, p.Forks) }

// topologies is the plan's topologies parsed, single when it names none.
func (p Plan) topologies() ([]topology.Topology, error) {
	if len(p.Topologies) == 0 {
		return topology.ParseAll(topology.Default)
	}
	return topology.ParseAll(p.Topologies)
}

// connectionsFor is the concurrency sweep of a scenario.
func (p Plan) connectionsFor(scenario string) []int {
	if scenario == "plaintext" && len(p.PlaintextConnections) > 0 {
		return p.PlaintextConnections
	}
	return p.Connections
}

// modesOf is the JVM modes t is measured in, in order: the plan's for a JVM target (aot-cache only for the plan's
// AOT-cache targets when it names some), default alone for nginx.
func (p Plan) modesOf(t *suite.Target) []string {
	var out []string
	for _, m := range p.JVMModes {
		if m == aotcache.AOTCache && (!t.JVM() || len(p.AOTCacheTargets) > 0 && !slices.Contains(p.AOTCacheTargets, t.Name)) {
			continue
		}
		out = append(out, m)
	}
	if len(out) == 0 {
		return aotcache.DefaultModes
	}
	return out
}

// cellsOf counts the cells of one target at one vCPU count: its closed-loop cells in each of its JVM modes and its
// open-loop cells (measured in the default mode only: a capacity search, not a start-up figure).
func (p Plan) cellsOf(t *suite.Target) int {
	return p.closedCells(t)*len(p.modesOf(t)) + p.openCells(t) + p.costCells(t)
}

// closedCells counts the closed-loop cells of one target at one vCPU count in one JVM mode.
func (p Plan) closedCells(t *suite.Target) int {
	n := 0
	for _, s := range p.scenariosOf(t) {
		n += len(p.connectionsFor(s))
	}
	return n
}

// openCells is how many open-loop cells a target gets at most (the step function may stop early).
func (p Plan) openCells(t *suite.Target) int {
	if !p.OpenLoop || !slices.Contains(p.scenariosOf(t), "delay") {
		return 0
	}
	if len(p.OpenLoopRates) > 0 {
		return len(p.OpenLoopRates)
	}
	return p.OpenLoopSteps + p.SLABisect
}

// costScenario is the scenario of the cost cells (plaintext unless the profile names another).
func (p Plan) costScenario() string {
	if p.CostScenario == "" {
		return "plaintext"
	}
	return p.CostScenario
}

// costCells is how many fixed-rate cost cells a target gets at most in a slot: the explicit rates, or the ladder's
// rungs (fewer when fewer fit under the host's capacity), when the plan measures the cost scenario on the target.
func (p Plan) costCells(t *suite.Target) int {
	if !slices.Contains(p.scenariosOf(t), p.costScenario()) {
		return 0
	}
	if len(p.CostRates) > 0 {
		return len(ladder.Explicit(p.CostRates).Rates)
	}
	return max(0, p.CostRungs)
}

// costRepeats and costDuration are a cost cell's repeats (the plan's repeats when the profile gives none) and their length.
func (p Plan) costRepeats() int {
	if p.CostRepeats > 0 {
		return p.CostRepeats
	}
	return max(1, p.Repeats)
}

func (p Plan) costDuration() time.Duration {
	if p.CostDuration > 0 {
		return p.CostDuration
	}
	return p.Duration
}

// CostRepeatTime is the measured time of one cost cell (its repeats), for the plan's estimate.
func (p Plan) CostRepeatTime(overhead time.Duration) time.Duration {
	return time.Duration(p.costRepeats()) * (p.costDuration() + overhead)
}

// scenariosOf is the plan's scenarios the target declares, in the plan's order.
func (p Plan) scenariosOf(t *suite.Target) []string {
	var out []string
	for _, s := range p.Scenarios {
		if slices.Contains(t.Scenarios, s) {
			out = append(out, s)
		}
	}
	return out
}

// Check refuses a plan whose cells the schema would refuse (or that cannot run).
func (p Plan) Check() error {
	switch {
	case p.Repeats < 1 || p.Repeats > 100:
		return fmt.Errorf("repeats %d: a cell has 1 to 100 repeats", p.Repeats)
	case p.Forks < 0 || p.Forks > 10:
		return fmt.Errorf("forks %d: a cell is measured in 1 to 10 JVM starts", p.Forks)
	case p.forks()*p.Repeats > 100:
		return fmt.Errorf("forks %d x repeats %d: a cell has at most 100 repeats over all its starts", p.Forks, p.Repeats)
	case p.Order != "" && p.Order != OrderRounds && p.Order != OrderSequential:
		return fmt.Errorf("order %q: %s or %s", p.Order, OrderRounds, OrderSequential)
	case p.WarmupPer != "" && p.WarmupPer != WarmupPerTarget && p.WarmupPer != WarmupPerCell:
		return fmt.Errorf("warm-up schedule %q: %s or %s", p.WarmupPer, WarmupPerTarget, WarmupPerCell)
	case p.Duration < time.Second:
		return fmt.Errorf("duration %s: at least 1s", p.Duration)
	case p.WarmupTolerance <= 0 || p.WarmupTolerance >= 1:
		return fmt.Errorf("warm-up tolerance %g: between 0 and 1", p.WarmupTolerance)
	case p.DelayMs < 1 || p.DelayMs > 600000:
		return fmt.Errorf("delay %d ms: 1 to 600000", p.DelayMs)
	}
	for _, s := range p.Scenarios {
		if !slices.Contains(suite.Scenarios, s) {
			return fmt.Errorf("unknown scenario %q (known: %v)", s, suite.Scenarios)
		}
	}
	for _, c := range append(append([]int{}, p.Connections...), p.PlaintextConnections...) {
		if c < 1 {
			return fmt.Errorf("connections %d: at least 1", c)
		}
	}
	for _, k := range p.VCPUs {
		if k < 1 {
			return fmt.Errorf("vcpus %d: at least 1", k)
		}
	}
	if _, err := p.topologies(); err != nil {
		return err
	}
	if err := aotcache.CheckModes(p.JVMModes); err != nil {
		return err
	}
	if p.SLAMs <= 0 {
		return fmt.Errorf("SLA %g ms: above 0", p.SLAMs)
	}
	if !slices.Contains(sla.Percentiles, p.SLAPercentile) {
		return fmt.Errorf("SLA percentile %q: one of %v", p.SLAPercentile, sla.Percentiles)
	}
	if p.SLABisect < 0 || p.SLABisect > 10 {
		return fmt.Errorf("SLA bisections %d: 0 to 10", p.SLABisect)
	}
	for _, r := range p.OpenLoopRates {
		if r <= 0 {
			return fmt.Errorf("rate %g: above 0", r)
		}
	}
	for _, r := range p.CostRates {
		if r <= 0 || r > 10_000_000 {
			return fmt.Errorf("cost rate %g: above 0 and at most 10,000,000 req/s", r)
		}
	}
	switch {
	case p.CostScenario != "" && !slices.Contains(suite.Scenarios, p.CostScenario):
		return fmt.Errorf("cost scenario %q: one of %v", p.CostScenario, suite.Scenarios)
	case p.CostScenario == "delay":
		return errors.New("cost scenario delay: the delay scenario's open loop is the SLA step function, not a cost cell")
	case p.CostRungs < 0 || p.CostRungs > 10:
		return fmt.Errorf("cost rungs %d: 0 to 10", p.CostRungs)
	case p.CostShare < 0 || p.CostShare > 1:
		return fmt.Errorf("cost share %g: between 0 and 1", p.CostShare)
	case p.CostRepeats < 0 || p.CostRepeats > 100:
		return fmt.Errorf("cost repeats %d: 0 to 100", p.CostRepeats)
	case p.CostDuration != 0 && p.CostDuration < 500*time.Millisecond:
		return fmt.Errorf("cost duration %s: at least 500ms", p.CostDuration)
	}
	return nil
}

// Select is the targets the run measures, in order: the plan's (all the manifest's for none or "*"), with the
// baseline first when the plan adds it.
func (p Plan) Select(m *suite.Manifest) ([]*suite.Target, error) {
	targets, err := m.Select(p.Targets)
	if err != nil {
		return nil, err
	}
	if b := m.Baseline; b != nil && (p.Baseline || slices.Contains(targets, b)) {
		// the baseline first in every slot: each later target's part is compared with it (above-baseline)
		targets = append([]*suite.Target{b}, slices.DeleteFunc(targets, func(t *suite.Target) bool { return t == b })...)
	}
	if len(targets) == 0 {
		return nil, errors.New("the plan selects no target")
	}
	return targets, nil
}
