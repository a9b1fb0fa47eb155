package run

import (
	"math"
	"slices"
	"testing"

	"podium.dev/agent/internal/vectors"
)

// TestErrorRateVectors: the agent's error rate and high-error-rate flag are the ones of schema/README.md, checked
// against the same vectors as the service's (schema/testdata/rules/error-rate.json).
func TestErrorRateVectors(t *testing.T) {
	cases := vectors.List[struct {
		About         string   `json:"about"`
		Repeats       []Repeat `json:"repeats"`
		ErrorRate     float64  `json:"errorRate"`
		HighErrorRate bool     `json:"highErrorRate"`
	}](t, "testdata/rules/error-rate.json", 5)
	for _, tc := range cases {
		c := Cell{}
		for _, r := range tc.Repeats {
			c.Repeats = append(c.Repeats, r)
			c.flagErrorRate() // as keep does after every repeat
		}
		if got := c.errorRate(); math.Abs(got-tc.ErrorRate) > 1e-12 {
			t.Errorf("%s: error rate %v, want %v", tc.About, got, tc.ErrorRate)
		}
		if got := slices.Contains(c.Flags, FlagHighErrorRate); got != tc.HighErrorRate {
			t.Errorf("%s: high-error-rate %v, want %v", tc.About, got, tc.HighErrorRate)
		}
	}
}
