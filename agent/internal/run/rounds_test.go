package run

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"podium.dev/agent/internal/suite"
)

// TestRoundsGiveEveryTargetOneStartARoundInAFreshOrder runs the real wrk against three loopback targets (the
// baseline and two others) in three rounds: every cell lists its three starts, one a round, under the fork numbers
// its repeats carry; each round is a permutation of the targets with the baseline first in the first round; every
// start of a round began after every start of the round before (the targets took turns, not one after another);
// each target was handed over as soon as its last start was measured; the payload validates against the schema.
func TestRoundsGiveEveryTargetOneStartARoundInAFreshOrder(t *testing.T) {
	layout := endToEndLayout(t)
	m := testManifest(t)
	second := m.Targets[0]
	second.Name, second.Framework = "go-too", "Go net/http too"
	m.Targets = append(m.Targets, second)
	r := testRunner(t, m, layout, Plan{Profile: "test", Targets: []string{"go", "go-too"}, Scenarios: []string{"plaintext"},
		Connections: []int{2}, VCPUs: []int{1}, Duration: time.Second, Repeats: 2, Forks: 3, DelayMs: 20, Baseline: true,
		WarmupWindow: time.Second, WarmupHorizon: 2 * time.Second, WarmupMax: 3 * time.Second, WarmupTolerance: 0.95})
	var handed []string
	r.Done = func(part *Run, target PartTarget) error {
		if len(part.Results) != 1 || len(part.Results[0].Starts) != 3 {
			t.Errorf("%s handed over with %d cells before its last start", target.Target, len(part.Results))
		}
		handed = append(handed, target.Target)
		return nil
	}
	payload, body := executeValid(t, r)
	if len(payload.Results) != 3 || len(handed) != 3 {
		t.Fatalf("%d cells, %d targets handed over; want 3 of each: %s", len(payload.Results), len(handed), body)
	}
	type placed struct {
		framework string
		at        time.Time
	}
	byRound := map[int]map[int]placed{} // round -> order -> start
	for _, c := range payload.Results {
		var rounds, forks []int
		for _, s := range c.Starts {
			rounds, forks = append(rounds, s.Round), append(forks, s.Fork)
			at, err := time.Parse(time.RFC3339Nano, s.StartedAt)
			if err != nil {
				t.Fatalf("%s: start time %q: %v", c.Framework, s.StartedAt, err)
			}
			if byRound[s.Round] == nil {
				byRound[s.Round] = map[int]placed{}
			}
			if o, dup := byRound[s.Round][s.Order]; dup {
				t.Errorf("round %d: %s and %s both at place %d", s.Round, o.framework, c.Framework, s.Order)
			}
			byRound[s.Round][s.Order] = placed{c.Framework, at}
		}
		if !slices.Equal(rounds, []int{0, 1, 2}) || !slices.Equal(forks, []int{0, 1, 2}) {
			t.Errorf("%s: starts in rounds %v as forks %v, want one a round, 0 1 2", c.Framework, rounds, forks)
		}
		var repeatForks []int
		for _, rep := range c.Repeats {
			repeatForks = append(repeatForks, rep.fork())
		}
		if !slices.Equal(repeatForks, []int{0, 0, 1, 1, 2, 2}) {
			t.Errorf("%s: repeats of starts %v, want two of each start", c.Framework, repeatForks)
		}
	}
	var lastOfRound time.Time
	for round := range 3 {
		if len(byRound[round]) != 3 {
			t.Fatalf("round %d has %d starts, want 3: %+v", round, len(byRound[round]), byRound[round])
		}
		for place := range 3 {
			s, ok := byRound[round][place]
			if !ok {
				t.Fatalf("round %d has no start at place %d", round, place)
			}
			if !s.at.After(lastOfRound) {
				t.Errorf("round %d place %d (%s) started at %s, not after the start before it (%s)", round, place, s.framework, s.at, lastOfRound)
			}
			lastOfRound = s.at
		}
	}
	if b := byRound[0][0].framework; b != "nginx" {
		t.Errorf("round 1 began with %s, want the baseline (nginx)", b)
	}
}

// TestSequentialOrderMeasuresEachTargetsStartsTogether: --order sequential measures a target's starts one after
// another and lists no rounds (the payload as before rounds).
func TestSequentialOrderMeasuresEachTargetsStartsTogether(t *testing.T) {
	layout := endToEndLayout(t)
	r := testRunner(t, testManifest(t), layout, Plan{Profile: "test", Targets: []string{"go"}, Scenarios: []string{"plaintext"},
		Connections: []int{2}, VCPUs: []int{1}, Duration: time.Second, Repeats: 1, Forks: 2, DelayMs: 20, Order: OrderSequential,
		WarmupWindow: time.Second, WarmupHorizon: 2 * time.Second, WarmupMax: 3 * time.Second, WarmupTolerance: 0.95})
	payload, body := executeValid(t, r)
	if len(payload.Results) != 1 || payload.Results[0].Starts != nil {
		t.Fatalf("want one cell without rounds: %s", body)
	}
}

// TestDrawOrderPutsTheBaselineFirstInTheFirstRoundOnly: the first round's order begins with the baseline; later
// rounds draw it anywhere (over 200 draws of 4 targets it leads about a quarter of them, never all).
func TestDrawOrderPutsTheBaselineFirstInTheFirstRoundOnly(t *testing.T) {
	t.Parallel()
	turns := []*turn{{t: &suite.Target{Name: "a"}}, {t: &suite.Target{Name: "nginx", Baseline: true}}, {t: &suite.Target{Name: "b"}}, {t: &suite.Target{Name: "c"}}}
	rng := rand.New(rand.NewPCG(1, 2))
	leads := 0
	for range 200 {
		if first := drawOrder(turns, 0, rng); first[0].t.Name != "nginx" || len(first) != 4 {
			t.Fatalf("first round %v", names(first))
		}
		later := drawOrder(turns, 1, rng)
		if later[0].t.Name == "nginx" {
			leads++
		}
		got := names(later)
		slices.Sort(got)
		if !slices.Equal(got, []string{"a", "b", "c", "nginx"}) {
			t.Fatalf("a round lost or repeated a target: %v", names(later))
		}
	}
	if leads < 25 || leads > 80 {
		t.Errorf("the baseline led %d of 200 later rounds, want about 50", leads)
	}
}

func names(turns []*turn) (out []string) {
	for _, tu := range turns {
		out = append(out, tu.t.Name)
	}
	return out
}
