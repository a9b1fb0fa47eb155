// Package run benchmarks a suite on this host: it starts each target pinned to its CPUs, validates it,
// warms it up, measures every cell (closed loop with wrk, open loop with fortio) and what each repeat cost,
// and builds the run payload of schema/run.v2.schema.json.
package run

import (
	"crypto/rand"
	"fmt"
	"math"
	"slices"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/ladder"
	"podium.dev/agent/internal/load"
	"podium.dev/agent/internal/rawoutput"
	"podium.dev/agent/internal/usage"
	"podium.dev/agent/internal/warmup"
)

// SchemaVersion is the payload version the agent emits (signed as sign.PayloadTypeV2).
const SchemaVersion = 2

// Run is the payload v2: the bytes the agent signs (field names exactly as in schema/run.v2.schema.json).
type Run struct {
	SchemaVersion int           `json:"schemaVersion"`
	RunID         string        `json:"runId"`
	StartedAt     string        `json:"startedAt"`
	FinishedAt    string        `json:"finishedAt"`
	Agent         Agent         `json:"agent"`
	Suite         Suite         `json:"suite"`
	LoadGenerator LoadGenerator `json:"loadGenerator"`
	Host          host.Info     `json:"host"`
	JVM           host.JVM      `json:"jvm"`
	Database      *Database     `json:"database,omitempty"`
	Balancer      *Balancer     `json:"balancer,omitempty"`
	Results       []Cell        `json:"results"`
	// Part is set when the payload is one part of a run kept target by target (part.go).
	Part *Part `json:"part,omitempty"`
}

// Database is the benchmark database the db scenarios ran against.
type Database struct {
	Server   string            `json:"server"`
	Version  string            `json:"version"`
	CPUs     string            `json:"cpus"`
	Settings map[string]string `json:"settings"`
}

// Balancer is the load balancer of the run's nginx-N cells (package balancer): its version, the CPUs it was pinned
// to and its settings (nginx's directive names).
type Balancer struct {
	Server   string            `json:"server"`
	Version  string            `json:"version"`
	CPUs     string            `json:"cpus"`
	Settings map[string]string `json:"settings"`
}

// CellDatabase is how a db cell's target talked to the database (suite.json's database block).
type CellDatabase struct {
	Client string `json:"client"`
	Pool   int    `json:"pool"`
}

// Agent is the agent that produced the run.
type Agent struct {
	Version string `json:"version"`
}

// Suite is the suite that was measured.
type Suite struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Commit  string `json:"commit"`
	Profile string `json:"profile,omitempty"`
}

// LoadGenerator names the closed-loop and open-loop tools.
type LoadGenerator struct {
	Tool            string `json:"tool"`
	Version         string `json:"version"`
	OpenLoopTool    string `json:"openLoopTool,omitempty"`
	OpenLoopVersion string `json:"openLoopVersion,omitempty"`
}

// Cell flags (schema: results[].flags).
const (
	FlagGeneratorSaturated      = "generator-saturated"
	FlagGeneratorBehindSchedule = "generator-behind-schedule"
	FlagWarmupNotStable         = "warmup-not-stable"
	FlagHighErrorRate           = "high-error-rate"
	FlagNoisy                   = "noisy"
	FlagAboveBaseline           = "above-baseline"
	// FlagSharesGeneratorCPUs: the target's CPUs overlapped the load generator's (--target-cpus on a host too small
	// to keep them apart): the figure is the pair's, not the target's alone.
	FlagSharesGeneratorCPUs = "shares-generator-cpus"
	// FlagAOTCacheNotUsed: an aot-cache cell whose JVM ran without the cache (aotTraining.problem says why).
	FlagAOTCacheNotUsed = aotcache.FlagNotUsed
	// FlagRateNotHeld: a fixed-rate cost cell achieved less than 98% of its offered rate (package ladder): unranked.
	FlagRateNotHeld = ladder.RateNotHeld
	// FlagHostInterference: a repeat of the cell lost more than maxStealShare of the machine's CPU time to the host
	// (steal) in every try it was given (flags.go): the figure is a lower bound of the target's.
	FlagHostInterference = "host-interference"
	// FlagJDKLacksCounters: the target's JDK lacks a counter one of the repeats' figures needs, which they go without
	// (the GC threads' CPU time before JDK 22: gcstats.LacksGCCPU); it says so and changes nothing in the ranking.
	FlagJDKLacksCounters = "jdk-lacks-counters"
)

