package run

import (
	"math"
	"slices"
)

// Thresholds of the flags judged from real data (agent/README.md, "Cell flags").
const (
	saturatedShare = 0.90 // the load generator's own CPU time reached 90% of the CPUs it could use
	noisyCV        = 0.05 // repeat-to-repeat coefficient of variation of requests/s above 5%
)

// The host on record per repeat (docs/methodology.md section 6, "Steal"): a try of a repeat during which the host took
// more than maxStealShare of the machine's CPU time (steal, /proc/stat) is not kept but measured again, at most
// maxStealRetries times a repeat; a repeat that lost more than that on its last try is kept as measured, flags its cell
// host-interference, and the cell's later repeats are not tried again. 5% is the noisy flag's bound: a repeat that
// lost more than that could move the cell's figure by as much as its repeats may differ. Two tries more bound a cell's
// time at three times its repeats' while a neighbour comes and goes, and at two repeats' more when it stays.
const (
	maxStealShare   = 0.05
	maxStealRetries = 2
)

// saturated says whether a load generator that used cpuSeconds over wall seconds on cpus CPUs was the limit.
func saturated(cpuSeconds, wall float64, cpus int) bool {
	return wall > 0 && cpus > 0 && cpuSeconds >= saturatedShare*wall*float64(cpus)
}

// CV is the coefficient of variation (sample standard deviation over mean) of the repeats' requests/s within a JVM
// start (pooled over the starts when the cell has several, as the service computes it: noisy says that the repeats
// of a start disagree, not that the starts do); 0 without two repeats of one start.
func (c *Cell) CV() float64 {
	mean := c.meanRPS()
	sums, counts := map[int]float64{}, map[int]int{}
	for _, r := range c.Repeats {
		sums[r.fork()] += r.RequestsPerSecond
		counts[r.fork()]++
	}
	var ss float64
	for _, r := range c.Repeats {
		d := r.RequestsPerSecond - sums[r.fork()]/float64(counts[r.fork()])
		ss += d * d
	}
	df := len(c.Repeats) - len(counts)
	if df < 1 || mean <= 0 {
		return 0
	}
	return math.Sqrt(ss/float64(df)) / mean
}

// fork is the repeat's JVM start (0 for a one-start cell).
func (r Repeat) fork() int {
	if r.Fork == nil {
		return 0
	}
	return *r.Fork
}

func (c *Cell) meanRPS() float64 {
	var sum float64
	for _, r := range c.Repeats {
		sum += r.RequestsPerSecond
	}
	return sum / float64(max(1, len(c.Repeats)))
}

// judgeNoise flags a cell whose repeats disagree by more than noisyCV (and unflags it when they no longer do).
func (c *Cell) judgeNoise() {
	c.Flags = slices.DeleteFunc(c.Flags, func(f string) bool { return f == FlagNoisy })
	if c.CV() > noisyCV {
		c.flag(FlagNoisy)
	}
}

// flagAboveBaseline flags every closed-loop framework cell whose mean throughput is above the same run's
// baseline cell at the same scenario, connections, vCPUs and topology (nginx-N against the baseline behind the same
// balancer): the load generator, not the target, was the limit. A noisy baseline (its repeats' CV above 5%) flags
// nobody: its level is unknown, so being above it says nothing (schema/testdata/rules/flags.json, "aboveBaseline").
func flagAboveBaseline(cells []Cell) {
	type key struct {
		scenario, topology string
		connections, vcpus int
	}
	base := map[key]float64{}
	for _, c := range cells {
		if c.Baseline && c.LoadModel == "closed" && c.CV() <= noisyCV {
			base[key{c.Scenario, c.TopologyName(), c.Connections, c.VCPUs}] = c.meanRPS()
		}
	}
	for i := range cells {
		c := &cells[i]
		if b, ok := base[key{c.Scenario, c.TopologyName(), c.Connections, c.VCPUs}]; ok && !c.Baseline && c.LoadModel == "closed" && c.meanRPS() > b {
			c.flag(FlagAboveBaseline)
		}
	}
}
