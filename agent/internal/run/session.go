package run

// One JVM start of a target (a session): deployed on its CPUs, healthy, validated, each cell warmed up and measured,
// stopped.

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/hsperf"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/topology"
	"podium.dev/agent/internal/usage"
	"podium.dev/agent/internal/warmup"
	"podium.dev/agent/internal/wrk"
)

// session is one JVM start of a target in a slot, as deployed: what each of its cells carries (the start's figures,
// CPUs and framework version) and what the start has learnt (the scenarios it warmed up to steady state).
type session struct {
	*measurer
	at slotTarget
	p  *topology.Deployment
	// ref is the reference service's counter, for proxy cells; the database, for db cells.
	ref suite.Validator
	// frameworkVersion is the target's (for nginx it runs `nginx -v`).
	frameworkVersion string
	// startup and cpus are the start's, carried by each of its cells.
	startup *Startup
	cpus    string
	// sharesGenerator: the target's CPUs include one of the load generator's (--target-cpus)
	sharesGenerator bool
	// steady are the scenarios this start has warmed up to steady state (their further concurrencies are only checked).
	steady map[string]bool
	// interfered: a repeat of the current cell kept losing to steal (the cell is flagged host-interference); its
	// further repeats are not tried again. Reset by newCell.
	interfered bool
}

// start deploys at.t on at.cpus in its topology (one JVM start), validates it and measures its cells, and says what
// went wrong. A scenario that breaks the contract is reported and not measured, the others are; a target that does
// not start, or whose load run fails, ends there (fatal: no further start is tried). Either way the run goes on with
// the next target.
func (m *measurer) start(ctx context.Context, at slotTarget) (cells []Cell, problems []string, fatal bool) {
	r := m.r
	t, k, topo, cpus := at.t, at.k, at.topo, at.cpus
	scenarios := r.Plan.scenariosOf(t)
	s := &session{measurer: m, at: at}
	s.ref = suite.Validator{ReferenceURL: at.ref.Base(), DelayMs: r.Plan.DelayMs, DatabaseErr: m.dbErr}
	env, err := r.Manifest.DatabaseFor(ctx, t, r.Plan.Scenarios, m.db, &s.ref) // the same rows for every target
	if err != nil {
		s.ref.DatabaseErr = err
	}
	if topo.Balanced() {
		r.logf("starting %d instances of %s on CPUs %s (%d vCPU(s) each, %s) behind nginx on CPUs %s", topo.Instances, t.Name, cpus,
			topo.PerInstance(k), topo, m.balancer.CPUs)
	} else {
		r.logf("starting %s on CPUs %s (%d vCPUs)", t.Name, cpus, k)
	}
	p, err := topology.Deploy(ctx, r.Manifest, t, topo, cpus, suite.StartOptions{Java: r.Java, ReferenceURL: at.ref.URL(),
		HealthWait: r.HealthWait, Env: env, GCLog: true, JVMFlags: m.mode.flags}, m.balancer)
	if err != nil {
		return nil, []string{fmt.Sprintf("did not start: %v", err)}, true
	}
	defer p.Stop()
	s.p = p
	s.steady = map[string]bool{} // a fresh JVM: every scenario warms up by the full rule first
	s.cpus = cpus.String()
	s.sharesGenerator = slices.ContainsFunc(cpus, func(cpu int) bool { return slices.Contains(r.Layout.LoadGenerator, cpu) })
	// N instances: the slowest one's first response, and their idle memory together.
	s.startup = &Startup{}
	for _, in := range p.Instances {
		s.startup.FirstResponseMs = max(s.startup.FirstResponseMs, math.Round(float64(in.HealthyAt.Sub(in.StartedAt).Microseconds())/100)/10)
		s.startup.IdleRSSBytes += usage.RSS(in.Pid())
	}
	r.logf("  first correct response after %.0f ms, %.1f MB resident when idle%s", s.startup.FirstResponseMs, float64(s.startup.IdleRSSBytes)/1e6, m.mode.label())
	m.checkCacheUsed(p)
	s.frameworkVersion = frameworkVersion(t)
	valid := map[string]bool{}
	for _, sc := range suite.ValidationOrder(scenarios) {
		if err := s.ref.Scenario(ctx, p.BaseURL, sc); err != nil {
			problems = append(problems, fmt.Sprintf("%s failed validation, not measured: %v", sc, err))
			continue
		}
		valid[sc] = true
	}
	for _, sc := range scenarios {
		if !valid[sc] {
			continue
		}
		for _, c := range r.Plan.connectionsFor(sc) {
			cell, err := s.closed(ctx, sc, c)
			var none noAnswers
			if errors.As(err, &none) { // a stalled cell is not a figure; the target's other cells still are
				r.logf("  %v: the cell is not kept", err)
				problems = append(problems, fmt.Sprintf("%s at %d connections: %v, not kept", sc, c, err))
				continue
			}
			if err != nil {
				return cells, append(problems, fmt.Sprintf("%s at %d connections: %v", sc, c, err)), true
			}
			cells = append(cells, cell)
		}
	}
	if r.Plan.costCells(t) > 0 && valid[r.Plan.costScenario()] && m.fork == 0 && m.mode.name != aotcache.AOTCache {
		// cost cells in the first start of the default mode only
		cost, err := s.cost(ctx, cells)
		cells = append(cells, cost...)
		if err != nil {
			problems = append(problems, fmt.Sprintf("cost cells: %v", err))
		}
	}
	// the open loop in the first start of the default mode only
	if n := r.Plan.openCells(t); n > 0 && valid["delay"] && m.fork == 0 && m.mode.name != aotcache.AOTCache {
		open, err := s.open(ctx, n)
		cells = append(cells, open...)
		if err != nil {
			problems = append(problems, fmt.Sprintf("delay, open loop: %v", err))
		}
	}
	return cells, problems, false
}

