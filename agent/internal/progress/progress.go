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
	// planned is each cell's planned time in the run's order and plannedTotal the run's (setup included), when
	// the run has a plan (Expect); reported: the plan's comparison was printed.
	planned      []time.Duration
	plannedTotal time.Duration
	reported     bool
	// inCell: a Cell was announced and is not done yet; skipped is the plan's time of the cells skipped, which
	// took none of it.
	inCell  bool
	skipped time.Duration
	now     func() time.Time
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

// Expect sets the plan: each cell's planned time in the order the run measures them, and the whole run's.
func (d *Display) Expect(perCell []time.Duration, total time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.planned, d.plannedTotal = perCell, total
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
	d.mu.Unlock()
}

// Cell announces cell i (1-based) and what it measures, with the time spent and left.
func (d *Display) Cell(i int, label string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.i, d.label, d.rps, d.inCell = i, label, 0, true
	d.logf("cell %d/%d %s (%s)", i, d.n, label, d.times())
}

// Done marks the current cell finished; a Done without a Cell before it is a cell skipped (its target failed).
func (d *Display) Done() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if p := d.plan(); p != nil && d.done < len(p) && !d.inCell {
		d.skipped += p[d.done]
	}
	d.done++
	d.inCell = false
	d.lastDone = d.clock()
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

// ETA is the time left: with a plan, the plan's time for the cells not done, scaled by how long the cells done
// took against their plan; without one, the average time of the cells done so far times the cells left.
func (d *Display) ETA() time.Duration {
	if d.n == 0 {
		return 0
	}
	now := d.clock()
	if p := d.plan(); p != nil {
		done := min(d.done, len(p))
		var before, after time.Duration
		for _, c := range p[:done] {
			before += c
		}
		for _, c := range p[done:] {
			after += c
		}
		factor := 1.0 // how long the measured cells took against their plan
		if measured := before - d.skipped; done > 0 && measured > 0 {
			factor = float64(d.lastDone.Sub(d.cellsAt)) / float64(measured)
		}
		into := time.Duration(0) // the time already spent on the cell being measured
		if done > 0 {
			into = now.Sub(d.lastDone)
		} else if !d.cellsAt.IsZero() {
			into = now.Sub(d.cellsAt)
		}
		return max(time.Duration(factor*float64(after))-into, time.Second)
	}
	if d.done == 0 {
		return 0
	}
	per := d.lastDone.Sub(d.cellsAt) / time.Duration(d.done)
	return max(per*time.Duration(d.n-d.done)-now.Sub(d.lastDone), time.Second)
}

// plan is the per-cell plan when it matches the run's cells (nil when there is none or it does not).
func (d *Display) plan() []time.Duration {
	if len(d.planned) == 0 || len(d.planned) != d.n {
		return nil
	}
	return d.planned
}

// times is "3 of 40 cells done, spent 12m03s, about 1h02m left" ("... left as planned" before any cell is done).
func (d *Display) times() string {
	spent := fmt.Sprintf("%d of %d cells done, spent %s", d.done, d.n, Short(d.clock().Sub(d.began)))
	eta := d.ETA()
	switch {
	case eta <= 0:
		return spent
	case d.done == 0 && d.plannedTotal > 0:
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
