package run

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/balancer"
	"podium.dev/agent/internal/database"
	"podium.dev/agent/internal/gcstats"
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

// This file is over 400 lines on purpose: it is the measuring of one target from its starts to its repeats, in the
// order methodology.md describes it (deploy, validate, warm up, closed-loop cells and their stopping rule, open-loop
// steps, each repeat's usage). Every step reads and updates the same measurer state (the current start, its CPUs,
// the warmed-up scenarios, the progress count), so one file reads as the procedure; the parts with no such state
// live elsewhere (plan.go, flags.go, payload.go, part.go).
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
	// stolen is the share of the machine's CPU time its host took over the last repeat (/proc/stat's steal, or the
	// Runner's stand-in), -1 where it cannot be read; stealRetries the tries of that repeat discarded before it for
	// losing more than maxStealShare; stealLost says that the repeat kept lost more than that too, its retries spent.
	stolen       float64
	stealRetries int
	stealLost    bool
	// interfered: a repeat of the current cell kept losing to steal (the cell is flagged host-interference); its
	// further repeats are not tried again. Reset by newCell.
	interfered bool
	// lacking are the figures the target's JDK could not give for the last repeat (gcstats.Figures.Lacking); lackSaid
	// those the run's output has said so of (once a run).
	lacking  []string
	lackSaid map[string]bool
	// fork is the JVM start being measured (0 to Plan.Forks - 1); steady the scenarios this start has warmed up to
	// steady state (their further concurrencies are only checked); done the progress steps of the current target.
	fork   int
	steady map[string]bool
	done   int
	// mode is the JVM mode being measured (aot.go): its name, the flags it adds to the measured starts, its training;
	// aotErr why the JDK cannot write an AOT cache (nil: it can), asked once (aotChecked)
	mode       modeState
	aotChecked bool
	aotErr     error
	// baseline are the baseline's cells measured so far in this run (the cost ladder is chosen from its figure).
	baseline []Cell
}

// target measures t's cells in each of its JVM modes (the default, then aot-cache: aot.go) over the plan's JVM
// starts (forks): each start deploys t afresh, validates it, warms it up and measures the repeats of every closed-loop
// cell; the open-loop cells are measured in the first start of the default mode. A cell's repeats from its starts are
// kept together, each with its start's index.
func (m *measurer) target(ctx context.Context, t *suite.Target, k int, topo topology.Topology, cpus host.CPUs, ref *suite.Reference) ([]Cell, *TargetFailure) {
	planned := m.r.Plan.cellsOf(t)
	m.done = 0
	first := m.cell
	var cells []Cell
	var problems []string
	for _, mode := range m.r.Plan.modesOf(t) {
		if ctx.Err() != nil {
			break
		}
		m.mode = modeState{name: mode}
		cleanup := func() {}
		if mode == aotcache.AOTCache {
			cleanup = m.train(ctx, t, k, topo, cpus, ref)
		}
		got, probs, fatal := m.forks(ctx, t, k, topo, cpus, ref)
		cleanup()
		cells, problems = append(cells, got...), append(problems, probs...)
		if fatal {
			break // a target that did not start, or whose load failed, is not tried in a further mode
		}
	}
	m.skip(planned - m.done) // cells not measured: the progress counts them done
	// the next target's cells are numbered after every cell this one planned, measured or not, as the plan numbers
	// them (progress.Display finds each step of the plan by its number)
	m.cell = first + planned
	return settle(t, k, topo, cells, problems)
}

// settle completes a target's cells once its last start is measured (their error-rate and noise flags, their raw
// output encoded) and says whether it failed.
func settle(t *suite.Target, k int, topo topology.Topology, cells []Cell, problems []string) ([]Cell, *TargetFailure) {
	for i := range cells {
		cells[i].flagErrorRate()
		cells[i].judgeNoise()
		if err := cells[i].encodeRaw(); err != nil {
			problems = append(problems, fmt.Sprintf("%s: raw output not kept: %v", cells[i].Scenario, err))
		}
	}
	if len(problems) == 0 {
		return cells, nil
	}
	return cells, &TargetFailure{Target: t.Name, VCPUs: k, Topology: topo.Name, Reason: strings.Join(problems, "; ")}
}

