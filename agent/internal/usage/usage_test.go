package usage

import (
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestParseStatCountsFieldsAfterTheCommandName(t *testing.T) {
	t.Parallel()
	// A command name with spaces and a ')' must not shift the fields (pid 4242, pgrp 4200).
	line := "4242 (java (x) y) S 1 4200 4200 0 -1 4194560 100 7 0 0 250 75 10 5 20 0 30 0 123456 5000000000 2048 18446744073709551615\n"
	s, ok := ParseStat([]byte(line))
	if !ok {
		t.Fatal("not parsed")
	}
	want := Stat{Pgrp: 4200, UserTicks: 260, SysTicks: 80, OwnTicks: 325, RSSBytes: 2048 * pageSize, StartTicks: 123456, MinorFaults: 107}
	if s != want {
		t.Errorf("got %+v, want %+v", s, want)
	}
	if _, ok := ParseStat([]byte("4242 (trunc")); ok {
		t.Error("parsed a truncated line")
	}
}

// A tree of three processes (a shell and two busy children) pinned to one CPU: the sampler finds all three,
// counts CPU no higher than one CPU over the wall time, and sees their memory.
func TestSamplerMeasuresTheWholeGroup(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("taskset"); err != nil {
		t.Skip("taskset missing")
	}
	cmd := exec.Command("taskset", "-c", "0", "sh", "-c", "yes >/dev/null & yes >/dev/null & wait")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pgid := cmd.Process.Pid
	defer func() { _ = syscall.Kill(-pgid, syscall.SIGKILL); _ = cmd.Wait() }()
	deadline := time.Now().Add(5 * time.Second)
	for len(Group(pgid)) < 3 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := len(Group(pgid)); n != 3 {
		t.Fatalf("group %d has %d members, want the shell and two children", pgid, n)
	}
	if tree, ok := Tree(pgid); ok && len(tree) != 3 {
		t.Fatalf("tree of %d: %v, want the shell and two children", pgid, tree)
	}
	before := schedRuntime(t, pgid)
	s := Start(pgid, 50*time.Millisecond)
	time.Sleep(1500 * time.Millisecond)
	u := s.Stop()
	ran := schedRuntime(t, pgid) - before
	cpu := u.TargetCPUUserSeconds + u.TargetCPUSystemSeconds
	// The scheduler's own count of the three processes' run time (ns, /proc/<pid>/schedstat) agrees.
	if math.Abs(cpu-ran) > 0.05+0.1*ran {
		t.Errorf("sampled %.2f CPU-s, the scheduler counted %.2f s", cpu, ran)
	}
	if u.WallSeconds < 1.5 || u.WallSeconds > 3 {
		t.Errorf("wall %.3f s, want about 1.5", u.WallSeconds)
	}
	// Two busy children on one CPU never use more than all of it.
	if cpu <= 0 || cpu > u.WallSeconds*1.05+0.05 {
		t.Errorf("CPU %.2f s over %.2f s of wall on one CPU", cpu, u.WallSeconds)
	}
	if u.Samples < 10 || u.TargetRSSMeanBytes <= 0 || u.TargetRSSPeakBytes < u.TargetRSSMeanBytes {
		t.Errorf("memory: %+v", u)
	}
	if rss := RSS(pgid); rss <= 0 {
		t.Errorf("RSS of the group %d", rss)
	}
}

// Two trees sampled together (the instances of an nginx-N topology): their CPU time and memory are summed, and each
// tree's CPU time is told apart (a busy one and an idle one).
func TestSamplerSumsSeveralTrees(t *testing.T) {
	t.Parallel()
	busy, idle := startTree(t, "yes >/dev/null & wait"), startTree(t, "sleep 30 & wait")
	deadline := time.Now().Add(5 * time.Second)
	for (len(Members(busy)) < 2 || len(Members(idle)) < 2) && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	s := StartAll([]int{busy, idle}, 50*time.Millisecond)
	time.Sleep(time.Second)
	u := s.Stop()
	each := s.TreeCPUSeconds()
	cpu := u.TargetCPUUserSeconds + u.TargetCPUSystemSeconds
	if len(each) != 2 || each[0] < 0.05 || each[1] > 0.02 || math.Abs(each[0]+each[1]-cpu) > 0.02 {
		t.Errorf("trees %v CPU-s, total %.2f: want the busy one's, the idle one's near 0, adding up to the total", each, cpu)
	}
	if both := RSS(busy) + RSS(idle); u.TargetRSSPeakBytes < max(RSS(busy), RSS(idle)) || u.TargetRSSPeakBytes > 2*both {
		t.Errorf("peak RSS %d, the two trees hold %d now", u.TargetRSSPeakBytes, both)
	}
}

// A tree that touches 32 MiB of fresh memory while it is sampled (dd's buffer, written page by page) has at least
// its pages' faults counted (4 KiB pages: 8,192; fewer only with transparent huge pages, so the bound is the exec's
// own), and an idle tree none; per request they are the count over the requests, none without requests.
func TestSamplerCountsMinorFaults(t *testing.T) {
	t.Parallel()
	toucher := startTree(t, "sleep 0.6; dd if=/dev/zero of=/dev/null bs=32M count=2 2>/dev/null; sleep 30")
	idle := startTree(t, "sleep 30")
	time.Sleep(300 * time.Millisecond) // both started (the idle one's sleep exec'd) before the sampling
	busy, quiet := Start(toucher, 50*time.Millisecond), Start(idle, 50*time.Millisecond)
	time.Sleep(1500 * time.Millisecond)
	busy.Stop()
	quiet.Stop()
	t.Logf("minor faults: %d for the tree that ran dd, %d for the idle one", busy.MinorFaults(), quiet.MinorFaults())
	if n := busy.MinorFaults(); n < 100 {
		t.Errorf("a tree that ran dd with a 32 MiB buffer counted %d minor faults, want at least 100", n)
	}
	if n := quiet.MinorFaults(); n > 10 {
		t.Errorf("an idle tree counted %d minor faults, want about none", n)
	}
	if p := PerRequest(1500, 4000); p == nil || *p != 0.375 {
		t.Errorf("1,500 faults over 4,000 requests: %v, want 0.375", p)
	}
	if p := PerRequest(1500, 0); p != nil {
		t.Errorf("without requests: %v, want none", *p)
	}
}

// startTree starts sh -c script as the leader of its own process group, killed with its group when the test ends.
func startTree(t *testing.T, script string) int {
	t.Helper()
	cmd := exec.Command("sh", "-c", script)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); _ = cmd.Wait() })
	return cmd.Process.Pid
}

// schedRuntime is the group's run time in seconds from /proc/<pid>/schedstat, independent of /proc/<pid>/stat.
func schedRuntime(t *testing.T, pgid int) float64 {
	t.Helper()
	var ns int64
	for _, pid := range Group(pgid) {
		b, err := os.ReadFile(Proc + "/" + strconv.Itoa(pid) + "/schedstat")
		if err != nil {
			t.Skipf("no schedstat: %v", err)
		}
		f := strings.Fields(string(b))
		v, _ := strconv.ParseInt(f[0], 10, 64)
		ns += v
	}
	return float64(ns) / 1e9
}

func TestSelfCPUCountsThisProcessWork(t *testing.T) {
	before, start := SelfCPU(), time.Now()
	for SelfCPU()-before < 20*time.Millisecond && time.Since(start) < 5*time.Second {
	}
	if got := SelfCPU() - before; got < 20*time.Millisecond {
		t.Errorf("5 s of busy loop counted %s of CPU", got)
	}
}
