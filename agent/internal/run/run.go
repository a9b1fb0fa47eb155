package run

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"podium.dev/agent/internal/balancer"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/openloop"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/steal"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/topology"
	"podium.dev/agent/internal/wrk"
)

// Runner measures one suite on this host.
type Runner struct {
	Manifest     *suite.Manifest
	Plan         Plan
	Layout       host.Layout
	Java         string
	Wrk          string // wrk binary; "" is wrk on the PATH
	HealthWait   time.Duration
	AgentVersion string
	SuiteCommit  string
	Display      *progress.Display
	// Steal reads the host's steal over each repeat; nil is /proc/stat (steal.Proc). Tests give a stand-in.
	Steal steal.Source

	// RunID and StartedAt are the run's identity; empty starts a new run. A resumed run passes its own.
	RunID, StartedAt string
	// Kept are the targets an interrupted invocation of this run already kept (spooled): not measured again.
	Kept []PartTarget
	// Earlier are the baseline's cells kept by that invocation: later cells are compared with them (above-baseline).
	Earlier []Cell
	// Planned, when set, is called once with every target of the run, in the order they are measured, before the first.
	Planned func([]TargetSlot) error
	// Done, when set, is called as soon as each target is done, with a payload of its cells alone (none when it
	// failed at once) and how it ended: it is where the target is signed and spooled as a part. An error stops the run.
	Done func(cells *Run, target PartTarget) error
}

// TargetFailure is a target that did not start or broke the contract; the run goes on without it.
type TargetFailure struct {
	Target   string
	VCPUs    int
	Topology string // "single" or "nginx-N"
	Reason   string
}

// Where is the failure's vCPUs and, when not single, its topology: "2 vCPUs" or "2 vCPUs, nginx-2".
func (f TargetFailure) Where() string {
	if f.Topology == "" || f.Topology == topology.Single {
		return fmt.Sprintf("%d vCPUs", f.VCPUs)
	}
	return fmt.Sprintf("%d vCPUs, %s", f.VCPUs, f.Topology)
}

// ErrNoCells means nothing could be measured.
var ErrNoCells = errors.New("no cell was measured")