// forks measures t's cells in the current JVM mode over the plan's starts, one after another, and says what went
// wrong (fatal: a start failed outright).
func (m *measurer) forks(ctx context.Context, t *suite.Target, k int, topo topology.Topology, cpus host.CPUs, ref *suite.Reference) (cells []Cell, problems []string, fatal bool) {
	forks := m.r.Plan.forks()
	first := m.cell
	// every start numbers its cells from the same first one; the first start also measures the cost and open-loop
	// cells, so the mode's cells end where the furthest start ended, not where the last one did
	last := first
	defer func() { m.cell = last }()
	for f := 0; f < forks && ctx.Err() == nil; f++ {
		var end int
		end, fatal = m.oneStart(ctx, t, k, topo, cpus, ref, f, first, nil, &cells, &problems)
		last = max(last, end)
		if fatal {
			break // what the earlier starts measured is kept; each cell says how many starts it rests on
		}
	}
	return cells, problems, fatal
}

// oneStart measures start f of t in the current JVM mode, its cells numbered from first: their repeats are merged
// into *cells (mergeFork) and what went wrong into *problems, each said once. in, when the run is in rounds, is the
// round and place the start was drawn in: each of its cells records the start (Cell.Starts). It returns the number
// of the last cell the start measured and whether it failed outright.
func (m *measurer) oneStart(ctx context.Context, t *suite.Target, k int, topo topology.Topology, cpus host.CPUs, ref *suite.Reference,
	f, first int, in *Start, cells *[]Cell, problems *[]string) (end int, fatal bool) {
	forks := m.r.Plan.forks()
	m.fork, m.cell = f, first
	if forks > 1 {
		m.r.logf("%s: JVM start %d of %d%s%s", t.Name, f+1, forks, m.mode.label(), in.label())
	}
	startedAt := time.Now().UTC()
	got, probs, fatal := m.start(ctx, t, k, topo, cpus, ref)
	if in != nil {
		s := *in
		s.StartedAt = startedAt.Format(time.RFC3339Nano)
		in = &s
	}
	*cells = mergeFork(*cells, got, forks > 1 || in != nil, in)
	for _, p := range probs {
		if m.mode.name == aotcache.AOTCache {
			p = aotcache.AOTCache + ": " + p
		}
		if f > 0 && !slices.Contains(*problems, p) {
			p = fmt.Sprintf("start %d of %d: %s", f+1, forks, p)
		}
		if !slices.Contains(*problems, p) { // a scenario that fails validation in every start is said once
			*problems = append(*problems, p)
		}
	}
	return m.cell, fatal
}

// mergeFork adds one start's cells to those of the earlier starts: a cell measured before gets the new repeats,
// numbered as its next start (numbered only when the plan has several starts or runs in rounds), its flags and
// warm-up time added. in, in rounds, is the start's round, place and time: each cell lists it under the fork
// number its repeats got.
func mergeFork(cells, start []Cell, numbered bool, in *Start) []Cell {
	for _, c := range start {
		i := slices.IndexFunc(cells, func(o Cell) bool {
			return o.Scenario == c.Scenario && o.LoadModel == c.LoadModel && o.Connections == c.Connections && o.TargetRate == c.TargetRate
		})
		if i < 0 {
			cells = append(cells, c)
			i = len(cells) - 1
			if numbered {
				setFork(cells[i].Repeats, 0)
				setWindowFork(cells[i].WarmupWindows, 0)
			}
			cells[i].Starts = appendStart(nil, in, 0)
			continue
		}
		o := &cells[i]
		n := 0
		for _, r := range o.Repeats {
			n = max(n, r.fork()+1)
		}
		o.Starts = appendStart(o.Starts, in, n)
		setFork(c.Repeats, n)
		o.Repeats = append(o.Repeats, c.Repeats...)
		setWindowFork(c.WarmupWindows, n)
		o.WarmupWindows = append(o.WarmupWindows, c.WarmupWindows...)
		o.raw.Append(c.raw)
		for _, f := range c.Flags {
			o.flag(f)
		}
		if c.AOTTraining != nil && o.AOTTraining != nil && o.AOTTraining.Problem == "" {
			o.AOTTraining.Problem = c.AOTTraining.Problem // a later start that ran without the cache says why
		}
		o.WarmupSeconds = math.Round((o.WarmupSeconds+c.WarmupSeconds)*10) / 10
		if c.Warmup == WarmupFull {
			o.Warmup = WarmupFull
		}
	}
	return cells
}

