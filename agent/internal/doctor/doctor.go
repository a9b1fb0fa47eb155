// Package doctor says what would make this host's numbers unstable and the command that fixes each, in the
// spirit of pyperf's `system show`: the host's settings, how the agent would pin, and what else runs there.
package doctor

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/usage"
)

// Facts is what the doctor judges: the host's settings and what the agent would do on it.
type Facts struct {
	Settings       host.Settings
	Server         host.CPUs // the CPUs the largest target would be pinned to
	LoadGenerator  host.CPUs
	MaxConnections int               // the highest connection count of the profile
	Siblings       map[int]host.CPUs // SMT siblings of each pinned CPU (the CPU itself included)
	Frequency      map[int][2]int64  // scaling_min_freq, scaling_max_freq (kHz) of each pinned CPU
	TurboFile      string            // the file that controls turbo: intel_pstate/no_turbo or cpufreq/boost
	CgroupDir      string            // the agent's cgroup v2 folder, for the fix of a CPU limit
	LoadAverage    float64           // 1-minute load average
	Busy           map[int]float64   // share of each pinned CPU used by other processes over the sample
	BusyProcesses  []Process         // the processes that used them, busiest first
}

// Process is another process that used the pinned CPUs while the doctor looked.
type Process struct {
	PID        int
	Name       string
	CPUPercent float64
}

// Finding is one thing that would make the numbers unstable, and the command that fixes it.
type Finding struct {
	Setting string
	Value   string
	Problem string
	Fix     string
}

// thresholds
const (
	busyLimit     = 0.10 // another process using a pinned CPU more than 10% of the time
	minPortsPer   = 4    // local ports per connection (wrk reconnects; closed sockets wait in TIME_WAIT)
	minPortsTotal = 16384
)

// Gather reads the facts from the host (host.Root), watching the pinned CPUs for sample.
func Gather(server, loadGen host.CPUs, maxConnections int, sample time.Duration) Facts {
	pinned := union(server, loadGen)
	f := Facts{Settings: host.ReadSettings(pinned), Server: server, LoadGenerator: loadGen, MaxConnections: maxConnections,
		Siblings: map[int]host.CPUs{}, Frequency: map[int][2]int64{}, Busy: map[int]float64{}}
	for _, c := range pinned {
		base := filepath.Join(host.Root, fmt.Sprintf("sys/devices/system/cpu/cpu%d", c))
		if s, err := host.ParseCPUs(readFile(filepath.Join(base, "topology/thread_siblings_list"))); err == nil && len(s) > 0 {
			f.Siblings[c] = s
		}
		lo, err1 := strconv.ParseInt(readFile(filepath.Join(base, "cpufreq/scaling_min_freq")), 10, 64)
		hi, err2 := strconv.ParseInt(readFile(filepath.Join(base, "cpufreq/scaling_max_freq")), 10, 64)
		if err1 == nil && err2 == nil {
			f.Frequency[c] = [2]int64{lo, hi}
		}
	}
	for _, p := range []string{"sys/devices/system/cpu/intel_pstate/no_turbo", "sys/devices/system/cpu/cpufreq/boost"} {
		if readFile(filepath.Join(host.Root, p)) != "" {
			f.TurboFile = "/" + p
			break
		}
	}
	for line := range strings.SplitSeq(readFile(filepath.Join(host.Root, "proc/self/cgroup")), "\n") {
		if rest, ok := strings.CutPrefix(line, "0::"); ok {
			f.CgroupDir = filepath.Join("/sys/fs/cgroup", rest)
		}
	}
	if fields := strings.Fields(readFile(filepath.Join(host.Root, "proc/loadavg"))); len(fields) > 0 {
		f.LoadAverage, _ = strconv.ParseFloat(fields[0], 64)
	}
	if sample > 0 {
		f.Busy, f.BusyProcesses = watch(pinned, sample, 5)
	}
	return f
}

// watch measures how busy each CPU is over d (/proc/stat) and which processes used at least minPercent of a CPU
// meanwhile, busiest first.
func watch(cpus host.CPUs, d time.Duration, minPercent float64) (map[int]float64, []Process) {
	before, _ := host.ReadTimes()
	procs := cpuByPid()
	time.Sleep(d)
	after, _ := host.ReadTimes()
	busy := map[int]float64{}
	for _, c := range cpus {
		busy[c] = host.Busy(before, after, host.CPUs{c})
	}
	self := os.Getpid()
	var out []Process
	for pid, ticks := range cpuByPid() {
		if prev, ok := procs[pid]; ok && pid != self {
			pct := float64(ticks.ticks-prev.ticks) / 100 / d.Seconds() * 100
			if pct >= minPercent {
				out = append(out, Process{PID: pid, Name: ticks.name, CPUPercent: pct})
			}
		}
	}
	slices.SortFunc(out, func(a, b Process) int { return cmp.Compare(b.CPUPercent, a.CPUPercent) })
	return busy, out
}