// What a cell's warm-up was (schema: results[].warmup).
const (
	WarmupFull  = "full"  // the full rule: a fresh start, a scenario not yet steady, or every cell under --warmup-per cell
	WarmupCheck = "check" // a short check that a scenario already steady at another concurrency still is
)

// AOTTraining is the training run of an aot-cache cell's target: how long it took from its start to the written
// cache, the cache's size, and what went wrong when the cell's JVM could not start from it (flag aot-cache-not-used).
type AOTTraining struct {
	Seconds    float64 `json:"seconds"`
	CacheBytes int64   `json:"cacheBytes,omitempty"`
	Problem    string  `json:"problem,omitempty"`
}

// Startup is one start of a target: time to its first correct response and its idle memory after it.
type Startup struct {
	FirstResponseMs float64 `json:"firstResponseMs"`
	IdleRSSBytes    int64   `json:"idleRssBytes"`
}

// Cell is one measured combination of target, scenario, load model, concurrency/rate and vCPUs.
type Cell struct {
	Framework        string        `json:"framework"`
	FrameworkVersion string        `json:"frameworkVersion"`
	IOModel          string        `json:"ioModel"`
	Classification   string        `json:"classification,omitempty"`
	Scenario         string        `json:"scenario"`
	LoadModel        string        `json:"loadModel"`
	Connections      int           `json:"connections"`
	TargetRate       float64       `json:"targetRate,omitempty"`
	DelayMs          *int          `json:"delayMs,omitempty"`
	VCPUs            int           `json:"vcpus"`
	DurationSeconds  float64       `json:"durationSeconds"`
	WarmupSeconds    float64       `json:"warmupSeconds"`    // summed over the cell's starts
	Warmup           string        `json:"warmup,omitempty"` // WarmupFull or WarmupCheck
	Baseline         bool          `json:"baseline,omitempty"`
	Flags            []string      `json:"flags,omitempty"`
	Repeats          []Repeat      `json:"repeats"`
	Startup          *Startup      `json:"startup,omitempty"`
	CPUs             string        `json:"cpus,omitempty"`
	Database         *CellDatabase `json:"database,omitempty"`
	// Topology is "nginx-N" for N instances behind the nginx balancer (VCPUs and CPUs are all of theirs together);
	// empty for a single instance, which the schema reads as "single".
	Topology string `json:"topology,omitempty"`
	// JVMMode is "aot-cache" for a cell measured in starts from an AOT cache (package aotcache), with the flags the
	// mode added (the training run's, then the measured starts') and its training; empty for the default mode.
	JVMMode      string       `json:"jvmMode,omitempty"`
	JVMModeFlags []string     `json:"jvmModeFlags,omitempty"`
	AOTTraining  *AOTTraining `json:"aotTraining,omitempty"`
	// WarmupWindows are the warm-up's windows, in order (with several starts, each start's, numbered as the repeats):
	// the warm-up curve.
	WarmupWindows []WarmupWindow `json:"warmupWindows,omitempty"`
	// RawOutput is the load generator's own output of every warm-up window and repeat, gzip then base64
	// (package rawoutput); raw collects it until the cell is complete.
	RawOutput string `json:"rawOutput,omitempty"`
	raw       rawoutput.Log
	// CostLadder marks a fixed-rate cost cell (its offered rate is TargetRate) and records how its ladder was chosen;
	// AchievedRate is the requests/s its repeats achieved together (answered over their scheduled time, judgeRate),
	// judged against the offered rate (FlagRateNotHeld).
	CostLadder   *ladder.Ladder `json:"costLadder,omitempty"`
	AchievedRate *float64       `json:"achievedRate,omitempty"`
	// Starts are the cell's JVM starts with the round each was made in, when the run is measured in rounds
	// (rounds.go): each fork of its repeats once. Absent in a run measured target after target.
	Starts []Start `json:"starts,omitempty"`
}

// Start is one JVM start of a cell measured in rounds: its fork (as the repeats number it), the round, its place in
// the round's order (0 first) and when the JVM was started.
type Start struct {
	Fork      int    `json:"fork"`
	Round     int    `json:"round"`
	StartedAt string `json:"startedAt"`
	Order     int    `json:"order"`
}

// label is ", round r place p" in a start's progress line in rounds, "" otherwise.
func (s *Start) label() string {
	if s == nil {
		return ""
	}
	return fmt.Sprintf(", round %d, place %d", s.Round+1, s.Order+1)
}

// appendStart adds the start in (nil: not in rounds) to a cell's starts under fork number fork.
func appendStart(starts []Start, in *Start, fork int) []Start {
	if in == nil {
		return starts
	}
	s := *in
	s.Fork = fork
	return append(starts, s)
}

