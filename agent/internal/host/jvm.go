package host

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// JVM is the payload's jvm object.
type JVM struct {
	Vendor  string   `json:"vendor"`
	Version string   `json:"version"`
	VMName  string   `json:"vmName"`
	GC      string   `json:"gc"`
	Flags   []string `json:"flags"`
}

// Java is the java binary to run targets with: javaFlag, else $JAVA_HOME/bin/java, else java on the PATH.
func Java(javaFlag string) string {
	if javaFlag != "" {
		return javaFlag
	}
	if h := os.Getenv("JAVA_HOME"); h != "" {
		if p := filepath.Join(h, "bin", "java"); exists0(p) {
			return p
		}
	}
	return "java"
}

func exists0(p string) bool { _, err := os.Stat(p); return err == nil }

// InspectJVM asks java itself, started with the same flags as the targets, what it is and which GC it picked.
func InspectJVM(ctx context.Context, java string, flags []string) JVM {
	j := JVM{Vendor: "unknown", Version: "unknown", VMName: "unknown", GC: "unknown", Flags: append([]string{}, flags...)}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	args := append(append([]string{}, flags...), "-XX:+PrintCommandLineFlags", "-XshowSettings:properties", "-version")
	out, err := exec.CommandContext(ctx, java, args...).CombinedOutput()
	if err != nil && len(out) == 0 {
		return j
	}
	return parseJVM(string(out), j)
}

var gcFlag = regexp.MustCompile(`-XX:\+Use(\w+)GC\b`)

func parseJVM(out string, j JVM) JVM {
	for line := range strings.SplitSeq(out, "\n") {
		k, v, ok := strings.Cut(strings.TrimSpace(line), " = ")
		if !ok || v == "" {
			continue
		}
		switch k {
		case "java.vendor":
			j.Vendor = v
		case "java.runtime.version":
			j.Version = v
		case "java.vm.name":
			j.VMName = v
		}
	}
	for line := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(line, "-XX:") {
			if m := gcFlag.FindStringSubmatch(line); m != nil {
				j.GC = m[1]
			}
		}
	}
	return j
}
