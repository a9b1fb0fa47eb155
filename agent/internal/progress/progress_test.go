package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestPlainLinesWhenNotATerminal(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	d := New(&b)
	d.Plan(3)
	d.Cell(1, "netty plaintext closed c=16 k=1")
	d.Rate(35000)
	d.Done()
	d.Finish()
	out := b.String()
	if !strings.Contains(out, "cell 1/3 netty plaintext closed c=16 k=1 (0 of 3 cells done, spent 0s)\n") || strings.Contains(out, "\r") || strings.Contains(out, "\033") {
		t.Errorf("want plain log lines without terminal control codes, got %q", out)
	}
}

func TestStatusLineOnATerminal(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	d := &Display{w: &b, live: true}
	d.Plan(4)
	d.Cell(2, "vertx-web json closed c=64 k=2")
	d.Rate(120345)
	out := b.String()
	if !strings.Contains(out, "[2/4] vertx-web json closed c=64 k=2 | 120345 req/s | 0 of 4 cells done, spent") {
		t.Errorf("no status line: %q", out)
	}
}

// fakeClock is a clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time      { return c.t }
func (c *fakeClock) add(d time.Duration) { c.t = c.t.Add(d) }
func newFake() (*fakeClock, *bytes.Buffer, *Display) {
	c := &fakeClock{time.Date(2026, 11, 26, 2, 17, 0, 0, time.UTC)}
	var b bytes.Buffer
	return c, &b, &Display{w: &b, began: c.t, now: c.now}
}

// Before any cell the time left is the plan's; once cells are done, the plan's time for the rest scaled by how
// the cells done compared with theirs.
func TestTimeLeftFromThePlanCorrectedByTheRun(t *testing.T) {
	t.Parallel()
	c, out, d := newFake()
	d.Expect([]Step{{1, time.Minute}, {2, time.Minute}, {3, 2 * time.Minute}}, 4*time.Minute+10*time.Second)
	c.add(10 * time.Second) // setup
	d.Plan(3)
	d.Cell(1, "a")
	if eta := d.ETA(); eta != 4*time.Minute {
		t.Errorf("before any cell: %s left, want the plan's 4m", eta)
	}
	c.add(2 * time.Minute) // the first cell took twice its plan
	d.Done()
	d.Cell(2, "b")
	if eta := d.ETA(); eta != 6*time.Minute {
		t.Errorf("after a cell twice as slow as planned: %s left, want twice the 3m planned", eta)
	}
	c.add(time.Minute)
	if eta := d.ETA(); eta != 5*time.Minute {
		t.Errorf("a minute into the second cell: %s left, want 5m", eta)
	}
	if !strings.Contains(out.String(), "cell 2/3 b (1 of 3 cells done, spent 2m10s, about 6m00s left)") {
		t.Errorf("the cell's line should say the time spent and left: %q", out.String())
	}
}

// After the run the display says how far the plan was from what it took, once; an interrupted run says how much
// of the plan it did.
func TestFinishComparesThePlanWithWhatItTook(t *testing.T) {
	t.Parallel()
	c, out, d := newFake()
	d.Expect([]Step{{1, time.Minute}, {2, time.Minute}}, 2*time.Minute)
	d.Plan(2)
	for i := range 2 {
		d.Cell(i+1, "x")
		c.add(66 * time.Second)
		d.Done()
	}
	d.Finish()
	d.Finish()
	if got := strings.Count(out.String(), "the run took 2m12s, planned 2m00s: +10% against the plan"); got != 1 {
		t.Errorf("want the comparison once: %q", out.String())
	}

	c, out, d = newFake()
	d.Expect([]Step{{1, time.Minute}, {2, time.Minute}}, 2*time.Minute)
	d.Plan(2)
	d.Cell(1, "x")
	c.add(time.Minute)
	d.Done()
	d.Finish()
	if !strings.Contains(out.String(), "the run took 1m00s for 1 of 2 cells; the plan was 2m00s for all of them") {
		t.Errorf("interrupted: %q", out.String())
	}
}

// A plan that does not list the run's cells is not used: the time left comes from the cells done so far.
func TestAPlanOfOtherCellsFallsBackToTheAverage(t *testing.T) {
	t.Parallel()
	c, _, d := newFake()
	d.Expect([]Step{{1, time.Hour}}, time.Hour)
	d.Plan(3)
	d.Cell(1, "a")
	c.add(time.Minute)
	d.Done()
	if eta := d.ETA(); eta != 2*time.Minute {
		t.Errorf("%s left, want 2 cells at the 1m average", eta)
	}
}

