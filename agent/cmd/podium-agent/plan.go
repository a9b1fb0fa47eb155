package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/schedule"
	"podium.dev/agent/internal/suite"
)

// registerShard adds --shard, which run and plan share.
func (f *runFlags) registerShard(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.shard, "shard", "", "measure only shard i of n of the profile's targets, e.g. 2/3: the targets are dealt into n shards balanced by planned time, the same on every host; the baseline (nginx) goes with every shard (see podium-agent plan)")
}

// shardOf narrows the plan to --shard's targets (a nil shard when none is asked for), with the split of all shards,
// and says on w which targets the shard measures.
func shardOf(w io.Writer, f *runFlags, m *suite.Manifest, p run.Plan) (run.Plan, *schedule.Shard, []schedule.Part, error) {
	if f.shard == "" {
		return p, nil, nil, nil
	}
	s, err := schedule.ParseShard(f.shard)
	if err != nil {
		return p, nil, nil, usageError{err}
	}
	p, parts, err := schedule.Narrow(m, p, schedule.DefaultCosts, s)
	if err != nil {
		return p, nil, nil, usageError{fmt.Errorf("--shard %s: %w", s, err)}
	}
	baseline := ""
	if b := m.Baseline; p.Baseline && b != nil {
		baseline = ", and the baseline " + b.Name
	}
	fmt.Fprintf(w, "shard %s of profile %s: %s%s\n", s, p.Profile, strings.Join(p.Targets, ", "), baseline)
	return p, &s, parts, nil
}

// expect gives the display the plan's time per cell and start, so that it counts down from the plan (corrected by the run
// so far) and says after the run how far the plan was.
func expect(d *progress.Display, m *suite.Manifest, p run.Plan, layout host.Layout) {
	slots, _, _, err := p.Slots(layout)
	if err != nil {
		return // the run refuses the plan itself, saying why
	}
	if s, err := schedule.Build(m, p, slots, schedule.DefaultCosts); err == nil {
		d.Expect(s.Steps, s.Total)
	}
}

type planFlags struct {
	runFlags
	json     bool
	hostCPUs int
}