func setFork(reps []Repeat, f int) {
	for i := range reps {
		reps[i].Fork = &f
	}
}

func setWindowFork(ws []WarmupWindow, f int) {
	for i := range ws {
		ws[i].Fork = &f
	}
}

// rawTitle is the header of one load run in a cell's raw output: what it was, in which start, with which command.
func (m *measurer) rawTitle(what string, args []string) string {
	t := what
	if n := m.r.Plan.forks(); n > 1 {
		t = fmt.Sprintf("start %d of %d, %s", m.fork+1, n, what)
	}
	if len(args) > 0 {
		t += ": " + strings.Join(args, " ")
	}
	return t
}

// start deploys t on cpus in topology topo (one JVM start), validates it and measures its cells, and says what went
// wrong. A scenario that breaks the contract is reported and not measured, the others are; a target that does not
// start, or whose load run fails, ends there (fatal: no further start is tried). Either way the run goes on with the
// next target.
func (m *measurer) start(ctx context.Context, t *suite.Target, k int, topo topology.Topology, cpus host.CPUs, ref *suite.Reference) (cells []Cell, problems []string, fatal bool) {
	r := m.r
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
		HealthWait: r.HealthWait, Env: env, GCLog: true, JVMFlags: m.mode.flags}, m.balancer)
	if err != nil {
		return nil, []string{fmt.Sprintf("did not start: %v", err)}, true
	}
	defer p.Stop()
	m.steady = map[string]bool{} // a fresh JVM: every scenario warms up by the full rule first
	m.cpus = cpus.String()
	m.sharesGenerator = slices.ContainsFunc(cpus, func(cpu int) bool { return slices.Contains(m.r.Layout.LoadGenerator, cpu) })
	// N instances: the slowest one's first response, and their idle memory together.
	m.startup = &Startup{}
	for _, in := range p.Instances {
		m.startup.FirstResponseMs = max(m.startup.FirstResponseMs, math.Round(float64(in.HealthyAt.Sub(in.StartedAt).Microseconds())/100)/10)
		m.startup.IdleRSSBytes += usage.RSS(in.Pid())
	}
	r.logf("  first correct response after %.0f ms, %.1f MB resident when idle%s", m.startup.FirstResponseMs, float64(m.startup.IdleRSSBytes)/1e6, m.mode.label())
	m.checkCacheUsed(p)
	m.frameworkVersion = frameworkVersion(t)
	valid := map[string]bool{}
	for _, s := range suite.ValidationOrder(scenarios) {
		if err := m.ref.Scenario(ctx, p.BaseURL, s); err != nil {
			problems = append(problems, fmt.Sprintf("%s failed validation, not measured: %v", s, err))
			continue
		}
		valid[s] = true
	}
	for _, s := range scenarios {
		if !valid[s] {
			continue
		}
		for _, c := range r.Plan.connectionsFor(s) {
			cell, err := m.closed(ctx, p, s, c, k)
			var none noAnswers
			if errors.As(err, &none) { // a stalled cell is not a figure; the target's other cells still are
				r.logf("  %v: the cell is not kept", err)
				problems = append(problems, fmt.Sprintf("%s at %d connections: %v, not kept", s, c, err))
				continue
			}
			if err != nil {
				return cells, append(problems, fmt.Sprintf("%s at %d connections: %v", s, c, err)), true
			}
			cells = append(cells, cell)
		}
	}
	if r.Plan.costCells(t) > 0 && valid[r.Plan.costScenario()] && m.fork == 0 && m.mode.name != aotcache.AOTCache {
		// cost cells in the first start of the default mode only
		cost, err := m.cost(ctx, p, k, cells)
		cells = append(cells, cost...)
		if err != nil {
			problems = append(problems, fmt.Sprintf("cost cells: %v", err))
		}
	}
	// the open loop in the first start of the default mode only
	if n := r.Plan.openCells(t); n > 0 && valid["delay"] && m.fork == 0 && m.mode.name != aotcache.AOTCache {
		open, err := m.open(ctx, p, k, n)
		cells = append(cells, open...)
		if err != nil {
			problems = append(problems, fmt.Sprintf("delay, open loop: %v", err))
		}
	}
	return cells, problems, false
}

