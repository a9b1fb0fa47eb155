package run

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/database"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/rawoutput"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/testtarget"
)

// TestRunProducesAPayloadTheSchemaAccepts drives the real wrk (and fortio) against loopback targets for a
// few seconds and validates the payload against schema/run.v2.schema.json, with what each repeat cost.
func TestRunProducesAPayloadTheSchemaAccepts(t *testing.T) {
	layout := endToEndLayout(t)
	r := testRunner(t, testManifest(t), layout, Plan{Profile: "test", Targets: []string{"go"}, Baseline: true, Scenarios: []string{"plaintext", "proxy", "delay"},
		Connections: []int{4}, VCPUs: []int{1}, Duration: time.Second, Repeats: 1, DelayMs: 20,
		WarmupWindow: time.Second, WarmupMax: time.Second, WarmupTolerance: 0.03,
		OpenLoop: true, OpenLoopRates: []float64{100}})
	payload, body := executeValid(t, r)

	if payload.LoadGenerator.Tool != "wrk" || payload.LoadGenerator.OpenLoopTool != "fortio" {
		t.Errorf("load generator %+v", payload.LoadGenerator)
	}
	srv, _ := layout.Server(1)
	if payload.Host.ServerCPUs != srv.String() || payload.Host.LoadGeneratorCPUs != layout.LoadGenerator.String() {
		t.Errorf("host CPUs %q / %q, want %q / %q", payload.Host.ServerCPUs, payload.Host.LoadGeneratorCPUs, srv, layout.LoadGenerator)
	}
	// baseline plaintext, go plaintext, go proxy, go delay closed, go delay open at 100 req/s
	if len(payload.Results) != 5 {
		t.Fatalf("%d cells, want 5: %s", len(payload.Results), body)
	}
	for i, c := range payload.Results {
		if c.Repeats[0].Requests == 0 {
			t.Errorf("cell %d (%s %s %s) measured no request: %+v", i, c.Framework, c.Scenario, c.LoadModel, c.Repeats[0])
		}
		if want := map[bool]string{true: "bare-server", false: "micro"}[c.Baseline]; c.Classification != want {
			t.Errorf("cell %d (%s): classification %q, want its target's %q", i, c.Framework, c.Classification, want)
		}
		if c.WarmupSeconds < 1 {
			t.Errorf("cell %d: warm-up %.1f s, want at least one window", i, c.WarmupSeconds)
		}
		if c.Scenario == "delay" && c.Repeats[0].LatencyMs.P50 < 20 {
			t.Errorf("cell %d: delay of 20 ms measured p50 %.2f ms", i, c.Repeats[0].LatencyMs.P50)
		}
	}
	for i, c := range payload.Results {
		if c.CPUs != srv.String() || c.Startup == nil || c.Startup.FirstResponseMs <= 0 || c.Startup.IdleRSSBytes <= 0 {
			t.Errorf("cell %d: cpus %q, startup %+v; want %s and a measured start", i, c.CPUs, c.Startup, srv)
		}
		for j, rep := range c.Repeats {
			u := rep.Usage
			cpu := u.TargetCPUUserSeconds + u.TargetCPUSystemSeconds
			// A target answering on one pinned CPU used some of it and never more than it had; so did the load
			// generator. "Some" only where enough requests were answered to cost more than the kernel's CPU clock tick
			// (10 ms): a delay cell answers about 200 in its second, a few ms of CPU, which a fast host reads as 0.00 s.
			busy := rep.Requests >= 2000
			if (busy && cpu <= 0) || cpu < 0 || cpu > u.WallSeconds*float64(c.VCPUs)*1.05+0.05 {
				t.Errorf("cell %d repeat %d: target CPU %.2f s over %.2f s wall on %d vCPU", i, j, cpu, u.WallSeconds, c.VCPUs)
			}
			if u.WallSeconds < c.DurationSeconds || u.TargetRSSMeanBytes <= 0 || u.TargetRSSPeakBytes < u.TargetRSSMeanBytes || u.Samples < 2 {
				t.Errorf("cell %d repeat %d: usage %+v", i, j, u)
			}
			if (busy && u.GeneratorCPUSeconds <= 0) || u.GeneratorCPUSeconds < 0 || u.GeneratorCPUSeconds > u.WallSeconds*float64(len(layout.LoadGenerator))*1.05+0.05 {
				t.Errorf("cell %d repeat %d: load generator CPU %.3f s over %.2f s", i, j, u.GeneratorCPUSeconds, u.WallSeconds)
			}
			// the host on record: this machine's steal over the repeat (from /proc/stat) and how busy the target kept its CPU
			if rep.StealShare == nil || *rep.StealShare < 0 || *rep.StealShare > 1 || rep.TargetCPUShare == nil || *rep.TargetCPUShare < 0 || *rep.TargetCPUShare > 1 {
				t.Errorf("cell %d repeat %d: steal %v, target CPU share %v; want both read, 0 to 1", i, j, rep.StealShare, rep.TargetCPUShare)
			}
		}
	}
	rawTotal := 0
	for i, c := range payload.Results {
		// the warm-up curve: every window with its time and throughput (the test target is no JVM: no JIT share)
		if len(c.WarmupWindows) == 0 {
			t.Errorf("cell %d: no warm-up window kept", i)
		}
		for j, w := range c.WarmupWindows {
			if w.Seconds < 1 || w.RequestsPerSecond <= 0 || w.JITShare != nil {
				t.Errorf("cell %d window %d: %+v, want at least the 1 s window, a throughput, no JIT share", i, j, w)
			}
		}
		// the load generator's own output of every window and repeat, as it printed it
		text, err := rawoutput.Decode(c.RawOutput)
		if err != nil {
			t.Fatalf("cell %d: raw output: %v", i, err)
		}
		rawTotal += len(c.RawOutput)
		want := "Requests/sec:"
		if c.LoadModel == "open" {
			want = "PODIUM_OPENLOOP "
		}
		if n := bytes.Count(text, []byte("\n== ")) + 1; n != len(c.WarmupWindows)+len(c.Repeats) || !bytes.Contains(text, []byte(want)) {
			t.Errorf("cell %d: raw output of %d runs, want %d windows + %d repeats holding %q:\n%s", i, n, len(c.WarmupWindows), len(c.Repeats), want, text)
		}
	}
	t.Logf("raw output: %d bytes of base64 over %d cells", rawTotal, len(payload.Results))
	if payload.SchemaVersion != 2 || payload.Host.Settings == nil {
		t.Errorf("schemaVersion %d, host settings %v", payload.SchemaVersion, payload.Host.Settings)
	}
	if c := payload.Results[0]; !c.Baseline || c.Framework != "nginx" {
		t.Errorf("first cell %+v, want the baseline", c)
	}
	if c := payload.Results[4]; c.LoadModel != "open" || c.TargetRate != 100 || c.DelayMs == nil || *c.DelayMs != 20 {
		t.Errorf("open-loop cell %+v", c)
	}
	if os.Getenv("PODIUM_KEEP_PAYLOAD") != "" {
		os.WriteFile(os.Getenv("PODIUM_KEEP_PAYLOAD"), body, 0o644)
	}
}