// newCell is a cell of this start at scenario in load model model, with what every cell of the start carries.
func (s *session) newCell(scenario, model string) Cell {
	t := s.p.Target
	c := Cell{Framework: t.Framework, FrameworkVersion: s.frameworkVersion, IOModel: t.IOModel, Classification: t.Classification, Scenario: scenario,
		LoadModel: model, VCPUs: s.at.k, DurationSeconds: s.r.Plan.Duration.Seconds(), Baseline: t.Baseline,
		Startup: s.startup, CPUs: s.cpus}
	if s.p.Topology.Balanced() {
		c.Topology = s.p.Topology.Name
	}
	s.mode.mark(&c)
	s.interfered = false
	if s.sharesGenerator {
		c.flag(FlagSharesGeneratorCPUs)
	}
	if c.Framework == "" {
		c.Framework = t.Name
	}
	if scenario == "delay" {
		d := s.r.Plan.DelayMs
		c.DelayMs = &d
	}
	if suite.IsDB(scenario) && t.Database != nil {
		c.Database = &CellDatabase{Client: t.Database.Client, Pool: t.Database.Pool}
	}
	return c
}

// warmUp runs wrk with opts in windows until the warm-up rule finds the start steady on scenario (or gives up), and
// records the windows, the time spent and whether it settled on c. A start already steady on scenario at another
// concurrency is only checked. A last window that answered nothing is an error (noAnswers).
func (s *session) warmUp(ctx context.Context, c *Cell, scenario string, opts wrk.Options) (warmup.Result, error) {
	r := s.r
	ws := warmup.Settings{Window: r.Plan.WarmupWindow, Horizon: r.Plan.WarmupHorizon, Min: r.Plan.WarmupMin,
		Max: r.Plan.WarmupMax, Tolerance: r.Plan.WarmupTolerance, JITQuiet: r.Plan.WarmupJITQuiet}
	if r.Plan.WarmupPer != WarmupPerCell && s.steady[scenario] {
		ws = ws.AsCheck() // this start is steady on this scenario at another concurrency: check that it still is
	}
	s.steady[scenario] = false
	window := 0
	warm, err := warmup.Run(ctx, ws, s.at.k, func(d time.Duration) (float64, error) {
		o := opts
		o.Duration = d
		res, err := wrk.Run(ctx, o)
		window++
		c.raw.Add(s.rawTitle(fmt.Sprintf("warm-up window %d", window), o.Args("report.lua")), res.Raw)
		r.Display.Rate(res.RequestsPerSecond)
		return res.RequestsPerSecond, err
	}, jitOf(s.p))
	c.WarmupWindows = windowsOf(warm.Samples)
	if err != nil {
		return warm, fmt.Errorf("warm-up: %w", err)
	}
	c.WarmupSeconds = math.Round(warm.Spent.Seconds()*10) / 10
	c.Warmup = WarmupFull
	if warm.Checked {
		c.Warmup = WarmupCheck
	}
	if !warm.Stable {
		c.flag(FlagWarmupNotStable)
	}
	r.logf("  warm-up %.1f s (%s)", c.WarmupSeconds, warm.Reason)
	if n := len(warm.Samples); n > 0 && warm.Samples[n-1].RequestsPerSecond == 0 {
		return warm, noAnswers{conns: c.Connections, seconds: warm.Samples[n-1].Seconds, when: "its last warm-up window"}
	}
	return warm, nil
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
