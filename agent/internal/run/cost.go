package run

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"podium.dev/agent/internal/ladder"
	"podium.dev/agent/internal/load"
	"podium.dev/agent/internal/openloop"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/topology"
)

// cost measures the target's fixed-rate cost cells in this start (methodology.md section 4, "Cost at a fixed
// load"): each rate of the slot's ladder offered in open loop at the plan's cost scenario, right after the closed-loop
// cells that warmed that scenario up. start are the cells this start measured so far (the baseline's own closed-loop
// figure, when t is the baseline). No ladder (no capacity measured, or too low for the lowest rung) is said in the
// log and measures no cost cell; it fails nothing.
func (s *session) cost(ctx context.Context, start []Cell) ([]Cell, error) {
	r, p := s.r, s.p
	scenario := r.Plan.costScenario()
	l, err := s.ladderFor(scenario, s.at.k, p.Topology, start)
	if err != nil {
		r.logf("%s: no cost cells at %s: %v", p.Target.Name, scenario, err)
		return nil, nil
	}
	// the closed-loop cells of this scenario in this start warmed it up; without them a window at the lowest rate does
	warmed := slices.ContainsFunc(start, func(c Cell) bool { return c.Scenario == scenario && c.LoadModel == "closed" })
	if !warmed && r.Plan.WarmupWindow > 0 {
		o := openloop.Options{URL: p.BaseURL + suite.Path(scenario, r.Plan.DelayMs), Rate: l.Rates[0],
			Connections: ladder.Connections(l.Rates[0]), Duration: r.Plan.WarmupWindow}
		if _, err := openloop.Run(ctx, o); err != nil {
			return nil, fmt.Errorf("cost warm-up at %.0f req/s: %w", l.Rates[0], err)
		}
	}
	var cells []Cell
	for _, rate := range l.Rates {
		c, err := s.costCell(ctx, scenario, rate, l)
		if err != nil {
			return cells, err
		}
		if warmed && !s.steady[scenario] {
			c.flag(FlagWarmupNotStable) // measured on a start whose warm-up of this scenario did not settle
		}
		cells = append(cells, c)
	}
	return cells, nil
}

// ladderFor is the slot's ladder: the plan's explicit rates, or the profile's rungs under its share of the capacity the
// run measured for this slot: the baseline's best closed-loop figure at the scenario, vCPUs and topology.
func (m *measurer) ladderFor(scenario string, k int, topo topology.Topology, start []Cell) (ladder.Ladder, error) {
	pl := m.r.Plan
	if len(pl.CostRates) > 0 {
		return ladder.Explicit(pl.CostRates), nil
	}
	capacity := 0.0
	for _, c := range slices.Concat(m.baseline, start) {
		if c.Baseline && c.Scenario == scenario && c.LoadModel == "closed" && c.VCPUs == k && c.TopologyName() == topo.Name {
			capacity = max(capacity, TrimmedMean(repeatRates(c)))
		}
	}
	if capacity == 0 {
		return ladder.Ladder{}, fmt.Errorf("the run has no baseline figure at %s on %d vCPU(s) (%s) to choose the ladder from: measure the baseline, or give the rates (--cost-rate)", scenario, k, topo)
	}
	return ladder.Choose(capacity, pl.CostShare, pl.CostRungs)
}

// costCell measures one fixed-rate cost cell: the plan's cost repeats at the offered rate, each with what the
// target's process tree used (CPU, RSS); latency counts from each request's scheduled start. A cell whose repeats
// achieved less than 98% of the rate together is flagged rate-not-held.
func (s *session) costCell(ctx context.Context, scenario string, rate float64, l ladder.Ladder) (Cell, error) {
	r, p := s.r, s.p
	s.cell++
	r.Display.Cell(s.cell, fmt.Sprintf("%s %s cost %.0f req/s k=%d%s", p.Target.Name, scenario, rate, s.at.k, topoLabel(p)))
	defer s.skip(1)
	c := s.newCell(scenario, "open")
	c.TargetRate, c.CostLadder = rate, &l
	c.Connections = ladder.Connections(rate)
	c.DurationSeconds = r.Plan.costDuration().Seconds()
	o := openloop.Options{URL: p.BaseURL + suite.Path(scenario, r.Plan.DelayMs), Rate: rate, Connections: c.Connections,
		Duration: r.Plan.costDuration(), Timeout: 2 * time.Second}
	for j := range r.Plan.costRepeats() {
		rd, err := s.measured(true, suite.IsDB(scenario), func() (load.Result, error) { return openloop.Run(ctx, o) })
		if err != nil {
			return c, fmt.Errorf("cost at %.0f req/s, repeat %d: %w", rate, j+1, err)
		}
		c.raw.Add(s.rawTitle(fmt.Sprintf("cost repeat %d: fortio at %g req/s for %s", j+1, rate, o.Duration), nil), rd.res.Raw)
		s.keep(&c, rd, len(s.lg))
	}
	c.judgeRate()
	if us := c.CPUMicrosPerRequest(); us > 0 {
		r.logf("  cost at %.0f req/s: %.1f µs of CPU per request, %.0f req/s achieved", rate, us, *c.AchievedRate)
	}
	c.judgeNoise()
	return c, nil
}

// judgeRate records the rate the cell's repeats achieved together and flags it rate-not-held below 98% of the offered
// rate: the requests answered (timeouts are not) over the time they were offered in, the repeats' scheduled duration.
// Over the repeats' own wall time instead, a short repeat at a low rate would fall short by its last request's latency
// and the generator's start (92 of 100 req/s in 1 s on a busy host) whatever the target did; the open loop stops
// offering at the end of its duration, so a target that cannot keep up answers fewer requests.
func (c *Cell) judgeRate() {
	var answered int64
	for _, rep := range c.Repeats {
		answered += rep.Requests - rep.Errors.Timeout
	}
	achieved := 0.0
	if seconds := c.DurationSeconds * float64(len(c.Repeats)); seconds > 0 {
		achieved = math.Round(float64(answered)/seconds*100) / 100
	}
	c.AchievedRate = &achieved
	if !ladder.Held(c.TargetRate, achieved) {
		c.flag(FlagRateNotHeld)
	}
}

// CPUMicrosPerRequest is the cell's CPU time of the target's process tree per request, in microseconds, over all its
// repeats (0 without requests).
func (c *Cell) CPUMicrosPerRequest() float64 {
	var cpu, requests float64
	for _, rep := range c.Repeats {
		cpu += rep.Usage.TargetCPUUserSeconds + rep.Usage.TargetCPUSystemSeconds
		requests += float64(rep.Requests)
	}
	if requests == 0 {
		return 0
	}
	return cpu / requests * 1e6
}
