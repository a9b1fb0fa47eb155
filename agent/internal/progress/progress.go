// Package progress shows a run's progress: a live status line on a terminal (cell i of n, time spent, the time
// left, current requests/s) and plain timestamped log lines otherwise. The time left comes from the run's plan
// (package schedule) when it has one, corrected by how the cells done so far compared with theirs; after the run it
// says how far the plan was from what the run took.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"
)

// Display writes progress to one stream.
type Display struct {
	mu       sync.Mutex
	w        io.Writer
	live     bool
	n, i     int
	label    string
	rps      float64
	began    time.Time
	cellsAt  time.Time
	lastDone time.Time
	done     int
	statusOn bool
	// steps is the plan's time in the order the run spends it and plannedTotal the run's (setup included), when
	// the run has a plan (Expect); reported: the plan's comparison was printed.
	steps        []Step
	plannedTotal time.Duration
	reported     bool
	// gone marks the steps finished or passed; cur is the step being measured (-1: none); work is the plan's time
	// of the steps gone, passed the part of it that was skipped (a failed target's cells took none of it), and
	// stepAt when the last step finished.
	gone   []bool
	cur    int
	work   time.Duration
	passed time.Duration
	stepAt time.Time
	// planOK: the steps are the run's cells (see plan), set when the steps or the cell count change.
	planOK bool
	// inCell: a Cell was announced and is not done yet.
	inCell bool
	// interleaved: the run measures its starts in rounds (Interleaved), so the plan's steps are not taken in order.
	interleaved bool
	now         func() time.Time
}

// Step is one announcement of a cell in a run's plan: a closed-loop cell is announced once in each JVM start that
// measures it, and the time planned for that start's part (its warm-up and repeats, and the start itself on the
// start's first cell).
type Step struct {
	Cell    int           // the cell's 1-based number in the run, as Cell announces it
	Planned time.Duration // the time planned for this step
}

// New writes to w; live status lines are drawn only when w is a terminal.
func New(w io.Writer) *Display {
	f, ok := w.(*os.File)
	return &Display{w: w, live: ok && term.IsTerminal(int(f.Fd())), began: time.Now(), now: time.Now}
}

func (d *Display) clock() time.Time {
	if d.now == nil {
		return time.Now()
	}
	return d.now()
}

// Expect sets the plan: its steps in the order the run takes them, and the whole run's time.
func (d *Display) Expect(steps []Step, total time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.steps, d.plannedTotal = steps, total
	d.gone, d.cur, d.work, d.passed = make([]bool, len(steps)), -1, 0, 0
	d.planOK = d.matches()
}

// Logf prints one line (above the status line on a terminal).
func (d *Display) Logf(format string, args ...any) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.logf(format, args...)
}

func (d *Display) logf(format string, args ...any) {
	d.clear()
	fmt.Fprintf(d.w, "%s %s\n", d.clock().Format("15:04:05"), fmt.Sprintf(format, args...))
	d.draw()
}

// Plan sets the number of cells.
func (d *Display) Plan(n int) {
	d.mu.Lock()
	d.n, d.cellsAt = n, d.clock()
	d.planOK = d.matches()
	d.mu.Unlock()
}

// Cell announces cell i (1-based) and what it measures, with the time spent and left.
func (d *Display) Cell(i int, label string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.i, d.label, d.rps, d.inCell = i, label, 0, true
	if d.plan() != nil {
		d.finishStep()
		for k, st := range d.steps { // the first step of cell i not yet gone; those before it were skipped
			if d.gone[k] {
				continue
			}
			if st.Cell == i {
				d.cur = k
				break
			}
			if !d.interleaved {
				d.pass(k)
			}
		}
	}
	d.logf("cell %d/%d %s (%s)", i, d.n, label, d.times())
}

// Done marks the current cell finished; a Done without a Cell before it is a cell skipped (its target failed).
func (d *Display) Done() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.plan() != nil {
		if d.inCell {
			d.finishStep()
		} else if !d.interleaved { // the skipped cell is the next one the plan has not reached: none of its steps will be taken
			for k, st := range d.steps {
				if !d.gone[k] {
					for j := k; j < len(d.steps); j++ {
						if d.steps[j].Cell == st.Cell && !d.gone[j] {
							d.pass(j)
						}
					}
					break
				}
			}
		}
	}
	d.done++
	d.inCell = false
	d.lastDone = d.clock()
}

// Interleaved tells the display that the run measures its starts in interleaved rounds: a cell announced does not
// mean that the plan's steps before it were passed (another target's start may come first in a round), and a cell
// skipped is passed by Settle, which names it.
func (d *Display) Interleaved() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.interleaved = true
}

// Settle closes a target in a run in rounds: every step not taken of its cells first to first+n-1 is passed (what it
// did not measure takes no time), and skipped of them, the cells it did not measure, are counted done.
func (d *Display) Settle(first, n, skipped int) {
	d.mu.Lock()
	if d.plan() != nil {
		for k, st := range d.steps {
			if !d.gone[k] && k != d.cur && st.Cell >= first && st.Cell < first+n {
				d.pass(k)
			}
		}
	}
	d.mu.Unlock()
	for range skipped {
		d.Done()
	}
}

