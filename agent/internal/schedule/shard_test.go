package schedule

import (
	"slices"
	"testing"
	"time"

	"podium.dev/agent/internal/suitetest"
)

// For n = 1..5 the shards of the nightly and full profiles partition their targets (every one in exactly one
// shard, the baseline in none: every shard's run adds it) and their planned times differ by at most 25% where the
// targets allow it (the longest target takes no more than an even share).
func TestShardsPartitionTheProfileBalanced(t *testing.T) {
	t.Parallel()
	m := suitetest.Manifest(t)
	for _, profile := range []string{"nightly", "full"} {
		p := planOf(t, m, profile)
		weights, all, err := weigh(m, p, DefaultCosts)
		if err != nil {
			t.Fatal(err)
		}
		if len(all) != len(m.Targets) {
			t.Fatalf("%s: %d targets to deal, the suite has %d", profile, len(all), len(m.Targets))
		}
		var total, longest time.Duration
		for _, w := range weights {
			total += w
			longest = max(longest, w)
		}
		for n := 1; n <= 5; n++ {
			parts, err := Split(m, p, DefaultCosts, n)
			if err != nil {
				t.Fatal(err)
			}
			var union []string
			lo, hi := parts[0].Planned, parts[0].Planned
			for _, pt := range parts {
				union = append(union, pt.Targets...)
				lo, hi = min(lo, pt.Planned), max(hi, pt.Planned)
				if slices.Contains(pt.Targets, "nginx") {
					t.Errorf("%s %s: the baseline is dealt, it goes with every shard", profile, pt.Shard)
				}
			}
			slices.Sort(union)
			want := slices.Sorted(slices.Values(all))
			if !slices.Equal(union, want) {
				t.Errorf("%s in %d shards: %v, want each of %v once", profile, n, union, want)
			}
			if longest <= total/time.Duration(n) && float64(hi-lo) > 0.25*float64(hi) {
				t.Errorf("%s in %d shards: %s to %s planned, more than 25%% apart", profile, n, lo, hi)
			}
		}
	}
}

// The split is the same on every call (every host of a class, every re-run of a shard), and a shard of a few
// targets that cannot balance still partitions them.
func TestSplitIsDeterministicAndPartitionsWhatCannotBalance(t *testing.T) {
	t.Parallel()
	m := suitetest.Manifest(t)
	p := planOf(t, m, "full")
	a, _ := Split(m, p, DefaultCosts, 3)
	b, _ := Split(m, p, DefaultCosts, 3)
	for i := range a {
		if !slices.Equal(a[i].Targets, b[i].Targets) {
			t.Fatalf("shard %d: %v, then %v", i+1, a[i].Targets, b[i].Targets)
		}
	}
	p.Targets = []string{"tomcat", "netty", "undertow"} // 8 scenarios against 4, 4
	parts, err := Split(m, p, DefaultCosts, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(parts[0].Targets, []string{"tomcat"}) || !slices.Equal(parts[1].Targets, []string{"netty", "undertow"}) {
		t.Errorf("split %v / %v: want tomcat alone, the two smaller ones together", parts[0].Targets, parts[1].Targets)
	}
	if _, err := Split(m, p, DefaultCosts, 4); err == nil {
		t.Error("4 shards of 3 targets: want an error, a shard would be empty")
	}
	narrowed, _, err := Narrow(m, p, DefaultCosts, Shard{2, 2})
	if err != nil || !slices.Equal(narrowed.Targets, []string{"netty", "undertow"}) || !narrowed.Baseline {
		t.Errorf("shard 2/2: %v (baseline %v, %v), want netty and undertow with the baseline", narrowed.Targets, narrowed.Baseline, err)
	}
}

func TestParseShard(t *testing.T) {
	t.Parallel()
	if s, err := ParseShard("2/3"); err != nil || s != (Shard{2, 3}) {
		t.Errorf("2/3: %v %v", s, err)
	}
	for _, bad := range []string{"", "3", "0/3", "4/3", "1/0", "a/b", "1/65", "-1/2"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}