func newPlan(_ *globals) *cobra.Command {
	var f planFlags
	cmd := &cobra.Command{
		Use:   "plan",
		Short: "Print what run would measure, in order, and the time it is planned to take on this host",
		Long: `plan takes the same profile, target, scenario, shard and override flags as run and measures nothing: it
prints the cells in the order run measures them, the time planned for each target and in all on this host's CPUs
(--host-cpus: on a host with that many), and with --shard the split of the profile into its shards. The time is
built from the profile: the warm-up rule's horizon, minimum and cap, repeats x duration, the open-loop steps, the
database and JVM starts, times the JVM starts per cell (forks). It is a plan, not a measurement: after each run the
agent prints how far the plan was from what the run took. --json prints the same for programs.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error { return printPlan(cmd, &f) },
	}
	f.registerRun(cmd)
	f.registerShard(cmd)
	fl := cmd.Flags()
	fl.BoolVar(&f.json, "json", false, "print the plan as JSON")
	fl.IntVar(&f.hostCPUs, "host-cpus", 0, "plan for a host with this many usable CPUs (default: the CPUs this process may use)")
	for _, name := range []string{"wrk", "push", "output", "max-envelope-bytes", "suite-commit", "java", "health-timeout",
		"sla-ms", "sla-percentile", "framework-version"} {
		if fl.Lookup(name) != nil {
			_ = fl.MarkHidden(name)
		}
	}
	return cmd
}

// planView is what plan prints (--json: as is).
type planView struct {
	Profile string `json:"profile"`
	Host    struct {
		UsableCPUs        string   `json:"usableCpus"`
		LoadGeneratorCPUs string   `json:"loadGeneratorCpus"`
		VCPUs             []int    `json:"vcpus"`
		Skipped           []string `json:"skipped"`
	} `json:"host"`
	Shard *schedule.Shard `json:"shard"`
	// SlotSeconds is the time a run (one shard) of the profile must fit in (issue 24: nightly 4 h as one run, full 6 h
	// a shard); 0 when the profile names none. FittingShards is the fewest shards that each fit it on this host, 0
	// when none do (a target alone takes longer); both only when the profile names a slot.
	SlotSeconds   float64 `json:"slotSeconds"`
	OverSlot      bool    `json:"overSlot"` // this plan (this shard) is planned beyond the slot
	FittingShards int     `json:"fittingShards"`
	Forks         int     `json:"forks"`
	// Order is how the starts are ordered: rounds (Forks rounds per vCPU slot, each giving every target one start in
	// an order drawn afresh) or sequential; Rounds the rounds of each slot (1 when sequential: the targets in turn).
	Order          string       `json:"order"`
	Rounds         int          `json:"rounds"`
	JVMModes       []string     `json:"jvmModes"`
	TrainingRuns   int          `json:"trainingRuns"` // AOT-cache training runs (aot-cache mode)
	SetupSeconds   float64      `json:"setupSeconds"`
	PlannedSeconds float64      `json:"plannedSeconds"`
	Cells          []cellView   `json:"cells"`
	Targets        []targetView `json:"targets"`
	Shards         []shardView  `json:"shards"`
}

type cellView struct {
	run.PlannedCell
	PlannedSeconds float64 `json:"plannedSeconds"`
}

type targetView struct {
	schedule.Target
	PlannedSeconds float64 `json:"plannedSeconds"`
	WarmupSeconds  float64 `json:"warmupSeconds"`
	MeasureSeconds float64 `json:"measureSeconds"`
}

type shardView struct {
	Shard          string   `json:"shard"`
	Targets        []string `json:"targets"`
	PlannedSeconds float64  `json:"plannedSeconds"` // on this host, the baseline included
	OverSlot       bool     `json:"overSlot"`       // planned beyond the profile's slot on this host
}

func printPlan(cmd *cobra.Command, f *planFlags) error {
	m, err := suite.Load(f.suite)
	if err != nil {
		return usageError{err}
	}
	p, err := run.PlanFrom(m, f.profile)
	if err != nil {
		return usageError{err}
	}
	applyOverrides(cmd, &f.runFlags, &p)
	if err := p.Check(); err != nil {
		return usageError{fmt.Errorf("profile %s: %w", f.profile, err)}
	}
	whole := p
	p, shard, parts, err := shardOf(io.Discard, &f.runFlags, m, p)
	if err != nil {
		return err
	}
	usable := host.Usable()
	if f.hostCPUs > 0 {
		usable = nil
		for c := range f.hostCPUs {
			usable = append(usable, c)
		}
	}
	layout, err := host.NewLayout(usable, f.loadGenCPUs)
	if err != nil {
		return usageError{err}
	}
	if f.targetCPUs != "" {
		if layout.Targets, err = targetCPUs(f.targetCPUs, usable); err != nil {
			return usageError{err}
		}
	}
	slots, vcpus, skipped, err := p.Slots(layout)
	if err != nil {
		return usageError{err}
	}
	s, err := schedule.Build(m, p, slots, schedule.DefaultCosts)
	if err != nil {
		return usageError{err}
	}
	slot := schedule.SlotOf(p.Profile)
	v := planView{Profile: p.Profile, Shard: shard, Forks: p.Forks, Order: run.OrderRounds, Rounds: p.Forks, JVMModes: p.JVMModes, TrainingRuns: s.Trainings(),
		SetupSeconds: secs(s.Setup), PlannedSeconds: secs(s.Total), SlotSeconds: secs(slot), OverSlot: slot > 0 && s.Total > slot}
	if p.Order == run.OrderSequential {
		v.Order, v.Rounds = run.OrderSequential, 1
	}
	if slot > 0 {
		onHost := func(one run.Plan) (time.Duration, error) {
			ps, err := schedule.Build(m, one, slots, schedule.DefaultCosts)
			if err != nil {
				return 0, err
			}
			return ps.Total, nil
		}
		if v.FittingShards, err = schedule.Fitting(m, whole, schedule.DefaultCosts, slot, onHost); err != nil {
			return err
		}
	}
	v.Host.UsableCPUs, v.Host.LoadGeneratorCPUs, v.Host.VCPUs, v.Host.Skipped = usable.String(), layout.LoadGenerator.String(), vcpus, skipped
	for _, c := range s.Cells {
		v.Cells = append(v.Cells, cellView{c.PlannedCell, secs(c.Planned)})
	}
	for _, t := range s.Targets {
		v.Targets = append(v.Targets, targetView{t, secs(t.Planned), secs(t.Warmup), secs(t.Measured)})
	}
	for _, pt := range parts {
		one := whole
		one.Targets = pt.Targets
		ps, err := schedule.Build(m, one, slots, schedule.DefaultCosts)
		if err != nil {
			return err
		}
		v.Shards = append(v.Shards, shardView{pt.Shard.String(), pt.Targets, secs(ps.Total), slot > 0 && ps.Total > slot})
	}
	if f.json {
		enc := json.NewEncoder(cmd.OutOrStdout())
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
	writePlan(cmd.OutOrStdout(), v, s)
	return nil
}

func secs(d time.Duration) float64 { return math.Round(d.Seconds()*10) / 10 }

func writePlan(w io.Writer, v planView, s *schedule.Schedule) {
	what := "the whole profile"
	if v.Shard != nil {
		what = "shard " + v.Shard.String()
	}
	fmt.Fprintf(w, "profile %s, %s, on CPUs %s (load generator on %s): %d vCPU slot(s) %v, %d JVM start(s) per cell, JVM modes %s\n",
		v.Profile, what, v.Host.UsableCPUs, v.Host.LoadGeneratorCPUs, len(v.Host.VCPUs), v.Host.VCPUs, v.Forks, strings.Join(v.JVMModes, ", "))
	for _, why := range v.Host.Skipped {
		fmt.Fprintf(w, "  skipped: %s\n", why)
	}
	if v.Order == run.OrderSequential {
		fmt.Fprintf(w, "order: sequential, every start of a target, then the next target\n")
		fmt.Fprintf(w, "\ncells, in the order run measures them:\n")
	} else {
		fmt.Fprintf(w, "order: %d interleaved round(s) per vCPU slot, each giving every target one JVM start in an order drawn afresh (the baseline first in the first round)\n", v.Rounds)
		fmt.Fprintf(w, "\ncells, in the order of each target's turn (a run in rounds measures a target's starts one round apart):\n")
	}
	for i, c := range s.Cells {
		extra := ""
		if c.Rest {
			extra = " (only when a step misses the SLA: not in the plan's time)"
		}
		fmt.Fprintf(w, "%5d  %-56s %8s%s\n", i+1, c.Label(), progress.Short(c.Planned), extra)
	}
	fmt.Fprintf(w, "\nper target (planned):\n")
	for _, t := range s.Targets {
		topo := ""
		if t.Topology != "" && t.Topology != "single" {
			topo = ", " + t.Topology
		}
		training := ""
		if t.Trainings > 0 {
			training = fmt.Sprintf(", AOT-cache training %s", progress.Short(t.Training))
		}
		fmt.Fprintf(w, "  %-20s %d vCPU%s  %3d cells x %d start(s)  %8s  (warm-up %s, repeats %s%s)\n", t.Name, t.VCPUs, topo,
			t.Cells, t.Starts, progress.Short(t.Planned), progress.Short(t.Warmup), progress.Short(t.Measured), training)
	}
	fmt.Fprintf(w, "\nplanned: %s for %d cells of %d target(s) (setup %s), not measured: each run prints how far its plan was\n",
		progress.Short(s.Total), len(s.Cells), countTargets(s), progress.Short(s.Setup))
	if v.TrainingRuns > 0 {
		var training time.Duration
		for _, t := range s.Targets {
			training += t.Training
		}
		fmt.Fprintf(w, "AOT-cache training runs: %d (%s of the plan; each also adds the aot-cache mode's starts and cells)\n",
			v.TrainingRuns, progress.Short(training))
	}
	if len(v.Shards) > 0 {
		fmt.Fprintf(w, "\nshards on this host (each also measures the baseline; the split balances the targets' time over every vCPU count the profile names, so it is the same on every host):\n")
		var over []string
		for _, sh := range v.Shards {
			mark := " "
			if v.Shard != nil && sh.Shard == v.Shard.String() {
				mark = "*"
			}
			beyond := ""
			if sh.OverSlot {
				beyond = " OVER THE SLOT"
				over = append(over, sh.Shard)
			}
			fmt.Fprintf(w, " %s %-5s %8s%s  %s\n", mark, sh.Shard, progress.Short(time.Duration(sh.PlannedSeconds*float64(time.Second))), beyond, strings.Join(sh.Targets, ", "))
		}
		if len(over) > 0 {
			fmt.Fprintf(w, "%d of %d shards are planned beyond profile %s's slot of %s on this host: %s\n", len(over), len(v.Shards), v.Profile, short(v.SlotSeconds), strings.Join(over, ", "))
		}
	}
	writeSlot(w, v)
}

// writeSlot says whether the plan fits the profile's slot on this host, and how many shards would.
func writeSlot(w io.Writer, v planView) {
	if v.SlotSeconds == 0 {
		return
	}
	what := "this run"
	if v.Shard != nil {
		what = "shard " + v.Shard.String()
	}
	if v.OverSlot {
		fmt.Fprintf(w, "%s is planned at %s, OVER profile %s's slot of %s on this host\n", what, short(v.PlannedSeconds), v.Profile, short(v.SlotSeconds))
	} else {
		fmt.Fprintf(w, "%s fits profile %s's slot of %s on this host\n", what, v.Profile, short(v.SlotSeconds))
	}
	switch {
	case v.FittingShards == 0:
		fmt.Fprintf(w, "no split fits the slot on this host: a shard holds whole targets, and a target alone is planned beyond %s (see per target)\n", short(v.SlotSeconds))
	case v.FittingShards > 1 || v.Shard != nil:
		fmt.Fprintf(w, "%d shards (--shard i/%d) are the fewest that each fit the slot on this host\n", v.FittingShards, v.FittingShards)
	}
}

func short(seconds float64) string {
	return progress.Short(time.Duration(seconds * float64(time.Second)))
}

func countTargets(s *schedule.Schedule) int {
	seen := map[string]bool{}
	for _, t := range s.Targets {
		seen[t.Name] = true
	}
	return len(seen)
}
