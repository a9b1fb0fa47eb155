// Package gcstats reads what a JVM target's garbage collector did over a window (a repeat): bytes allocated, GC
// pauses and their time, the GC threads' CPU time and the longest pause, from two sources that do not change what is
// measured:
//
//   - HotSpot's perf counters in the hsperfdata file (what jstat reads, updated by the JVM whatever we do):
//     sun.gc.collector.N.invocations and .time (pauses and their time; with G1, the suite's collector, every
//     collector counts stop-the-world pauses), sun.threads.total_gc_cpu_time (CPU time of the GC threads, JDK 22+:
//     on an older JDK the window has every figure but the GC threads' share, and says so in Figures.Lacking), and the
//     heap's used bytes (sun.gc.generation.N.space.M.used) at the window's two ends;
//   - the JVM's own GC log (-Xlog:gc,gc+heap=debug to a file, a few lines per collection): the heap used before and
//     after each collection in KB and each pause's length.
//
// Bytes allocated over the window are the heap's growth plus what the collections in it freed:
// used(end) - used(start) + sum(before_i - after_i). The longest pause is the longest "Pause" line of the window.
package gcstats

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"podium.dev/agent/internal/hsperf"
)

// LogFlag is the JVM option that writes the GC log this package reads to path: the pauses (gc) and the heap before
// and after each collection (gc+heap=debug), one file that is never rotated (a few lines per collection).
func LogFlag(path string) string {
	return "-Xlog:gc,gc+heap=debug:file=" + path + ":uptime,tags:filecount=0"
}

// JVM is one JVM to read: its pid (for its hsperfdata file) and the GC log it writes (LogFlag).
type JVM struct {
	Pid int
	Log string
}

// Figures is what the garbage collector did over a window, per the names of the run schema (usage of a repeat).
type Figures struct {
	AllocatedBytesPerRequest float64 `json:"allocatedBytesPerRequest"`
	GCCount                  int64   `json:"gcCount"`
	GCSeconds                float64 `json:"gcSeconds"`
	GCCPUShare               float64 `json:"gcCpuShare"`
	GCPauseMaxMs             float64 `json:"gcPauseMaxMs"`
	// Lacking names each figure the JVMs' counters could not give (its field is then zero and means nothing), with the
	// counter it needs: LacksGCCPU on a JDK before 22.
	Lacking []string `json:"-"`
}

// LacksGCCPU is the figure a JDK before 22 cannot give: its hsperfdata has no sun.threads.total_gc_cpu_time.
const LacksGCCPU = "gcCpuShare (needs sun.threads.total_gc_cpu_time, JDK 22 and later)"

// GCCPUKnown says whether the figures include the GC threads' CPU share.
func (f Figures) GCCPUKnown() bool { return !slices.Contains(f.Lacking, LacksGCCPU) }

// mark is one JVM's counters at one end of the window and how far its GC log went then.
type mark struct {
	invocations, ticks, gcCPUNanos, used int64
	freq                                 int64
	logSize                              int64
	noGCCPU                              bool // no sun.threads.total_gc_cpu_time (a JDK before 22)
}

// Window is a window opened on one or more JVMs (the instances of a cell, summed).
type Window struct {
	jvms  []JVM
	start []mark
}

// Start opens a window on the JVMs: it reads their counters and notes how far their GC logs go.
func Start(jvms []JVM) (*Window, error) {
	w := &Window{jvms: jvms}
	for _, j := range jvms {
		m, err := read(j)
		if err != nil {
			return nil, err
		}
		w.start = append(w.start, m)
	}
	return w, nil
}

// Stop closes the window: requests is how many requests the JVMs answered in it, cpuSeconds their processes' CPU
// time (user + system) over it, for the share of it the GC threads took.
func (w *Window) Stop(requests int64, cpuSeconds float64) (Figures, error) {
	var f Figures
	var allocated, gcCPU float64
	gcCPUKnown := true
	for i, j := range w.jvms {
		end, err := read(j)
		if err != nil {
			return f, err
		}
		s := w.start[i]
		log, err := readLog(j.Log, s.logSize, end.logSize)
		if err != nil {
			return f, err
		}
		f.GCCount += end.invocations - s.invocations
		f.GCSeconds += float64(end.ticks-s.ticks) / float64(end.freq)
		gcCPU += float64(end.gcCPUNanos-s.gcCPUNanos) / 1e9
		gcCPUKnown = gcCPUKnown && !s.noGCCPU && !end.noGCCPU
		allocated += float64(end.used-s.used) + float64(log.freed)
		f.GCPauseMaxMs = max(f.GCPauseMaxMs, log.pauseMaxMs)
	}
	if requests <= 0 {
		return f, errors.New("gcstats: no requests in the window")
	}
	if allocated < 0 { // the heap shrank by more than the collections freed: the log is not this JVM's
		return f, fmt.Errorf("gcstats: the heap shrank by %.0f bytes more than its collections freed", -allocated)
	}
	f.AllocatedBytesPerRequest = round(allocated/float64(requests), 1)
	f.GCSeconds = round(f.GCSeconds, 6)
	if !gcCPUKnown {
		f.Lacking = append(f.Lacking, LacksGCCPU)
	} else if cpuSeconds > 0 {
		f.GCCPUShare = round(min(gcCPU/cpuSeconds, 1), 6)
	}
	f.GCPauseMaxMs = round(f.GCPauseMaxMs, 3)
	return f, nil
}

func round(v float64, digits int) float64 {
	p := math.Pow10(digits)
	return math.Round(v*p) / p
}

