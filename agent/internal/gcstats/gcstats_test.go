package gcstats

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"podium.dev/agent/internal/testjdk"
	"podium.dev/agent/internal/testtarget"
)

// A G1 young collection as JDK 25 logs it with LogFlag's selection.
const young = `[2.172s][gc,heap] GC(7) Heap Before GC invocations=7 (full 0):
[2.172s][gc,heap] GC(7)  garbage-first heap   total reserved 6172672K, committed 393216K, used 33102K [0x0000000687400000, 0x0000000800000000)
[2.172s][gc,heap] GC(7)   region size 4096K, 8 young (32768K), 1 survivors (4096K)
[2.196s][gc,heap] GC(7) Eden regions: 7->0(21)
[2.196s][gc,heap] GC(7) Heap After GC invocations=8 (full 0):
[2.196s][gc,heap] GC(7)  garbage-first heap   total reserved 6172672K, committed 393216K, used 3513K [0x0000000687400000, 0x0000000800000000)
[2.196s][gc,heap] GC(7)   region size 4096K, 1 young (4096K), 1 survivors (4096K)
[2.196s][gc     ] GC(7) Pause Young (Normal) (G1 Evacuation Pause) 32M->3M(384M) 13.934ms
`

func TestParseLogTakesTheHeapBlocksInKB(t *testing.T) {
	w := parseLog([]byte(young))
	if w.pauses != 1 || w.pauseMaxMs != 13.934 || w.freed != (33102-3513)*1024 {
		t.Fatalf("got %+v, want 1 pause of 13.934 ms that freed %d bytes", w, (33102-3513)*1024)
	}
}

func TestParseLogFallsBackToThePauseLineAndSkipsAPartialLine(t *testing.T) {
	// The window opened in the middle of GC(7): its heap before is not in it, so its pause line's MB count; GC(8) has
	// begun but not ended (and its last line is still being written): it does not count.
	lines := strings.SplitAfter(young, "\n")
	b := strings.Join(lines[4:], "") + "[2.300s][gc,heap] GC(8) Heap Before GC invocations=8 (full 0):\n[2.300s][gc     ] GC(8) Pause Young (Normal) (G1 Evacuation Pause) 40M->3M(384M) 9.0ms"
	w := parseLog([]byte(b))
	if w.pauses != 1 || w.pauseMaxMs != 13.934 || w.freed != (32-3)<<20 {
		t.Fatalf("got %+v, want GC(7) alone, freeing 29 MB as its pause line says", w)
	}
}

// The counters of a JDK before 22 have no sun.threads.total_gc_cpu_time: read without it, and said, not refused.
func TestCountersWithoutTheGCThreadsCPUTime(t *testing.T) {
	c := map[string]int64{"sun.os.hrt.frequency": 1e9, "sun.gc.collector.0.invocations": 3, "sun.gc.collector.0.time": 5e6,
		"sun.gc.generation.0.space.0.used": 1 << 20}
	m, _, err := counters(c)
	if err != nil || !m.noGCCPU || m.invocations != 3 || m.used != 1<<20 {
		t.Fatalf("without the GC CPU counter: %+v, %v; want the rest read and noGCCPU", m, err)
	}
	c["sun.threads.total_gc_cpu_time"] = 0 // present, even at 0, is known
	if m, _, err := counters(c); err != nil || m.noGCCPU {
		t.Fatalf("with it: %+v, %v", m, err)
	}
}

func TestParseLogCountsRemarkAndFullPauses(t *testing.T) {
	b := `[5.1s][gc] GC(9) Pause Remark 120M->118M(512M) 3.250ms
[5.2s][gc] GC(9) Pause Cleanup 118M->117M(512M) 0.250ms
[6.0s][gc] GC(10) Pause Full (System.gc()) 200M->20M(512M) 41.500ms
`
	w := parseLog([]byte(b))
	if w.pauses != 3 || w.pauseMaxMs != 41.5 || w.freed != (2+1+180)<<20 || math.Abs(w.pauseMs-45) > 1e-9 {
		t.Fatalf("got %+v", w)
	}
}

