package run

import (
	"slices"
	"strings"
	"testing"

	"podium.dev/agent/internal/vectors"
)

func cellWith(rps ...float64) Cell {
	c := Cell{Scenario: "plaintext", LoadModel: "closed", Connections: 64, VCPUs: 1}
	for _, r := range rps {
		c.Repeats = append(c.Repeats, Repeat{RequestsPerSecond: r})
	}
	return c
}

func TestNoisyWhenRepeatsDisagreeByMoreThanFivePercent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		rps   []float64
		noisy bool
	}{
		{"three close repeats", []float64{10000, 10200, 9900}, false},
		{"a repeat a fifth lower", []float64{10000, 10100, 8000}, true},
		{"one repeat cannot disagree", []float64{5000}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c := cellWith(tc.rps...)
			c.judgeNoise()
			if got := slices.Contains(c.Flags, FlagNoisy); got != tc.noisy {
				t.Errorf("CV %.3f: noisy %v, want %v", c.CV(), got, tc.noisy)
			}
		})
	}
	c2 := cellWith(100, 110)
	if cv := c2.CV(); cv < 0.0673 || cv > 0.0674 {
		t.Errorf("CV of 100 and 110 = %.4f, want 0.0673 (sample standard deviation over mean)", cv)
	}
}

func TestAboveBaselineComparesTheSameScenarioConnectionsAndVCPUs(t *testing.T) {
	t.Parallel()
	base := cellWith(50000, 50000)
	base.Baseline, base.Framework = true, "nginx"
	faster, slower := cellWith(60000, 61000), cellWith(40000, 41000)
	otherConns := cellWith(60000)
	otherConns.Connections = 256
	// behind nginx a cell is compared with the baseline behind nginx (here slower than the single-instance one)
	baseBalanced := cellWith(30000)
	baseBalanced.Baseline, baseBalanced.Framework, baseBalanced.Topology = true, "nginx", "nginx-2"
	balancedFaster, balancedSlower := cellWith(35000), cellWith(25000)
	balancedFaster.Topology, balancedSlower.Topology = "nginx-2", "nginx-2"
	cells := []Cell{base, faster, slower, otherConns, baseBalanced, balancedFaster, balancedSlower}
	flagAboveBaseline(cells)
	for i, want := range []bool{false, true, false, false, false, true, false} {
		if got := slices.Contains(cells[i].Flags, FlagAboveBaseline); got != want {
			t.Errorf("cell %d: above-baseline %v, want %v", i, got, want)
		}
	}
}

func TestGeneratorSaturatedFromItsOwnCPUTime(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cpu, wall float64
		cpus      int
		want      bool
	}{
		{14.5, 15, 1, true},  // wrk used 97% of its one CPU
		{9, 15, 1, false},    // 60%: other processes may keep the CPU busy, wrk was not the limit
		{14.5, 15, 2, false}, // half of two CPUs
		{28, 15, 2, true},
	}
	for _, tc := range tests {
		if got := saturated(tc.cpu, tc.wall, tc.cpus); got != tc.want {
			t.Errorf("%.1f CPU-s over %.0f s on %d CPUs: saturated %v, want %v", tc.cpu, tc.wall, tc.cpus, got, tc.want)
		}
	}
}

// The summary's req/s is the figure the site shows: the trimmed mean, not the mean an outlier repeat drags down.
func TestSummaryPrintsTheTrimmedMeanTheSiteShows(t *testing.T) {
	t.Parallel()
	c := cellWith(10000, 10200, 10400, 10600, 2000)
	c.Framework = "Jetty"
	got := (&Run{Results: []Cell{c}}).Summary()
	if !strings.Contains(got, "trimmed mean of the repeats") || !strings.Contains(got, " 10200 req/s") {
		t.Errorf("summary %q, want the trimmed mean 10200 req/s (the mean is 8640) and to say which figure it is", got)
	}
	if TrimmedMean([]float64{1, 2}) != 1.5 || TrimmedMean([]float64{5, 1, 3, 100}) != 4 {
		t.Error("TrimmedMean drops the best and the worst only from 3 values on")
	}
}

func TestSummaryShowsWhatARequestCost(t *testing.T) {
	t.Parallel()
	c := cellWith(10000, 10000)
	c.Framework = "Jetty"
	for i := range c.Repeats {
		c.Repeats[i].Requests = 150000
		c.Repeats[i].Usage.TargetCPUUserSeconds, c.Repeats[i].Usage.TargetCPUSystemSeconds = 1.5, 0.5
		c.Repeats[i].Usage.TargetRSSPeakBytes = int64(400+i) * 1e6
	}
	got := (&Run{Results: []Cell{c}}).Summary()
	if !strings.Contains(got, "75000 req/CPU-s") || !strings.Contains(got, "401 MB") {
		t.Errorf("summary %q, want 300,000 requests over 4 CPU-s and the peak of 401 MB", got)
	}
	balanced := c
	balanced.Topology = "nginx-2"
	lines := strings.Split((&Run{Results: []Cell{c, balanced}}).Summary(), "\n")
	if !strings.Contains(lines[1], "k=1  single") || !strings.Contains(lines[2], "k=1  nginx-2") {
		t.Errorf("summary lines %q, want each cell's topology after its vCPUs", lines)
	}
}

// TestAboveBaselineVectors: the rule of schema/testdata/rules/flags.json ("aboveBaseline"), shared with the service's
// documentation: above a steady nginx is above-baseline, a noisy nginx flags nobody.
func TestAboveBaselineVectors(t *testing.T) {
	t.Parallel()
	var rules struct {
		AboveBaseline []struct {
			About    string    `json:"about"`
			Baseline []float64 `json:"baseline"`
			Target   []float64 `json:"target"`
			Flagged  bool      `json:"flagged"`
		} `json:"aboveBaseline"`
	}
	vectors.Decode(t, "testdata/rules/flags.json", &rules)
	if len(rules.AboveBaseline) < 3 {
		t.Fatalf("only %d above-baseline vectors", len(rules.AboveBaseline))
	}
	for _, tc := range rules.AboveBaseline {
		base := cellWith(tc.Baseline...)
		base.Baseline, base.Framework = true, "nginx"
		cells := []Cell{base, cellWith(tc.Target...)}
		flagAboveBaseline(cells)
		if got := slices.Contains(cells[1].Flags, FlagAboveBaseline); got != tc.Flagged {
			t.Errorf("%s: above-baseline %v, want %v", tc.About, got, tc.Flagged)
		}
		if slices.Contains(cells[0].Flags, FlagAboveBaseline) {
			t.Errorf("%s: the baseline flagged itself", tc.About)
		}
	}
}
