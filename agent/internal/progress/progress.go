// Package progress shows a run's progress: a live status line on a terminal (cell i of n, ETA, current
// requests/s) and plain timestamped log lines otherwise.
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
}

// New writes to w; live status lines are drawn only when w is a terminal.
func New(w io.Writer) *Display {
	f, ok := w.(*os.File)
	return &Display{w: w, live: ok && term.IsTerminal(int(f.Fd())), began: time.Now()}
}

// Logf prints one line (above the status line on a terminal).
func (d *Display) Logf(format string, args ...any) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.clear()
	fmt.Fprintf(d.w, "%s %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
	d.draw()
}

// Plan sets the number of cells.
func (d *Display) Plan(n int) {
	d.mu.Lock()
	d.n, d.cellsAt = n, time.Now()
	d.mu.Unlock()
}

// Cell announces cell i (1-based) and what it measures.
func (d *Display) Cell(i int, label string) {
	d.mu.Lock()
	d.i, d.label, d.rps = i, label, 0
	d.mu.Unlock()
	d.Logf("cell %d/%d %s", i, d.n, label)
}

// Done marks the current cell finished.
func (d *Display) Done() {
	d.mu.Lock()
	d.done++
	d.lastDone = time.Now()
	d.mu.Unlock()
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

// ETA is the time left, from the average time of the cells done so far.
func (d *Display) ETA() time.Duration {
	if d.done == 0 || d.n == 0 {
		return 0
	}
	per := d.lastDone.Sub(d.cellsAt) / time.Duration(d.done)
	return max(per*time.Duration(d.n-d.done)-time.Since(d.lastDone), time.Second)
}

// Finish removes the status line.
func (d *Display) Finish() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.clear()
	d.live = false
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
	eta := "ETA --"
	if e := d.ETA(); e > 0 {
		eta = "ETA " + e.Round(time.Second).String()
	}
	fmt.Fprintf(d.w, "[%d/%d] %s | %.0f req/s | %s", d.i, d.n, d.label, d.rps, eta)
	d.statusOn = true
}
