package run

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"podium.dev/agent/internal/balancer"
	"podium.dev/agent/internal/database"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/hsperf"
	"podium.dev/agent/internal/load"
	"podium.dev/agent/internal/openloop"
	"podium.dev/agent/internal/sla"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/topology"
	"podium.dev/agent/internal/usage"
	"podium.dev/agent/internal/warmup"
	"podium.dev/agent/internal/wrk"
)

// Thresholds for the cell flags.
const (
	highErrorRate  = 0.01 // more than 1% of requests failed
	openLoopShort  = 0.9  // the step function stops when throughput falls below 90% of the offered rate
	openLoopPerCPU = 50   // step i offers i x vCPUs x 50 requests/s (methodology.md)
)

type measurer struct {
	r    *Runner
	lg   host.CPUs
	cell int
	ref  suite.Validator // the reference service's counter, for proxy cells; the database, for db cells
	// db is the benchmark database (nil without db scenarios, or when it did not start: dbErr says why).
	db    *database.Server
	dbErr error
	// frameworkVersion is the current target's, found once per target (for nginx it runs `nginx -v`).
	frameworkVersion string
	// startup and cpus are the current target start's, carried by each of its cells.
	startup *Startup
	cpus    string
	// sharesGenerator: the target's CPUs include one of the load generator's (--target-cpus)
	sharesGenerator bool
	// balancer is how the nginx-N topologies' nginx is started (its binary and CPUs).
	balancer balancer.Options
	// instanceCPU is each instance's CPU time over the last repeat (nginx-N: the progress line shows the spread).
	instanceCPU []float64
}

// target deploys t on cpus in topology topo, validates it and measures its cells. A scenario that breaks the contract is
// reported and not measured, the others are; a target that does not start, or whose load run fails, ends
// there. Either way the run goes on with the next target.
func (m *measurer) target(ctx context.Context, t *suite.Target, k int, topo topology.Topology, cpus host.CPUs, ref *suite.Reference) ([]Cell, *TargetFailure) {
	r := m.r
	var problems []string
	failure := func() *TargetFailure {
		if len(problems) == 0 {
			return nil
		}
		return &TargetFailure{Target: t.Name, VCPUs: k, Topology: topo.Name, Reason: strings.Join(problems, "; ")}
	}
	scenarios := r.Plan.scenariosOf(t)
	m.ref = suite.Validator{ReferenceURL: ref.Base(), DelayMs: r.Plan.DelayMs, DatabaseErr: m.dbErr}
	env, err := r.Manifest.DatabaseFor(ctx, t, r.Plan.Scenarios, m.db, &m.ref) // the same rows for every target
	if err != nil {
		m.ref.DatabaseErr = err
	}
	if topo.Balanced() {
		r.logf("starting %d instances of %s on CPUs %s (%d vCPU(s) each, %s) behind nginx on CPUs %s", topo.Instances, t.Name, cpus,
			topo.PerInstance(k), topo, m.balancer.CPUs)
	} else {
		r.logf("starting %s on CPUs %s (%d vCPUs)", t.Name, cpus, k)
	}
	p, err := topology.Deploy(ctx, r.Manifest, t, topo, cpus, suite.StartOptions{Java: r.Java, ReferenceURL: ref.URL(),
		HealthWait: r.HealthWait, Env: env}, m.balancer)
	if err != nil {
		m.skip(r.Plan.closedCells(t) + r.Plan.openCells(t))
		problems = append(problems, fmt.Sprintf("did not start: %v", err))
		return nil, failure()
	}
	defer p.Stop()
	m.cpus = cpus.String()
	m.sharesGenerator = slices.ContainsFunc(cpus, func(cpu int) bool { return slices.Contains(m.r.Layout.LoadGenerator, cpu) })
	// N instances: the slowest one's first response, and their idle memory together.
	m.startup = &Startup{}
	for _, in := range p.Instances {
		m.startup.FirstResponseMs = max(m.startup.FirstResponseMs, math.Round(float64(in.HealthyAt.Sub(in.StartedAt).Microseconds())/100)/10)
		m.startup.IdleRSSBytes += usage.RSS(in.Pid())
	}
	r.logf("  first correct response after %.0f ms, %.1f MB resident when idle", m.startup.FirstResponseMs, float64(m.startup.IdleRSSBytes)/1e6)
	m.frameworkVersion = frameworkVersion(t)
	valid := map[string]bool{}
	for _, s := range suite.ValidationOrder(scenarios) {
		if err := m.ref.Scenario(ctx, p.BaseURL, s); err != nil {
			problems = append(problems, fmt.Sprintf("%s failed validation, not measured: %v", s, err))
			continue
		}
		valid[s] = true
	}
	var cells []Cell
	for _, s := range scenarios {
		if !valid[s] {
			m.skip(len(r.Plan.connectionsFor(s)))
			continue
		}
		for _, c := range r.Plan.connectionsFor(s) {
			cell, err := m.closed(ctx, p, s, c, k)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s at %d connections: %v", s, c, err))
				return cells, failure()
			}
			cells = append(cells, cell)
		}
	}
	if n := r.Plan.openCells(t); n > 0 && valid["delay"] {
		open, err := m.open(ctx, p, k, n)
		cells = append(cells, open...)
		if err != nil {
			problems = append(problems, fmt.Sprintf("delay, open loop: %v", err))
		}
	} else if n > 0 {
		m.skip(n)
	}
	return cells, failure()
}

