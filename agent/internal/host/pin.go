package host

import (
	"os"
	"runtime"
	"strconv"

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
