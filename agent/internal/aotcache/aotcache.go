// Package aotcache is the JVM mode axis: a JVM target measured as it is (default) or started from an ahead-of-time
// cache (aot-cache, JDK 25's JEPs 483, 514 and 515). For aot-cache, a training run of the target, started with
// -XX:AOTCacheOutput=FILE, serves a short load of its scenarios and exits cleanly, and the JVM writes the cache
// (the classes it loaded and linked, and the method profiles it gathered) as it exits; the measured starts then run
// with -XX:AOTCache=FILE. The package says which modes exist, builds the flags, checks that the JDK has them, and
// whether a started process mapped the cache (a JVM that cannot use the cache starts without it and says so only
// in a warning).
package aotcache

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"podium.dev/agent/internal/usage"
)

// The JVM modes (schema: results[].jvmMode).
const (
	Default  = "default"   // the target's own flags only
	AOTCache = "aot-cache" // started from the AOT cache its training run wrote
)

// Modes are the known modes, in the order a target is measured in them.
var Modes = []string{Default, AOTCache}

// DefaultModes are the modes of a profile that names none.
var DefaultModes = []string{Default}

// FlagNotUsed is the cell flag of an aot-cache cell whose JVM ran without the cache (the cell's aotTraining.problem
// says why): its figures are the default mode's, measured once more.
const FlagNotUsed = "aot-cache-not-used"

// TrainingLoad is how long the training run serves each of the target's scenarios (wrk at the scenario's first
// concurrency of the plan): enough for the start-up paths and the first JIT profiles, short beside the measurement.
const TrainingLoad = 3 * time.Second

// WriteGrace is how long a training JVM may take to exit after SIGTERM: it writes the cache on exit (with
// -XX:AOTCacheOutput a second JVM assembles it), seconds for a small server, more for a large one on a busy CPU.
const WriteGrace = 180 * time.Second

// CheckModes refuses an unknown or repeated mode, and a list without the default mode (the aot-cache figures are
// read beside it).
func CheckModes(modes []string) error {
	seen := map[string]bool{}
	for _, m := range modes {
		if m != Default && m != AOTCache {
			return fmt.Errorf("unknown JVM mode %q: %s or %s", m, Default, AOTCache)
		}
		if seen[m] {
			return fmt.Errorf("JVM mode %s listed twice", m)
		}
		seen[m] = true
	}
	if len(modes) > 0 && !seen[Default] {
		return fmt.Errorf("JVM modes %v: %s is always measured too (the %s figures are read beside it)", modes, Default, AOTCache)
	}
	return nil
}

// TrainingFlags are the flags added to a training run's {jvmFlags}: it writes the cache to file when it exits.
func TrainingFlags(file string) []string { return []string{"-XX:AOTCacheOutput=" + file} }

// RunFlags are the flags added to a measured start's {jvmFlags}: it starts from the cache in file.
func RunFlags(file string) []string { return []string{"-XX:AOTCache=" + file} }

// Supported says why java cannot write an AOT cache in one step (nil when it can): JEP 514's -XX:AOTCacheOutput
// is in JDK 25 and later.
func Supported(ctx context.Context, java string) error {
	if java == "" {
		java = "java"
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, java, "-XX:+PrintFlagsFinal", "-version").Output()
	if err != nil {
		return fmt.Errorf("%s -XX:+PrintFlagsFinal -version: %w", java, err)
	}
	if !hasFlag(string(out), "AOTCacheOutput") || !hasFlag(string(out), "AOTCache") {
		return fmt.Errorf("%s has no -XX:AOTCacheOutput (JEP 514, JDK 25 and later)", java)
	}
	return nil
}

// hasFlag says whether -XX:+PrintFlagsFinal's output lists the flag name.
func hasFlag(printed, name string) bool {
	sc := bufio.NewScanner(strings.NewReader(printed))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && f[1] == name {
			return true
		}
	}
	return false
}

// Written is the size of the cache a training run wrote to file, or why there is none.
func Written(file string) (int64, error) {
	st, err := os.Stat(file)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return 0, errors.New("the training run wrote no AOT cache")
	case err != nil:
		return 0, err
	case st.Size() == 0:
		return 0, errors.New("the training run wrote an empty AOT cache")
	}
	return st.Size(), nil
}

// Mapped says whether a process of the group led by pid has file mapped into its memory: the JVM maps the AOT cache
// it starts from, and one that cannot use the cache (another JDK, other flags, another class path) does not.
func Mapped(pid int, file string) (bool, error) {
	var firstErr error
	for _, p := range append([]int{pid}, usage.Members(pid)...) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/maps")
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		for line := range strings.SplitSeq(string(b), "\n") {
			if strings.HasSuffix(line, " "+file) {
				return true, nil
			}
		}
	}
	return false, firstErr
}