func (m *measurer) skip(n int) {
	for range n {
		m.r.Display.Done()
	}
}

func (m *measurer) newCell(p *topology.Deployment, scenario, model string, k int) Cell {
	t := p.Target
	c := Cell{Framework: t.Framework, FrameworkVersion: m.frameworkVersion, IOModel: t.IOModel, Classification: t.Classification, Scenario: scenario,
		LoadModel: model, VCPUs: k, DurationSeconds: m.r.Plan.Duration.Seconds(), Baseline: t.Baseline,
		Startup: m.startup, CPUs: m.cpus}
	if p.Topology.Balanced() {
		c.Topology = p.Topology.Name
	}
	if m.sharesGenerator {
		c.flag(FlagSharesGeneratorCPUs)
	}
	if c.Framework == "" {
		c.Framework = t.Name
	}
	if scenario == "delay" {
		d := m.r.Plan.DelayMs
		c.DelayMs = &d
	}
	if suite.IsDB(scenario) && t.Database != nil {
		c.Database = &CellDatabase{Client: t.Database.Client, Pool: t.Database.Pool}
	}
	return c
}

// closed measures one closed-loop cell: warm-up until stable, then the repeats.
func (m *measurer) closed(ctx context.Context, p *topology.Deployment, scenario string, conns, k int) (Cell, error) {
	r := m.r
	m.cell++
	r.Display.Cell(m.cell, fmt.Sprintf("%s %s closed c=%d k=%d%s", p.Target.Name, scenario, conns, k, topoLabel(p)))
	defer r.Display.Done()
	c := m.newCell(p, scenario, "closed", k)
	c.Connections = conns
	timeout := 2 * time.Second
	if scenario == "delay" {
		timeout = max(timeout, 4*time.Duration(r.Plan.DelayMs)*time.Millisecond)
	}
	opts := wrk.Options{Binary: r.Wrk, URL: p.BaseURL + suite.Path(scenario, r.Plan.DelayMs),
		Threads: min(conns, len(m.lg)), Connections: conns, Timeout: timeout, CPUs: m.lg.String()}

	ws := warmup.Settings{Window: r.Plan.WarmupWindow, Horizon: r.Plan.WarmupHorizon, Min: r.Plan.WarmupMin,
		Max: r.Plan.WarmupMax, Tolerance: r.Plan.WarmupTolerance, JITQuiet: r.Plan.WarmupJITQuiet}
	warm, err := warmup.Run(ctx, ws, k, func(d time.Duration) (float64, error) {
		o := opts
		o.Duration = d
		res, err := wrk.Run(ctx, o)
		r.Display.Rate(res.RequestsPerSecond)
		return res.RequestsPerSecond, err
	}, jitOf(p))
	if err != nil {
		return c, fmt.Errorf("warm-up: %w", err)
	}
	c.WarmupSeconds = math.Round(warm.Spent.Seconds()*10) / 10
	if !warm.Stable {
		c.flag(FlagWarmupNotStable)
	}
	r.logf("  warm-up %.1f s (%s)", c.WarmupSeconds, warm.Reason)
	for i := 0; i < r.Plan.Repeats; i++ {
		o := opts
		o.Duration = r.Plan.Duration
		var before int64
		if scenario == "proxy" {
			if before, err = m.ref.ReferenceCount(ctx); err != nil {
				return c, err
			}
		}
		res, u, err := m.measured(p, false, suite.IsDB(scenario), func() (load.Result, error) { return wrk.Run(ctx, o) })
		if err != nil {
			return c, fmt.Errorf("repeat %d: %w", i+1, err)
		}
		if scenario == "proxy" {
			if err := m.proxied(ctx, before, res); err != nil {
				return c, fmt.Errorf("repeat %d: %w", i+1, err)
			}
		}
		// wrk's threads can use at most one CPU each of those it is pinned to.
		m.keep(&c, res, u, min(o.Threads, len(m.lg)))
	}
	if rps := repeatRates(c); warmup.Climbing(rps, r.Plan.WarmupTolerance) {
		c.flag(FlagWarmupNotStable) // the repeats still climb: the warm-up ended too early
		r.logf("  the repeats still climb (%.0f req/s first, %.0f last): warmup-not-stable", rps[0], rps[len(rps)-1])
	}
	c.judgeNoise()
	return c, nil
}

