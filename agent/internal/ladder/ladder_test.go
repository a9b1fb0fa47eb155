package ladder

import (
	"slices"
	"testing"
)

func TestChooseTakesTheHighestRungsUnderTheShare(t *testing.T) {
	// the nginx baseline's plaintext figure on this project's quiet 2-core machine, 1 vCPU
	l, err := Choose(132000, 0.1, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []float64{2000, 5000, 10000}; !slices.Equal(l.Rates, want) {
		t.Errorf("rates %v, want %v", l.Rates, want)
	}
	if l.CapacityRequestsPerSecond != 132000 || l.Share != 0.1 {
		t.Errorf("the ladder does not record what it was chosen from: %+v", l)
	}
	// a capacity a few percent lower keeps the same rungs: runs of one host class pool
	if m, _ := Choose(125000, 0.1, 3); !slices.Equal(m.Rates, l.Rates) {
		t.Errorf("a capacity 5%% lower moved the ladder: %v against %v", m.Rates, l.Rates)
	}
	one, _ := Choose(132000, 0.1, 1)
	if !slices.Equal(one.Rates, []float64{10000}) {
		t.Errorf("one rung: %v, want the top one, 10000", one.Rates)
	}
	// fewer rungs fit than asked: all that fit
	busy, _ := Choose(4501, 0.1, 3)
	if !slices.Equal(busy.Rates, []float64{100, 200}) {
		t.Errorf("a busy host's ladder: %v, want [100 200]", busy.Rates)
	}
}

func TestChooseRefusesAHostTooSlowForTheLowestRung(t *testing.T) {
	if _, err := Choose(900, 0.1, 2); err == nil {
		t.Error("a capacity of 900 req/s puts 100 req/s above a tenth of it: want an error")
	}
}

func TestHeldIsNinetyEightPercent(t *testing.T) {
	if !Held(1000, 980) || Held(1000, 979.9) {
		t.Error("held is at 98% of the offered rate")
	}
}

func TestExplicitSortsAndDeduplicates(t *testing.T) {
	if l := Explicit([]float64{5000, 1000, 5000}); !slices.Equal(l.Rates, []float64{1000, 5000}) || l.Share != 0 {
		t.Errorf("explicit ladder %+v", l)
	}
}
