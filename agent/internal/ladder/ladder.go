// Package ladder chooses the offered rates of the fixed-rate cost cells (docs/methodology.md section 4, "Cost at a
// fixed load"): a small ladder of rates that every target of a host class can hold on 1 vCPU, taken from a fixed
// 1-2-5 grid under a share of the host's measured capacity (the run's nginx baseline at the same scenario and slot),
// so that runs of one host class offer the same rates and their cells pool. It also judges whether a cell held its
// rate.
package ladder

import (
	"fmt"
	"slices"
)

// Grid are the rates a ladder is chosen from, requests/s: a 1-2-5 series, so that a capacity that moves by a few
// percent from run to run mostly keeps the same rungs.
var Grid = []float64{100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000}

// DefaultShare is the share of the baseline's capacity the ladder's top rung stays under. The slowest target
// measured on this project's 2-core machine (Dropwizard, plaintext, 1 vCPU) reached 18% of the nginx baseline's
// figure (methodology.md section 5): a tenth leaves it at about half its own capacity.
const DefaultShare = 0.1

// HeldShare is the share of its offered rate a cell must achieve: below it the cell is flagged RateNotHeld.
const HeldShare = 0.98

// RateNotHeld is the flag of a cost cell whose achieved rate was below HeldShare of its offered rate (the shared
// flag rules, schema/testdata/rules/flags.json: unranked).
const RateNotHeld = "rate-not-held"

// Ladder is how a cost cell's rate was chosen, as the payload records it with the cell (costLadder).
type Ladder struct {
	// Rates are every rung of the run's ladder in this slot, lowest first (the cell's own rate is its targetRate).
	Rates []float64 `json:"rates"`
	// CapacityRequestsPerSecond is the host's measured capacity the rungs were chosen under: the run's baseline's
	// closed-loop figure at the same scenario, vCPUs and topology (its best concurrency); absent for explicit rates.
	CapacityRequestsPerSecond float64 `json:"capacityRequestsPerSecond,omitempty"`
	// Share is the share of the capacity the top rung stays under; absent for explicit rates.
	Share float64 `json:"share,omitempty"`
}

// Choose is the ladder of rungs rungs under share x capacity: the highest rungs of Grid at or under that ceiling,
// lowest first. An error when not even the lowest rung fits (a host too slow or too busy to measure cost on).
func Choose(capacity, share float64, rungs int) (Ladder, error) {
	if share <= 0 || share > 1 {
		share = DefaultShare
	}
	ceiling := capacity * share
	var fit []float64
	for _, r := range Grid {
		if r <= ceiling {
			fit = append(fit, r)
		}
	}
	if len(fit) == 0 {
		return Ladder{}, fmt.Errorf("the host's capacity, %.0f req/s, puts even the lowest rate of the ladder (%.0f req/s) above %.0f%% of it", capacity, Grid[0], share*100)
	}
	if rungs < 1 {
		rungs = 1
	}
	fit = fit[max(0, len(fit)-rungs):]
	return Ladder{Rates: fit, CapacityRequestsPerSecond: round(capacity), Share: share}, nil
}

// Explicit is the ladder of rates given by hand (--cost-rate), lowest first.
func Explicit(rates []float64) Ladder {
	r := slices.Clone(rates)
	slices.Sort(r)
	return Ladder{Rates: slices.Compact(r)}
}

// Held says whether achieved requests/s held the offered rate (HeldShare of it).
func Held(offered, achieved float64) bool { return achieved >= HeldShare*offered }

// Connections is how many connections (fortio threads) offer rate: each sends at most 100 requests/s, so a
// request may take 10 ms before its thread falls behind; at least 8, at most 1024.
func Connections(rate float64) int {
	return min(1024, max(8, int(rate/100+0.999999)+8))
}

func round(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }
