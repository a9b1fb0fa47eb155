// Package procgroup ends a process group the agent started (a target, PostgreSQL): a signal to the whole group
// first, then, after a grace period, SIGKILL to whatever of the group is left.
package procgroup

import (
	"syscall"
	"time"
)

// Stop sends sig to the process group led by pid and waits at most grace for the leader to exit (exited is closed
// when it has), then kills what is left of the group and waits for the leader.
func Stop(pid int, sig syscall.Signal, exited <-chan struct{}, grace time.Duration) {
	_ = syscall.Kill(-pid, sig)
	select {
	case <-exited:
	case <-time.After(grace):
	}
	// The leader may be gone while children linger: kill what is left of the group either way.
	_ = syscall.Kill(-pid, syscall.SIGKILL)
	<-exited
}
