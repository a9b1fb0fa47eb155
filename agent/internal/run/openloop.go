package run

// The delay scenario in open loop: the SLA search's step function (or the plan's rates), each rate a cell of its own.

import (
	"context"
	"fmt"
	"math"
	"time"

	"podium.dev/agent/internal/load"
	"podium.dev/agent/internal/openloop"
	"podium.dev/agent/internal/sla"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/warmup"
)

// open measures the delay scenario in open loop: the plan's rates, or a step function of offered load
// (step i offers i x vCPUs x 50 requests/s) until a step misses the SLA (its percentile at or above the SLA,
// or throughput short of the offered rate), then bisects between the last step that met it and that one.
func (s *session) open(ctx context.Context, steps int) ([]Cell, error) {
	r, p, k := s.r, s.p, s.at.k
	var cells []Cell
	probe := func(ctx context.Context, rate float64) (sla.Verdict, error) {
		c, err := s.openCell(ctx, rate)
		if err != nil {
			return sla.Verdict{}, err
		}
		cells = append(cells, c)
		var ps, achieved []float64
		for _, rep := range c.Repeats {
			ps = append(ps, rep.percentile(r.Plan.SLAPercentile))
			achieved = append(achieved, rep.RequestsPerSecond)
		}
		v := sla.Judge(ps, achieved, rate, r.Plan.SLAMs, openLoopShort)
		for _, f := range c.Flags { // what limits the load ends the step function; noisy repeats and a JDK's counters do not
			if v.Met && f != FlagNoisy && f != FlagJDKLacksCounters {
				v = sla.Verdict{Reason: "flagged " + f}
			}
		}
		if !v.Met {
			r.logf("%s at %.0f req/s offered misses the SLA (%s %.0f ms): %s", p.Target.Name, rate, r.Plan.SLAPercentile, r.Plan.SLAMs, v.Reason)
		}
		return v, nil
	}
	if len(r.Plan.OpenLoopRates) > 0 { // explicit rates: every one is measured, none is judged
		for _, rate := range r.Plan.OpenLoopRates {
			if _, err := probe(ctx, rate); err != nil {
				return cells, err
			}
		}
		return cells, nil
	}
	rates := make([]float64, steps)
	for i := range rates {
		rates[i] = float64((i + 1) * k * openLoopPerCPU)
	}
	res, err := sla.Search(ctx, rates, r.Plan.SLABisect, probe)
	s.skip(steps + r.Plan.SLABisect - len(res.Offered))
	if err != nil {
		return cells, err
	}
	if res.Missed > 0 {
		r.logf("%s meets the SLA (%s under %.0f ms) at %.0f req/s offered, misses it at %.0f (measured, %d rates offered)",
			p.Target.Name, r.Plan.SLAPercentile, r.Plan.SLAMs, res.Best, res.Missed, len(res.Offered))
	} else {
		r.logf("%s meets the SLA at every step up to %.0f req/s offered: raise --open-loop-steps to find where it stops", p.Target.Name, res.Best)
	}
	return cells, nil
}

// openCell measures the delay scenario at one offered rate: a warm-up window, then the plan's repeats.
func (s *session) openCell(ctx context.Context, rate float64) (Cell, error) {
	r, p := s.r, s.p
	s.cell++
	r.Display.Cell(s.cell, fmt.Sprintf("%s delay open %.0f req/s k=%d%s", p.Target.Name, rate, s.at.k, topoLabel(p)))
	defer s.skip(1)
	c := s.newCell("delay", "open")
	c.TargetRate = rate
	// Enough connections for every request in flight during the wait, twice over.
	c.Connections = int(math.Ceil(rate*float64(r.Plan.DelayMs)/1000*2)) + 8
	o := openloop.Options{URL: p.BaseURL + suite.Path("delay", r.Plan.DelayMs), Rate: rate, Connections: c.Connections,
		Timeout: max(2*time.Second, 4*time.Duration(r.Plan.DelayMs)*time.Millisecond)}
	warm := o
	warm.Duration = r.Plan.WarmupWindow
	started := time.Now()
	res, err := openloop.Run(ctx, warm)
	if err != nil {
		return c, fmt.Errorf("warm-up at %.0f req/s: %w", rate, err)
	}
	c.raw.Add(s.rawTitle(fmt.Sprintf("warm-up window 1: fortio at %g req/s for %s", rate, warm.Duration), nil), res.Raw)
	c.WarmupWindows = windowsOf([]warmup.Sample{{Seconds: max(time.Since(started), warm.Duration).Seconds(),
		RequestsPerSecond: res.RequestsPerSecond, JITShare: -1}})
	c.WarmupSeconds = math.Round(warm.Duration.Seconds()*10) / 10
	for j := 0; j < r.Plan.Repeats; j++ {
		o.Duration = r.Plan.Duration
		rd, err := s.measured(true, false, func() (load.Result, error) { return openloop.Run(ctx, o) })
		if err != nil {
			return c, fmt.Errorf("%.0f req/s, repeat %d: %w", rate, j+1, err)
		}
		c.raw.Add(s.rawTitle(fmt.Sprintf("repeat %d: fortio at %g req/s for %s", j+1, rate, o.Duration), nil), rd.res.Raw)
		s.keep(&c, rd, len(s.lg)) // the agent, and so fortio, is pinned to the load generator's CPUs
	}
	c.judgeNoise()
	return c, nil
}
