// Package suite reads the suite manifest (agent/suite/suite.json), starts and stops its targets, and
// validates each scenario against the contract in agent/suite/README.md.
package suite

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"podium.dev/agent/internal/check"
)

// Manifest is suite.json: the targets, the reference service, the nginx baseline and the profiles.
type Manifest struct {
	Name      string             `json:"name"`
	Version   string             `json:"version"`
	JVMFlags  []string           `json:"jvmFlags"`
	Reference *Target            `json:"reference"`
	Baseline  *Target            `json:"baseline"`
	Targets   []Target           `json:"targets"`
	Profiles  map[string]Profile `json:"profiles"`

	// Dir is the folder the manifest lives in; artifact paths and {suiteDir} are relative to it.
	Dir string `json:"-"`
}

// Classifications are the kinds of target payload v2 knows: an HTTP server without a framework, a micro framework
// (routing and little else), a full-stack framework (dependency injection, configuration, ...).
var Classifications = []string{"bare-server", "micro", "full-stack"}

// Target is one framework target (or the reference service, or the baseline).
type Target struct {
	Name             string `json:"name"`
	Framework        string `json:"framework"`
	FrameworkVersion string `json:"frameworkVersion"`
	IOModel          string `json:"ioModel"`
	// Classification is bare-server, micro or full-stack (Classifications); the leaderboard filters on it.
	Classification string   `json:"classification,omitempty"`
	Module         string   `json:"module"`
	Artifact       string   `json:"artifact"`
	Start          []string `json:"start"`
	// Port is a fixed port; 0 (the standard suite): a free port is chosen at every start and passed in PORT.
	Port int `json:"port,omitempty"`
	// Render lists files (relative to the manifest) written into {workDir} with the placeholders filled at each start.
	Render    []string `json:"render,omitempty"`
	Health    string   `json:"health"`
	Scenarios []string `json:"scenarios"`
	Tuning    string   `json:"tuning"`
	// Maven says how the module is built against another release of its framework (nil: it cannot be).
	Maven *Maven `json:"maven,omitempty"`
	// Database is the client a target of the db scenarios uses (required when it declares one of them).
	Database *Database `json:"database,omitempty"`
	// SettlesSeconds is, for the plan only (never the measurement), how long this JVM target's first warm-up after a
	// cold start took on average on the project's 2-core host (2 s windows, a 10 s horizon; docs/methodology.md,
	// section 13): targets differ from 20 s to the cap. 0: the suite's average (schedule.JITSettles).
	SettlesSeconds float64 `json:"settlesSeconds,omitempty"`
	// Env and JVMFlags are added to every start of the target: the environment after the agent's own, the flags at
	// {jvmFlags} after the manifest's and the JVM mode's. The suite's targets leave them empty; `podium-agent ab` sets
	// them on its two variants of one target (a setting, a JVM flag).
	Env      []string `json:"env,omitempty"`
	JVMFlags []string `json:"jvmFlags,omitempty"`
	// Baseline is set by the loader on the manifest's baseline entry.
	Baseline bool `json:"-"`
}

// JVM is whether the target runs on the JVM the agent passes in ({java} starts it): then the warm-up waits for its
// JIT over the profile's horizon.
func (t Target) JVM() bool {
	return len(t.Start) > 0 && t.Start[0] == "{java}"
}

// Database is how a target talks to the benchmark database: its driver and pool as its documentation recommends.
type Database struct {
	Client string `json:"client"` // e.g. "PostgreSQL JDBC 42.7 + HikariCP 6.3"
	Pool   int    `json:"pool"`   // passed as PODIUM_TARGET_DB_POOL
	Docs   string `json:"docs"`   // the documentation that recommends this client and pool
}

// Maven names the POM property that holds the framework's version and the artifact (groupId:artifactId) whose
// releases are the framework's releases and whose resolved jar proves which version was built.
type Maven struct {
	Property string `json:"property"`
	Artifact string `json:"artifact"`
}