type procTicks struct {
	name  string
	ticks int64
}

func cpuByPid() map[int]procTicks {
	out := map[int]procTicks{}
	entries, _ := os.ReadDir(usage.Proc)
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(usage.Proc, e.Name(), "stat"))
		if err != nil {
			continue
		}
		st, ok := usage.ParseStat(b)
		if !ok {
			continue
		}
		name := ""
		if i, j := strings.IndexByte(string(b), '('), strings.LastIndexByte(string(b), ')'); i >= 0 && j > i {
			name = string(b[i+1 : j])
		}
		out[pid] = procTicks{name: name, ticks: st.OwnTicks} // not its reaped children's
	}
	return out
}

// Check lists what would make this host's numbers unstable.
func Check(f Facts) []Finding {
	s := f.Settings
	pinned := union(f.Server, f.LoadGenerator)
	var out []Finding
	add := func(setting, value, problem, fix string) {
		out = append(out, Finding{Setting: setting, Value: value, Problem: problem, Fix: fix})
	}
	if s.Governor != "" && s.Governor != "performance" {
		add("governor", s.Governor, "the CPU frequency follows the load: the first seconds of every window run slower",
			fmt.Sprintf("for c in %s; do echo performance | sudo tee /sys/devices/system/cpu/cpu$c/cpufreq/scaling_governor; done", spaced(pinned)))
	}
	for _, c := range pinned {
		if fr, ok := f.Frequency[c]; ok && fr[0] < fr[1] {
			add("cpu frequency", fmt.Sprintf("cpu%d %d-%d MHz", c, fr[0]/1000, fr[1]/1000),
				"the pinned CPUs may scale their frequency down between windows",
				fmt.Sprintf("for c in %s; do cat /sys/devices/system/cpu/cpu$c/cpufreq/scaling_max_freq | sudo tee /sys/devices/system/cpu/cpu$c/cpufreq/scaling_min_freq; done", spaced(pinned)))
			break
		}
	}
	if s.Turbo == "on" {
		fix := "echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost"
		if strings.Contains(f.TurboFile, "intel_pstate") {
			fix = "echo 1 | sudo tee /sys/devices/system/cpu/intel_pstate/no_turbo"
		}
		add("turbo", "on", "turbo clocks depend on temperature and on the other cores' load: runs do not repeat", fix)
	}
	if s.SMT == "on" {
		if shared := sharedCores(f); shared != "" {
			add("smt", "on", "CPUs "+shared+" are hyperthreads of one core: the target and the load generator (or two target CPUs) share it",
				"echo off | sudo tee /sys/devices/system/cpu/smt/control")
		}
	}
	if s.TransparentHugePages == "always" {
		add("transparentHugePages", "always", "khugepaged compacts memory in the background and the JVM's heap pages change size under load",
			"echo madvise | sudo tee /sys/kernel/mm/transparent_hugepage/enabled")
	}
	if need := float64(len(pinned)); s.CgroupCPULimit > 0 && s.CgroupCPULimit < need {
		dir := f.CgroupDir
		if dir == "" {
			dir = "/sys/fs/cgroup/<the agent's cgroup>"
		}
		add("cgroupCpuLimit", strconv.FormatFloat(s.CgroupCPULimit, 'f', -1, 64),
			fmt.Sprintf("the agent's cgroup may use %.2f CPUs but pins to %d (%s): the target is throttled, not measured", s.CgroupCPULimit, len(pinned), pinned),
			fmt.Sprintf("echo 'max 100000' | sudo tee %s/cpu.max  (or give the container at least %d CPUs, e.g. docker update --cpus %d)", dir, len(pinned), len(pinned)))
	}
	if s.Somaxconn != nil && f.MaxConnections > 0 && *s.Somaxconn < f.MaxConnections {
		add("somaxconn", strconv.Itoa(*s.Somaxconn),
			fmt.Sprintf("the listen backlog is below the profile's %d connections: connects are dropped and retried during the first second", f.MaxConnections),
			fmt.Sprintf("sudo sysctl -w net.core.somaxconn=%d", max(4096, f.MaxConnections)))
	}
	if lo, hi, ok := portRange(s.LocalPortRange); ok && f.MaxConnections > 0 {
		if size := hi - lo + 1; size < max(minPortsTotal, minPortsPer*f.MaxConnections) {
			add("localPortRange", s.LocalPortRange,
				fmt.Sprintf("%d local ports for %d connections and the sockets still in TIME_WAIT: connects fail with EADDRNOTAVAIL", size, f.MaxConnections),
				`sudo sysctl -w net.ipv4.ip_local_port_range="1024 65535"`)
		}
	}
	var busy []string
	for _, c := range pinned {
		if b, ok := f.Busy[c]; ok && b > busyLimit {
			busy = append(busy, fmt.Sprintf("cpu%d %.0f%%", c, b*100))
		}
	}
	if len(busy) > 0 {
		var who []string
		for _, p := range f.BusyProcesses[:min(len(f.BusyProcesses), 5)] {
			who = append(who, fmt.Sprintf("%d %s (%.0f%%)", p.PID, p.Name, p.CPUPercent))
		}
		fix := "stop what runs there (top -o %CPU shows it)"
		if len(who) > 0 {
			fix = fmt.Sprintf("stop %s, or move them off the pinned CPUs: sudo taskset -acp <other CPUs> PID", strings.Join(who, ", "))
		}
		add("busy CPUs", fmt.Sprintf("%s; load average %.2f", strings.Join(busy, ", "), f.LoadAverage),
			"other processes use the CPUs the agent pins to: they take time from the target and the load generator", fix)
	}
	return out
}

