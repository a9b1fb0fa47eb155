package run

// Measuring a run's targets, file by concern (methodology.md's order): this file walks one target through its JVM
// modes and starts and merges what each start measured; session.go is one JVM start (deploy, health, warm-up,
// stop); repeats.go a closed-loop cell's repeats (the repeat loop, the steal re-measure, the flags a repeat sets);
// openloop.go the delay scenario's open loop; cost.go the cost ladder; readings.go what is read from the host
// around a repeat (steal, CPU time, GC counters). rounds.go interleaves the starts of a slot's targets; aot.go is the
// aot-cache mode's training.

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/balancer"
	"podium.dev/agent/internal/database"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/topology"
)

// Thresholds for the cell flags.
const (
	highErrorRate  = 0.01 // more than 1% of requests failed
	openLoopShort  = 0.9  // the step function stops when throughput falls below 90% of the offered rate
	openLoopPerCPU = 50   // step i offers i x vCPUs x 50 requests/s (methodology.md)
)

// measurer is the run's measuring state that outlives a JVM start: the load generator's CPUs, the benchmark database
// and balancer, the progress count, the JVM mode and start being measured, and the baseline's cells so far. What
// belongs to one start is a session's (session.go).
type measurer struct {
	r    *Runner
	lg   host.CPUs
	cell int
	// db is the benchmark database (nil without db scenarios, or when it did not start: dbErr says why).
	db    *database.Server
	dbErr error
	// balancer is how the nginx-N topologies' nginx is started (its binary and CPUs).
	balancer balancer.Options
	// lackSaid are the figures the target's JDK could not give that the run's output has said so of (once a run).
	lackSaid map[string]bool
	// fork is the JVM start being measured (0 to Plan.Forks - 1); done the progress steps of the current target.
	fork int
	done int
	// mode is the JVM mode being measured (aot.go): its name, the flags it adds to the measured starts, its training;
	// aotErr why the JDK cannot write an AOT cache (nil: it can), asked once (aotChecked)
	mode       modeState
	aotChecked bool
	aotErr     error
	// baseline are the baseline's cells measured so far in this run (the cost ladder is chosen from its figure).
	baseline []Cell
}

// slotTarget is one target in one slot: what each of its JVM starts is deployed with (its vCPUs k, the topology, the
// server CPUs, the reference service for proxy cells).
type slotTarget struct {
	t    *suite.Target
	k    int
	topo topology.Topology
	cpus host.CPUs
	ref  *suite.Reference
}

// of is the slot with target t in it.
func (s slotTarget) of(t *suite.Target) slotTarget {
	s.t = t
	return s
}

// target measures at.t's cells in each of its JVM modes (the default, then aot-cache: aot.go) over the plan's JVM
// starts (forks): each start deploys the target afresh, validates it, warms it up and measures the repeats of every
// closed-loop cell; the open-loop cells are measured in the first start of the default mode. A cell's repeats from
// its starts are kept together, each with its start's index.
func (m *measurer) target(ctx context.Context, at slotTarget) ([]Cell, *TargetFailure) {
	planned := m.r.Plan.cellsOf(at.t)
	m.done = 0
	first := m.cell
	var cells []Cell
	var problems []string
	for _, mode := range m.r.Plan.modesOf(at.t) {
		if ctx.Err() != nil {
			break
		}
		m.mode = modeState{name: mode}
		cleanup := func() {}
		if mode == aotcache.AOTCache {
			cleanup = m.train(ctx, at)
		}
		got, probs, fatal := m.forks(ctx, at)
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
	return settle(at, cells, problems)
}

// settle completes a target's cells once its last start is measured (their error-rate and noise flags, their raw
// output encoded) and says whether it failed.
func settle(at slotTarget, cells []Cell, problems []string) ([]Cell, *TargetFailure) {
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
	return cells, &TargetFailure{Target: at.t.Name, VCPUs: at.k, Topology: at.topo.Name, Reason: strings.Join(problems, "; ")}
}

// forks measures at.t's cells in the current JVM mode over the plan's starts, one after another, and says what went
// wrong (fatal: a start failed outright).
func (m *measurer) forks(ctx context.Context, at slotTarget) (cells []Cell, problems []string, fatal bool) {
	forks := m.r.Plan.forks()
	first := m.cell
	// every start numbers its cells from the same first one; the first start also measures the cost and open-loop
	// cells, so the mode's cells end where the furthest start ended, not where the last one did
	last := first
	defer func() { m.cell = last }()
	for f := 0; f < forks && ctx.Err() == nil; f++ {
		var end int
		end, fatal = m.oneStart(ctx, at, f, first, nil, &cells, &problems)
		last = max(last, end)
		if fatal {
			break // what the earlier starts measured is kept; each cell says how many starts it rests on
		}
	}
	return cells, problems, fatal
}

// oneStart measures start f of at.t in the current JVM mode, its cells numbered from first: their repeats are merged
// into *cells (mergeFork) and what went wrong into *problems, each said once. in, when the run is in rounds, is the
// round and place the start was drawn in: each of its cells records the start (Cell.Starts). It returns the number
// of the last cell the start measured and whether it failed outright.
func (m *measurer) oneStart(ctx context.Context, at slotTarget, f, first int, in *Start, cells *[]Cell, problems *[]string) (end int, fatal bool) {
	forks := m.r.Plan.forks()
	m.fork, m.cell = f, first
	if forks > 1 {
		m.r.logf("%s: JVM start %d of %d%s%s", at.t.Name, f+1, forks, m.mode.label(), in.label())
	}
	startedAt := time.Now().UTC()
	got, probs, fatal := m.start(ctx, at)
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

// topoLabel is " nginx-N" for the progress lines of a balanced deployment, "" for a single instance.
func topoLabel(p *topology.Deployment) string {
	if p.Topology.Balanced() {
		return " " + p.Topology.Name
	}
	return ""
}
