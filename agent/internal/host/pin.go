package host

import (
	"os"
	"runtime"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// PinSelf moves every thread of this process onto cpus (new threads inherit it), so that the agent and
// its in-process open-loop generator stay off the targets' CPUs.
func PinSelf(cpus CPUs) error {
	var set unix.CPUSet
	for _, c := range cpus {
		set.Set(c)
	}
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return unix.SchedSetaffinity(0, &set)
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		if err := unix.SchedSetaffinity(tid, &set); err != nil {
			return err
		}
	}
	runtime.GOMAXPROCS(max(1, len(cpus)))
	return nil
}

// RaiseFileLimit lifts the soft open-file limit to the hard one: wrk at 4096 connections (and the targets,
// which inherit it) need more than the usual 1024.
func RaiseFileLimit() (uint64, error) {
	// syscall (not x/sys) so that os/exec hands the raised limit to children instead of restoring the original.
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return 0, err
	}
	if l.Cur < l.Max {
		l.Cur = l.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			return 0, err
		}
	}
	return l.Cur, nil
}