// skip counts n cells of the current target done in the progress display.
func (m *measurer) skip(n int) {
	for range n {
		m.r.Display.Done()
		m.done++
	}
}

// cellDone counts a closed-loop cell done once its last start has measured it.
func (m *measurer) cellDone() {
	if m.fork == m.r.Plan.forks()-1 {
		m.skip(1)
	}
}

// startLabel is " start f/n" for the progress line of a cell measured over several starts, "" for one.
func (m *measurer) startLabel() string {
	if n := m.r.Plan.forks(); n > 1 {
		return fmt.Sprintf(" start %d/%d", m.fork+1, n)
	}
	return ""
}

func (m *measurer) newCell(p *topology.Deployment, scenario, model string, k int) Cell {
	t := p.Target
	c := Cell{Framework: t.Framework, FrameworkVersion: m.frameworkVersion, IOModel: t.IOModel, Classification: t.Classification, Scenario: scenario,
		LoadModel: model, VCPUs: k, DurationSeconds: m.r.Plan.Duration.Seconds(), Baseline: t.Baseline,
		Startup: m.startup, CPUs: m.cpus}
	if p.Topology.Balanced() {
		c.Topology = p.Topology.Name
	}
	m.mode.mark(&c)
	m.interfered = false
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
	r.Display.Cell(m.cell, fmt.Sprintf("%s %s closed c=%d k=%d%s%s%s", p.Target.Name, scenario, conns, k, topoLabel(p), m.mode.label(), m.startLabel()))
	defer m.cellDone()
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
	if r.Plan.WarmupPer != WarmupPerCell && m.steady[scenario] {
		ws = ws.AsCheck() // this start is steady on this scenario at another concurrency: check that it still is
	}
	m.steady[scenario] = false
	window := 0
	warm, err := warmup.Run(ctx, ws, k, func(d time.Duration) (float64, error) {
		o := opts
		o.Duration = d
		res, err := wrk.Run(ctx, o)
		window++
		c.raw.Add(m.rawTitle(fmt.Sprintf("warm-up window %d", window), o.Args("report.lua")), res.Raw)
		r.Display.Rate(res.RequestsPerSecond)
		return res.RequestsPerSecond, err
	}, jitOf(p))
	c.WarmupWindows = windowsOf(warm.Samples)
	if err != nil {
		return c, fmt.Errorf("warm-up: %w", err)
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
		return c, noAnswers{conns: conns, seconds: warm.Samples[n-1].Seconds, when: "its last warm-up window"}
	}
	for i := range r.Plan.Repeats { // a fixed count: no rule that looks at the interval decides when to stop
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
		c.raw.Add(m.rawTitle(fmt.Sprintf("repeat %d", i+1), o.Args("report.lua")), res.Raw)
		if res.Requests == 0 {
			return c, noAnswers{conns: conns, seconds: r.Plan.Duration.Seconds(), when: fmt.Sprintf("repeat %d", i+1)}
		}
		if scenario == "proxy" {
			if err := m.proxied(ctx, before, res); err != nil {
				return c, fmt.Errorf("repeat %d: %w", i+1, err)
			}
		}
		// wrk's threads can use at most one CPU each of those it is pinned to.
		m.keep(&c, res, u, min(o.Threads, len(m.lg)))
	}
	rps := repeatRates(c)
	if warmup.Climbing(rps, r.Plan.WarmupTolerance) {
		c.flag(FlagWarmupNotStable) // the repeats still climb: the warm-up ended too early
		r.logf("  the repeats still climb (%.0f req/s first, %.0f last): warmup-not-stable", rps[0], rps[len(rps)-1])
	} else if warm.Stable {
		m.steady[scenario] = true // the next concurrency of this scenario in this start needs only a check
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

// startGC opens a gcstats window on a JVM target's instances (their perf counters and GC logs); nil for nginx, or
// when the counters cannot be read (the repeat then goes without GC figures, said in the log).
func (m *measurer) startGC(p *topology.Deployment) *gcstats.Window {
	if !p.Target.JVM() {
		return nil
	}
	var jvms []gcstats.JVM
	for _, in := range p.Instances {
		jvms = append(jvms, gcstats.JVM{Pid: in.Pid(), Log: filepath.Join(in.WorkDir, suite.GCLogName)})
	}
	w, err := gcstats.Start(jvms)
	if err != nil {
		m.r.logf("  no GC figures for this repeat: %v", err)
		return nil
	}
	return w
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

// measured runs one repeat (measureOnce) and measures it again while the host took more than maxStealShare of the
// machine's CPU time during it (steal), at most maxStealRetries times: a discarded try is not a repeat, only counted
// (m.stealRetries). A repeat that lost more than that on its last try is kept as measured and flags its cell
// host-interference (keep), whose later repeats are then not tried again: the host is taking its share for longer
// than a repeat, and more tries would only spend the run's time.
func (m *measurer) measured(p *topology.Deployment, inProcess, db bool, f func() (load.Result, error)) (load.Result, usage.Usage, error) {
	m.stealRetries, m.stealLost = 0, false
	for {
		res, u, err := m.measureOnce(p, inProcess, db, f)
		if err != nil || m.stolen <= maxStealShare {
			return res, u, err
		}
		if m.stealRetries == maxStealRetries || m.interfered {
			m.stealLost = true
			return res, u, nil
		}
		m.stealRetries++
		m.r.logf("  the host took %.1f%% of this machine's CPU time during this try (steal, more than %.0f%%): not kept, measured again (%d of at most %d)",
			m.stolen*100, maxStealShare*100, m.stealRetries, maxStealRetries)
	}
}

// measureOnce runs one try of a repeat while sampling the target's process trees (all its instances' together), and adds the
// load generator's own CPU time: wrk's rusage (in res), or for the in-process open loop the agent's own rusage over
// the repeat; and the balancer's (nginx-N) and the database's (db scenarios) CPU time over the same repeat.
func (m *measurer) measureOnce(p *topology.Deployment, inProcess, db bool, f func() (load.Result, error)) (load.Result, usage.Usage, error) {
	self := usage.SelfCPU()
	s := usage.StartAll(p.Pids(), usage.DefaultInterval)
	var ds, bs *usage.Sampler
	if db && m.db != nil {
		ds = usage.Start(m.db.Pid(), usage.DefaultInterval)
	}
	if p.Balancer != nil {
		bs = usage.Start(p.Balancer.Pid(), usage.DefaultInterval)
	}
	gc := m.startGC(p)
	stolen := m.r.stealSource()()
	res, err := f()
	u := s.Stop()
	m.instanceCPU = s.TreeCPUSeconds()
	m.stolen = -1
	if share, ok := stolen(); ok {
		m.stolen = share
	}
	m.lacking = nil
	if gc != nil && err == nil {
		if g, gerr := gc.Stop(res.Requests, u.TargetCPUUserSeconds+u.TargetCPUSystemSeconds); gerr == nil {
			u.AllocatedBytesPerRequest, u.GCCount, u.GCSeconds = &g.AllocatedBytesPerRequest, &g.GCCount, &g.GCSeconds
			u.GCPauseMaxMs = &g.GCPauseMaxMs
			if g.GCCPUKnown() {
				u.GCCPUShare = &g.GCCPUShare
			}
			m.lacking = g.Lacking
		} else {
			m.r.logf("  no GC figures for this repeat: %v", gerr)
		}
	}
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
	if m.stolen >= 0 {
		share := math.Round(m.stolen*1e4) / 1e4
		rep.StealShare = &share
	}
	if cpus := float64(c.VCPUs); u.WallSeconds > 0 && cpus > 0 {
		// sampling skew may put the CPU time a little above what the CPUs had (the service allows 5%): cut at 1
		share := math.Round(min(1, (u.TargetCPUUserSeconds+u.TargetCPUSystemSeconds)/(u.WallSeconds*cpus))*1e4) / 1e4
		rep.TargetCPUShare = &share
	}
	rep.StealRetries = m.stealRetries
	c.Repeats = append(c.Repeats, rep)
	genShare := u.GeneratorCPUSeconds / u.WallSeconds / float64(genCPUs)
	m.r.logf("  repeat %d/%d: %.0f req/s, p50 %.2f ms, p99 %.2f ms, %d errors; target %.2f CPU-s, %.0f MB peak; load generator %.0f%% of %d CPU(s)",
		len(c.Repeats), m.r.Plan.Repeats, res.RequestsPerSecond, res.LatencyMs.P50, res.LatencyMs.P99, res.Errors.Total(),
		u.TargetCPUUserSeconds+u.TargetCPUSystemSeconds, float64(u.TargetRSSPeakBytes)/1e6, genShare*100, genCPUs)
	if m.stolen >= 0.01 { // a VM's host took CPU time from it during the repeat: a slow repeat may be the host's doing
		m.r.logf("    the host took %.1f%% of this machine's CPU time during the repeat (steal)", m.stolen*100)
	}
	if m.stealLost {
		c.flag(FlagHostInterference)
		if !m.interfered {
			m.r.logf("    still more than %.0f%% after %d tries more: kept as measured, the cell is flagged %s and its further repeats are not tried again",
				maxStealShare*100, m.stealRetries, FlagHostInterference)
		}
		m.interfered = true
	}
	for _, l := range m.lacking {
		c.flag(FlagJDKLacksCounters)
		if !m.lackSaid[l] {
			if m.lackSaid == nil {
				m.lackSaid = map[string]bool{}
			}
			m.lackSaid[l] = true
			m.r.logf("    the target's JDK lacks a counter: its repeats go without %s; its cells are flagged %s", l, FlagJDKLacksCounters)
		}
	}
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
	defer m.skip(1)
	c := m.newCell(p, "delay", "open", k)
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
	c.raw.Add(m.rawTitle(fmt.Sprintf("warm-up window 1: fortio at %g req/s for %s", rate, warm.Duration), nil), res.Raw)
	c.WarmupWindows = windowsOf([]warmup.Sample{{Seconds: max(time.Since(started), warm.Duration).Seconds(),
		RequestsPerSecond: res.RequestsPerSecond, JITShare: -1}})
	c.WarmupSeconds = math.Round(warm.Duration.Seconds()*10) / 10
	for j := 0; j < r.Plan.Repeats; j++ {
		o.Duration = r.Plan.Duration
		res, u, err := m.measured(p, true, false, func() (load.Result, error) { return openloop.Run(ctx, o) })
		if err != nil {
			return c, fmt.Errorf("%.0f req/s, repeat %d: %w", rate, j+1, err)
		}
		c.raw.Add(m.rawTitle(fmt.Sprintf("repeat %d: fortio at %g req/s for %s", j+1, rate, o.Duration), nil), res.Raw)
		m.keep(&c, res, u, len(m.lg)) // the agent, and so fortio, is pinned to the load generator's CPUs
	}
	c.judgeNoise()
	return c, nil
}
