package run

import (
	"context"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/balancer"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/ladder"
	"podium.dev/agent/internal/rawoutput"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/testtarget"
	"podium.dev/agent/internal/topology"
)

// spinTarget is the test target with every request costing spinUs µs of busy CPU: on its one pinned CPU it answers at
// most 1e6/spinUs requests/s.
func spinTarget(t *testing.T, spinUs int) *suite.Target {
	return &suite.Target{Name: "spin", Framework: "Go net/http", FrameworkVersion: "1.26", IOModel: "virtual-threads",
		Start: []string{"env", "PODIUM_CONTRACT_SERVE=target", "PODIUM_CONTRACT_SPIN_US=" + strconv.Itoa(spinUs), os.Args[0]},
		Port:  testtarget.Port(t), Health: "/plaintext", Scenarios: []string{"plaintext"}}
}

// deployOnOneCPU starts target on the layout's first server CPU and pins the agent (the open loop's generator) to the
// load generator's CPUs, as a run does; both are undone when the test ends.
func deployOnOneCPU(t *testing.T, tg *suite.Target) (*session, *topology.Deployment) {
	t.Helper()
	layout, err := testtarget.FreshLayout(t)
	if err != nil {
		t.Skipf("needs 2 CPUs: %v", err)
	}
	m := testManifest(t)
	cpus, err := layout.Server(1)
	if err != nil {
		t.Skip(err)
	}
	single, err := topology.Parse(topology.Single)
	if err != nil {
		t.Fatal(err)
	}
	p, err := topology.Deploy(context.Background(), m, tg, single, cpus,
		suite.StartOptions{HealthWait: 10 * time.Second}, balancer.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Stop)
	if err := host.PinSelf(layout.LoadGenerator); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.PinSelf(testtarget.StartCPUs) })
	r := testRunner(t, m, layout, Plan{Profile: "test", Duration: 2 * time.Second, Repeats: 2, CostRepeats: 2, CostDuration: 2 * time.Second})
	return &session{measurer: &measurer{r: r, lg: layout.LoadGenerator}, at: slotTarget{t: tg, k: 1, topo: single, cpus: cpus}, p: p, steady: map[string]bool{}}, p
}

// cpuTicks is utime + stime of pid from /proc/<pid>/stat, in clock ticks (fields 14 and 15, after the command name).
func cpuTicks(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return utime + stime
}

// A fixed-rate cost cell's CPU per request is the target's: within 10% of the same figure computed by hand from the
// process's own CPU time over the cell (/proc/<pid>/stat, utime + stime) over the requests it answered; and its
// latency percentiles, offered and achieved rates are recorded.
func TestCostCellRecordsTheTargetsCPUPerRequest(t *testing.T) {
	m, p := deployOnOneCPU(t, spinTarget(t, 200)) // 200 µs a request: at most 5,000 req/s on its CPU
	pid := p.Instances[0].Pid()
	const rate = 1000
	before := cpuTicks(t, pid)
	c, err := m.costCell(context.Background(), "plaintext", rate, ladder.Explicit([]float64{rate}))
	if err != nil {
		t.Fatal(err)
	}
	after := cpuTicks(t, pid)
	var requests int64
	for _, rep := range c.Repeats {
		requests += rep.Requests
	}
	if len(c.Repeats) != 2 || requests == 0 {
		t.Fatalf("%d repeats, %d requests: want 2 repeats that answered", len(c.Repeats), requests)
	}
	byHand := float64(after-before) / 100 / float64(requests) * 1e6 // USER_HZ is 100
	got := c.CPUMicrosPerRequest()
	t.Logf("cost at %d req/s: %.1f µs of CPU per request recorded, %.1f by hand (%d ticks over %d requests), %.0f req/s achieved",
		rate, got, byHand, after-before, requests, *c.AchievedRate)
	if math.Abs(got-byHand) > 0.1*byHand {
		t.Errorf("CPU per request %.1f µs, by hand %.1f µs: more than 10%% apart", got, byHand)
	}
	if c.LoadModel != "open" || c.TargetRate != rate || c.CostLadder == nil || c.AchievedRate == nil || *c.AchievedRate <= 0 {
		t.Errorf("cell %+v: want an open-loop cell offered %d req/s with its ladder and achieved rate", c, rate)
	}
	for _, rep := range c.Repeats {
		l := rep.LatencyMs
		if l.P50 <= 0 || l.P90 < l.P50 || l.P99 < l.P90 || l.P999 < l.P99 || rep.Usage.TargetRSSPeakBytes < rep.Usage.TargetRSSMeanBytes || rep.Usage.TargetRSSMeanBytes <= 0 {
			t.Errorf("repeat %+v: want p50 <= p90 <= p99 <= p99.9 and mean and peak RSS", rep)
		}
	}
	if err := c.encodeRaw(); err != nil {
		t.Fatal(err)
	}
	if text, err := rawoutput.Decode(c.RawOutput); err != nil || strings.Count(string(text), "PODIUM_OPENLOOP ") != 2 {
		t.Errorf("raw output %q (%v): want both repeats' figures", text, err)
	}
}

