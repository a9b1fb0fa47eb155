package main

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/sign"
	"podium.dev/agent/internal/spool"
	"podium.dev/agent/internal/suite"
)

type runFlags struct {
	suiteFlags
	profile, suiteCommit, output, wrk string
	shard                             string // --shard i/n (plan.go)
	targetCPUs                        string
	scenarios, topologies             []string
	jvmModes, aotCacheTargets         []string
	connections, vcpus                []int
	rates, costRates                  []float64
	costRungs                         int
	duration, warmupWindow, warmupMax time.Duration
	warmupHorizon, warmupMin          time.Duration
	warmupJITQuiet                    float64
	repeats, delayMs, openLoopSteps   int
	slaMs                             float64
	slaPercentile                     string
	slaBisect                         int
	maxEnvelope                       int
	warmupTolerance                   float64
	openLoop, push, baseline, resume  bool
	version                           versionFlags
	forks                             int
	warmupPer, order, runKey          string
	// usable are the CPUs this process may use, read before any run pins it to the load generator's CPUs
	usable host.CPUs
}

func newRun(g *globals) *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Benchmark the suite on this host, sign the run and write it to the spool",
		Long: `run starts each target of the profile pinned to k vCPUs (taskset and -XX:ActiveProcessorCount=k),
validates it, warms it up until its throughput is flat over the warm-up horizon and its JIT is quiet, measures every cell (wrk closed loop; with
--open-loop also fortio open loop for the delay scenario), always stops it, and as soon as the target is done
writes its cells, signed, to the spool (fsynced) as a part of the run (with --push also sends it while the run
goes on). A target that fails is reported and the run goes on with the rest. An interruption (Ctrl-C, SIGTERM,
SIGKILL, a power cut) loses at most the target being measured: run --resume with the same flags continues the
run, measuring only the targets it has not kept. Flags left unset come from the manifest's profile.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error { return runSuite(cmd, g, &f) },
	}
	f.registerRun(cmd)
	f.registerShard(cmd)
	cmd.Flags().BoolVar(&f.resume, "resume", false, "continue the run this home's last run left interrupted (same flags): measure only the targets it has not kept, as parts of the same run")
	cmd.Flags().StringVar(&f.runKey, "run-key", "", "name the run: its id is derived from this key (the same key, the same run), so that --resume with the same key continues it on any host from what the service (--server) holds, without this home's state (a workflow passes its run's id and shard)")
	cmd.Flags().StringVar(&f.version.frameworkVersion, "framework-version", "", "build the one --target against this release of its framework first (by its Maven property, in a folder of its own) and measure that")
	return cmd
}

// registerRun adds the flags run and backfill share.
func (f *runFlags) registerRun(cmd *cobra.Command) {
	f.register(cmd)
	f.version.register(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.profile, "profile", "quick", "the manifest profile to run")
	fl.StringSliceVar(&f.scenarios, "scenario", nil, "scenarios (default: the profile's)")
	fl.IntSliceVar(&f.connections, "connections", nil, "closed-loop concurrency sweep (default: the profile's)")
	fl.IntSliceVar(&f.vcpus, "vcpus", nil, "vCPU counts for the targets (default: the profile's)")
	fl.StringVar(&f.targetCPUs, "target-cpus", "", "the CPUs targets take theirs from, e.g. 0-1; may overlap the load generator's, so that a 2-CPU host can run 2 vCPU cells (scale-up against nginx-2): such cells are flagged shares-generator-cpus (default: the CPUs the load generator leaves)")
	fl.StringSliceVar(&f.topologies, "topology", nil, "how each vCPU count is deployed: single (one instance on all k) and/or nginx-N (N instances on k/N vCPUs each behind nginx; k a multiple of N), e.g. single,nginx-2 (default: the profile's topologies, else single)")
	fl.StringSliceVar(&f.jvmModes, "jvm-mode", nil, "JVM modes each JVM target is measured in: default and/or aot-cache (a training run writes an AOT cache, JDK 25+, then the cells are measured again in starts from it), e.g. default,aot-cache (default: the profile's jvmModes, else default)")
	fl.StringSliceVar(&f.aotCacheTargets, "aot-cache-target", nil, "measure the aot-cache mode on these targets only (default: the profile's aotCacheTargets, else every JVM target)")
	fl.DurationVar(&f.duration, "duration", 0, "length of one measured repeat (default: the profile's)")
	fl.IntVar(&f.repeats, "repeats", 0, "repeats per cell (default: the profile's)")
	fl.StringVar(&f.order, "order", "", "how the JVM starts are ordered: rounds (round r gives every target of a vCPU slot one start, in an order drawn afresh each round; the baseline first in the first round) or sequential (every start of a target, then the next one: the order before rounds) (default: rounds)")
	fl.IntVar(&f.forks, "forks", 0, "JVM starts per cell: each start warms up and measures its repeats (default: the profile's, else 1)")
	fl.StringVar(&f.warmupPer, "warmup-per", "", "warm-up schedule: target (once per start and scenario, a further concurrency only checked) or cell (every cell by the full rule, the schedule before issue 24) (default: the profile's, else target)")
	fl.IntVar(&f.delayMs, "delay-ms", 0, "the N of /delay?ms=N (default: the profile's)")
	fl.DurationVar(&f.warmupWindow, "warmup-window", 0, "warm-up window (default: the profile's)")
	fl.DurationVar(&f.warmupHorizon, "warmup-horizon", 0, "stable only when this last stretch of windows shows no trend beyond the tolerance (default: the profile's)")
	fl.DurationVar(&f.warmupMin, "warmup-min", 0, "never stable before this much load (default: the profile's)")
	fl.Float64Var(&f.warmupJITQuiet, "warmup-jit-quiet", 0, "stable only when the JVM's JIT compiled for at most this share of the last window, per pinned CPU (default: the profile's)")
	fl.DurationVar(&f.warmupMax, "warmup-max", 0, "warm-up cap; a cell that hits it is flagged warmup-not-stable (default: the profile's)")
	fl.Float64Var(&f.warmupTolerance, "warmup-tolerance", 0, "the warm-up ends when the later half of its horizon's windows is within this relative difference of the earlier half (default: the profile's)")
	fl.BoolVar(&f.openLoop, "open-loop", false, "also measure the delay scenario in open loop (default: the profile's)")
	fl.Float64SliceVar(&f.rates, "rate", nil, "open-loop offered rates in requests/s (default: the step function)")
	fl.Float64SliceVar(&f.costRates, "cost-rate", nil, "offered rates of the fixed-rate cost cells in requests/s (default: the profile's ladder, chosen under a share of the baseline's figure)")
	fl.IntVar(&f.costRungs, "cost-rungs", 0, "how many rates of the cost ladder each target gets; 0: no cost cells (default: the profile's)")
	fl.IntVar(&f.openLoopSteps, "open-loop-steps", 10, "at most this many steps of the open-loop step function")
	fl.Float64Var(&f.slaMs, "sla-ms", 200, "the open-loop step function stops at the first step whose latency percentile reaches this many ms")
	fl.StringVar(&f.slaPercentile, "sla-percentile", "p90", "the percentile held to --sla-ms: p90 or p99")
	fl.IntVar(&f.slaBisect, "sla-bisect", 3, "then bisects this many times between the last step that met the SLA and the first that missed")
	fl.StringVar(&f.suiteCommit, "suite-commit", "", "the suite's commit (default: $GITHUB_SHA, else git rev-parse HEAD in the suite folder)")
	fl.StringVar(&f.output, "output", "", "also write the payload (unsigned JSON) to this file")
	fl.StringVar(&f.wrk, "wrk", "wrk", "the wrk binary")
	fl.BoolVar(&f.baseline, "baseline", true, "also measure the manifest's baseline (nginx) when the targets do not name it")
	fl.BoolVar(&f.push, "push", false, "push each part as soon as it is spooled, while the run goes on, and the spool at the end")
	fl.IntVar(&f.maxEnvelope, "max-envelope-bytes", 1<<20, "the service's size limit: a target's part bigger than this is spooled as several parts of whole cells")
}

func runSuite(cmd *cobra.Command, g *globals, f *runFlags) error {
	if err := preflight(g, f); err != nil {
		return err
	}
	m, err := suite.Load(f.suite)
	if err != nil {
		return usageError{err}
	}
	if v := f.version.frameworkVersion; v != "" {
		t, err := versionTarget(m, f.targets)
		if err != nil {
			return usageError{err}
		}
		if err := f.version.checkPublished(cmd, t, v); err != nil {
			return err
		}
		if _, err := f.version.build(cmd, m, t, v, f.java); err != nil {
			return err
		}
	}
	return measure(cmd, g, f, m)
}

// preflight fails early, before any build, on what would stop the measurement.
func preflight(g *globals, f *runFlags) error {
	if _, err := sign.LoadKey(g.key); err != nil {
		return usageError{fmt.Errorf("%w (run podium-agent keygen first)", err)}
	}
	if _, err := exec.LookPath(f.wrk); err != nil {
		return usageError{fmt.Errorf("wrk not found (%v): apt-get install -y wrk", err)}
	}
	return nil
}

// measure runs the plan on m, spools the signed run (in parts when large) and pushes it when asked.
func measure(cmd *cobra.Command, g *globals, f *runFlags, m *suite.Manifest) error {
	key, err := sign.LoadKey(g.key)
	if err != nil {
		return usageError{fmt.Errorf("%w (run podium-agent keygen first)", err)}
	}
	plan, err := run.PlanFrom(m, f.profile)
	if err != nil {
		return usageError{err}
	}
	applyOverrides(cmd, f, &plan)
	if err := plan.Check(); err != nil {
		return usageError{fmt.Errorf("profile %s: %w", f.profile, err)}
	}
	if plan, _, _, err = shardOf(cmd.ErrOrStderr(), f, m, plan); err != nil {
		return err
	}
	if f.usable == nil {
		f.usable = host.Usable()
	}
	layout, err := host.NewLayout(f.usable, f.loadGenCPUs)
	if err != nil {
		return usageError{err}
	}
	if f.targetCPUs != "" {
		if layout.Targets, err = targetCPUs(f.targetCPUs, f.usable); err != nil {
			return usageError{err}
		}
	}
	sp, err := spool.Open(g.spool)
	if err != nil {
		return err
	}
	if err := sp.CheckRoom(f.maxEnvelope); err != nil {
		return fmt.Errorf("%w: nothing was measured", err)
	}
	baseline := ""
	if m.Baseline != nil {
		baseline = m.Baseline.Name
	}
	state, err := runState(cmd, g, f, baseline)
	if err != nil {
		return err
	}
	display := progress.New(cmd.ErrOrStderr())
	expect(display, m, plan, layout)
	var pusher *backgroundPush
	if f.push {
		pusher = startPush(cmd, g)
	}
	r := &run.Runner{Manifest: m, Plan: plan, Layout: layout, Java: host.Java(f.java), Wrk: f.wrk,
		HealthWait: f.healthTimeout, AgentVersion: version, SuiteCommit: suiteCommit(f.suiteCommit, m.Dir), Display: display,
		RunID: state.RunID, StartedAt: state.StartedAt, Kept: state.Kept, Earlier: state.Baseline}
	r.Planned = func(planned []run.TargetSlot) error {
		if d := state.PlanDifference(planned); d != "" {
			return usageError{fmt.Errorf("--resume: %s (the manifest changed?): run without --resume to start a new run", d)}
		}
		state.Planned = planned
		return state.Save(g.home)
	}
	r.Done = func(cells *run.Run, target run.PartTarget) error {
		if err := keepPart(cmd, key, sp, state, f.maxEnvelope, cells, target, m.Baseline); err != nil {
			return err
		}
		if err := state.Save(g.home); err != nil {
			return err
		}
		pusher.kick()
		return nil
	}
	payload, failures, err := r.Execute(cmd.Context())
	display.Finish()
	pushErr := pusher.stop()
	if errors.Is(err, run.ErrNoCells) {
		state.Finished = true // every target was tried (each failed, its part says why): nothing to resume
		if serr := state.Save(g.home); serr != nil {
			return serr
		}
	}
	if err != nil {
		if cmd.Context().Err() != nil {
			fmt.Fprintf(cmd.ErrOrStderr(), "run %s interrupted: %s in the spool %s; the target being measured is lost\n", state.RunID, state.Progress(), g.spool)
			if cmd.Name() == "run" {
				fmt.Fprintf(cmd.ErrOrStderr(), "  continue it with the same flags and --resume: %s\n", resumeCommand())
			}
		}
		return failedRun(err, failures)
	}
	state.Finished = true
	if err := state.Save(g.home); err != nil {
		return err
	}
	if err := writePayload(f.output, payload); err != nil {
		return err
	}
	fmt.Fprint(cmd.ErrOrStderr(), payload.Summary())
	// The payload has no place for what was not measured: the summary says it, beside the cells.
	for _, fl := range failures {
		fmt.Fprintf(cmd.ErrOrStderr(), "  NOT MEASURED %s (%s): %s\n", fl.Target, fl.Where(), fl.Reason)
	}
	fmt.Fprintf(cmd.OutOrStdout(), "run %s: complete, %s in %d parts\n", state.RunID, state.Progress(), state.NextPart-1)
	if pushErr != nil {
		fmt.Fprintf(cmd.ErrOrStderr(), "push while running: %v (pushing again)\n", pushErr)
	}
	if f.push {
		if err := pushSpool(cmd, g, 8, 60*time.Second); err != nil {
			return err
		}
	}
	return failedRun(nil, failures)
}

// writePayload writes the payload, unsigned, to path (--output); nothing when path is empty.
func writePayload(path string, payload *run.Run) error {
	if path == "" {
		return nil
	}
	body, err := payload.Marshal()
	if err != nil {
		return err
	}
	return spool.WriteFile(path, body, 0o644)
}

// failedRun names the targets that failed; the run (if any) is already spooled.
func failedRun(err error, failures []run.TargetFailure) error {
	if len(failures) == 0 {
		return err
	}
	var what []string
	for _, fl := range failures {
		what = append(what, fmt.Sprintf("%s (%s): %s", fl.Target, fl.Where(), fl.Reason))
	}
	if err != nil {
		return fmt.Errorf("%w; %w", err, checkFailed{what})
	}
	return checkFailed{what}
}

func applyOverrides(cmd *cobra.Command, f *runFlags, p *run.Plan) {
	set := cmd.Flags().Changed
	overrideList(&p.Targets, f.targets)
	overrideList(&p.Scenarios, f.scenarios)
	if len(f.connections) > 0 {
		p.Connections, p.PlaintextConnections = f.connections, nil
	}
	overrideList(&p.VCPUs, f.vcpus)
	overrideList(&p.Topologies, f.topologies)
	overrideList(&p.JVMModes, f.jvmModes)
	overrideList(&p.AOTCacheTargets, f.aotCacheTargets)
	override(&p.Duration, f.duration)
	override(&p.Repeats, f.repeats)
	override(&p.DelayMs, f.delayMs)
	override(&p.Order, f.order)
	override(&p.Forks, f.forks)
	override(&p.WarmupPer, f.warmupPer)
	override(&p.WarmupWindow, f.warmupWindow)
	override(&p.WarmupHorizon, f.warmupHorizon)
	override(&p.WarmupMin, f.warmupMin)
	override(&p.WarmupJITQuiet, f.warmupJITQuiet)
	override(&p.WarmupMax, f.warmupMax)
	override(&p.WarmupTolerance, f.warmupTolerance)
	if set("open-loop") {
		p.OpenLoop = f.openLoop
	}
	if len(f.rates) > 0 {
		p.OpenLoopRates, p.OpenLoop = f.rates, true
	}
	p.OpenLoopSteps = f.openLoopSteps
	if set("cost-rungs") {
		p.CostRungs = f.costRungs
	}
	if len(f.costRates) > 0 {
		p.CostRates = f.costRates
	}
	p.SLAMs, p.SLAPercentile, p.SLABisect = f.slaMs, f.slaPercentile, f.slaBisect
	p.Baseline = f.baseline
}

// override sets a plan field from its flag when the flag was given: a positive number or a non-empty string.
func override[T cmp.Ordered](field *T, flag T) {
	var unset T
	if flag > unset {
		*field = flag
	}
}

// overrideList sets a plan field from a list flag when the list was given.
func overrideList[T any](field *[]T, flag []T) {
	if len(flag) > 0 {
		*field = flag
	}
}

func suiteCommit(flag, dir string) string {
	if flag != "" {
		return flag
	}
	if sha := os.Getenv("GITHUB_SHA"); sha != "" {
		return sha
	}
	out, err := exec.Command("git", "-C", dir, "rev-parse", "HEAD").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// targetCPUs parses --target-cpus: a CPU list within the usable ones.
func targetCPUs(list string, usable host.CPUs) (host.CPUs, error) {
	cpus, err := host.ParseCPUs(list)
	if err != nil || len(cpus) == 0 {
		return nil, fmt.Errorf("--target-cpus %q: want a CPU list such as 0-1 or 0,2 (%v)", list, err)
	}
	for _, c := range cpus {
		if !slices.Contains(usable, c) {
			return nil, fmt.Errorf("--target-cpus %q: CPU %d is not one this process may use (%s)", list, c, usable)
		}
	}
	return cpus, nil
}