// TestAllocationMatchesJFR runs a real JVM target in two shapes (a 64 KiB array per request; 2,000 small strings per
// request), loads it over loopback, and checks the window's figures against the JVM's own other accounts of the same
// window: bytes allocated per request against JFR's jdk.ThreadAllocationStatistics (every thread's allocated bytes)
// within 5%, the pause count and time of the perf counters against the -Xlog:gc pause lines within 5%.
func TestAllocationMatchesJFR(t *testing.T) {
	for _, shape := range []struct {
		name     string
		minBytes float64 // what the handler allocates at least
	}{{"arrays", 64 * 1024}, {"objects", 2000 * 16}} {
		t.Run(shape.name, func(t *testing.T) { allocationMatchesJFR(t, shape.name, shape.minBytes) })
	}
}

func allocationMatchesJFR(t *testing.T, shape string, minBytes float64) {
	// the JDK the README names (JAVA_HOME, else the newest 21+ under /usr/lib/jvm), not java on the PATH
	tool := func(name string) string { return testjdk.Tool(t, name) }
	for _, name := range []string{"java", "jcmd", "jfr"} {
		tool(name) // skips the test without them
	}
	dir := t.TempDir()
	pid, gcLog, load := startAllocServer(t, tool("java"), dir, shape)
	load(2000) // warm-up
	jfc := filepath.Join(dir, "alloc.jfc")
	os.WriteFile(jfc, []byte(`<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0"><event name="jdk.ThreadAllocationStatistics"><setting name="enabled">true</setting><setting name="period">everyChunk</setting></event></configuration>`), 0o644)
	jcmd := func(args ...string) {
		if b, err := exec.Command(tool("jcmd"), append([]string{strconv.Itoa(pid)}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("jcmd %v: %v: %s", args, err, b)
		}
	}
	jcmd("JFR.start", "name=alloc", "settings="+jfc)
	w, err := Start([]JVM{{Pid: pid, Log: gcLog}})
	if err != nil {
		t.Fatal(err)
	}
	cpu0 := procCPU(t, pid)
	requests := load(12000)
	f, err := w.Stop(requests, procCPU(t, pid)-cpu0)
	if err != nil {
		t.Fatal(err)
	}
	recording := filepath.Join(dir, "alloc.jfr")
	jcmd("JFR.stop", "name=alloc", "filename="+recording)

	jfrBytes := jfrAllocated(t, tool("jfr"), recording)
	perRequest := float64(jfrBytes) / float64(requests)
	t.Logf("%d requests: %+v; JFR: %.0f bytes per request", requests, f, perRequest)
	if f.AllocatedBytesPerRequest < minBytes || math.Abs(f.AllocatedBytesPerRequest-perRequest) > 0.05*perRequest {
		t.Errorf("allocated %.0f bytes per request, JFR says %.0f (the handler allocates at least %.0f)", f.AllocatedBytesPerRequest, perRequest, minBytes)
	}

	// The -Xlog:gc pause lines of the window, read here on their own.
	b, _ := os.ReadFile(gcLog)
	b = b[w.start[0].logSize:]
	pauses, ms := 0, 0.0
	for _, m := range regexp.MustCompile(`Pause .* ([0-9.]+)ms\n`).FindAllSubmatch(b, -1) {
		v, _ := strconv.ParseFloat(string(m[1]), 64)
		pauses++
		ms += v
	}
	if pauses < 5 {
		t.Fatalf("only %d GC pauses in the window: the test should make at least 5", pauses)
	}
	if math.Abs(float64(f.GCCount-int64(pauses))) > 0.05*float64(pauses) {
		t.Errorf("gcCount %d, the GC log has %d pauses", f.GCCount, pauses)
	}
	// the perf counters and the log's lines time each pause separately: they were seen 0.4 ms apart a pause (152.2 ms
	// in the log against 142.5 ms counted over 25 pauses), so half a millisecond a pause is allowed beside the 5%
	if math.Abs(f.GCSeconds*1000-ms) > 0.05*ms+0.5*float64(pauses) {
		t.Errorf("gcSeconds %.6f, the GC log's pauses sum to %.3f ms", f.GCSeconds, ms)
	}
	if f.GCPauseMaxMs <= 0 || f.GCPauseMaxMs > ms || f.GCCPUShare <= 0 || f.GCCPUShare >= 1 {
		t.Errorf("longest pause %.3f ms of %.3f ms in all, GC CPU share %.4f", f.GCPauseMaxMs, ms, f.GCCPUShare)
	}
}

// startAllocServer starts testdata/AllocServer.java in the given shape on java, writing its GC log into dir, waits for
// its first answer and gives its pid, its GC log and a load of n requests (4 at a time) that says how many were answered.
func startAllocServer(t *testing.T, java, dir, shape string) (pid int, gcLog string, load func(n int) int64) {
	t.Helper()
	gcLog = filepath.Join(dir, "gc.log")
	p := testtarget.Port(t)
	src, _ := filepath.Abs("testdata/AllocServer.java")
	// nodelay: JDK 17's HttpServer otherwise waits on Nagle and delayed ACKs, about 40 ms a request
	cmd := exec.Command(java, "-Xms64m", "-Xmx64m", "-XX:+UseG1GC", "-Dsun.net.httpserver.nodelay=true", LogFlag(gcLog), src, strconv.Itoa(p), shape)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	url := fmt.Sprintf("http://127.0.0.1:%d/", p)
	deadline := time.Now().Add(60 * time.Second)
	for {
		if r, err := http.Get(url); err == nil {
			r.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the target did not answer within 60 s: %s", out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	load = func(n int) int64 {
		var ok atomic.Int64
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for range n / 4 {
					if r, err := http.Get(url); err == nil {
						io.Copy(io.Discard, r.Body)
						r.Body.Close()
						if r.StatusCode == 200 {
							ok.Add(1)
						}
					}
				}
			})
		}
		wg.Wait()
		return ok.Load()
	}
	return cmd.Process.Pid, gcLog, load
}