// Coordinates splits Artifact into groupId and artifactId.
func (m *Maven) Coordinates() (group, artifact string, err error) {
	g, a, ok := strings.Cut(m.Artifact, ":")
	if !ok || g == "" || a == "" || strings.Contains(a, ":") {
		return "", "", fmt.Errorf("maven.artifact %q is not groupId:artifactId", m.Artifact)
	}
	return g, a, nil
}

// Warmup says how a cell is warmed up (package warmup): windows of WindowSeconds until the last HorizonSeconds
// of windows show no trend beyond Tolerance (later half against earlier half), at least MinSeconds have passed and the JVM's JIT compiled for at
// most JITQuiet of the last window (per pinned CPU); for at most MaxSeconds.
type Warmup struct {
	WindowSeconds  float64 `json:"windowSeconds"`
	HorizonSeconds float64 `json:"horizonSeconds"`
	MinSeconds     float64 `json:"minSeconds"`
	MaxSeconds     float64 `json:"maxSeconds"`
	Tolerance      float64 `json:"tolerance"`
	JITQuiet       float64 `json:"jitQuiet"`
	// Per is the warm-up schedule: "target" (the default: a start is warmed up once per scenario, a further
	// concurrency of a steady scenario only checked) or "cell" (every cell warmed up by the full rule, as before
	// issue 24).
	Per string `json:"per,omitempty"`
}

// Profile is a named measurement plan: which targets, scenarios, concurrencies and vCPU counts.
type Profile struct {
	Targets              []string `json:"targets"`
	Scenarios            []string `json:"scenarios"`
	Connections          []int    `json:"connections"`
	PlaintextConnections []int    `json:"plaintextConnections"`
	VCPUs                []int    `json:"vcpus"`
	// Topologies are how each vCPU count is deployed: "single" (the default) and "nginx-N" (package topology).
	Topologies []string `json:"topologies,omitempty"`
	// JVMModes are the JVM modes each JVM target is measured in: "default" (the default) and "aot-cache" (started
	// from the AOT cache a training run wrote: package aotcache); AOTCacheTargets narrows aot-cache to these targets.
	JVMModes        []string `json:"jvmModes,omitempty"`
	AOTCacheTargets []string `json:"aotCacheTargets,omitempty"`
	DurationSeconds float64  `json:"durationSeconds"`
	Repeats         int      `json:"repeats"` // the repeats per cell and start (a fixed count)
	// Forks is how many JVM starts each cell is measured over (default 1): each start warms up and measures its
	// repeats.
	Forks    int    `json:"forks,omitempty"`
	DelayMs  int    `json:"delayMs"`
	Warmup   Warmup `json:"warmup"`
	OpenLoop bool   `json:"openLoop"`
	// Cost is the profile's fixed-rate cost cells (package ladder); absent: none.
	Cost *Cost `json:"cost,omitempty"`
}

// Cost is how a profile measures cost at a fixed load: Rungs offered rates of the ladder (package ladder) at
// Scenario, each an open-loop cell of Repeats x DurationSeconds in the first start of every target, right after the
// closed-loop cells that warmed the scenario up.
type Cost struct {
	Scenario        string  `json:"scenario,omitempty"` // default plaintext
	Rungs           int     `json:"rungs"`
	Share           float64 `json:"share,omitempty"` // of the baseline's capacity; default ladder.DefaultShare
	Repeats         int     `json:"repeats,omitempty"`
	DurationSeconds float64 `json:"durationSeconds,omitempty"`
}

// Load reads and checks a manifest file.
func Load(path string) (*Manifest, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read suite manifest: %w", err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("parse suite manifest %s: %w", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	m.Dir = filepath.Dir(abs)
	if m.Baseline != nil {
		m.Baseline.Baseline = true
	}
	if err := m.check(); err != nil {
		return nil, fmt.Errorf("suite manifest %s: %w", path, err)
	}
	return &m, nil
}

func (m *Manifest) check() error {
	if m.Name == "" || m.Version == "" {
		return fmt.Errorf("name and version are required")
	}
	seen := map[string]bool{}
	for _, t := range m.all() {
		if t.Name == "" {
			return fmt.Errorf("a target without a name")
		}
		if seen[t.Name] {
			return fmt.Errorf("target %q listed twice", t.Name)
		}
		seen[t.Name] = true
		if len(t.Start) == 0 || t.Health == "" {
			return fmt.Errorf("target %q: start and health are required", t.Name)
		}
		if t.Port < 0 || t.Port > 65535 {
			return fmt.Errorf("target %q: port %d is not a TCP port", t.Name, t.Port)
		}
		if t.SettlesSeconds < 0 || t.SettlesSeconds > 3600 || (t.SettlesSeconds > 0 && !t.JVM()) {
			return fmt.Errorf("target %q: settlesSeconds %g is not a JVM target's warm-up in seconds (0 to 3600)", t.Name, t.SettlesSeconds)
		}
		if t.Classification != "" && !slices.Contains(Classifications, t.Classification) {
			return fmt.Errorf("target %q: classification %q is none of %v", t.Name, t.Classification, Classifications)
		}
		if t.Maven != nil {
			if _, _, err := t.Maven.Coordinates(); err != nil || t.Maven.Property == "" || t.Module == "" {
				return fmt.Errorf("target %q: maven needs a module, a property and groupId:artifactId (%v)", t.Name, err)
			}
		}
		for _, s := range t.Scenarios {
			if !slices.Contains(Scenarios, s) {
				return fmt.Errorf("target %q: unknown scenario %q", t.Name, s)
			}
			if IsDB(s) && (t.Database == nil || t.Database.Pool < 1 || t.Database.Client == "" || t.Database.Docs == "") {
				return fmt.Errorf("target %q: the %s scenario needs \"database\": {\"client\", \"pool\" >= 1, \"docs\"}", t.Name, s)
			}
		}
	}
	return nil
}

// all is every startable entry: reference, baseline, targets.
func (m *Manifest) all() []*Target {
	if m.Reference == nil {
		return m.Benchmarked()
	}
	return append([]*Target{m.Reference}, m.Benchmarked()...)
}

// Benchmarked is the baseline (first) and the framework targets, in manifest order.
func (m *Manifest) Benchmarked() []*Target {
	var out []*Target
	if m.Baseline != nil {
		out = append(out, m.Baseline)
	}
	for i := range m.Targets {
		out = append(out, &m.Targets[i])
	}
	return out
}

// Select returns the benchmarked targets named in names ("*" or empty: all), or an error naming an unknown one.
func (m *Manifest) Select(names []string) ([]*Target, error) {
	all := m.Benchmarked()
	if len(names) == 0 || slices.Contains(names, "*") {
		return all, nil
	}
	var out []*Target
	for _, n := range names {
		i := slices.IndexFunc(all, func(t *Target) bool { return t.Name == n })
		if i < 0 {
			return nil, fmt.Errorf("no target %q in suite %s", n, m.Name)
		}
		out = append(out, all[i])
	}
	return out, nil
}

// NeedsReference reports whether any of the targets runs the proxy scenario.
func NeedsReference(ts []*Target) bool {
	for _, t := range ts {
		if slices.Contains(t.Scenarios, "proxy") {
			return true
		}
	}
	return false
}

// Scenarios are the scenarios the agent knows how to validate and measure: the run schema's enum (scenarios_test.go).
var Scenarios = []string{"plaintext", "json", "proxy", "delay", "db", "queries", "updates", "fortunes"}

// IsDB reports whether a scenario reads the benchmark database (agent/suite/db/README.md).
func IsDB(scenario string) bool { return slices.Contains(check.DBScenarios, scenario) }

// NeedsDatabase reports whether any of the targets declares one of the scenarios that reads the database
// (among scenarios, when it is not nil).
func NeedsDatabase(ts []*Target, scenarios []string) bool {
	for _, t := range ts {
		for _, s := range t.Scenarios {
			if IsDB(s) && (scenarios == nil || slices.Contains(scenarios, s)) {
				return true
			}
		}
	}
	return false
}