// TestOpenLoopStepsToTheSLAThenBisects: the step function stops at the first step whose p90 reaches the SLA
// and bisects below it with measured cells (a 20 ms delay never meets a 15 ms SLA: 50, then 25, then 13 req/s).
func TestOpenLoopStepsToTheSLAThenBisects(t *testing.T) {
	layout := endToEndLayout(t)
	r := testRunner(t, testManifest(t), layout, Plan{Profile: "test", Targets: []string{"go"}, Scenarios: []string{"delay"}, Connections: []int{4},
		VCPUs: []int{1}, Duration: time.Second, Repeats: 1, DelayMs: 20, WarmupWindow: time.Second,
		WarmupMax: time.Second, WarmupTolerance: 0.03, OpenLoop: true, OpenLoopSteps: 3,
		SLAMs: 15, SLAPercentile: "p90", SLABisect: 2})
	if err := r.Plan.Check(); err != nil {
		t.Fatal(err)
	}
	payload, failures, err := r.Execute(context.Background())
	if err != nil || len(failures) > 0 {
		t.Fatalf("run: %v, failures %+v", err, failures)
	}
	var rates []float64
	for _, c := range payload.Results {
		if c.LoadModel == "open" {
			rates = append(rates, c.TargetRate)
			if c.Repeats[0].LatencyMs.P90 < 15 {
				t.Errorf("open cell at %.0f req/s: p90 %.2f ms under a 20 ms delay", c.TargetRate, c.Repeats[0].LatencyMs.P90)
			}
		}
	}
	if !slices.Equal(rates, []float64{50, 25, 13}) {
		t.Fatalf("open-loop rates %v, want the first step (50) then two bisections below it (25, 13)", rates)
	}
}

