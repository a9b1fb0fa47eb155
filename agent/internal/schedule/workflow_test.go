package schedule

import (
	"cmp"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/suitetest"
)

// hostClassCPUs are the CPUs of the runner labels benchmark.yml's shards job plans for (its comment says so).
var hostClassCPUs = map[string]int{"podium-bench-small": 2, "podium-bench-large": 8}

// Every shard job of .github/workflows/benchmark.yml has a timeout that holds its shard's plan on its host class
// with the 15% the plan may be off and 10 minutes to build: a job cancelled at its timeout loses its last target.
// And a profile with a slot (nightly 4 h, full 6 h a shard) runs in at least as many shards as fit it on that class,
// the fewest that do; where none does (a target alone is longer), one target per shard.
func TestBenchmarkWorkflowTimeoutsHoldThePlans(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "..", ".github", "workflows", "benchmark.yml"))
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile(`(?m)^\s+(quick|nightly|full)/(\*|[a-z-]+)\) echo "(\d+) (\d+)" ;;`).FindAllStringSubmatch(string(b), -1)
	if len(rows) < 5 {
		t.Fatalf("want the shards job's table of profile/host class -> shards and minutes, found %d rows", len(rows))
	}
	m := suitetest.Manifest(t)
	for _, r := range rows {
		profile, class := r[1], r[2]
		n, _ := strconv.Atoi(r[3])
		minutes, _ := strconv.Atoi(r[4])
		classes := []string{class}
		if class == "*" {
			classes = []string{"podium-bench-small", "podium-bench-large"}
		}
		for _, c := range classes {
			cpus, ok := hostClassCPUs[c]
			if !ok {
				t.Fatalf("host class %s: how many CPUs?", c)
			}
			p := planOf(t, m, profile)
			if slot := SlotOf(profile); slot > 0 {
				fit, err := Fitting(m, p, DefaultCosts, slot, func(one run.Plan) (time.Duration, error) { return onHost(t, m, one, cpus).Total, nil })
				if err != nil {
					t.Fatal(err)
				}
				_, targets, err := weigh(m, p, DefaultCosts)
				if err != nil {
					t.Fatal(err)
				}
				if want := cmp.Or(fit, len(targets)); n != want {
					t.Errorf("%s on %s (%d CPUs): %d shards, want %d (the fewest whose every shard fits %s, else one target a shard)", profile, c, cpus, n, want, slot)
				}
			}
			for i := 1; i <= n; i++ {
				one, _, err := Narrow(m, p, DefaultCosts, Shard{i, n})
				if err != nil {
					t.Fatal(err)
				}
				s := onHost(t, m, one, cpus)
				if need := s.Total*115/100 + 10*time.Minute; need > time.Duration(minutes)*time.Minute {
					t.Errorf("%s shard %d/%d on %s (%d CPUs): planned %s, the job's %d minutes do not hold it with a margin", profile, i, n, c, cpus, s.Total, minutes)
				}
			}
		}
	}
}
