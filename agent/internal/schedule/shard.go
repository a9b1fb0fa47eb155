package schedule

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/suite"
)

// MaxShards is the most shards a profile may be split into.
const MaxShards = 64

// slots are the time a run of a profile (one shard of it) must fit in (issue 24): nightly as one run in 4 hours on
// this project's 2-core host, full as shards of at most 6 hours each.
var slots = map[string]time.Duration{"nightly": 4 * time.Hour, "full": 6 * time.Hour}

// SlotOf is the time a run (or one shard) of the profile must fit in; 0: the profile names none.
func SlotOf(profile string) time.Duration { return slots[profile] }

// Fitting is the fewest shards whose every one is planned within slot by planned (each shard's time on the host it
// runs on), and 0 when no split into whole-target shards fits: a shard holds whole targets, so one target longer than
// the slot keeps its shard over it whatever the count.
func Fitting(m *suite.Manifest, p run.Plan, c Costs, slot time.Duration, planned func(run.Plan) (time.Duration, error)) (int, error) {
	_, order, err := weigh(m, p, c)
	if err != nil {
		return 0, err
	}
	for n := 1; n <= min(len(order), MaxShards); n++ {
		parts, err := Split(m, p, c, n)
		if err != nil {
			return 0, err
		}
		fits := true
		for _, pt := range parts {
			one := p
			one.Targets = pt.Targets
			d, err := planned(one)
			if err != nil {
				return 0, err
			}
			if d > slot {
				fits = false
				break
			}
		}
		if fits {
			return n, nil
		}
	}
	return 0, nil
}

// Shard is part i (1-based) of a profile split into n.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// ParseShard reads --shard i/n.
func ParseShard(v string) (Shard, error) {
	a, b, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("--shard %q: want i/n, e.g. 2/3 (the second of three shards)", v)
	}
	if n < 1 || n > MaxShards || i < 1 || i > n {
		return Shard{}, fmt.Errorf("--shard %q: want 1 <= i <= n <= %d", v, MaxShards)
	}
	return Shard{i, n}, nil
}

// Part is one shard of a split: its targets (in the manifest's order) and their planned time.
type Part struct {
	Shard   Shard         `json:"shard"`
	Targets []string      `json:"targets"`
	Planned time.Duration `json:"-"`
}

// Split deals the targets (not the baseline: every shard carries it) into n shards balanced by planned time:
// longest first, each to the shard with the least time so far (the lowest index on a tie; equal times in name
// order). The time is each target's over every slot the profile names, whatever the host, so every host and every
// re-run of a shard picks the same targets.
func Split(m *suite.Manifest, p run.Plan, c Costs, n int) ([]Part, error) {
	if n < 1 || n > MaxShards {
		return nil, fmt.Errorf("%d shards: want 1 to %d", n, MaxShards)
	}
	weights, order, err := weigh(m, p, c)
	if err != nil {
		return nil, err
	}
	if len(order) < n {
		return nil, fmt.Errorf("%d shards of %d targets: a shard would have no target", n, len(order))
	}
	byTime := slices.Clone(order)
	slices.SortStableFunc(byTime, func(a, b string) int {
		return cmp.Or(cmp.Compare(weights[b], weights[a]), strings.Compare(a, b))
	})
	parts := make([]Part, n)
	for i := range parts {
		parts[i].Shard = Shard{i + 1, n}
	}
	for _, name := range byTime {
		least := 0
		for i := range parts {
			if parts[i].Planned < parts[least].Planned {
				least = i
			}
		}
		parts[least].Targets = append(parts[least].Targets, name)
		parts[least].Planned += weights[name]
	}
	for i := range parts {
		slices.SortFunc(parts[i].Targets, func(a, b string) int { return cmp.Compare(slices.Index(order, a), slices.Index(order, b)) })
	}
	return parts, nil
}

// Narrow is p measuring only shard s's targets (and the baseline, as every run carries the host's ceiling).
func Narrow(m *suite.Manifest, p run.Plan, c Costs, s Shard) (run.Plan, []Part, error) {
	parts, err := Split(m, p, c, s.Count)
	if err != nil {
		return p, nil, err
	}
	p.Targets = parts[s.Index-1].Targets
	return p, parts, nil
}

// weigh is each of the plan's targets but the baseline with its planned time over every slot the plan names, and
// the targets in the plan's order.
func weigh(m *suite.Manifest, p run.Plan, c Costs) (map[string]time.Duration, []string, error) {
	slots, err := p.AllSlots()
	if err != nil {
		return nil, nil, err
	}
	p.Baseline = false
	targets, err := p.Select(m)
	if err != nil {
		return nil, nil, err
	}
	weights := map[string]time.Duration{}
	var order []string
	for _, t := range targets {
		if t.Baseline || slices.Contains(order, t.Name) {
			continue
		}
		for _, sl := range slots {
			tp, _, _ := plan(p, c, t, sl)
			weights[t.Name] += tp.Planned
		}
		order = append(order, t.Name)
	}
	return weights, order, nil
}
