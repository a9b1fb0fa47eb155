package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/ab"
	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/sign"
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
	push                              bool
	pushFile                          string
}

func newAB(g *globals) *cobra.Command {
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
--push signs the report's JSON with the agent's enrolled key (--key) and sends it to the service (--server), which
keeps it and shows it at <server>/ab/<id>; when it cannot be sent the JSON is kept (--json, else ab-<run id>.json
here) and --push-file FILE sends it later.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.pushFile != "" {
				return pushABFile(cmd, g, f.pushFile)
			}
			return runAB(cmd, g, &f)
		},
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
	fl.BoolVar(&f.push, "push", false, "sign the report with the agent's key and send it to --server, which shows it at /ab/<id>")
	fl.StringVar(&f.pushFile, "push-file", "", "measure nothing: sign and send a report written before with --json (one --push could not send)")
	return cmd
}

func runAB(cmd *cobra.Command, g *globals, f *abFlags) error {
	if f.target == "" {
		return usageError{errors.New("--target is required: the target to measure as A and B")}
	}
	if f.rounds < 2 || f.rounds > 10 {
		return usageError{fmt.Errorf("--rounds %d: 2 to 10 (two give a paired interval with one degree of freedom)", f.rounds)}
	}
	if _, err := exec.LookPath(f.wrk); err != nil {
		return usageError{fmt.Errorf("wrk not found (%v): apt-get install -y wrk", err)}
	}
	var key *sign.Key
	if f.push {
		// before measuring: a push that cannot sign is known now, not after the rounds
		k, err := sign.LoadKey(g.key)
		if err != nil {
			return fmt.Errorf("--push needs the agent's key: %w (podium-agent keygen, then enroll)", err)
		}
		key = k
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
	t := m.Targets[slices.IndexFunc(m.Targets, func(t suite.Target) bool { return t.Name == f.target })]
	framework := t.Framework
	if framework == "" {
		framework = t.Name
	}
	report := ab.Report{SchemaVersion: 1, Target: f.target, Framework: ab.Framework{Name: framework, Version: t.FrameworkVersion},
		A: a.Describe(), B: b.Describe(), Variants: []ab.Side{a.Provenance("A"), b.Provenance("B")}, AA: ab.Same(a, b),
		Rounds: f.rounds, Profile: f.profile, RunID: payload.RunID, StartedAt: payload.StartedAt, FinishedAt: payload.FinishedAt,
		AgentVersion: payload.Agent.Version, Suite: ab.Suite{Name: payload.Suite.Name, Version: payload.Suite.Version, Commit: payload.Suite.Commit},
		Host: payload.Host, Cells: ab.Judge(payload, mm.Targets[0].Framework, mm.Targets[1].Framework)}
	report.Text(cmd.OutOrStdout())
	body, err := json.MarshalIndent(report, "", "  ")
	if err != nil {
		return err
	}
	body = append(body, '\n')
	if f.json != "" {
		if err := spool.WriteFile(f.json, body, 0o644); err != nil {
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
	if !f.push {
		return nil
	}
	kept := f.json
	if kept == "" {
		kept = "ab-" + payload.RunID + ".json"
	}
	return pushAB(cmd, g, key, body, kept, f.json == "")
}

// pushABFile signs and sends a report written before with --json.
func pushABFile(cmd *cobra.Command, g *globals, path string) error {
	body, err := os.ReadFile(path)
	if err != nil {
		return usageError{fmt.Errorf("--push-file: %w", err)}
	}
	var r ab.Report
	if err := json.Unmarshal(body, &r); err != nil || r.SchemaVersion != 1 || r.RunID == "" {
		return usageError{fmt.Errorf("--push-file %s: not a report written by podium-agent ab --json (schemaVersion 1, runId)", path)}
	}
	key, err := sign.LoadKey(g.key)
	if err != nil {
		return fmt.Errorf("--push-file needs the agent's key: %w (podium-agent keygen, then enroll)", err)
	}
	return pushAB(cmd, g, key, body, path, false)
}

// pushAB sends the report's bytes; when they cannot be sent it says why and keeps them in kept (written there first
// when write: the report had no --json file yet), so that --push-file sends them later.
func pushAB(cmd *cobra.Command, g *globals, key *sign.Key, body []byte, kept string, write bool) error {
	pushed, err := ab.Push(cmd.Context(), g.service(cmd), key, body)
	if err == nil {
		fmt.Fprintf(cmd.OutOrStdout(), "comparison %s pushed to %s (%d): %s\n", pushed.ID, g.server, pushed.Status, pushed.URL)
		return nil
	}
	if write {
		if werr := spool.WriteFile(kept, body, 0o644); werr != nil {
			return fmt.Errorf("push to %s failed: %w; and the report could not be kept: %v", g.server, err, werr)
		}
	}
	return fmt.Errorf("push to %s failed: %w; the report is kept in %s (podium-agent ab --push-file %s sends it again)", g.server, err, kept, kept)
}
