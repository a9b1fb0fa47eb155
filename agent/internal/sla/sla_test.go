package sla

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// A target that meets the SLA up to capacity requests/s and misses it above.
func upTo(capacity float64, probed *[]float64) Probe {
	return func(_ context.Context, rate float64) (Verdict, error) {
		*probed = append(*probed, rate)
		return Verdict{Met: rate <= capacity}, nil
	}
}

func TestSearchStepsThenBisects(t *testing.T) {
	var probed []float64
	r, err := Search(context.Background(), []float64{100, 200, 300, 400, 500}, 3, upTo(260, &probed))
	if err != nil {
		t.Fatal(err)
	}
	// Steps 100, 200 meet, 300 misses; bisection: 250 meets, 275 misses, 263 misses (rounded).
	want := []float64{100, 200, 300, 250, 275, 263}
	if !slices.Equal(r.Offered, want) || !slices.Equal(probed, want) {
		t.Fatalf("offered %v, want %v", r.Offered, want)
	}
	if r.Best != 250 || r.Missed != 263 {
		t.Fatalf("best %v missed %v, want 250 and 263", r.Best, r.Missed)
	}
	// Three bisections narrow a 100 req/s step to an eighth of it around the true capacity.
	if r.Best > 260 || r.Missed <= 260 || r.Missed-r.Best > 100.0/8+1 {
		t.Fatalf("bracket [%v, %v] does not hold 260 within 1/8 of the step", r.Best, r.Missed)
	}
}

func TestSearchMissingAtTheFirstStepBisectsFromZero(t *testing.T) {
	var probed []float64
	r, err := Search(context.Background(), []float64{100, 200}, 2, upTo(30, &probed))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Offered, []float64{100, 50, 25}) || r.Best != 25 || r.Missed != 50 {
		t.Fatalf("offered %v best %v missed %v", r.Offered, r.Best, r.Missed)
	}
}

func TestSearchWithoutAMissEndsAtTheLastStep(t *testing.T) {
	var probed []float64
	r, err := Search(context.Background(), []float64{100, 200}, 3, upTo(1e9, &probed))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.Offered, []float64{100, 200}) || r.Best != 200 || r.Missed != 0 {
		t.Fatalf("offered %v best %v missed %v", r.Offered, r.Best, r.Missed)
	}
}

func TestSearchStopsWhenNoWholeRateIsLeft(t *testing.T) {
	var probed []float64
	r, _ := Search(context.Background(), []float64{1, 2}, 5, upTo(1, &probed))
	if !slices.Equal(r.Offered, []float64{1, 2}) {
		t.Fatalf("offered %v: nothing lies between 1 and 2 req/s", r.Offered)
	}
}

func TestSearchReturnsTheProbesError(t *testing.T) {
	boom := errors.New("target died")
	r, err := Search(context.Background(), []float64{100, 200}, 3, func(_ context.Context, rate float64) (Verdict, error) {
		if rate == 200 {
			return Verdict{}, boom
		}
		return Verdict{Met: true}, nil
	})
	if !errors.Is(err, boom) || !slices.Equal(r.Offered, []float64{100, 200}) {
		t.Fatalf("err %v offered %v", err, r.Offered)
	}
}

func TestJudge(t *testing.T) {
	cases := []struct {
		name        string
		p, achieved []float64
		met         bool
	}{
		{"median under the SLA", []float64{150, 250, 180}, []float64{100, 100, 100}, true},
		{"median over the SLA", []float64{150, 250, 210}, []float64{100, 100, 100}, false},
		{"at the SLA is a miss", []float64{200}, []float64{100}, false},
		{"not keeping up", []float64{50, 50, 50}, []float64{80, 85, 95}, false},
		{"no repeats", nil, nil, false},
	}
	for _, c := range cases {
		if v := Judge(c.p, c.achieved, 100, 200, 0.9); v.Met != c.met || (!v.Met && v.Reason == "") {
			t.Errorf("%s: %+v", c.name, v)
		}
	}
}