func repeatRates(c Cell) []float64 {
	var out []float64
	for _, rep := range c.Repeats {
		out = append(out, rep.RequestsPerSecond)
	}
	return out
}

// topoLabel is " nginx-N" for the progress lines of a balanced deployment, "" for a single instance.
func topoLabel(p *topology.Deployment) string {
	if p.Topology.Balanced() {
		return " " + p.Topology.Name
	}
	return ""
}

// jitOf reads the target's JIT compile time from its hsperfdata, summed over its instances (the warm-up judges it
// per vCPU of all of them); nil for a target that is not a JVM.
func jitOf(p *topology.Deployment) warmup.JIT {
	if !p.Target.JVM() {
		return nil // nginx: no JIT to wait for, the warm-up judges two windows (see warmup.Run)
	}
	return func() (float64, bool) {
		total := 0.0
		for _, pid := range p.Pids() {
			s, err := hsperf.CompileSeconds(pid)
			if err != nil {
				return 0, false
			}
			total += s
		}
		return total, true
	}
}

// proxied checks that every answered /proxy request reached the reference service during the repeat.
func (m *measurer) proxied(ctx context.Context, before int64, res load.Result) error {
	after, err := m.ref.ReferenceCount(ctx)
	if err != nil {
		return err
	}
	ok := res.Requests - res.Errors.Total()
	if float64(after-before) < 0.99*float64(ok) {
		return fmt.Errorf("%d proxy requests answered but the reference service saw only %d calls", ok, after-before)
	}
	return nil
}

// measured runs one repeat while sampling the target's process trees (all its instances' together), and adds the
// load generator's own CPU time: wrk's rusage (in res), or for the in-process open loop the agent's own rusage over
// the repeat; and the balancer's (nginx-N) and the database's (db scenarios) CPU time over the same repeat.
func (m *measurer) measured(p *topology.Deployment, inProcess, db bool, f func() (load.Result, error)) (load.Result, usage.Usage, error) {
	self := usage.SelfCPU()
	s := usage.StartAll(p.Pids(), usage.DefaultInterval)
	var ds, bs *usage.Sampler
	if db && m.db != nil {
		ds = usage.Start(m.db.Pid(), usage.DefaultInterval)
	}
	if p.Balancer != nil {
		bs = usage.Start(p.Balancer.Pid(), usage.DefaultInterval)
	}
	res, err := f()
	u := s.Stop()
	m.instanceCPU = s.TreeCPUSeconds()
	if ds != nil {
		du := ds.Stop()
		u.DatabaseCPUUserSeconds, u.DatabaseCPUSystemSeconds = &du.TargetCPUUserSeconds, &du.TargetCPUSystemSeconds
	}
	if bs != nil {
		bu := bs.Stop()
		u.BalancerCPUUserSeconds, u.BalancerCPUSystemSeconds = &bu.TargetCPUUserSeconds, &bu.TargetCPUSystemSeconds
	}
	if err != nil {
		return res, u, err
	}
	if bs != nil { // behind a balancer the other instances would have answered in a dead one's place
		if err := p.Exited(); err != nil {
			return res, u, err
		}
	}
	gen := res.GeneratorCPUSeconds
	if inProcess {
		gen = (usage.SelfCPU() - self).Seconds()
	}
	u.GeneratorCPUSeconds = math.Round(gen*1000) / 1000
	return res, u, nil
}