// A rate above the target's capacity is not held: the cell records what it achieved and is flagged rate-not-held.
func TestCostCellAboveCapacityIsFlagged(t *testing.T) {
	m, _ := deployOnOneCPU(t, spinTarget(t, 2000)) // 2 ms a request: at most 500 req/s on its CPU
	m.r.Plan.CostRepeats, m.r.Plan.CostDuration = 1, 2*time.Second
	const rate = 1500
	c, err := m.costCell(context.Background(), "plaintext", rate, ladder.Explicit([]float64{rate}))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("offered %d req/s, achieved %.0f, flags %v", rate, *c.AchievedRate, c.Flags)
	if *c.AchievedRate >= ladder.HeldShare*rate || !slices.Contains(c.Flags, FlagRateNotHeld) {
		t.Errorf("achieved %.0f of %d req/s, flags %v: want below 98%% and %s", *c.AchievedRate, rate, c.Flags, FlagRateNotHeld)
	}
}

// A run chooses each slot's ladder from its baseline's closed-loop figure, offers the same rates to every target,
// records the ladder in each cost cell and counts the cells in its plan.
func TestRunMeasuresTheCostLadderUnderTheBaselinesCapacity(t *testing.T) {
	layout := endToEndLayout(t)
	r := testRunner(t, testManifest(t), layout, Plan{Profile: "test", Targets: []string{"go"}, Baseline: true, Scenarios: []string{"plaintext"},
		Connections: []int{4}, VCPUs: []int{1}, Duration: time.Second, Repeats: 1, DelayMs: 100, SLAMs: 200, SLAPercentile: "p90",
		WarmupWindow: time.Second, WarmupMax: time.Second, WarmupTolerance: 0.03,
		CostRungs: 2, CostShare: 0.1, CostRepeats: 1, CostDuration: time.Second})
	if err := r.Plan.Check(); err != nil {
		t.Fatal(err)
	}
	payload, body := executeValid(t, r)
	if payload.LoadGenerator.OpenLoopTool != "fortio" {
		t.Errorf("load generator %+v: the cost cells are fortio's", payload.LoadGenerator)
	}
	var capacity float64
	var cost []Cell
	for _, c := range payload.Results {
		if c.Baseline && c.LoadModel == "closed" {
			capacity = TrimmedMean(repeatRates(c))
		}
		if c.CostLadder != nil {
			cost = append(cost, c)
		}
	}
	want, err := ladder.Choose(capacity, 0.1, 2)
	if err != nil {
		t.Skipf("the baseline reached only %.0f req/s: %v", capacity, err)
	}
	if len(cost) != 2*len(want.Rates) {
		t.Fatalf("%d cost cells, want %d rates for each of 2 targets: %s", len(cost), len(want.Rates), body)
	}
	for i, c := range cost {
		if c.Scenario != "plaintext" || c.LoadModel != "open" || c.TargetRate != want.Rates[i%len(want.Rates)] ||
			!slices.Equal(c.CostLadder.Rates, want.Rates) || c.CostLadder.CapacityRequestsPerSecond != math.Round(capacity*100)/100 || c.AchievedRate == nil {
			t.Errorf("cost cell %d: %s %s at %.0f, ladder %+v: want %v under a tenth of %.0f", i, c.Scenario, c.LoadModel, c.TargetRate, c.CostLadder, want.Rates, capacity)
		}
	}
}
