package run

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/suitetest"
)

// aotTarget is the real suite target the AOT-cache test measures (PODIUM_AOT_TARGET overrides it): a shaded jar,
// so that the cache can hold the framework's classes as well as the JDK's.
func aotTarget() string {
	if t := os.Getenv("PODIUM_AOT_TARGET"); t != "" {
		return t
	}
	return "vertx-web"
}

// TestAOTCacheCellStartsSoonerThanTheDefault measures a real suite target (its jar built by `make suite`) in both
// JVM modes with the real wrk: the aot-cache cell records the flags used, its training run and a written cache, its
// JVM mapped the cache, and its first correct response comes sooner than the default start's. One start per mode on
// a shared host is noisy, so the run is tried up to three times; the figures of each try are in the failure.
// Skipped when the JDK has no AOT cache (before JDK 25), or without wrk; without the built jar only when
// PODIUM_AOT_E2E is unset (make -C agent/suite test sets it after building the suite).
func TestAOTCacheCellStartsSoonerThanTheDefault(t *testing.T) {
	if err := aotcache.Supported(context.Background(), testJava()); err != nil {
		t.Skipf("no AOT cache in this JDK: %v", err)
	}
	layout := endToEndLayout(t)
	m := suitetest.Manifest(t)
	name := aotTarget()
	tg, err := m.Select([]string{name})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(m.Dir, tg[0].Artifact)); err != nil {
		if os.Getenv("PODIUM_AOT_E2E") == "" {
			t.Skipf("%s is not built (make suite; PODIUM_AOT_E2E=1 makes this a failure): %v", name, err)
		}
		t.Fatalf("%s is not built: %v", name, err)
	}
	var tries []string
	for try := 1; try <= 3; try++ {
		r := testRunner(t, m, layout, Plan{Profile: "test", Targets: []string{name}, Scenarios: []string{"plaintext"},
			Connections: []int{16}, VCPUs: []int{1}, Duration: time.Second, Repeats: 2, Forks: 1, DelayMs: 100,
			WarmupWindow: time.Second, WarmupHorizon: 2 * time.Second, WarmupMax: 6 * time.Second, WarmupTolerance: 0.5,
			JVMModes: aotcache.Modes})
		r.HealthWait = 60 * time.Second
		payload, body := executeValid(t, r)
		if len(payload.Results) != 2 {
			t.Fatalf("%d cells, want 2 (plaintext in each mode): %s", len(payload.Results), body)
		}
		def, aot := payload.Results[0], payload.Results[1]
		if def.JVMMode != "" || aot.JVMMode != aotcache.AOTCache {
			t.Fatalf("modes %q then %q, want the default (no jvmMode) then aot-cache", def.JVMMode, aot.JVMMode)
		}
		if slices.Contains(aot.Flags, FlagAOTCacheNotUsed) {
			t.Fatalf("the aot-cache cell ran without the cache: %+v", aot.AOTTraining)
		}
		if len(aot.JVMModeFlags) != 2 || !strings.HasPrefix(aot.JVMModeFlags[0], "-XX:AOTCacheOutput=") ||
			!strings.HasPrefix(aot.JVMModeFlags[1], "-XX:AOTCache=") {
			t.Fatalf("jvmModeFlags %q: want the training run's -XX:AOTCacheOutput then the start's -XX:AOTCache", aot.JVMModeFlags)
		}
		if aot.AOTTraining == nil || aot.AOTTraining.CacheBytes <= 0 || aot.AOTTraining.Seconds <= 0 {
			t.Fatalf("training %+v: want its time and the cache's size", aot.AOTTraining)
		}
		if _, err := os.Stat(strings.TrimPrefix(aot.JVMModeFlags[1], "-XX:AOTCache=")); err == nil {
			t.Errorf("the AOT cache %s is left behind after the target", aot.JVMModeFlags[1])
		}
		d, a := def.Startup.FirstResponseMs, aot.Startup.FirstResponseMs
		tries = append(tries, fmt.Sprintf("try %d: default %.0f ms, aot-cache %.0f ms (cache %.1f MB, training %.1f s)",
			try, d, a, float64(aot.AOTTraining.CacheBytes)/1e6, aot.AOTTraining.Seconds))
		t.Log(tries[len(tries)-1])
		if a < d {
			return
		}
	}
	t.Errorf("%s: the aot-cache start's first response was never sooner than the default's:\n%s", name, strings.Join(tries, "\n"))
}