// keep adds one repeat to c; genCPUs is how many CPUs the load generator could use.
func (m *measurer) keep(c *Cell, res load.Result, u usage.Usage, genCPUs int) {
	rep := RepeatOf(res)
	rep.Usage = u
	c.Repeats = append(c.Repeats, rep)
	genShare := u.GeneratorCPUSeconds / u.WallSeconds / float64(genCPUs)
	m.r.logf("  repeat %d/%d: %.0f req/s, p50 %.2f ms, p99 %.2f ms, %d errors; target %.2f CPU-s, %.0f MB peak; load generator %.0f%% of %d CPU(s)",
		len(c.Repeats), m.r.Plan.Repeats, res.RequestsPerSecond, res.LatencyMs.P50, res.LatencyMs.P99, res.Errors.Total(),
		u.TargetCPUUserSeconds+u.TargetCPUSystemSeconds, float64(u.TargetRSSPeakBytes)/1e6, genShare*100, genCPUs)
	if b := u.BalancerCPUUserSeconds; b != nil {
		var each []string
		for _, s := range m.instanceCPU {
			each = append(each, fmt.Sprintf("%.2f", s))
		}
		m.r.logf("    instances %s CPU-s; nginx %.2f CPU-s", strings.Join(each, " + "), *b+*u.BalancerCPUSystemSeconds)
	}
	m.r.Display.Rate(res.RequestsPerSecond)
	if saturated(u.GeneratorCPUSeconds, u.WallSeconds, genCPUs) {
		c.flag(FlagGeneratorSaturated)
	}
	c.flagErrorRate()
	if res.BehindSchedule {
		c.flag(FlagGeneratorBehindSchedule)
	}
}

// open measures the delay scenario in open loop: the plan's rates, or a step function of offered load
// (step i offers i x vCPUs x 50 requests/s) until a step misses the SLA (its percentile at or above the SLA,
// or throughput short of the offered rate), then bisects between the last step that met it and that one.
func (m *measurer) open(ctx context.Context, p *topology.Deployment, k, steps int) ([]Cell, error) {
	r := m.r
	var cells []Cell
	probe := func(ctx context.Context, rate float64) (sla.Verdict, error) {
		c, err := m.openCell(ctx, p, k, rate)
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
		for _, f := range c.Flags { // what limits the load ends the step function; noisy repeats do not
			if v.Met && f != FlagNoisy {
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
	m.skip(steps + r.Plan.SLABisect - len(res.Offered))
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
func (m *measurer) openCell(ctx context.Context, p *topology.Deployment, k int, rate float64) (Cell, error) {
	r := m.r
	m.cell++
	r.Display.Cell(m.cell, fmt.Sprintf("%s delay open %.0f req/s k=%d%s", p.Target.Name, rate, k, topoLabel(p)))
	defer r.Display.Done()
	c := m.newCell(p, "delay", "open", k)
	c.TargetRate = rate
	// Enough connections for every request in flight during the wait, twice over.
	c.Connections = int(math.Ceil(rate*float64(r.Plan.DelayMs)/1000*2)) + 8
	o := openloop.Options{URL: p.BaseURL + suite.Path("delay", r.Plan.DelayMs), Rate: rate, Connections: c.Connections,
		Timeout: max(2*time.Second, 4*time.Duration(r.Plan.DelayMs)*time.Millisecond)}
	warm := o
	warm.Duration = r.Plan.WarmupWindow
	if _, err := openloop.Run(ctx, warm); err != nil {
		return c, fmt.Errorf("warm-up at %.0f req/s: %w", rate, err)
	}
	c.WarmupSeconds = math.Round(warm.Duration.Seconds()*10) / 10
	for j := 0; j < r.Plan.Repeats; j++ {
		o.Duration = r.Plan.Duration
		res, u, err := m.measured(p, true, false, func() (load.Result, error) { return openloop.Run(ctx, o) })
		if err != nil {
			return c, fmt.Errorf("%.0f req/s, repeat %d: %w", rate, j+1, err)
		}
		m.keep(&c, res, u, len(m.lg)) // the agent, and so fortio, is pinned to the load generator's CPUs
	}
	c.judgeNoise()
	return c, nil
}