// TestAJDKBefore22GivesEveryFigureButTheGCCPUShare runs the same target on a JDK older than 22 (JDK 17 here, whose
// hsperfdata has no sun.threads.total_gc_cpu_time): the window still gives the allocation and the pauses, and names
// the GC CPU share as the figure it lacks instead of failing (a repeat then went without any GC figure) or giving 0.
func TestAJDKBefore22GivesEveryFigureButTheGCCPUShare(t *testing.T) {
	java := testjdk.Before(t, 22)
	pid, gcLog, load := startAllocServer(t, java, t.TempDir(), "arrays")
	load(2000)
	w, err := Start([]JVM{{Pid: pid, Log: gcLog}})
	if err != nil {
		t.Fatalf("%s: %v", java, err)
	}
	requests := load(6000)
	f, err := w.Stop(requests, 1)
	if err != nil {
		t.Fatal(err)
	}
	if f.GCCPUKnown() || !slices.Equal(f.Lacking, []string{LacksGCCPU}) || f.GCCPUShare != 0 {
		t.Errorf("%s: lacking %q, GC CPU share %v; want only %q lacking", java, f.Lacking, f.GCCPUShare, LacksGCCPU)
	}
	if f.AllocatedBytesPerRequest < 64*1024 || f.GCCount == 0 || f.GCSeconds <= 0 {
		t.Errorf("%s: %+v; want the allocation (64 KiB a request at least) and the pauses", java, f)
	}
}

// procCPU is a process's user + system CPU time in seconds (/proc/pid/stat, clock ticks of 1/100 s).
func procCPU(t *testing.T, pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	u, _ := strconv.ParseFloat(f[11], 64)
	s, _ := strconv.ParseFloat(f[12], 64)
	return (u + s) / 100
}

// jfrAllocated is what every thread allocated between the recording's first and last jdk.ThreadAllocationStatistics
// (taken at its start and its end): a thread's last figure less its first (0 for a thread born in between).
func jfrAllocated(t *testing.T, jfr, recording string) int64 {
	b, err := exec.Command(jfr, "print", "--json", "--events", "jdk.ThreadAllocationStatistics", recording).Output()
	if err != nil {
		t.Fatalf("jfr print: %v", err)
	}
	var doc struct {
		Recording struct {
			Events []struct {
				Values struct {
					StartTime string `json:"startTime"`
					Allocated int64  `json:"allocated"`
					Thread    struct {
						JavaThreadID int64 `json:"javaThreadId"`
					} `json:"thread"`
				} `json:"values"`
			} `json:"events"`
		} `json:"recording"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var first, last string
	for _, e := range doc.Recording.Events {
		if first == "" || e.Values.StartTime < first {
			first = e.Values.StartTime
		}
		last = max(last, e.Values.StartTime)
	}
	if first == last {
		t.Fatalf("JFR wrote jdk.ThreadAllocationStatistics once (%s): want it at the recording's start and end", first)
	}
	at := map[string]map[int64]int64{first: {}, last: {}}
	for _, e := range doc.Recording.Events {
		if m, ok := at[e.Values.StartTime]; ok {
			m[e.Values.Thread.JavaThreadID] = e.Values.Allocated
		}
	}
	var sum int64
	for id, v := range at[last] {
		sum += v - at[first][id]
	}
	return sum
}