// Print writes every setting found, then the findings with their fixes.
func Print(w io.Writer, f Facts, findings []Finding) {
	s := f.Settings
	fmt.Fprintf(w, "Pinning: targets on CPUs %s, load generator on CPUs %s; the profile's highest concurrency: %d connections\n",
		f.Server, f.LoadGenerator, f.MaxConnections)
	fmt.Fprintln(w, "Settings:")
	row := func(name, v string) {
		if v == "" {
			v = "(not exposed on this host)"
		}
		fmt.Fprintf(w, "  %-22s %s\n", name, v)
	}
	row("governor", s.Governor)
	row("turbo", s.Turbo)
	row("smt", s.SMT)
	row("transparentHugePages", s.TransparentHugePages)
	row("mitigations", s.Mitigations)
	row("clocksource", s.Clocksource)
	row("cgroupCpuLimit", orNone(strconv.FormatFloat(s.CgroupCPULimit, 'f', -1, 64), s.CgroupCPULimit > 0))
	row("cgroupMemoryLimitBytes", orNone(strconv.FormatInt(s.CgroupMemoryLimitBytes, 10), s.CgroupMemoryLimitBytes > 0))
	if s.Somaxconn != nil {
		row("somaxconn", strconv.Itoa(*s.Somaxconn))
	} else {
		row("somaxconn", "")
	}
	row("localPortRange", s.LocalPortRange)
	names := make([]string, 0, len(s.Vulnerabilities))
	for n := range s.Vulnerabilities {
		names = append(names, n)
	}
	slices.Sort(names)
	if len(names) > 0 {
		fmt.Fprintln(w, "  vulnerabilities:")
	}
	for _, n := range names {
		fmt.Fprintf(w, "    %-28s %s\n", n, s.Vulnerabilities[n])
	}
	fmt.Fprintf(w, "  %-22s %.2f\n", "load average (1 min)", f.LoadAverage)
	for _, c := range union(f.Server, f.LoadGenerator) {
		if b, ok := f.Busy[c]; ok {
			fmt.Fprintf(w, "  %-22s %.0f%% busy\n", fmt.Sprintf("cpu%d", c), b*100)
		}
	}
	if len(findings) == 0 {
		fmt.Fprintln(w, "Nothing found that would make this host's numbers unstable.")
		return
	}
	fmt.Fprintf(w, "%d thing(s) would make this host's numbers unstable:\n", len(findings))
	for _, x := range findings {
		fmt.Fprintf(w, "  %s = %s: %s\n    fix: %s\n", x.Setting, x.Value, x.Problem, x.Fix)
	}
}

// sharedCores names pinned CPUs that are SMT siblings of another pinned CPU.
func sharedCores(f Facts) string {
	pinned := union(f.Server, f.LoadGenerator)
	var shared host.CPUs
	for _, c := range pinned {
		for _, s := range f.Siblings[c] {
			if s != c && slices.Contains(pinned, s) {
				shared = append(shared, c)
				break
			}
		}
	}
	return shared.String()
}

func portRange(s string) (int, int, bool) {
	f := strings.Fields(s)
	if len(f) != 2 {
		return 0, 0, false
	}
	lo, err1 := strconv.Atoi(f[0])
	hi, err2 := strconv.Atoi(f[1])
	return lo, hi, err1 == nil && err2 == nil && hi >= lo
}

func union(a, b host.CPUs) host.CPUs {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

func spaced(c host.CPUs) string {
	parts := make([]string, len(c))
	for i, n := range c {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, " ")
}

func orNone(v string, set bool) string {
	if !set {
		return "none"
	}
	return v
}

func readFile(p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}
