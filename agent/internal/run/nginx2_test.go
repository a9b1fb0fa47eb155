package run

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/balancer"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/testtarget"
)

// nginx2Runner is a run of the test target at topology nginx-2 on 2 vCPUs (1 each): the two instances on CPUs 0 and 1,
// the load generator and nginx on the layout's load-generator CPU (on a 2-CPU host CPU 1, which one instance shares:
// there is no third). The scratch folders go under tmp, the instances' request counts into counts.
func nginx2Runner(t *testing.T, tmp, counts string) *Runner {
	t.Helper()
	needWrk(t)
	if len(testtarget.StartCPUs) < 2 {
		t.Skipf("nginx-2 needs 2 CPUs for its instances, this host has %d", len(testtarget.StartCPUs))
	}
	if _, err := balancer.Find(); err != nil {
		t.Fatal(err)
	}
	layout, err := testtarget.FreshLayout(t)
	if err != nil {
		t.Fatal(err)
	}
	layout.Targets = testtarget.StartCPUs[:2]
	m := testManifest(t)
	t.Setenv("TMPDIR", tmp) // every start's scratch folder (instances, nginx, its configuration) is made here
	t.Setenv("PODIUM_TEST_COUNTS", counts)
	m.Targets[0].Port = 0 // two instances need a port each
	return testRunner(t, m, layout, Plan{Profile: "test", Targets: []string{"go"}, Scenarios: []string{"plaintext"}, Connections: []int{8},
		VCPUs: []int{1, 2}, Topologies: []string{"nginx-2"}, Duration: time.Second, Repeats: 1, DelayMs: 10, SLAMs: 200, SLAPercentile: "p90",
		WarmupWindow: time.Second, WarmupMax: time.Second, WarmupTolerance: 0.03})
}