// finishStep marks the step being measured finished now.
func (d *Display) finishStep() {
	if d.cur >= 0 && !d.gone[d.cur] {
		d.gone[d.cur] = true
		d.work += d.steps[d.cur].Planned
		d.stepAt = d.clock()
	}
	d.cur = -1
}

// pass marks step k as not taken: its planned time leaves what is left without taking any time.
func (d *Display) pass(k int) {
	d.gone[k] = true
	d.work += d.steps[k].Planned
	d.passed += d.steps[k].Planned
}

// Rate reports the requests/s of the latest window.
func (d *Display) Rate(rps float64) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.rps = rps
	if d.live {
		d.clear()
		d.draw()
	}
}

// ETA is the time left: with a plan, the plan's time for the steps not taken yet, scaled by how long the steps
// taken so far took against their plan; without one, the average time of the cells done so far times the cells
// left. Counting steps (a cell in one start) rather than cells keeps the time left steady when every cell is
// measured over several starts and finishes only in the last.
func (d *Display) ETA() time.Duration {
	if d.n == 0 {
		return 0
	}
	now := d.clock()
	if d.plan() != nil {
		var left time.Duration
		for k, st := range d.steps {
			if !d.gone[k] {
				left += st.Planned
			}
		}
		factor := 1.0 // how long the measured steps took against their plan
		since := d.cellsAt
		if measured := d.work - d.passed; measured > 0 && !d.stepAt.IsZero() {
			factor = float64(d.stepAt.Sub(d.cellsAt)) / float64(measured)
			since = d.stepAt
		}
		into := time.Duration(0) // the time already spent on the step being measured
		if !since.IsZero() {
			into = now.Sub(since)
		}
		return max(time.Duration(factor*float64(left))-into, time.Second)
	}
	if d.done == 0 {
		return 0
	}
	per := d.lastDone.Sub(d.cellsAt) / time.Duration(d.done)
	return max(per*time.Duration(d.n-d.done)-now.Sub(d.lastDone), time.Second)
}

// plan is the plan's steps when they are the run's cells, nil when there is no plan or it is one of other cells (as
// for a resumed run that measures only what is missing).
func (d *Display) plan() []Step {
	if !d.planOK {
		return nil
	}
	return d.steps
}

// matches is whether every cell 1 to n has a step and no step names another cell.
func (d *Display) matches() bool {
	if len(d.steps) == 0 || d.n == 0 {
		return false
	}
	seen := map[int]bool{}
	for _, st := range d.steps {
		if st.Cell < 1 || st.Cell > d.n {
			return false
		}
		seen[st.Cell] = true
	}
	return len(seen) == d.n
}

// times is "3 of 40 cells done, spent 12m03s, about 1h02m left" ("... left as planned" before any cell is done).
func (d *Display) times() string {
	spent := fmt.Sprintf("%d of %d cells done, spent %s", d.done, d.n, Short(d.clock().Sub(d.began)))
	eta := d.ETA()
	switch {
	case eta <= 0:
		return spent
	case d.plan() != nil && d.stepAt.IsZero():
		return fmt.Sprintf("%s, about %s left as planned", spent, Short(eta))
	default:
		return fmt.Sprintf("%s, about %s left", spent, Short(eta))
	}
}

// Finish removes the status line and, once, says how far the plan was from what the run took.
func (d *Display) Finish() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.clear()
	d.live = false
	if d.plannedTotal <= 0 || d.reported || d.done == 0 {
		return
	}
	d.reported = true
	took := d.clock().Sub(d.began)
	if d.done < d.n {
		fmt.Fprintf(d.w, "%s the run took %s for %d of %d cells; the plan was %s for all of them\n", d.clock().Format("15:04:05"),
			Short(took), d.done, d.n, Short(d.plannedTotal))
		return
	}
	fmt.Fprintf(d.w, "%s the run took %s, planned %s: %+.0f%% against the plan\n", d.clock().Format("15:04:05"), Short(took),
		Short(d.plannedTotal), (took.Seconds()/d.plannedTotal.Seconds()-1)*100)
}

func (d *Display) clear() {
	if d.live && d.statusOn {
		fmt.Fprint(d.w, "\r\033[K")
		d.statusOn = false
	}
}

func (d *Display) draw() {
	if !d.live || d.n == 0 || d.i == 0 {
		return
	}
	fmt.Fprintf(d.w, "[%d/%d] %s | %.0f req/s | %s", d.i, d.n, d.label, d.rps, d.times())
	d.statusOn = true
}

// Short is a duration for people: 1h02m, 12m03s, 45s.
func Short(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d >= time.Hour:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	case d >= time.Minute:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	default:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	}
}
