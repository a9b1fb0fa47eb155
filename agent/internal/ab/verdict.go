package ab

import (
	"maps"
	"math"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"podium.dev/agent/internal/run"
)

// Outcomes of a figure of B against A.
const (
	Faster     = "faster"
	Slower     = "slower"
	CannotTell = "cannot tell"
)

// Figure is one figure of a cell judged B against A over the rounds: the ratio of B's to A's (the geometric mean of
// the rounds' paired ratios) with its 95% interval, the verdict ("faster": B better, whether more is better or less),
// and the smallest change the rounds could have detected (at 95%, with 80% power: the change an effect that size is
// decided four times in five).
type Figure struct {
	Name         string   `json:"name"` // throughput, p99, cpuPerRequest, allocatedPerRequest
	Unit         string   `json:"unit"` // req/s, ms, µs, B
	HigherBetter bool     `json:"higherBetter"`
	A            float64  `json:"a"` // A's figure: the mean of its rounds' figures
	B            float64  `json:"b"`
	Ratio        float64  `json:"ratio"` // B / A
	Low          *float64 `json:"low,omitempty"`
	High         *float64 `json:"high,omitempty"`
	Verdict      string   `json:"verdict"`
	Detectable   *float64 `json:"detectable,omitempty"` // the smallest |B/A - 1| the rounds could have decided
	Rounds       int      `json:"rounds"`               // the rounds both sides have the figure in
	Pairs        []Pair   `json:"pairs"`                // each round's figures of A and B, by round, to check the verdict
}

// Pair is one round's figure of A and of B: B/A of each pair is what the ratio and its interval are made of.
type Pair struct {
	Round int     `json:"round"`
	A     float64 `json:"a"`
	B     float64 `json:"b"`
}

// Cell is one cell of the A/B: the scenario, its concurrency and vCPUs, and its figures.
type Cell struct {
	Scenario    string   `json:"scenario"`
	Connections int      `json:"connections"`
	VCPUs       int      `json:"vcpus"`
	Figures     []Figure `json:"figures"`
}

// the figures judged, in order: what a round's start gives for each (NaN: not measured)
var figures = []struct {
	name, unit   string
	higherBetter bool
	of           func(reps []run.Repeat) float64
}{
	{"throughput", "req/s", true, func(reps []run.Repeat) float64 {
		return mean(reps, func(r run.Repeat) float64 { return r.RequestsPerSecond })
	}},
	{"p99", "ms", false, func(reps []run.Repeat) float64 {
		return mean(reps, func(r run.Repeat) float64 { return r.LatencyMs.P99 })
	}},
	{"cpuPerRequest", "µs", false, func(reps []run.Repeat) float64 {
		cpu, requests := 0.0, 0.0
		for _, r := range reps {
			cpu += r.Usage.TargetCPUUserSeconds + r.Usage.TargetCPUSystemSeconds
			requests += float64(r.Requests)
		}
		if requests == 0 || cpu == 0 {
			return math.NaN()
		}
		return cpu / requests * 1e6
	}},
	{"allocatedPerRequest", "B", false, func(reps []run.Repeat) float64 {
		return mean(reps, func(r run.Repeat) float64 {
			if r.Usage.AllocatedBytesPerRequest == nil {
				return math.NaN()
			}
			return *r.Usage.AllocatedBytesPerRequest
		})
	}},
}

func mean(reps []run.Repeat, f func(run.Repeat) float64) float64 {
	if len(reps) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, r := range reps {
		s += f(r)
	}
	return s / float64(len(reps))
}

// byRound is a cell's repeats grouped by the round of the start that measured them.
func byRound(c run.Cell) map[int][]run.Repeat {
	round := map[int]int{} // fork -> round
	for _, s := range c.Starts {
		round[s.Fork] = s.Round
	}
	out := map[int][]run.Repeat{}
	for _, r := range c.Repeats {
		f := 0
		if r.Fork != nil {
			f = *r.Fork
		}
		if rd, ok := round[f]; ok {
			out[rd] = append(out[rd], r)
		}
	}
	return out
}

// Judge pairs the cells of variants a and b (framework names) of the payload by scenario, concurrency and vCPUs, and
// judges each figure of B against A over the rounds both measured.
func Judge(payload *run.Run, a, b string) []Cell {
	out := []Cell{} // [] rather than null in the JSON the service checks, when no cell pairs

	for _, ca := range payload.Results {
		if ca.Framework != a {
			continue
		}
		i := slices.IndexFunc(payload.Results, func(c run.Cell) bool {
			return c.Framework == b && c.Scenario == ca.Scenario && c.Connections == ca.Connections && c.VCPUs == ca.VCPUs &&
				c.LoadModel == ca.LoadModel
		})
		if i < 0 {
			continue
		}
		ra, rb := byRound(ca), byRound(payload.Results[i])
		cell := Cell{Scenario: ca.Scenario, Connections: ca.Connections, VCPUs: ca.VCPUs, Figures: []Figure{}}
		for _, f := range figures {
			var as, bs []float64
			var pairs []Pair
			rounds := slices.Sorted(maps.Keys(ra))
			for _, round := range rounds {
				other, ok := rb[round]
				if !ok {
					continue
				}
				x, y := f.of(ra[round]), f.of(other)
				if x > 0 && y > 0 {
					as, bs = append(as, x), append(bs, y)
					pairs = append(pairs, Pair{Round: round, A: x, B: y})
				}
			}
			if len(as) == 0 {
				continue
			}
			judged := judge(f.name, f.unit, f.higherBetter, as, bs)
			judged.Pairs = pairs
			cell.Figures = append(cell.Figures, judged)
		}
		out = append(out, cell)
	}
	return out
}

// judge is one figure over the rounds: as[r] and bs[r] are A's and B's figures in round r (positive). The log of
// each round's ratio cancels what the round's stretch of the host did to both; their mean and Student's t interval
// over the rounds (n - 1 degrees of freedom) give the ratio and its 95% interval.
func judge(name, unit string, higherBetter bool, as, bs []float64) Figure {
	n := len(as)
	f := Figure{Name: name, Unit: unit, HigherBetter: higherBetter, Rounds: n, Verdict: CannotTell, Pairs: []Pair{}}
	logs := make([]float64, n)
	for i := range as {
		f.A += as[i] / float64(n)
		f.B += bs[i] / float64(n)
		logs[i] = math.Log(bs[i] / as[i])
	}
	m := 0.0
	for _, l := range logs {
		m += l / float64(n)
	}
	f.Ratio = math.Exp(m)
	if n < 2 {
		return f
	}
	ss := 0.0
	for _, l := range logs {
		ss += (l - m) * (l - m)
	}
	se := math.Sqrt(ss / float64(n-1) / float64(n))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}
	q := t.Quantile(0.975)
	low, high := math.Exp(m-q*se), math.Exp(m+q*se)
	f.Low, f.High = &low, &high
	detectable := math.Exp((q+t.Quantile(0.80))*se) - 1
	f.Detectable = &detectable
	switch {
	case low > 1:
		f.Verdict = map[bool]string{true: Faster, false: Slower}[higherBetter]
	case high < 1:
		f.Verdict = map[bool]string{true: Slower, false: Faster}[higherBetter]
	}
	return f
}
