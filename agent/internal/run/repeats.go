package run

// A closed-loop cell's repeats: the fixed count of repeats after its warm-up, each measured again while the host
// took too much of the machine (steal), and the flags a repeat sets on its cell.

import (
	"context"
	"fmt"
	"strings"
	"time"

	"podium.dev/agent/internal/load"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/warmup"
	"podium.dev/agent/internal/wrk"
)

// closed measures one closed-loop cell: warm-up until stable, then the repeats.
func (s *session) closed(ctx context.Context, scenario string, conns int) (Cell, error) {
	r, p, k := s.r, s.p, s.at.k
	s.cell++
	r.Display.Cell(s.cell, fmt.Sprintf("%s %s closed c=%d k=%d%s%s%s", p.Target.Name, scenario, conns, k, topoLabel(p), s.mode.label(), s.startLabel()))
	defer s.cellDone()
	c := s.newCell(scenario, "closed")
	c.Connections = conns
	timeout := 2 * time.Second
	if scenario == "delay" {
		timeout = max(timeout, 4*time.Duration(r.Plan.DelayMs)*time.Millisecond)
	}
	opts := wrk.Options{Binary: r.Wrk, URL: p.BaseURL + suite.Path(scenario, r.Plan.DelayMs),
		Threads: min(conns, len(s.lg)), Connections: conns, Timeout: timeout, CPUs: s.lg.String()}
	warm, err := s.warmUp(ctx, &c, scenario, opts)
	if err != nil {
		return c, err
	}
	for i := range r.Plan.Repeats { // a fixed count: no rule that looks at the interval decides when to stop
		o := opts
		o.Duration = r.Plan.Duration
		var before int64
		if scenario == "proxy" {
			if before, err = s.ref.ReferenceCount(ctx); err != nil {
				return c, err
			}
		}
		rd, err := s.measured(false, suite.IsDB(scenario), func() (load.Result, error) { return wrk.Run(ctx, o) })
		if err != nil {
			return c, fmt.Errorf("repeat %d: %w", i+1, err)
		}
		c.raw.Add(s.rawTitle(fmt.Sprintf("repeat %d", i+1), o.Args("report.lua")), rd.res.Raw)
		if rd.res.Requests == 0 {
			return c, noAnswers{conns: conns, seconds: r.Plan.Duration.Seconds(), when: fmt.Sprintf("repeat %d", i+1)}
		}
		if scenario == "proxy" {
			if err := s.proxied(ctx, before, rd.res); err != nil {
				return c, fmt.Errorf("repeat %d: %w", i+1, err)
			}
		}
		// wrk's threads can use at most one CPU each of those it is pinned to.
		s.keep(&c, rd, min(o.Threads, len(s.lg)))
	}
	rps := repeatRates(c)
	if warmup.Climbing(rps, r.Plan.WarmupTolerance) {
		c.flag(FlagWarmupNotStable) // the repeats still climb: the warm-up ended too early
		r.logf("  the repeats still climb (%.0f req/s first, %.0f last): warmup-not-stable", rps[0], rps[len(rps)-1])
	} else if warm.Stable {
		s.steady[scenario] = true // the next concurrency of this scenario in this start needs only a check
	}
	c.judgeNoise()
	return c, nil
}

// noAnswers: the target answered no request at all over a warm-up window or a repeat (it stalled: quarkus-rest's
// proxy at 256 connections did on 2026-11-27, with wrk counting no error). Zero requests/s is not a figure of the
// target's speed, and the warm-up rule finds a flat zero "stable", so such a cell is reported and not kept.
type noAnswers struct {
	conns   int
	seconds float64
	when    string
}

func (e noAnswers) Error() string {
	return fmt.Sprintf("no request answered in %s (%.0f s at %d connections)", e.when, e.seconds, e.conns)
}

func repeatRates(c Cell) []float64 {
	var out []float64
	for _, rep := range c.Repeats {
		out = append(out, rep.RequestsPerSecond)
	}
	return out
}

