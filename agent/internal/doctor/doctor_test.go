package doctor

import (
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/host"
)

// gather reads a fixture tree as the host (not parallel: host.Root is package state).
func gather(t *testing.T, root string) Facts {
	t.Helper()
	defer func(r string) { host.Root = r }(host.Root)
	host.Root = root
	return Gather(host.CPUs{0}, host.CPUs{1}, 1024, 0)
}

func TestATunedHostHasNothingToFix(t *testing.T) {
	f := gather(t, "testdata/tuned")
	if got := Check(f); len(got) != 0 {
		t.Errorf("findings on a tuned host: %+v", got)
	}
	var out bytes.Buffer
	Print(&out, f, nil)
	for _, want := range []string{"governor               performance", "mitigations            off", "Nothing found"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func TestAnUntunedHostGetsEveryFixCommand(t *testing.T) {
	f := gather(t, "testdata/untuned")
	f.Busy = map[int]float64{0: 0.42, 1: 0.01}
	f.BusyProcesses = []Process{{PID: 4242, Name: "java", CPUPercent: 41}}
	got := map[string]Finding{}
	for _, x := range Check(f) {
		got[x.Setting] = x
	}
	want := map[string]string{
		"governor":             "echo performance | sudo tee /sys/devices/system/cpu/cpu$c/cpufreq/scaling_governor",
		"cpu frequency":        "scaling_max_freq | sudo tee /sys/devices/system/cpu/cpu$c/cpufreq/scaling_min_freq",
		"turbo":                "echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo",
		"smt":                  "echo off | sudo tee /sys/devices/system/cpu/smt/control",
		"transparentHugePages": "echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled",
		"cgroupCpuLimit":       "echo 'max 100000' | sudo tee /sys/fs/cgroup/user.slice/bench.scope/cpu.max",
		"somaxconn":            "sudo sysctl -w net.core.somaxconn=4096",
		"localPortRange":       `sudo sysctl -w net.ipv4.ip_local_port_range="1024 65535"`,
		"busy CPUs":            "stop 4242 java (41%)",
	}
	for setting, fix := range want {
		if x, ok := got[setting]; !ok || !strings.Contains(x.Fix, fix) {
			t.Errorf("%s: finding %+v, want a fix containing %q", setting, x, fix)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d findings, want %d: %+v", len(got), len(want), got)
	}
	if b := got["busy CPUs"]; !strings.Contains(b.Value, "cpu0 42%") || !strings.Contains(b.Value, "load average 2.31") {
		t.Errorf("busy CPUs finding %+v", b)
	}
}

func TestSMTIsOnlyAProblemWhenThePinnedCPUsShareACore(t *testing.T) {
	f := gather(t, "testdata/tuned")
	f.Settings.SMT = "on"
	f.Siblings = map[int]host.CPUs{0: {0, 2}, 1: {1, 3}} // siblings exist, but outside the pinned CPUs
	if got := Check(f); len(got) != 0 {
		t.Errorf("findings %+v for SMT on with the pinned CPUs on separate cores", got)
	}
}

// watch finds a busy process on the CPU it watches, by name, from the real /proc.
func TestWatchNamesTheProcessThatKeepsACPUBusy(t *testing.T) {
	t.Parallel()
	cmd := exec.Command("taskset", "-c", "0", "yes")
	if err := cmd.Start(); err != nil {
		t.Skipf("taskset: %v", err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	time.Sleep(100 * time.Millisecond)
	busy, procs := watch(host.CPUs{0}, 1500*time.Millisecond, 1)
	if busy[0] < 0.2 {
		t.Errorf("cpu0 %.0f%% busy with yes pinned to it", busy[0]*100)
	}
	if !slices.ContainsFunc(procs, func(p Process) bool { return p.PID == cmd.Process.Pid && p.Name == "yes" }) {
		t.Errorf("busy processes %+v lack yes (pid %d)", procs, cmd.Process.Pid)
	}
}
