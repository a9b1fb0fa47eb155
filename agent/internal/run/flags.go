package run

import "math"

// Thresholds of the flags judged from real data (agent/README.md, "Cell flags").
const (
	saturatedShare = 0.90 // the load generator's own CPU time reached 90% of the CPUs it could use
	noisyCV        = 0.05 // repeat-to-repeat coefficient of variation of requests/s above 5%
)

// saturated says whether a load generator that used cpuSeconds over wall seconds on cpus CPUs was the limit.
func saturated(cpuSeconds, wall float64, cpus int) bool {
	return wall > 0 && cpus > 0 && cpuSeconds >= saturatedShare*wall*float64(cpus)
}

// CV is the coefficient of variation (sample standard deviation over mean) of the repeats' requests/s;
// 0 with fewer than two repeats.
func (c *Cell) CV() float64 {
	n := float64(len(c.Repeats))
	mean := c.meanRPS()
	if n < 2 || mean <= 0 {
		return 0
	}
	var ss float64
	for _, r := range c.Repeats {
		ss += (r.RequestsPerSecond - mean) * (r.RequestsPerSecond - mean)
	}
	return math.Sqrt(ss/(n-1)) / mean
}

func (c *Cell) meanRPS() float64 {
	var sum float64
	for _, r := range c.Repeats {
		sum += r.RequestsPerSecond
	}
	return sum / float64(max(1, len(c.Repeats)))
}

// judgeNoise flags a cell whose repeats disagree by more than noisyCV.
func (c *Cell) judgeNoise() {
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
