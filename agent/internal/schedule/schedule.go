package schedule

import (
	"slices"
	"time"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/suite"
)

// Cell is one planned cell and its planned time over every start (fork) of its target that measures it (every start
// for a closed-loop cell, the first for an open-loop one); a target's first cell also carries the target's starts.
type Cell struct {
	run.PlannedCell
	Planned time.Duration `json:"-"`
}

// Target is one target in one slot: its cells and their planned time.
type Target struct {
	Name     string `json:"name"`
	VCPUs    int    `json:"vcpus"`
	Topology string `json:"topology"`
	Cells    int    `json:"cells"`
	Starts   int    `json:"starts"` // per JVM mode
	// Modes are the JVM modes the target is measured in; Trainings the AOT-cache training runs it needs (one per
	// slot in the aot-cache mode).
	Modes     []string      `json:"jvmModes"`
	Trainings int           `json:"trainingRuns"`
	Planned   time.Duration `json:"-"`
	Warmup    time.Duration `json:"-"` // of Planned, the warm-ups
	Measured  time.Duration `json:"-"` // of Planned, the repeats
	Training  time.Duration `json:"-"` // of Planned, the AOT-cache training runs
}

// Schedule is a run's plan: its cells in order and the time planned for each.
type Schedule struct {
	Cells []Cell
	// Steps are the cells as the run announces them, start by start (a closed-loop cell once in each start), with
	// the time planned for each: what the progress display counts down.
	Steps   []progress.Step
	Targets []Target
	Setup   time.Duration // before the first cell: host metadata, the database, the reference service
	Total   time.Duration // Setup and every target
}

// Build plans p on the given slots (run.Plan.Slots for this host, run.Plan.AllSlots for any host).
func Build(m *suite.Manifest, p run.Plan, slots []run.Slot, c Costs) (*Schedule, error) {
	targets, err := p.Select(m)
	if err != nil {
		return nil, err
	}
	s := &Schedule{Setup: c.RunSetup}
	if suite.NeedsDatabase(targets, p.Scenarios) {
		s.Setup += c.DatabaseStart
	}
	if suite.NeedsReference(targets) && slices.Contains(p.Scenarios, "proxy") {
		s.Setup += c.ReferenceStart
	}
	s.Total = s.Setup
	for _, sl := range slots {
		for _, t := range targets {
			tp, cells, steps := plan(p, c, t, sl)
			for _, st := range steps {
				st.Cell += len(s.Cells) + 1 // the run's 1-based cell number
				s.Steps = append(s.Steps, st)
			}
			s.Targets = append(s.Targets, tp)
			s.Cells = append(s.Cells, cells...)
			s.Total += tp.Planned
		}
	}
	return s, nil
}

// plan is one target in one slot: in each JVM mode, each start (fork) measures every closed-loop cell of the target
// once, and the first start of the default mode its open-loop steps (as run measures them: the open loop in the first
// start only); the aot-cache mode's first cell also carries its training run. The steps are the same time in the
// order the run spends it: in each mode, every start's closed-loop cells (the start's own cost on its first), the
// open-loop and cost cells after the first start's; their Cell is the index in the target's cells.
func plan(p run.Plan, c Costs, t *suite.Target, sl run.Slot) (Target, []Cell, []progress.Step) {
	starts := max(1, p.Forks) // the run starts nginx as often as a JVM (a few seconds each)
	tp := Target{Name: t.Name, VCPUs: sl.VCPUs(), Topology: sl.Topology().Name, Starts: starts}
	var cells []Cell
	var each []time.Duration // a cell's time in one start that measures it
	seen := map[string]bool{}
	mode := ""
	for _, pc := range p.CellsOf(t, sl) {
		first := pc.JVMMode != mode // the first cell of a mode's starts
		if first {
			mode, seen = pc.JVMMode, map[string]bool{}
			tp.Modes = append(tp.Modes, mode)
		}
		var warm, measured time.Duration
		switch {
		case pc.Rest: // an open-loop bisection: only when a step misses the SLA
		case pc.Cost: // a fixed-rate cost cell: its repeats, after the closed-loop cells that warmed its scenario up
			measured = p.CostRepeatTime(c.RepeatOverhead)
		case pc.LoadModel == "open":
			warm, measured = OpenWarmup(p), Repeats(p, c)
		default:
			at := NextConcurrency
			switch {
			case first:
				at = FirstOfStart
			case !seen[pc.Scenario]:
				at = FirstOfScenario
			}
			warm, measured = Warmup(p, t, at, pc.Scenario), Repeats(p, c)
		}
		seen[pc.Scenario] = true
		n := time.Duration(starts)
		if pc.LoadModel == "open" {
			n = 1
		}
		cell := Cell{PlannedCell: pc, Planned: n * (warm + measured)}
		if first {
			cell.Planned += time.Duration(starts) * Start(p, c, t, sl)
		}
		if first && pc.JVMMode == aotcache.AOTCache {
			tr := Training(p, c, t)
			cell.Planned += tr
			tp.Training += tr
			tp.Trainings++
		}
		tp.Warmup += n * warm
		tp.Measured += n * measured
		tp.Planned += cell.Planned
		cells = append(cells, cell)
		each = append(each, warm+measured)
	}
	tp.Cells = len(cells)
	return tp, cells, steps(p, c, t, sl, cells, each, starts)
}

// steps orders a target's planned time as the run spends it (see plan).
func steps(p run.Plan, c Costs, t *suite.Target, sl run.Slot, cells []Cell, each []time.Duration, starts int) []progress.Step {
	var out []progress.Step
	for lo := 0; lo < len(cells); {
		hi := lo // cells[lo:hi] are one JVM mode's
		for hi < len(cells) && cells[hi].JVMMode == cells[lo].JVMMode {
			hi++
		}
		for f := range starts {
			first := true
			for i := lo; i < hi; i++ {
				if cells[i].LoadModel == "open" {
					continue
				}
				d := each[i]
				if first {
					d += Start(p, c, t, sl)
					if f == 0 && cells[i].JVMMode == aotcache.AOTCache {
						d += Training(p, c, t)
					}
					first = false
				}
				out = append(out, progress.Step{Cell: i, Planned: d})
			}
			if f == 0 {
				for i := lo; i < hi; i++ {
					if cells[i].LoadModel == "open" {
						out = append(out, progress.Step{Cell: i, Planned: each[i]})
					}
				}
			}
		}
		lo = hi
	}
	return out
}

// Trainings is how many AOT-cache training runs the schedule has.
func (s *Schedule) Trainings() int {
	n := 0
	for _, t := range s.Targets {
		n += t.Trainings
	}
	return n
}

// ByTarget sums the planned time of each target over its slots.
func (s *Schedule) ByTarget() map[string]time.Duration {
	out := map[string]time.Duration{}
	for _, t := range s.Targets {
		out[t.Name] += t.Planned
	}
	return out
}