// Execute runs the plan and returns the payload and the targets that failed.
func (r *Runner) Execute(ctx context.Context) (*Run, []TargetFailure, error) {
	started := time.Now().UTC()
	targets, err := r.Plan.Select(r.Manifest)
	if err != nil {
		return nil, nil, err
	}
	if len(targets) == 0 {
		return nil, nil, errors.New("the plan selects no target")
	}
	lg := r.Layout.LoadGenerator
	if n, err := host.RaiseFileLimit(); err != nil || n < 8192 {
		r.logf("open-file limit %d (%v): wrk may fail above ~%d connections", n, err, n/2)
	}
	if err := host.PinSelf(lg); err != nil {
		r.logf("could not pin the agent to CPUs %s: %v", lg, err)
	}
	slots, vcpus, skipped, err := r.Plan.Slots(r.Layout)
	for _, why := range skipped {
		r.logf("skipping %s", why)
	}
	if err != nil {
		return nil, nil, err
	}
	balancedK := 0 // the most vCPUs any nginx-N slot gives its instances
	for _, s := range slots {
		if s.topo.Balanced() {
			balancedK = max(balancedK, s.k)
		}
	}
	maxK := slices.Max(vcpus)
	serverCPUs, _ := r.Layout.Server(maxK)

	info := host.Collect()
	info.ServerCPUs, info.LoadGeneratorCPUs = serverCPUs.String(), lg.String()
	settings := host.ReadSettings(slices.Sorted(slices.Values(slices.Concat(serverCPUs, lg)))) // every pinned CPU's governor
	info.Settings = &settings
	if r.RunID == "" {
		r.RunID, r.StartedAt = NewRunID(), started.Format(time.RFC3339Nano)
	}
	run := &Run{
		SchemaVersion: SchemaVersion, RunID: r.RunID, StartedAt: r.StartedAt,
		Agent:         Agent{Version: r.AgentVersion},
		Suite:         Suite{Name: r.Manifest.Name, Version: r.Manifest.Version, Commit: r.SuiteCommit, Profile: r.Plan.Profile},
		LoadGenerator: LoadGenerator{Tool: "wrk", Version: wrk.Version(r.Wrk)},
		Host:          info,
		JVM:           host.InspectJVM(ctx, r.Java, r.Manifest.JVMFlagsFor(maxK)),
	}
	if err := r.checkRelease(run.JVM, targets); err != nil {
		return nil, nil, err
	}
	if r.Plan.OpenLoop || slices.ContainsFunc(targets, func(t *suite.Target) bool { return r.Plan.costCells(t) > 0 }) {
		run.LoadGenerator.OpenLoopTool, run.LoadGenerator.OpenLoopVersion = "fortio", openloop.Version()
	}

	// The benchmark database shares the load generator's CPUs: a 2-CPU host has no third one to give it (its CPU
	// time is recorded per repeat, so a cell can show whether it was the limit).
	instances := 1
	for _, s := range slots {
		instances = max(instances, s.topo.Instances)
	}
	db, dbErr := r.Manifest.StartDatabase(ctx, targets, r.Plan.Scenarios, lg.String(), instances, r.logf)
	if db != nil {
		defer db.Stop()
		run.Database = &Database{Server: "PostgreSQL", Version: db.Version, CPUs: db.CPUs, Settings: db.Settings}
	}

	var ref *suite.Reference
	if suite.NeedsReference(targets) && slices.Contains(r.Plan.Scenarios, "proxy") {
		r.logf("starting the reference service on CPUs %s", lg)
		ref, err = r.Manifest.StartReference(ctx, suite.StartOptions{Java: r.Java, CPUs: lg.String(), VCPUs: 1, HealthWait: r.HealthWait})
		if err != nil {
			r.logf("%v: proxy cells will fail validation", err)
		} else {
			defer ref.Stop()
		}
	}

	m := &measurer{r: r, lg: lg, db: db, dbErr: dbErr}
	if balancedK > 0 {
		// The nginx-N topologies' balancer: a CPU of its own when the host has one to spare beside the largest such
		// slot's targets and the load generator, else the load generator's (a 2-CPU host), like the database.
		cpus, own := r.Layout.Balancer(balancedK)
		m.balancer = balancer.Options{CPUs: cpus, HealthWait: r.HealthWait}
		if !own {
			m.balancer.SharedWith = "load generator"
		}
		if m.balancer.Binary, err = balancer.Find(); err != nil {
			r.logf("%v: the nginx-N cells will fail", err)
		}
		r.logf("the nginx-N topologies' balancer runs on CPUs %s (%s)", cpus, map[bool]string{true: "its own", false: "shared with the load generator: no CPU to spare"}[own])
	}

	var planned []TargetSlot
	total := 0
	for _, s := range slots {
		for _, t := range targets {
			slot := TargetSlot{Target: t.Name, VCPUs: s.k, Topology: s.topo.Name}
			planned = append(planned, slot)
			if !IsKept(r.Kept, slot) {
				total += r.Plan.cellsOf(t)
			}
		}
	}
	if r.Planned != nil {
		if err := r.Planned(planned); err != nil {
			return nil, nil, err
		}
	}
	if r.Plan.inRounds() {
		r.Display.Interleaved()
	}
	r.Display.Plan(total)
	var failures []TargetFailure
	baseline := slices.Clone(r.Earlier)
	// kept completes a target of a slot: its failure said, its cells compared with the baseline's and added to the
	// run, and the part that keeps them handed to Done.
	kept := func(t *suite.Target, slot TargetSlot, cells []Cell, fail *TargetFailure) error {
		done := PartTarget{TargetSlot: slot, Status: TargetDone}
		if fail != nil {
			failures = append(failures, *fail)
			r.logf("FAILED %s on %s: %s (the run goes on)", t.Name, fail.Where(), fail.Reason)
			done.Status, done.Reason = TargetFailed, clip(fail.Reason, 2000)
		}
		// the baseline is measured first in each slot (in rounds: first in the first round), so its cells are there
		// to compare this target's with
		all := append(slices.Clone(baseline), cells...)
		flagAboveBaseline(all)
		cells = all[len(baseline):]
		if t == r.Manifest.Baseline {
			baseline = append(baseline, cells...)
		}
		run.Results = append(run.Results, cells...)
		if r.Done == nil {
			return nil
		}
		part := *run
		part.Results, part.Balancer, part.FinishedAt = cells, m.balancerOf(cells), time.Now().UTC().Format(time.RFC3339Nano)
		return r.Done(&part, done)
	}
	for _, s := range slots {
		cpus, _ := r.Layout.Server(s.k)
		var todo []*suite.Target
		for _, t := range targets {
			slot := TargetSlot{Target: t.Name, VCPUs: s.k, Topology: s.topo.Name}
			if IsKept(r.Kept, slot) {
				r.logf("%s: kept by the interrupted run, not measured again", slot)
				continue
			}
			todo = append(todo, t)
		}
		slot := slotTarget{k: s.k, topo: s.topo, cpus: cpus, ref: ref}
		slotOf := func(t *suite.Target) TargetSlot { return TargetSlot{Target: t.Name, VCPUs: s.k, Topology: s.topo.Name} }
		if r.Plan.inRounds() {
			err := m.rounds(ctx, todo, slot, slices.Clone(baseline), func(t *suite.Target, cells []Cell, fail *TargetFailure) error {
				return kept(t, slotOf(t), cells, fail)
			})
			if err != nil {
				return nil, failures, err
			}
			continue
		}
		for _, t := range todo {
			if err := ctx.Err(); err != nil {
				return nil, failures, err
			}
			m.baseline = baseline
			cells, fail := m.target(ctx, slot.of(t))
			if err := ctx.Err(); err != nil {
				return nil, failures, err // interrupted: the target was stopped, its cells are lost, earlier targets' are kept
			}
			if err := kept(t, slotOf(t), cells, fail); err != nil {
				return nil, failures, err
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, failures, err
	}
	r.Display.Finish()
	if len(run.Results) == 0 && len(r.Kept) == 0 {
		return nil, failures, ErrNoCells
	}
	run.Balancer = m.balancerOf(run.Results)
	run.FinishedAt = time.Now().UTC().Format(time.RFC3339Nano)
	return run, failures, nil
}

// balancerOf is the run's balancer block when the cells include nginx-N ones, else nil.
func (m *measurer) balancerOf(cells []Cell) *Balancer {
	if !slices.ContainsFunc(cells, func(c Cell) bool { return c.Topology != "" && c.Topology != topology.Single }) {
		return nil
	}
	b := m.balancer
	return &Balancer{Server: "nginx", Version: balancer.Version(b.Binary), CPUs: b.CPUs.String(),
		Settings: balancer.Settings(max(1, len(b.CPUs)), b.SharedWith)}
}

// stealSource is the Runner's Steal, else /proc/stat's.
func (r *Runner) stealSource() steal.Source {
	if r.Steal != nil {
		return r.Steal
	}
	return steal.Proc
}

func (r *Runner) logf(format string, args ...any) { r.Display.Logf(format, args...) }

var versionRE = regexp.MustCompile(`\d+\.\d+(\.\d+)?`)

// frameworkVersion is the manifest's version or, for the baseline (nginx), what `<binary> -v` says.
func frameworkVersion(t *suite.Target) string {
	if t.FrameworkVersion != "" {
		return t.FrameworkVersion
	}
	if len(t.Start) > 0 && !strings.HasPrefix(t.Start[0], "{") {
		out, _ := exec.Command(t.Start[0], "-v").CombinedOutput()
		if v := versionRE.Find(out); v != nil {
			return string(v)
		}
	}
	return "unknown"
}

// clip cuts s to at most n bytes on a rune boundary (the schema's limit of a part's reason).
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
