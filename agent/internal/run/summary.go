package run

// The summary a run prints after its cells, and the throughput figure it shows (the service's trimmed mean).

import (
	"fmt"
	"slices"
	"strings"

	"podium.dev/agent/internal/rawoutput"
)

// Summary is a header and one line per cell: what was measured, the throughput as the site shows it (the trimmed
// mean of the repeats), the mean p99, what a request cost (requests per CPU-second of the target, its peak memory),
// the flags.
func (r *Run) Summary() string {
	var b strings.Builder
	b.WriteString("  req/s: trimmed mean of the repeats (best and worst dropped when 3 or more), as the site shows it; p99: mean of the repeats\n")
	for _, c := range r.Results {
		var p99, requests, cpu float64
		var peak int64
		rps := make([]float64, 0, len(c.Repeats))
		for _, rep := range c.Repeats {
			rps = append(rps, rep.RequestsPerSecond)
			p99 += rep.LatencyMs.P99 / float64(len(c.Repeats))
			requests += float64(rep.Requests)
			cpu += rep.Usage.TargetCPUUserSeconds + rep.Usage.TargetCPUSystemSeconds
			peak = max(peak, rep.Usage.TargetRSSPeakBytes)
		}
		perCPU := 0.0
		if cpu > 0 {
			perCPU = requests / cpu
		}
		load := fmt.Sprintf("c=%d", c.Connections)
		if c.LoadModel == "open" {
			load = fmt.Sprintf("%.0f/s", c.TargetRate)
		}
		fmt.Fprintf(&b, "  %-22s %-9s %-6s %-9s k=%-2d %-8s %10.0f req/s  p99 %8.2f ms  %9.0f req/CPU-s  %6.0f MB  %s\n", c.Framework,
			c.Scenario, c.LoadModel, load, c.VCPUs, c.TopologyName(), TrimmedMean(rps), p99, perCPU, float64(peak)/1e6, strings.Join(c.Flags, ","))
	}
	if raw, largest := r.rawBytes(); raw > 0 {
		fmt.Fprintf(&b, "  raw output kept: %.1f KiB of base64 gzip over %d cells (largest %.1f KiB; at most %d KiB a cell)\n",
			float64(raw)/1024, len(r.Results), float64(largest)/1024, rawoutput.MaxEncoded/1024)
	}
	return b.String()
}

// rawBytes is the size of the cells' raw output in the payload (base64), in all and of the largest cell.
func (r *Run) rawBytes() (total, largest int) {
	for _, c := range r.Results {
		total += len(c.RawOutput)
		largest = max(largest, len(c.RawOutput))
	}
	return total, largest
}

// TrimmedMean is the service's throughput figure (CellStatistics.trimmedMean, methodology section 4): the mean
// after dropping the best and the worst value when there are at least 3.
func TrimmedMean(values []float64) float64 {
	if len(values) == 0 {
		return 0
	}
	sorted := slices.Clone(values)
	slices.Sort(sorted)
	if len(sorted) >= 3 {
		sorted = sorted[1 : len(sorted)-1]
	}
	sum := 0.0
	for _, v := range sorted {
		sum += v
	}
	return sum / float64(len(sorted))
}