// proxied checks that every answered /proxy request reached the reference service during the repeat.
func (s *session) proxied(ctx context.Context, before int64, res load.Result) error {
	after, err := s.ref.ReferenceCount(ctx)
	if err != nil {
		return err
	}
	ok := res.Requests - res.Errors.Total()
	if float64(after-before) < 0.99*float64(ok) {
		return fmt.Errorf("%d proxy requests answered but the reference service saw only %d calls", ok, after-before)
	}
	return nil
}

// measured runs one repeat (measureOnce) and measures it again while the host took more than maxStealShare of the
// machine's CPU time during it (steal), at most maxStealRetries times: a discarded try is not a repeat, only counted
// (reading.retries). A repeat that lost more than that on its last try is kept as measured and flags its cell
// host-interference (keep), whose later repeats are then not tried again: the host is taking its share for longer
// than a repeat, and more tries would only spend the run's time.
func (s *session) measured(inProcess, db bool, f func() (load.Result, error)) (reading, error) {
	retries := 0
	for {
		rd, err := s.measureOnce(inProcess, db, f)
		rd.retries = retries
		if err != nil || rd.stolen <= maxStealShare {
			return rd, err
		}
		if retries == maxStealRetries || s.interfered {
			rd.lost = true
			return rd, nil
		}
		retries++
		s.r.logf("  the host took %.1f%% of this machine's CPU time during this try (steal, more than %.0f%%): not kept, measured again (%d of at most %d)",
			rd.stolen*100, maxStealShare*100, retries, maxStealRetries)
	}
}

// keep adds one repeat to c and sets the flags it calls for; genCPUs is how many CPUs the load generator could use.
func (s *session) keep(c *Cell, rd reading, genCPUs int) {
	res, u := rd.res, rd.u
	rep := RepeatOf(res)
	rep.Usage = u
	rep.StealShare = rd.stealShare()
	rep.TargetCPUShare = rd.targetCPUShare(c.VCPUs)
	rep.StealRetries = rd.retries
	c.Repeats = append(c.Repeats, rep)
	genShare := u.GeneratorCPUSeconds / u.WallSeconds / float64(genCPUs)
	s.r.logf("  repeat %d/%d: %.0f req/s, p50 %.2f ms, p99 %.2f ms, %d errors; target %.2f CPU-s, %.0f MB peak; load generator %.0f%% of %d CPU(s)",
		len(c.Repeats), s.r.Plan.Repeats, res.RequestsPerSecond, res.LatencyMs.P50, res.LatencyMs.P99, res.Errors.Total(),
		u.TargetCPUUserSeconds+u.TargetCPUSystemSeconds, float64(u.TargetRSSPeakBytes)/1e6, genShare*100, genCPUs)
	if rd.stolen >= 0.01 { // a VM's host took CPU time from it during the repeat: a slow repeat may be the host's doing
		s.r.logf("    the host took %.1f%% of this machine's CPU time during the repeat (steal)", rd.stolen*100)
	}
	if rd.lost {
		c.flag(FlagHostInterference)
		if !s.interfered {
			s.r.logf("    still more than %.0f%% after %d tries more: kept as measured, the cell is flagged %s and its further repeats are not tried again",
				maxStealShare*100, rd.retries, FlagHostInterference)
		}
		s.interfered = true
	}
	for _, l := range rd.lacking {
		c.flag(FlagJDKLacksCounters)
		if !s.lackSaid[l] {
			if s.lackSaid == nil {
				s.lackSaid = map[string]bool{}
			}
			s.lackSaid[l] = true
			s.r.logf("    the target's JDK lacks a counter: its repeats go without %s; its cells are flagged %s", l, FlagJDKLacksCounters)
		}
	}
	if b := u.BalancerCPUUserSeconds; b != nil {
		var each []string
		for _, sec := range rd.instanceCPU {
			each = append(each, fmt.Sprintf("%.2f", sec))
		}
		s.r.logf("    instances %s CPU-s; nginx %.2f CPU-s", strings.Join(each, " + "), *b+*u.BalancerCPUSystemSeconds)
	}
	s.r.Display.Rate(res.RequestsPerSecond)
	if saturated(u.GeneratorCPUSeconds, u.WallSeconds, genCPUs) {
		c.flag(FlagGeneratorSaturated)
	}
	c.flagErrorRate()
	if res.BehindSchedule {
		c.flag(FlagGeneratorBehindSchedule)
	}
}