// Cells skipped with their failed target took none of their planned time: they do not make the rest look faster.
func TestSkippedCellsDoNotSpeedUpTheTimeLeft(t *testing.T) {
	t.Parallel()
	c, _, d := newFake()
	d.Expect([]Step{{1, time.Minute}, {2, time.Minute}, {3, time.Minute}, {4, time.Minute}}, 4*time.Minute)
	d.Plan(4)
	d.Cell(1, "a")
	c.add(time.Minute)
	d.Done()
	d.Done() // the next target did not start: its cell is skipped
	if eta := d.ETA(); eta != 2*time.Minute {
		t.Errorf("%s left, want the plan's 2m for the two cells left (the measured one took its plan)", eta)
	}
}

// A target measured in two JVM starts announces its closed-loop cells once per start and finishes them only in the
// second; its cost cell is measured once, after the first start's cells. A run that keeps to its plan counts down
// evenly: every step that took its planned minute takes a minute off the time left (counting finished cells instead
// said 1m, then 3m, then 4m30s left, as the nightly profile's first run showed).
func TestTimeLeftCountsStartsNotCells(t *testing.T) {
	t.Parallel()
	c, _, d := newFake()
	// cells 1 and 2 closed-loop (two starts), 3 a cost cell (first start only); then target two's cell 4
	d.Expect([]Step{{1, time.Minute}, {2, time.Minute}, {3, time.Minute}, {1, time.Minute}, {2, time.Minute}, {4, time.Minute}}, 6*time.Minute)
	d.Plan(4)
	countDown(t, c, d, 6, []int{1, 2, 3, 1, 2, 4}, func(k, cell int) bool {
		return cell == 3 || k >= 3 // the cost cell, and the closed-loop cells in their last start
	})
}

// countDown announces cells, one a step, each taking its planned minute, and checks that the time left is from minutes
// at the first step and a minute less at each next one; finished says whether step k (from 0) finishes its cell.
func countDown(t *testing.T, c *fakeClock, d *Display, from int, cells []int, finished func(k, cell int) bool) {
	t.Helper()
	for k, cell := range cells {
		d.Cell(cell, "x")
		if want := time.Duration(from-k) * time.Minute; d.ETA() != want {
			t.Errorf("step %d (cell %d): %s left, want %s", k+1, cell, d.ETA(), want)
		}
		c.add(time.Minute)
		if finished(k, cell) {
			d.Done()
		}
	}
}

// A start that fails takes its cells' steps in every start with it: the rest is planned from what is left.
func TestAFailedTargetPassesItsStepsInEveryStart(t *testing.T) {
	t.Parallel()
	c, _, d := newFake()
	d.Expect([]Step{{1, time.Minute}, {2, time.Minute}, {1, time.Minute}, {2, time.Minute}, {3, 2 * time.Minute}}, 6*time.Minute)
	d.Plan(3)
	d.Cell(1, "x")
	c.add(2 * time.Minute) // twice its plan, then the target fails
	d.Done()               // cell 1 counted done with its target
	d.Done()               // cell 2 skipped: neither of its starts will be measured
	d.Cell(3, "y")
	if eta := d.ETA(); eta != 4*time.Minute {
		t.Errorf("%s left, want cell 3's 2m at the run's pace so far (twice the plan)", eta)
	}
}

// In rounds the starts of two targets alternate in a drawn order: announcing target two's cell before target one's
// second start passes none of the plan's steps, so the time left counts down a step at a time; a target settled
// with a cell it never measured passes that cell's steps and counts it done.
func TestInterleavedRoundsKeepTheTimeLeft(t *testing.T) {
	t.Parallel()
	c, _, d := newFake()
	// the plan, target by target: cells 1 and 2 (target one) in two starts, then cell 3 (target two) in two starts
	d.Expect([]Step{{1, time.Minute}, {2, time.Minute}, {1, time.Minute}, {2, time.Minute}, {3, time.Minute}, {3, time.Minute}}, 6*time.Minute)
	d.Interleaved()
	d.Plan(3)
	// round 1: target two first, then target one; round 2: target one, then target two, whose cell 3 fails there
	countDown(t, c, d, 6, []int{3, 1, 2, 1, 2}, func(k, _ int) bool {
		return k >= 3 // target one's cells in their last start
	})
	d.Settle(3, 1, 1) // target two: cell 3 not measured in its second start
	if eta := d.ETA(); eta != time.Second || d.done != 3 {
		t.Errorf("every step taken or passed: %s left, %d cells done; want the display's floor of 1s and 3", eta, d.done)
	}
}
