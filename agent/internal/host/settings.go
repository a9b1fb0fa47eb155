package host

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Settings is the host's tuning as the payload records it (schema: host.settings); a field is empty when
// this host does not expose it.
type Settings struct {
	Governor               string            `json:"governor,omitempty"`
	Turbo                  string            `json:"turbo,omitempty"`
	SMT                    string            `json:"smt,omitempty"`
	TransparentHugePages   string            `json:"transparentHugePages,omitempty"`
	Mitigations            string            `json:"mitigations,omitempty"`
	Vulnerabilities        map[string]string `json:"vulnerabilities,omitempty"`
	Clocksource            string            `json:"clocksource,omitempty"`
	CgroupCPULimit         float64           `json:"cgroupCpuLimit,omitempty"`
	CgroupMemoryLimitBytes int64             `json:"cgroupMemoryLimitBytes,omitempty"`
	Somaxconn              *int              `json:"somaxconn,omitempty"`
	LocalPortRange         string            `json:"localPortRange,omitempty"`
}

// ReadSettings reads the host's tuning; cpus are the CPUs whose frequency governor counts (the pinned ones).
func ReadSettings(cpus CPUs) Settings {
	s := Settings{
		Governor:             governor(cpus),
		Turbo:                turbo(),
		SMT:                  read("sys/devices/system/cpu/smt/control"),
		TransparentHugePages: selected(read("sys/kernel/mm/transparent_hugepage/enabled")),
		Mitigations:          mitigations(read("proc/cmdline")),
		Vulnerabilities:      vulnerabilities(),
		Clocksource:          read("sys/devices/system/clocksource/clocksource0/current_clocksource"),
		LocalPortRange:       strings.Join(strings.Fields(read("proc/sys/net/ipv4/ip_local_port_range")), " "),
	}
	if n, err := strconv.Atoi(read("proc/sys/net/core/somaxconn")); err == nil {
		s.Somaxconn = &n
	}
	if len(strings.Fields(s.LocalPortRange)) != 2 {
		s.LocalPortRange = ""
	}
	s.CgroupCPULimit, s.CgroupMemoryLimitBytes = cgroupLimits()
	return s
}

// governor is the pinned CPUs' scaling governor, or each distinct one ("cpu0 powersave, cpu1 performance").
func governor(cpus CPUs) string {
	var vals, each []string
	for _, c := range cpus {
		g := read(fmt.Sprintf("sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", c))
		if g == "" {
			continue
		}
		vals = append(vals, g)
		each = append(each, fmt.Sprintf("cpu%d %s", c, g))
	}
	if len(slices.Compact(slices.Clone(vals))) > 1 {
		return strings.Join(each, ", ")
	}
	if len(vals) > 0 {
		return vals[0]
	}
	return ""
}

// turbo is "on" or "off": intel_pstate's no_turbo, else cpufreq's boost (AMD, acpi-cpufreq).
func turbo() string {
	switch read("sys/devices/system/cpu/intel_pstate/no_turbo") {
	case "1":
		return "off"
	case "0":
		return "on"
	}
	switch read("sys/devices/system/cpu/cpufreq/boost") {
	case "1":
		return "on"
	case "0":
		return "off"
	}
	return ""
}

// selected is the bracketed choice of a sysfs list, e.g. "always [madvise] never" -> madvise.
func selected(s string) string {
	i, j := strings.IndexByte(s, '['), strings.IndexByte(s, ']')
	if i < 0 || j < i {
		return ""
	}
	return s[i+1 : j]
}

// mitigations is the kernel's mitigations= boot parameter, "default" when the command line has none.
func mitigations(cmdline string) string {
	if cmdline == "" {
		return ""
	}
	v := "default"
	for _, f := range strings.Fields(cmdline) {
		if after, ok := strings.CutPrefix(f, "mitigations="); ok {
			v = after // the last one wins, as in the kernel
		}
	}
	return v
}

func vulnerabilities() map[string]string {
	dir := filepath.Join(Root, "sys/devices/system/cpu/vulnerabilities")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, e := range entries {
		if len(out) == 64 {
			break
		}
		if v := read(filepath.Join("sys/devices/system/cpu/vulnerabilities", e.Name())); v != "" {
			out[e.Name()] = orUnknown(v)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// cgroupLimits are the CPUs and memory the agent's cgroup (and its ancestors) allow; 0 is no limit.
func cgroupLimits() (cpus float64, mem int64) {
	for line := range strings.SplitSeq(read("proc/self/cgroup"), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "": // cgroup v2
			for p := parts[2]; ; p = filepath.Dir(p) {
				dir := filepath.Join("sys/fs/cgroup", p)
				cpus = tighter(cpus, quota(read(filepath.Join(dir, "cpu.max"))))
				if m, err := strconv.ParseInt(read(filepath.Join(dir, "memory.max")), 10, 64); err == nil && m > 0 {
					mem = tighterInt(mem, m)
				}
				if p == "/" || p == "." {
					break
				}
			}
		case slices.Contains(strings.Split(parts[1], ","), "cpu"): // cgroup v1
			dir := filepath.Join("sys/fs/cgroup", parts[1], parts[2])
			if !exists(dir) {
				dir = filepath.Join("sys/fs/cgroup", parts[1])
			}
			cpus = tighter(cpus, quota(read(filepath.Join(dir, "cpu.cfs_quota_us"))+" "+read(filepath.Join(dir, "cpu.cfs_period_us"))))
		case slices.Contains(strings.Split(parts[1], ","), "memory"):
			dir := filepath.Join("sys/fs/cgroup", parts[1], parts[2])
			if !exists(dir) {
				dir = filepath.Join("sys/fs/cgroup", parts[1])
			}
			// v1 reports "no limit" as a huge page-aligned number near 2^63.
			if m, err := strconv.ParseInt(read(filepath.Join(dir, "memory.limit_in_bytes")), 10, 64); err == nil && m > 0 && m < 1<<62 {
				mem = tighterInt(mem, m)
			}
		}
	}
	return cpus, mem
}

// quota reads "quota period" (v2 cpu.max, or v1's two files); "max" or -1 is no limit.
func quota(s string) float64 {
	f := strings.Fields(s)
	if len(f) != 2 {
		return 0
	}
	q, err1 := strconv.ParseFloat(f[0], 64)
	p, err2 := strconv.ParseFloat(f[1], 64)
	if err1 != nil || err2 != nil || q <= 0 || p <= 0 {
		return 0
	}
	return float64(int64(q/p*1000+0.5)) / 1000
}

func tighter(a, b float64) float64 {
	if a == 0 || (b > 0 && b < a) {
		return b
	}
	return a
}

func tighterInt(a, b int64) int64 {
	if a == 0 || (b > 0 && b < a) {
		return b
	}
	return a
}