// WarmupWindow is one window of a cell's warm-up (warmup.Sample as the payload carries it).
type WarmupWindow struct {
	// Fork is the JVM start whose warm-up this window was, from 0; nil when the cell has one start.
	Fork              *int    `json:"fork,omitempty"`
	Seconds           float64 `json:"seconds"`
	RequestsPerSecond float64 `json:"requestsPerSecond"`
	// JITShare is the JIT's compile time over the window's time times the pinned CPUs; nil when unknown (not a JVM).
	JITShare *float64 `json:"jitShare,omitempty"`
}

// windowsOf turns the warm-up's samples into the payload's windows (seconds to the millisecond, the share to 1e-4).
func windowsOf(samples []warmup.Sample) []WarmupWindow {
	out := make([]WarmupWindow, 0, len(samples))
	for _, s := range samples {
		w := WarmupWindow{Seconds: math.Round(s.Seconds*1000) / 1000, RequestsPerSecond: s.RequestsPerSecond}
		if s.JITShare >= 0 {
			share := math.Round(s.JITShare*1e4) / 1e4
			w.JITShare = &share
		}
		out = append(out, w)
	}
	return out
}

// encodeRaw puts the cell's raw output into the payload (rawoutput.MaxEncoded at most: a longer one is cut, and says so).
func (c *Cell) encodeRaw() error {
	s, err := c.raw.Encode(rawoutput.MaxEncoded)
	c.RawOutput = s
	return err
}

// TopologyName is the cell's topology, "single" when it names none.
func (c *Cell) TopologyName() string {
	if c.Topology == "" {
		return "single"
	}
	return c.Topology
}

// Repeat is one measured repeat of a cell.
type Repeat struct {
	// Fork is the JVM start of the cell that measured the repeat, from 0; nil when the cell has one start.
	Fork              *int         `json:"fork,omitempty"`
	Requests          int64        `json:"requests"`
	RequestsPerSecond float64      `json:"requestsPerSecond"`
	LatencyMs         load.Latency `json:"latencyMs"`
	Errors            load.Errors  `json:"errors"`
	Usage             usage.Usage  `json:"usage"`
	// StealShare is the share of the machine's CPU time the host gave to others over the repeat (steal), nil when it
	// could not be read; TargetCPUShare how busy the target kept its CPUs (its CPU time over wall time x the cell's
	// vCPUs, at most 1); StealRetries the tries of the repeat discarded before it for losing more than maxStealShare.
	StealShare     *float64 `json:"stealShare,omitempty"`
	TargetCPUShare *float64 `json:"targetCpuShare,omitempty"`
	StealRetries   int      `json:"stealRetries,omitempty"`
}

// percentile is the repeat's latency at p90 or p99 (sla.Percentiles), in ms.
func (r Repeat) percentile(name string) float64 {
	if name == "p99" {
		return r.LatencyMs.P99
	}
	return r.LatencyMs.P90
}

// RepeatOf turns a measurement into a repeat (its Usage is the caller's), keeping the percentiles in order (p50 <= ... <= max) as the
// service requires even where histogram interpolation would cross them.
func RepeatOf(r load.Result) Repeat {
	l := r.LatencyMs
	l.P75 = max(l.P75, l.P50)
	l.P90 = max(l.P90, l.P75)
	l.P99 = max(l.P99, l.P90)
	l.P999 = max(l.P999, l.P99)
	l.Max = max(l.Max, l.P999)
	return Repeat{Requests: r.Requests, RequestsPerSecond: r.RequestsPerSecond, LatencyMs: l, Errors: r.Errors}
}

// errorRate is the cell's error rate over all its repeats (schema/README.md), as the service computes it.
func (c *Cell) errorRate() float64 {
	var requests int64
	var e load.Errors
	for _, r := range c.Repeats {
		requests += r.Requests
		e = e.Plus(r.Errors)
	}
	return load.ErrorRate(requests, e)
}

// flagErrorRate sets high-error-rate from the repeats so far: a later repeat may bring the cell back under 1%.
func (c *Cell) flagErrorRate() {
	c.Flags = slices.DeleteFunc(c.Flags, func(f string) bool { return f == FlagHighErrorRate })
	if c.errorRate() > highErrorRate {
		c.flag(FlagHighErrorRate)
	}
}

func (c *Cell) flag(f string) {
	if !slices.Contains(c.Flags, f) {
		c.Flags = append(c.Flags, f)
	}
}

// NewRunID is a random (version 4) UUID.
func NewRunID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
