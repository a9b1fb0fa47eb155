package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/ab"
	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/spool"
	"podium.dev/agent/internal/suite"
)

type abFlags struct {
	suite, profile, target, java, wrk string
	scenarios                         []string
	connections                       []int
	vcpus, rounds, repeats            int
	duration, healthTimeout           time.Duration
	a, b                              abSide // each side's variant: commit, framework version, JVM flags, environment
	version                           versionFlags
	json, markdown, output            string
}

func newAB(_ *globals) *cobra.Command {
	var f abFlags
	cmd := &cobra.Command{
		Use:   "ab --target NAME [--a-... / --b-... variant flags]",
		Short: "Measure two variants of one target (A and B) in interleaved rounds on this host and judge B against A",
		Long: `ab measures one target of the suite as two variants, A and B. Each side is the target as the suite has it,
or as it is at a commit of the suite's git repository (--b-commit, built in a temporary git worktree that is removed
afterwards), or built against another release of its framework (--b-framework-version, as run --framework-version),
plus that side's JVM flags and environment (--b-jvm-flags, --b-env KEY=VALUE); --a-... likewise. A side given no
flag is the suite's target as it is; both sides alike is an A/A, which the report says. They are measured in --rounds
interleaved rounds on this host, each round one JVM start of A and one of B in an order drawn for the round, on the
cells asked (default: plaintext and json at the profile's
concurrency, 1 vCPU). For each cell it prints B against A: the ratio of B's figure to A's from the rounds' paired
ratios (what a round's stretch of the host did to both cancels) with its 95% interval, "B better", "B worse" or
"cannot tell", and the smallest change the rounds could have detected; for throughput, p99 latency, CPU per request
and allocation per request. The number of rounds is fixed before the first (no rule that looks at the interval
decides when to stop). --json and --markdown write the same report (the Markdown is a table for a pull request).
Nothing is signed or sent.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error { return runAB(cmd, &f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.suite, "suite", "agent/suite/suite.json", "the suite manifest")
	fl.StringVar(&f.profile, "profile", "quick", "the profile whose warm-up, repeat length and concurrency the A/B uses")
	fl.StringVar(&f.target, "target", "", "the target to measure as A and B (required)")
	fl.StringVar(&f.a.jvmFlags, "a-jvm-flags", "", "JVM flags variant A adds, space-separated")
	fl.StringVar(&f.b.jvmFlags, "b-jvm-flags", "", "JVM flags variant B adds, space-separated, e.g. \"-XX:+UseParallelGC\"")
	fl.StringArrayVar(&f.a.env, "a-env", nil, "KEY=VALUE variant A adds to the target's environment (repeatable)")
	fl.StringArrayVar(&f.b.env, "b-env", nil, "KEY=VALUE variant B adds to the target's environment (repeatable), e.g. a pool size")
	registerABSides(cmd, &f)
	fl.StringSliceVar(&f.scenarios, "scenario", []string{"plaintext", "json"}, "the scenarios measured")
	fl.IntSliceVar(&f.connections, "connections", nil, "the concurrencies measured (default: the profile's)")
	fl.IntVar(&f.vcpus, "vcpus", 1, "the target's vCPUs")
	fl.IntVar(&f.rounds, "rounds", 10, "interleaved rounds, fixed before the first (2 to 10): each one JVM start of A and one of B")
	fl.IntVar(&f.repeats, "repeats", 0, "repeats per cell in each start (default: the profile's)")
	fl.DurationVar(&f.duration, "duration", 0, "length of one repeat (default: the profile's)")
	fl.StringVar(&f.java, "java", "", "the java binary (default: $JAVA_HOME/bin/java, else java)")
	fl.StringVar(&f.wrk, "wrk", "wrk", "the wrk binary")
	fl.DurationVar(&f.healthTimeout, "health-timeout", 90*time.Second, "how long a target may take to answer its health URL")
	fl.StringVar(&f.json, "json", "", "also write the report as JSON to this file")
	fl.StringVar(&f.markdown, "markdown", "", "also write the report as a Markdown table to this file")
	fl.StringVar(&f.output, "output", "", "also write the measured payload (unsigned JSON, both variants' cells) to this file")
	return cmd
}

func runAB(cmd *cobra.Command, f *abFlags) error {
	if f.target == "" {
		return usageError{errors.New("--target is required: the target to measure as A and B")}
	}
	if f.rounds < 2 || f.rounds > 10 {
		return usageError{fmt.Errorf("--rounds %d: 2 to 10 (two give a paired interval with one degree of freedom)", f.rounds)}
	}
	if _, err := exec.LookPath(f.wrk); err != nil {
		return usageError{fmt.Errorf("wrk not found (%v): apt-get install -y wrk", err)}
	}
	m, err := suite.Load(f.suite)
	if err != nil {
		return usageError{err}
	}
	a, b, cleanup, err := abVariants(cmd, f, m)
	defer cleanup()
	if err != nil {
		return err
	}
	mm, err := ab.Manifest(m, f.target, a, b)
	if err != nil {
		return usageError{err}
	}
	plan, err := run.PlanFrom(mm, f.profile)
	if err != nil {
		return usageError{err}
	}
	an, bn := ab.Names(f.target)
	plan.Targets, plan.Baseline, plan.Forks, plan.Order = []string{an, bn}, false, f.rounds, run.OrderRounds
	plan.Scenarios, plan.VCPUs, plan.JVMModes, plan.AOTCacheTargets = f.scenarios, []int{f.vcpus}, aotcache.DefaultModes, nil
	plan.OpenLoop, plan.CostRungs, plan.CostRates, plan.Topologies = false, 0, nil, nil
	if len(f.connections) > 0 {
		plan.Connections, plan.PlaintextConnections = f.connections, nil
	}
	if f.repeats > 0 {
		plan.Repeats = f.repeats
	}
	if f.duration > 0 {
		plan.Duration = f.duration
	}
	if err := plan.Check(); err != nil {
		return usageError{err}
	}
	layout, err := host.NewLayout(host.Usable(), "")
	if err != nil {
		return usageError{err}
	}
	display := progress.New(cmd.ErrOrStderr())
	expect(display, mm, plan, layout)
	r := &run.Runner{Manifest: mm, Plan: plan, Layout: layout, Java: host.Java(f.java), Wrk: f.wrk,
		HealthWait: f.healthTimeout, AgentVersion: version, Display: display}
	payload, failures, err := r.Execute(cmd.Context())
	display.Finish()
	if err != nil || len(failures) > 0 {
		return failedRun(err, failures)
	}
	if err := writePayload(f.output, payload); err != nil {
		return err
	}
	report := ab.Report{Target: f.target, A: a.Describe(), B: b.Describe(), AVariant: a, BVariant: b, Same: ab.Same(a, b),
		Rounds: f.rounds, RunID: payload.RunID,
		Host:  fmt.Sprintf("%s, target on CPUs %s", payload.Host.CPUModel, payload.Host.ServerCPUs),
		Cells: ab.Judge(payload, mm.Targets[0].Framework, mm.Targets[1].Framework)}
	report.Text(cmd.OutOrStdout())
	if f.json != "" {
		body, err := json.MarshalIndent(report, "", "  ")
		if err != nil {
			return err
		}
		if err := spool.WriteFile(f.json, append(body, '\n'), 0o644); err != nil {
			return err
		}
	}
	if f.markdown != "" {
		var md strings.Builder
		report.Markdown(&md)
		if err := spool.WriteFile(f.markdown, []byte(md.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}
