package steal

import (
	"math"
	"strings"
	"testing"
	"time"
)

const before = `cpu  3390200 21714 596330 739918 16096 0 114601 47411 0 0
cpu0 1793972 10487 270312 309507 2455 0 62340 22020 0 0
intr 1 2 3
`

// 2,000 ticks later, of which 100 were stolen: 5%.
const after = `cpu  3391600 21714 596430 740318 16096 0 114601 47511 0 0
cpu0 1794672 10487 270362 309657 2455 0 62340 22070 0 0
`

func TestShareIsStolenTicksOverAllTicks(t *testing.T) {
	a, err := Parse([]byte(before))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Parse([]byte(after))
	if err != nil {
		t.Fatal(err)
	}
	if a.Steal != 47411 || b.Total-a.Total != 2000 {
		t.Fatalf("parsed %+v then %+v", a, b)
	}
	got, ok := a.Share(b)
	if !ok || math.Abs(got-0.05) > 1e-9 {
		t.Fatalf("share %v (%v), want 0.05", got, ok)
	}
	if _, ok := b.Share(a); ok {
		t.Fatal("counters going back gave a share")
	}
	if _, ok := a.Share(a); ok {
		t.Fatal("no time passing gave a share")
	}
}

func TestParseRefusesWhatHasNoStealColumn(t *testing.T) {
	for _, text := range []string{"intr 1 2\n", "cpu  1 2 3 4 5 6 7\n", "cpu  1 2 3 4 5 6 7 x\n"} {
		if _, err := Parse([]byte(text)); err == nil {
			t.Errorf("%q parsed", strings.TrimSpace(text))
		}
	}
}

func TestReadsThisMachine(t *testing.T) {
	s, err := Read()
	if err != nil {
		t.Fatal(err)
	}
	if s.Total == 0 {
		t.Fatal("no CPU time counted since boot")
	}
}

// Proc reads this machine's /proc/stat at both ends of a window: a share between 0 and 1 once a tick has passed.
func TestProcOpensAWindowOnThisMachine(t *testing.T) {
	stop := Proc()
	deadline := time.Now().Add(2 * time.Second)
	for {
		time.Sleep(20 * time.Millisecond)
		share, ok := stop()
		if ok {
			if share < 0 || share > 1 {
				t.Fatalf("share %v", share)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Skip("/proc/stat did not move in 2 s (not Linux?)")
		}
	}
}