// leftInside names every process whose working directory is under dir (each start's scratch folder is: a target
// instance, nginx's master and workers) and every file left there.
func leftInside(dir string) []string {
	var left []string
	procs, _ := filepath.Glob("/proc/[0-9]*/cwd")
	for _, p := range procs {
		if cwd, err := os.Readlink(p); err == nil && strings.HasPrefix(cwd, dir) {
			cmdline, _ := os.ReadFile(filepath.Join(filepath.Dir(p), "cmdline"))
			left = append(left, fmt.Sprintf("process %s (%s) in %s", filepath.Base(filepath.Dir(p)), strings.ReplaceAll(string(cmdline), "\x00", " "), cwd))
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	for _, f := range files {
		left = append(left, "file "+f)
	}
	return left
}

// TestRunMeasuresTheNginx2Topology: at topology nginx-2 on 2 vCPUs the run starts two instances of the target, one
// per CPU, behind the host's nginx (keep-alive upstreams), measures the cell through nginx with the instances' CPU
// and memory summed and nginx's own CPU time, records the balancer in the payload, skips the vCPU count nginx-2 does
// not fit, and stops nginx and both instances.
func TestRunMeasuresTheNginx2Topology(t *testing.T) {
	tmp, counts := t.TempDir(), t.TempDir()
	r := nginx2Runner(t, tmp, counts)
	if err := r.Plan.Check(); err != nil {
		t.Fatal(err)
	}
	payload, body := executeValid(t, r)
	if len(payload.Results) != 1 {
		t.Fatalf("%d cells, want the one nginx-2 cell on 2 vCPUs (1 vCPU cannot hold 2 instances): %s", len(payload.Results), body)
	}
	c := payload.Results[0]
	if c.Topology != "nginx-2" || c.VCPUs != 2 || c.CPUs != host.CPUs(testtarget.StartCPUs[:2]).String() {
		t.Errorf("cell topology %q, vcpus %d, cpus %q; want nginx-2 on 2 vCPUs, %s", c.Topology, c.VCPUs, c.CPUs, host.CPUs(testtarget.StartCPUs[:2]))
	}
	// the instances' CPUs include the load generator's (a 2-CPU host): the figure is flagged as the pair's
	if !slices.Contains(c.Flags, FlagSharesGeneratorCPUs) {
		t.Errorf("cell on %s with the load generator on %s: flags %v, want %s", c.CPUs, r.Layout.LoadGenerator, c.Flags, FlagSharesGeneratorCPUs)
	}
	rep := c.Repeats[0]
	u := rep.Usage
	if rep.Requests == 0 || u.TargetCPUUserSeconds+u.TargetCPUSystemSeconds <= 0 || u.TargetRSSPeakBytes <= 0 {
		t.Errorf("repeat %+v: no request or no target cost measured", rep)
	}
	if u.BalancerCPUUserSeconds == nil || u.BalancerCPUSystemSeconds == nil || *u.BalancerCPUUserSeconds+*u.BalancerCPUSystemSeconds <= 0 {
		t.Errorf("balancer CPU %v / %v, want nginx's CPU time", u.BalancerCPUUserSeconds, u.BalancerCPUSystemSeconds)
	}
	if c.Startup == nil || c.Startup.IdleRSSBytes <= 0 {
		t.Errorf("startup %+v", c.Startup)
	}
	b := payload.Balancer
	if b == nil || b.Server != "nginx" || b.Version == "" || b.Version == "unknown" || b.CPUs != r.Layout.LoadGenerator.String() ||
		b.Settings["keepalive"] != "64" || b.Settings["worker_processes"] != strconv.Itoa(len(r.Layout.LoadGenerator)) {
		t.Errorf("run.balancer %+v, want nginx with its version, on the load generator's CPUs %s", b, r.Layout.LoadGenerator)
	}
	if left := leftInside(tmp); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	// Both instances were stopped with SIGTERM and wrote how many requests each answered: round robin gives each
	// about half of the warm-up's and the repeat's (validation alone would give each a few).
	files, _ := filepath.Glob(filepath.Join(counts, "*"))
	if len(files) != 2 {
		t.Fatalf("%d instances wrote their request counts (%v), want 2", len(files), files)
	}
	for _, f := range files {
		b, _ := os.ReadFile(f)
		n, err := strconv.ParseInt(string(b), 10, 64)
		if err != nil || n < rep.Requests/5 {
			t.Errorf("the instance on port %s answered %d requests (%v), want at least a fifth of the repeat's %d", filepath.Base(f), n, err, rep.Requests)
		}
	}
}

// TestInterruptedNginx2RunLeavesNothing: cancelled (Ctrl-C) while an nginx-2 cell is measured, the run stops nginx
// and both instances and removes their folders.
func TestInterruptedNginx2RunLeavesNothing(t *testing.T) {
	tmp := t.TempDir()
	r := nginx2Runner(t, tmp, t.TempDir())
	r.Plan.Duration, r.Plan.WarmupMax = 30*time.Second, 30*time.Second
	ctx, cancel := context.WithCancel(context.Background())
	running := make(chan int, 1)
	go func() {
		// cancel once nginx answers (its scratch folder exists and the cell is under load), or after 10 s
		n := 0
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if m, _ := filepath.Glob(filepath.Join(tmp, "podium-nginx-balancer-*", "nginx.pid")); len(m) > 0 {
				time.Sleep(time.Second)
				for _, l := range leftInside(tmp) {
					if strings.HasPrefix(l, "process ") {
						n++
					}
				}
				break
			}
		}
		running <- n
		cancel()
	}()
	_, _, err := r.Execute(ctx)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("run: %v, want it interrupted", err)
	}
	// what the check below would find: the two instances, nginx's master and its worker, all in their scratch folders
	if n := <-running; n < 4 {
		t.Errorf("%d processes ran in %s under load, want the 2 instances and nginx's master and worker", n, tmp)
	}
	if left := leftInside(tmp); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}
