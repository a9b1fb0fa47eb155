package run

import (
	"slices"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/suitetest"
)

// suitePlan is the suite's manifest and the plan of one of its profiles.
func suitePlan(t *testing.T, profile string) (*suite.Manifest, Plan) {
	t.Helper()
	m := suitetest.Manifest(t)
	p, err := PlanFrom(m, profile)
	if err != nil {
		t.Fatal(err)
	}
	return m, p
}

// CellsOf lists as many cells as the run counts for its progress (closed sweeps, then every open-loop cell it may
// measure), labelled as the run's progress lines label them.
func TestCellsOfListsWhatTheRunCounts(t *testing.T) {
	t.Parallel()
	m, p := suitePlan(t, "full")
	slots, err := p.AllSlots()
	if err != nil || len(slots) != 3 { // 1 single, 2 single, 2 nginx-2
		t.Fatalf("slots %v (%v): want 3", slots, err)
	}
	targets, err := p.Select(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range slots {
		for _, tg := range targets {
			cells := p.CellsOf(tg, s)
			if n := p.closedCells(tg) + p.costCells(tg) + p.openCells(tg); len(cells) != n {
				t.Errorf("%s in %d/%s: %d cells, the run counts %d", tg.Name, s.k, s.topo, len(cells), n)
			}
			if p.costCells(tg) != 4 { // the full profile's ladder: four rungs on every target (all measure plaintext)
				t.Errorf("%s: %d cost cells, want the full profile's 4 rungs", tg.Name, p.costCells(tg))
			}
		}
	}
	netty := targets[3]
	cells := p.CellsOf(netty, slots[2])
	if got := cells[0].Label(); got != "netty plaintext closed c=16 k=2 nginx-2" {
		t.Errorf("label %q", got)
	}
	if got := cells[17].Label(); got != "netty plaintext cost rung 1 k=2 nginx-2" {
		t.Errorf("label %q", got)
	}
	if got := cells[21].Label(); got != "netty delay open 100 req/s k=2 nginx-2" {
		t.Errorf("label %q", got)
	}
}

// Slots keeps the vCPU counts and topologies that fit beside the load generator and says why it skips the others.
func TestSlotsFitTheHost(t *testing.T) {
	t.Parallel()
	p := Plan{VCPUs: []int{1, 2, 4}, Topologies: []string{"single", "nginx-2"}}
	two, _ := host.NewLayout(host.CPUs{0, 1}, "")
	slots, vcpus, skipped, err := p.Slots(two)
	if err != nil || len(slots) != 1 || len(vcpus) != 1 || len(skipped) != 3 {
		t.Fatalf("2 CPUs: slots %v vcpus %v skipped %v (%v): want 1 vCPU single only", slots, vcpus, skipped, err)
	}
	if !strings.Contains(strings.Join(skipped, "\n"), "nginx-2 on 1 vCPUs") {
		t.Errorf("skipped %v: want nginx-2 on 1 vCPU named", skipped)
	}
	eight, _ := host.NewLayout(host.CPUs{0, 1, 2, 3, 4, 5, 6, 7}, "")
	if slots, _, _, err := p.Slots(eight); err != nil || len(slots) != 5 {
		t.Errorf("8 CPUs: %v (%v): want 1, 2 and 4 single and 2, 4 nginx-2", slots, err)
	}
	p.VCPUs = []int{8}
	if _, _, _, err := p.Slots(eight); err == nil {
		t.Error("8 vCPUs beside a load generator of 4 on 8 CPUs: want an error")
	}
}

// forks is 1 to 10 JVM starts per cell; a plan that names none means one.
func TestCheckForks(t *testing.T) {
	t.Parallel()
	p := Plan{Repeats: 3, Duration: time.Second, WarmupTolerance: 0.05, DelayMs: 100, SLAMs: 200, SLAPercentile: "p90"}
	for forks, ok := range map[int]bool{0: true, 1: true, 2: true, 10: true, 11: false, -1: false} {
		p.Forks = forks
		if err := p.Check(); (err == nil) != ok {
			t.Errorf("forks %d: %v", forks, err)
		}
	}
}

// The suite's profiles plan: full adds nginx-2 to single, quick names no topology (single).
func TestTheSuitesProfilesPlanTheirTopologies(t *testing.T) {
	t.Parallel()
	m := suitetest.Manifest(t)
	for profile, want := range map[string][]string{"quick": {"single"}, "full": {"single", "nginx-2"}} {
		p, err := PlanFrom(m, profile)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(); err != nil || !slices.Equal(p.Topologies, want) {
			t.Errorf("%s: topologies %v (%v), want %v", profile, p.Topologies, err, want)
		}
	}
}

// The aot-cache JVM mode measures each JVM target's closed-loop cells again after its default cells (the open loop
// stays in the default mode), labelled with the mode; never nginx; only the plan's AOT-cache targets when it names
// some. A plan without the default mode, or with an unknown mode, is refused.
func TestTheAOTCacheModeMeasuresTheClosedCellsAgain(t *testing.T) {
	t.Parallel()
	m, p := suitePlan(t, "full")
	p.JVMModes = []string{"default", "aot-cache"}
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	slots, _ := p.AllSlots()
	targets, _ := p.Select(m)
	netty := targets[3]
	cells := p.CellsOf(netty, slots[0])
	once := p.openCells(netty) + p.costCells(netty) // open-loop and cost cells: in the default mode only
	if len(cells) != p.cellsOf(netty) || len(cells) != 2*p.closedCells(netty)+once {
		t.Fatalf("%d cells, the run counts %d: want the closed cells twice, the open and cost ones once", len(cells), p.cellsOf(netty))
	}
	aot := cells[p.closedCells(netty)+once:]
	for _, c := range aot {
		if c.JVMMode != "aot-cache" || c.LoadModel != "closed" {
			t.Fatalf("after the default cells: %+v, want aot-cache closed-loop cells only", c)
		}
	}
	if got := aot[0].Label(); got != "netty plaintext closed c=16 k=1 aot-cache" {
		t.Errorf("label %q", got)
	}
	if n, want := len(p.CellsOf(m.Baseline, slots[0])), p.closedCells(m.Baseline)+p.costCells(m.Baseline); n != want {
		t.Errorf("nginx: %d cells, want its default ones only (%d)", n, want)
	}
	p.AOTCacheTargets = []string{"vertx-web"}
	if p.cellsOf(netty) != p.closedCells(netty)+once {
		t.Error("netty is not an AOT-cache target: its cells once")
	}
	for modes, want := range map[string]string{"aot-cache": "always measured too", "default,native-image": "unknown JVM mode",
		"default,default": "twice"} {
		p.JVMModes = strings.Split(modes, ",")
		if err := p.Check(); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("modes %s: %v, want an error saying %q", modes, err, want)
		}
	}
}

func TestPlanFromAProfile(t *testing.T) {
	t.Parallel()
	m, err := suite.Load("testdata/suite.json")
	if err != nil {
		t.Fatal(err)
	}
	p, err := PlanFrom(m, "quick")
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(); err != nil || p.Duration != time.Second || p.DelayMs != 100 || !p.Baseline {
		t.Errorf("plan %+v, check %v", p, err)
	}
	if _, err := PlanFrom(m, "nope"); err == nil {
		t.Error("an unknown profile gave a plan")
	}
	p.Scenarios = []string{"fortune"}
	if err := p.Check(); err == nil {
		t.Error("an unknown scenario passed")
	}
	p.Scenarios = []string{"plaintext"}
	if !slices.Equal(p.Topologies, []string{"single"}) {
		t.Errorf("topologies %v, want single when the profile names none", p.Topologies)
	}
	for _, bad := range [][]string{{"haproxy-2"}, {"nginx-0"}, {"single", "single"}} {
		p.Topologies = bad
		if err := p.Check(); err == nil {
			t.Errorf("topologies %v passed", bad)
		}
	}
	p.Topologies = []string{"single", "nginx-2"}
	if err := p.Check(); err != nil {
		t.Errorf("single, nginx-2: %v", err)
	}
}
