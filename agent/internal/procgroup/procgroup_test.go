package procgroup

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// start runs script in a process group of its own and returns the leader and a channel closed when it exits.
func start(t *testing.T, script string) (*exec.Cmd, chan struct{}) {
	t.Helper()
	cmd := exec.Command("sh", "-c", script)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	return cmd, exited
}

// gone reports whether no live process of the group is left within a second (a killed process may stay a zombie
// until its new parent reaps it: it is not counted).
func gone(pgid int) bool {
	for until := time.Now().Add(time.Second); time.Now().Before(until); time.Sleep(20 * time.Millisecond) {
		if len(live(pgid)) == 0 {
			return true
		}
	}
	return false
}

// live lists the /proc/<pid>/stat lines of the group's processes that are not zombies.
func live(pgid int) []string {
	var found []string
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		s := string(b)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // state, ppid, pgrp, ...
		if len(fields) > 2 && fields[2] == strconv.Itoa(pgid) && fields[0] != "Z" {
			found = append(found, s)
		}
	}
	return found
}

// A leader that ends on the signal leaves at once; a child that ignores it is killed after the grace period.
func TestStopEndsTheWholeGroup(t *testing.T) {
	cmd, exited := start(t, "sleep 60 & wait")
	began := time.Now()
	Stop(cmd.Process.Pid, syscall.SIGTERM, exited, 5*time.Second)
	if took := time.Since(began); took > 4*time.Second {
		t.Errorf("a group that ends on SIGTERM took %v to stop", took)
	}
	if !gone(cmd.Process.Pid) {
		t.Errorf("a process of the group is left after Stop: %v", live(cmd.Process.Pid))
	}

	cmd, exited = start(t, "trap '' TERM; sh -c \"trap '' TERM; sleep 60\" & wait; wait")
	time.Sleep(200 * time.Millisecond) // the traps are set
	began = time.Now()
	Stop(cmd.Process.Pid, syscall.SIGTERM, exited, 300*time.Millisecond)
	if took := time.Since(began); took < 300*time.Millisecond {
		t.Errorf("a group ignoring SIGTERM stopped after %v, before the grace period", took)
	}
	if !gone(cmd.Process.Pid) {
		t.Errorf("a process that ignored SIGTERM is left after Stop: %v", live(cmd.Process.Pid))
	}
}
