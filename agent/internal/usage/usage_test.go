package usage

import (
	"os/exec"
	"syscall"
	"testing"
	"time"
)

func TestParseStatCountsFieldsAfterTheCommandName(t *testing.T) {
	t.Parallel()
	// A command name with spaces and a ')' must not shift the fields (pid 4242, pgrp 4200).
	line := "4242 (java (x) y) S 1 4200 4200 0 -1 4194560 100 0 0 0 250 75 10 5 20 0 30 0 123456 5000000000 2048 18446744073709551615\n"
	s, ok := ParseStat([]byte(line))
	if !ok {
		t.Fatal("not parsed")
	}
	want := Stat{Pgrp: 4200, UserTicks: 260, SysTicks: 80, OwnTicks: 325, RSSBytes: 2048 * pageSize, StartTicks: 123456}
	if s != want {
		t.Errorf("got %+v, want %+v", s, want)
	}
	if _, ok := ParseStat([]byte("4242 (trunc")); ok {
		t.Error("parsed a truncated line")
	}
}

// A group of three processes (a shell and two busy children) pinned to one CPU: the sampler finds all three,
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
	s := Start(pgid, 50*time.Millisecond)
	time.Sleep(1500 * time.Millisecond)
	u := s.Stop()
	cpu := u.TargetCPUUserSeconds + u.TargetCPUSystemSeconds
	if u.WallSeconds < 1.5 || u.WallSeconds > 3 {
		t.Errorf("wall %.3f s, want about 1.5", u.WallSeconds)
	}
	// Two busy children on one CPU use most of it even on a busy machine; never more than all of it.
	if cpu < 0.2*u.WallSeconds || cpu > u.WallSeconds*1.05+0.05 {
		t.Errorf("CPU %.2f s over %.2f s of wall on one CPU", cpu, u.WallSeconds)
	}
	if u.Samples < 10 || u.TargetRSSMeanBytes <= 0 || u.TargetRSSPeakBytes < u.TargetRSSMeanBytes {
		t.Errorf("memory: %+v", u)
	}
	if rss := RSS(pgid); rss <= 0 {
		t.Errorf("RSS of the group %d", rss)
	}
}

func TestSelfCPUCountsThisProcessWork(t *testing.T) {
	before, start := SelfCPU(), time.Now()
	for time.Since(start) < 300*time.Millisecond {
	}
	if got := SelfCPU() - before; got < 50*time.Millisecond {
		t.Errorf("300 ms of busy loop counted %s of CPU", got)
	}
}
