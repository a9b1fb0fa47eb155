// Package host describes the benchmark host (CPU, memory, kernel, OS, virtualisation) and the JVM that
// runs the targets, from /proc, /sys and /etc files, and splits its CPUs between targets and load generator.
package host

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// Info is the payload's host object.
type Info struct {
	Hostname          string    `json:"hostname"`
	CPUModel          string    `json:"cpuModel"`
	VCPUs             int       `json:"vcpus"`
	MemoryBytes       int64     `json:"memoryBytes"`
	OS                string    `json:"os"`
	Kernel            string    `json:"kernel"`
	Arch              string    `json:"arch"`
	Virtualization    string    `json:"virtualization"`
	ServerCPUs        string    `json:"serverCpus,omitempty"`
	LoadGeneratorCPUs string    `json:"loadGeneratorCpus,omitempty"`
	Settings          *Settings `json:"settings"` // the host's tuning (payload v2); ReadSettings fills it
}

// Root is where /proc, /sys and /etc are read from; tests point it at a fixture tree.
var Root = "/"

func read(path string) string {
	b, err := os.ReadFile(filepath.Join(Root, path))
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

// Collect reads the host's description.
func Collect() Info {
	h, _ := os.Hostname()
	cpu := cpuinfo(read("proc/cpuinfo"))
	info := Info{
		Hostname:       orUnknown(h),
		CPUModel:       orUnknown(cpu.model),
		VCPUs:          cpu.count,
		MemoryBytes:    memTotal(read("proc/meminfo")),
		OS:             orUnknown(osRelease(read("etc/os-release"))),
		Kernel:         orUnknown(read("proc/sys/kernel/osrelease")),
		Arch:           runtime.GOARCH,
		Virtualization: virtualization(cpu.hypervisor),
	}
	if info.VCPUs == 0 {
		info.VCPUs = runtime.NumCPU()
	}
	if info.MemoryBytes <= 0 {
		info.MemoryBytes = 1
	}
	return info
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	if len(s) > 200 {
		return s[:200]
	}
	return s
}

type cpuFacts struct {
	model      string
	count      int
	hypervisor bool
}

func cpuinfo(s string) cpuFacts {
	var f cpuFacts
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch k {
		case "processor":
			f.count++
		case "model name", "Model", "cpu model", "Hardware":
			if f.model == "" {
				f.model = v
			}
		case "flags":
			f.hypervisor = f.hypervisor || strings.Contains(" "+v+" ", " hypervisor ")
		}
	}
	return f
}

func memTotal(s string) int64 {
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, _ := strconv.ParseInt(fields[1], 10, 64)
			return kb * 1024
		}
	}
	return 0
}

func osRelease(s string) string {
	vals := map[string]string{}
	for line := range strings.SplitSeq(s, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			vals[k] = strings.Trim(v, `"'`)
		}
	}
	if v := vals["PRETTY_NAME"]; v != "" {
		return v
	}
	return strings.TrimSpace(vals["NAME"] + " " + vals["VERSION"])
}

// virtualization names the container runtime and the hypervisor, or "none" on bare metal.
func virtualization(hypervisorFlag bool) string {
	var parts []string
	switch {
	case exists("/.dockerenv"):
		parts = append(parts, "container: docker")
	case exists("/run/.containerenv"):
		parts = append(parts, "container: podman")
	case strings.Contains(read("proc/1/environ"), "container="):
		parts = append(parts, "container")
	}
	vendor := read("sys/class/dmi/id/sys_vendor")
	product := read("sys/class/dmi/id/product_name")
	switch {
	case hypervisorFlag && vendor != "":
		parts = append(parts, "vm: "+strings.TrimSpace(vendor+" "+product))
	case hypervisorFlag:
		parts = append(parts, "vm")
	case isHypervisorVendor(vendor):
		parts = append(parts, "vm: "+strings.TrimSpace(vendor+" "+product))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func isHypervisorVendor(v string) bool {
	for _, s := range []string{"QEMU", "KVM", "VMware", "Xen", "Amazon EC2", "Google", "Microsoft Corporation", "innotek", "Parallels"} {
		if strings.Contains(v, s) {
			return true
		}
	}
	return false
}

func exists(p string) bool {
	_, err := os.Stat(filepath.Join(Root, p))
	return err == nil
}
