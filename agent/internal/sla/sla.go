// Package sla finds the highest offered rate a target serves within its latency SLA by measuring it: the
// open loop raises the offered rate in steps until a step misses (the chosen percentile crosses the SLA, or
// throughput stops keeping up), then bisects between the last rate that met it and the first that missed.
// The board's SLA throughput then comes from a measured rate, not from an interpolation between steps.
package sla

import (
	"context"
	"fmt"
	"math"
	"slices"
)

// Percentiles a search can hold to the SLA.
var Percentiles = []string{"p90", "p99"}

// Verdict is what one measured rate says about the SLA.
type Verdict struct {
	Met    bool   // the percentile stayed under the SLA and throughput kept up with the offered rate
	Reason string // why not, for the progress output
}

// Probe measures one offered rate (a whole cell: warm-up and repeats).
type Probe func(ctx context.Context, rate float64) (Verdict, error)

// Result is every rate offered, in order, and what the search found.
type Result struct {
	Offered []float64
	Best    float64 // the highest offered rate that met the SLA; 0 when none did
	Missed  float64 // the lowest offered rate that missed it; 0 when none did
}

// Search offers steps in order until one misses, then bisects between the last rate that met the SLA (0 when
// none did) and the one that missed, bisect times. With no miss it ends at the last step (the SLA throughput is
// then at least that step, and the result says so: Missed is 0).
func Search(ctx context.Context, steps []float64, bisect int, probe Probe) (Result, error) {
	var r Result
	for _, rate := range steps {
		v, err := probe(ctx, rate)
		r.Offered = append(r.Offered, rate)
		if err != nil {
			return r, err
		}
		if !v.Met {
			r.Missed = rate
			break
		}
		r.Best = rate
	}
	if r.Missed == 0 {
		return r, nil
	}
	lo, hi := r.Best, r.Missed
	for range bisect {
		mid := math.Round((lo + hi) / 2)
		if mid <= lo || mid >= hi { // the rates are whole requests/s: nothing left between them
			break
		}
		v, err := probe(ctx, mid)
		r.Offered = append(r.Offered, mid)
		if err != nil {
			return r, err
		}
		if v.Met {
			lo = mid
		} else {
			hi = mid
		}
	}
	r.Best, r.Missed = lo, hi
	return r, nil
}

// Judge says whether a cell met the SLA: the median over its repeats of the percentile under slaMs, and the
// median achieved rate at least short x the offered rate.
func Judge(percentiles, achieved []float64, offered, slaMs, short float64) Verdict {
	p, a := median(percentiles), median(achieved)
	switch {
	case len(percentiles) == 0:
		return Verdict{Reason: "no repeat measured"}
	case a < short*offered:
		return Verdict{Reason: fmt.Sprintf("achieved %.0f of %.0f req/s offered", a, offered)}
	case p >= slaMs:
		return Verdict{Reason: fmt.Sprintf("latency %.1f ms at or above the SLA of %.0f ms", p, slaMs)}
	}
	return Verdict{Met: true}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