// read takes one JVM's counters when no collection is running (a collection updates the heap's counters before it
// counts its time, so a reading in the middle of one could count it on one side only), then the size of its GC log:
// a collection that starts after the counters were read writes its pause line after that size too.
func read(j JVM) (mark, error) {
	path := hsperf.Path(j.Pid)
	for try := 0; ; try++ {
		c, err := hsperf.Read(path)
		if err != nil {
			return mark{}, fmt.Errorf("gcstats: %w", err)
		}
		m, running, err := counters(c)
		if err != nil {
			return mark{}, err
		}
		if running && try < 200 {
			time.Sleep(time.Millisecond)
			continue
		}
		st, err := os.Stat(j.Log)
		if err != nil {
			return mark{}, fmt.Errorf("gcstats: the GC log: %w", err)
		}
		m.logSize = st.Size()
		return m, nil
	}
}

// counters sums the collectors' and the heap spaces' counters; running says a collection is under way.
func counters(c map[string]int64) (mark, bool, error) {
	var m mark
	m.freq = c["sun.os.hrt.frequency"]
	if m.freq <= 0 {
		return m, false, errors.New("gcstats: hsperfdata without sun.os.hrt.frequency")
	}
	// a JDK before 22 has no counter of its GC threads' CPU time: every other figure is still read
	m.gcCPUNanos, m.noGCCPU = c["sun.threads.total_gc_cpu_time"], !has(c, "sun.threads.total_gc_cpu_time")
	running := false
	collectors, spaces := 0, 0
	for name, v := range c {
		switch {
		case strings.HasPrefix(name, "sun.gc.collector."):
			switch {
			case strings.HasSuffix(name, ".invocations"):
				m.invocations += v
				collectors++
				prefix := strings.TrimSuffix(name, "invocations")
				if c[prefix+"lastEntryTime"] > c[prefix+"lastExitTime"] {
					running = true
				}
			case strings.HasSuffix(name, ".time"):
				m.ticks += v
			}
		case strings.HasPrefix(name, "sun.gc.generation.") && strings.Contains(name, ".space.") && strings.HasSuffix(name, ".used"):
			m.used += v
			spaces++
		}
	}
	if collectors == 0 || spaces == 0 {
		return m, false, errors.New("gcstats: hsperfdata without the collectors' or heap spaces' counters")
	}
	return m, running, nil
}

func has(c map[string]int64, name string) bool {
	_, ok := c[name]
	return ok
}

// logWindow is what the GC log says of the collections whose pause ended inside the window.
type logWindow struct {
	pauses     int
	pauseMs    float64 // summed
	pauseMaxMs float64
	freed      int64 // bytes
}

var (
	gcID      = regexp.MustCompile(`\bGC\((\d+)\) `)
	heapUsed  = regexp.MustCompile(`\bused (\d+)([KMG])\b`)
	pauseLine = regexp.MustCompile(`\bGC\((\d+)\) Pause .* (\d+)([KMG])->(\d+)([KMG])\(\d+[KMG]\) ([0-9.]+)ms\s*$`)
)

func unit(u string) int64 {
	switch u {
	case "K":
		return 1 << 10
	case "M":
		return 1 << 20
	}
	return 1 << 30
}

// readLog reads the GC log between two sizes. A collection's heap before and after come from its "Heap Before GC"
// and "Heap After GC" blocks (in KB) when both are inside the window, else from its pause line (in MB): a collection
// that began before the window opened counts with the figures of its pause line.
func readLog(path string, from, to int64) (logWindow, error) {
	var w logWindow
	if to < from {
		return w, fmt.Errorf("gcstats: the GC log %s shrank", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return w, fmt.Errorf("gcstats: the GC log: %w", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.NewSectionReader(f, from, to-from))
	if err != nil {
		return w, err
	}
	return parseLog(b), nil
}

// parseLog reads the lines of a GC log (only whole lines: a last line without its newline is still being written).
func parseLog(b []byte) logWindow {
	var w logWindow
	if i := bytes.LastIndexByte(b, '\n'); i >= 0 {
		b = b[:i+1]
	} else {
		b = nil
	}
	type heap struct{ before, after int64 }
	seen := map[string]*heap{}
	var block *int64 // the before or after figure the lines being read add to
	blockID := ""    // the collection it belongs to
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		id := gcID.FindStringSubmatch(line)
		if id == nil {
			continue
		}
		h := seen[id[1]]
		if h == nil {
			h = &heap{before: -1, after: -1}
			seen[id[1]] = h
		}
		switch {
		case strings.Contains(line, "Heap Before GC"):
			h.before, block, blockID = 0, &h.before, id[1]
			continue
		case strings.Contains(line, "Heap After GC"):
			if h.before >= 0 {
				h.after, block, blockID = 0, &h.after, id[1]
			}
			continue
		}
		if p := pauseLine.FindStringSubmatch(line); p != nil {
			block = nil
			ms, _ := strconv.ParseFloat(p[6], 64)
			w.pauses++
			w.pauseMs += ms
			w.pauseMaxMs = max(w.pauseMaxMs, ms)
			if h.before >= 0 && h.after >= 0 {
				w.freed += h.before - h.after
			} else {
				b4, _ := strconv.ParseInt(p[2], 10, 64)
				af, _ := strconv.ParseInt(p[4], 10, 64)
				w.freed += b4*unit(p[3]) - af*unit(p[5])
			}
			delete(seen, id[1]) // G1's remark and cleanup pauses share their cycle's id
			continue
		}
		if block != nil && id[1] == blockID && !strings.Contains(line, "Metaspace") && !strings.Contains(line, "class space") {
			if u := heapUsed.FindStringSubmatch(line); u != nil {
				n, _ := strconv.ParseInt(u[1], 10, 64)
				*block += n * unit(u[2])
			}
		}
	}
	return w
}