func TestRunGoesOnWhenATargetFails(t *testing.T) {
	layout, err := testtarget.FreshLayout(t)
	if err != nil {
		t.Skipf("needs 2 CPUs: %v", err)
	}
	m := testManifest(t)
	m.Baseline = nil
	m.Targets = append(m.Targets, suite.Target{Name: "dead", Framework: "Dead", FrameworkVersion: "1", IOModel: "blocking",
		Start: []string{"false"}, Port: testtarget.Port(t), Health: "/plaintext", Scenarios: []string{"plaintext"}},
		suite.Target{Name: "half", Framework: "Half", FrameworkVersion: "1", IOModel: "blocking", Start: m.Targets[0].Start,
			Port: testtarget.Port(t), Health: "/plaintext", Scenarios: []string{"json", "proxy"}})
	m.Targets[0].Scenarios = []string{"json"}
	m.Reference = nil // so proxy fails validation: half is measured on json only
	if _, err := exec.LookPath("wrk"); err != nil {
		t.Skip("wrk is not installed (apt-get install -y wrk)")
	}
	r := &Runner{Manifest: m, Layout: layout, HealthWait: 5 * time.Second, AgentVersion: "t", Display: progress.New(t.Output()),
		Plan: Plan{Targets: []string{"dead", "go", "half"}, Scenarios: []string{"json", "plaintext", "proxy"}, Connections: []int{2}, VCPUs: []int{1},
			Duration: time.Second, Repeats: 1, DelayMs: 10, WarmupWindow: time.Second, WarmupMax: time.Second, WarmupTolerance: 0.03}}
	payload, failures, err := r.Execute(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	// in rounds the targets' order is drawn: the failures and cells are compared in the plan's order
	slices.SortFunc(failures, func(a, b TargetFailure) int { return strings.Compare(a.Target, b.Target) })
	if len(failures) != 2 || failures[0].Target != "dead" || failures[1].Target != "half" || !strings.Contains(failures[1].Reason, "proxy failed validation") {
		t.Errorf("failures %+v, want dead (did not start) and half (proxy)", failures)
	}
	slices.SortFunc(payload.Results, func(a, b Cell) int { return strings.Compare(a.Framework, b.Framework) })
	if len(payload.Results) != 2 || payload.Results[0].Framework != "Go net/http" || payload.Results[1].Framework != "Half" {
		t.Fatalf("results %+v, want go's and half's json cells", payload.Results)
	}
	for _, c := range payload.Results {
		if c.Scenario != "json" {
			t.Errorf("measured %s %s", c.Framework, c.Scenario)
		}
	}
}

// A target that passes validation and then answers nothing under load (quarkus-rest's proxy at 256 connections on
// 2026-11-27: 0 req/s, 0 errors, its flat zero "stable" to the warm-up rule) gives no cell for that scenario: a
// user would otherwise see it ranked at 0 req/s with no flag. The target is reported failed with the reason, and its
// other scenarios are kept.
func TestACellWhoseTargetAnswersNothingIsNotKept(t *testing.T) {
	layout, err := testtarget.FreshLayout(t)
	if err != nil {
		t.Skipf("needs 2 CPUs: %v", err)
	}
	if _, err := exec.LookPath("wrk"); err != nil {
		t.Skip("wrk is not installed (apt-get install -y wrk)")
	}
	m := testManifest(t)
	m.Baseline = nil
	stall := append([]string{"env", "PODIUM_CONTRACT_STALL=/json:20"}, m.Targets[0].Start...)
	m.Targets = append(m.Targets, suite.Target{Name: "stall", Framework: "Stall", FrameworkVersion: "1", IOModel: "blocking",
		Start: stall, Port: testtarget.Port(t), Health: "/plaintext", Scenarios: []string{"json", "plaintext"}})
	r := &Runner{Manifest: m, Layout: layout, HealthWait: 5 * time.Second, AgentVersion: "t", Display: progress.New(t.Output()),
		Plan: Plan{Targets: []string{"stall"}, Scenarios: []string{"json", "plaintext"}, Connections: []int{2}, VCPUs: []int{1},
			Duration: time.Second, Repeats: 2, DelayMs: 10, WarmupWindow: time.Second, WarmupMax: 3 * time.Second, WarmupTolerance: 0.03}}
	payload, failures, err := r.Execute(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(failures) != 1 || failures[0].Target != "stall" ||
		!strings.Contains(failures[0].Reason, "json at 2 connections: no request answered") {
		t.Errorf("failures %+v, want stall's json reported as answering no request", failures)
	}
	var got []string
	for _, c := range payload.Results {
		got = append(got, fmt.Sprintf("%s (%.0f req/s)", c.Scenario, c.meanRPS()))
	}
	if len(payload.Results) != 1 || payload.Results[0].Scenario != "plaintext" || payload.Results[0].meanRPS() == 0 {
		t.Fatalf("cells %v, want stall's plaintext cell only, with requests", got)
	}
}

// TestRunMeasuresTheDBScenariosAgainstAPostgreSQLItStartsAndStops: with a target declaring db scenarios, the run
// starts the host's PostgreSQL (pinned to the load generator's CPUs), gives the target its PODIUM_TARGET_DB_*,
// validates and measures the cells with the database's CPU time per repeat, records the server in the payload, and
// leaves no PostgreSQL process or directory behind.
func TestRunMeasuresTheDBScenariosAgainstAPostgreSQLItStartsAndStops(t *testing.T) {
	needWrk(t)
	if _, err := database.FindBinDir(); err != nil {
		if os.Getenv("PODIUM_TEST_REQUIRE_PG") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	layout, err := testtarget.FreshLayout(t)
	if err != nil {
		t.Skipf("needs 2 CPUs: %v", err)
	}
	// the database's directory is made under TMPDIR: one of this test's own, which PostgreSQL's user can reach
	tmp, err := os.MkdirTemp("", "podium-run-db-test-")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	if err := os.Chmod(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", tmp)
	m := testManifest(t)
	if err := os.MkdirAll(filepath.Join(m.Dir, "db"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"schema.sql", "fortunes.html"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "suite", "db", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(m.Dir, "db", f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PODIUM_TEST_FORTUNES", filepath.Join(m.Dir, "db", "fortunes.html"))
	m.Targets[0].Scenarios = append(m.Targets[0].Scenarios, "db", "fortunes")
	m.Targets[0].Database = &suite.Database{Client: "computed rows (test target)", Pool: 7, Docs: "https://example.org/"}
	r := testRunner(t, m, layout, Plan{Profile: "test", Targets: []string{"go"}, Scenarios: []string{"plaintext", "db", "fortunes"},
		Connections: []int{4}, VCPUs: []int{1}, Duration: time.Second, Repeats: 1,
		WarmupWindow: time.Second, WarmupMax: time.Second, WarmupTolerance: 0.03})
	payload, body := executeValid(t, r)
	d := payload.Database
	if d == nil || d.Server != "PostgreSQL" || d.Version == "" || d.CPUs != layout.LoadGenerator.String() || d.Settings["max_connections"] != "200" {
		t.Errorf("run.database %+v, want PostgreSQL with its version, settings and CPUs %s", d, layout.LoadGenerator)
	}
	if len(payload.Results) != 3 {
		t.Fatalf("%d cells, want plaintext, db and fortunes: %s", len(payload.Results), body)
	}
	for _, c := range payload.Results {
		db := c.Scenario != "plaintext"
		if db != (c.Database != nil) || (db && (c.Database.Pool != 7 || c.Database.Client != "computed rows (test target)")) {
			t.Errorf("%s cell: database %+v", c.Scenario, c.Database)
		}
		for _, rep := range c.Repeats {
			if rep.Requests == 0 || db != (rep.Usage.DatabaseCPUUserSeconds != nil && rep.Usage.DatabaseCPUSystemSeconds != nil) {
				t.Errorf("%s cell: %d requests, database CPU %v/%v", c.Scenario, rep.Requests, rep.Usage.DatabaseCPUUserSeconds, rep.Usage.DatabaseCPUSystemSeconds)
			}
		}
	}
	left, _ := filepath.Glob(filepath.Join(tmp, "podium-db-*"))
	if len(left) > 0 {
		t.Errorf("the database's directory is left: %v", left)
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, p := range procs {
		if b, err := os.ReadFile(p); err == nil && strings.Contains(string(b), tmp) {
			t.Errorf("a process is left that runs in %s: %s", tmp, strings.ReplaceAll(string(b), "\x00", " "))
		}
	}
}
