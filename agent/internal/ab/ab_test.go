package ab

import (
	"context"
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/testtarget"
)

// TestMain doubles as the target: started with PODIUM_CONTRACT_SERVE set, the test binary serves the contract.
func TestMain(m *testing.M) { testtarget.Main(m) }

// measure runs an A/B of the stand-in target on real wrk in 6 rounds: plaintext at 16 connections, each variant
// answering at most the rate its setting (PODIUM_CONTRACT_RATE) allows, far under what it could answer: its
// throughput is its setting, whatever else the host runs.
func measure(t *testing.T, a, b Variant) []Cell {
	t.Helper()
	if _, err := exec.LookPath("wrk"); err != nil {
		t.Skip("wrk is not installed (apt-get install -y wrk)")
	}
	layout, err := testtarget.FreshLayout(t)
	if err != nil {
		t.Skipf("needs 2 CPUs: %v", err)
	}
	m := &suite.Manifest{Name: "ab-test", Version: "1", Dir: t.TempDir(), Targets: []suite.Target{{Name: "go",
		Framework: "Go net/http", FrameworkVersion: "1.26", IOModel: "blocking",
		Start: []string{"env", "PODIUM_CONTRACT_SERVE=target", os.Args[0]}, Port: testtarget.Port(t), Health: "/plaintext",
		Scenarios: []string{"plaintext"}}}}
	mm, err := Manifest(m, "go", a, b)
	if err != nil {
		t.Fatal(err)
	}
	an, bn := Names("go")
	r := &run.Runner{Manifest: mm, Layout: layout, HealthWait: 10 * time.Second, AgentVersion: "t", Display: progress.New(t.Output()),
		Plan: run.Plan{Profile: "ab", Targets: []string{an, bn}, Scenarios: []string{"plaintext"}, Connections: []int{16}, VCPUs: []int{1},
			Duration: time.Second, Repeats: 2, Forks: 6, DelayMs: 50, Order: run.OrderRounds,
			WarmupWindow: time.Second, WarmupMax: 2 * time.Second, WarmupTolerance: 0.5}}
	payload, failures, err := r.Execute(context.Background())
	if err != nil || len(failures) > 0 {
		t.Fatalf("run: %v %+v", err, failures)
	}
	return Judge(payload, mm.Targets[0].Framework, mm.Targets[1].Framework)
}

func throughput(t *testing.T, cells []Cell) Figure {
	t.Helper()
	if len(cells) != 1 || len(cells[0].Figures) == 0 || cells[0].Figures[0].Name != "throughput" {
		t.Fatalf("cells %+v: want the plaintext cell with its throughput first", cells)
	}
	f := cells[0].Figures[0]
	// the rounds' pairs the report carries are what the ratio is made of: a reader recomputes it from them
	if len(f.Pairs) != f.Rounds {
		t.Fatalf("%d pairs for %d rounds", len(f.Pairs), f.Rounds)
	}
	logs := 0.0
	for i, p := range f.Pairs {
		if i > 0 && p.Round <= f.Pairs[i-1].Round {
			t.Errorf("pairs not in round order: %+v", f.Pairs)
		}
		logs += math.Log(p.B / p.A)
	}
	if r := math.Exp(logs / float64(len(f.Pairs))); math.Abs(r-f.Ratio) > 1e-9 {
		t.Errorf("B/A from the pairs %.6f, the figure's %.6f", r, f.Ratio)
	}
	return f
}

// A variant B made 10% slower by a setting (its environment limits the stand-in to 1,800 requests a second, A's to
// 2,000): ab decides "B worse" with an interval that contains 0.90, over 6 rounds. A stall of the shared host costs
// the limited target requests it does not make up (30 ms lost shows as 2-5% in a 1 s repeat), so one round's
// stall can widen the interval past 1: such an A/B is measured again, once.
func TestABDecidesASettingThatMakesBTenPercentSlower(t *testing.T) {
	for try := 1; ; try++ {
		f := throughput(t, measure(t, Variant{Env: []string{"PODIUM_CONTRACT_RATE=2000"}}, Variant{Env: []string{"PODIUM_CONTRACT_RATE=1800"}}))
		t.Logf("try %d: A %.1f, B %.1f req/s: B/A %.4f (%.4f-%.4f), %s, detectable %.2f%%", try, f.A, f.B, f.Ratio, *f.Low, *f.High,
			f.Verdict, *f.Detectable*100)
		if f.Verdict == Slower && *f.Low <= 0.90 && *f.High >= 0.90 && f.Rounds == 6 {
			return
		}
		if try == 2 {
			t.Fatalf("B 10%% slower: %s, B/A %.4f (%.4f-%.4f) over %d rounds; want slower with 0.90 inside", f.Verdict, f.Ratio,
				*f.Low, *f.High, f.Rounds)
		}
	}
}

// A = B: ab cannot tell them apart. A true 95% interval misses the truth one time in twenty, so a decided A/A is
// measured again, at most twice: three in a row (1 in 8,000 by chance) fail the test.
func TestABCannotTellAFromItself(t *testing.T) {
	for try := 1; ; try++ {
		same := Variant{Env: []string{"PODIUM_CONTRACT_RATE=2000"}}
		f := throughput(t, measure(t, same, same))
		t.Logf("try %d: B/A %.4f (%.4f-%.4f), %s", try, f.Ratio, *f.Low, *f.High, f.Verdict)
		if f.Verdict == CannotTell {
			return
		}
		if try == 3 {
			t.Fatalf("A against itself decided %s three times in a row", f.Verdict)
		}
	}
}

// TestJudgePairsTheRoundsAndSaysWhatItCouldDetect: over rounds that drift together by up to 20%, B at 0.95 of A in
// every round (within 0.5%) is decided worse with an interval around 0.95; a figure where lower is better (p99) at
// 0.95 of A is decided better; a ratio whose rounds disagree in sign cannot be told, and its detectable change is
// larger than the noisy rounds' spread.
func TestJudgePairsTheRoundsAndSaysWhatItCouldDetect(t *testing.T) {
	t.Parallel()
	drift := []float64{1, 1.2, 0.85, 1.05, 0.95}
	noise := []float64{1.004, 0.997, 1.001, 0.995, 1.003}
	var as, bs []float64
	for i, d := range drift {
		as, bs = append(as, 1000*d), append(bs, 950*d*noise[i])
	}
	f := judge("throughput", "req/s", true, as, bs)
	if f.Verdict != Slower || *f.Low > 0.95 || *f.High < 0.95 || math.Abs(f.Ratio-0.95) > 0.005 {
		t.Errorf("throughput at 0.95: %+v", f)
	}
	if p := judge("p99", "ms", false, as, bs); p.Verdict != Faster {
		t.Errorf("p99 at 0.95 of A (lower is better): %s, want faster", p.Verdict)
	}
	mixed := judge("throughput", "req/s", true, []float64{100, 100, 100, 100}, []float64{104, 97, 102, 98})
	if mixed.Verdict != CannotTell || *mixed.Detectable < 0.02 {
		t.Errorf("rounds that disagree: %s, detectable %.3f", mixed.Verdict, *mixed.Detectable)
	}
	if one := judge("throughput", "req/s", true, []float64{100}, []float64{90}); one.Low != nil || one.Verdict != CannotTell {
		t.Errorf("one round has no interval: %+v", one)
	}
}

// The report a pull request gets: one row per figure of each cell, the verdict in words, the interval and the
// detectable change; a variant's "|" cannot break the table.
func TestMarkdownIsOneRowPerFigure(t *testing.T) {
	t.Parallel()
	low, high, det := 0.88, 0.92, 0.021
	r := Report{Target: "tomcat", A: Variant{}.Describe(), B: Variant{Env: []string{"MAX_THREADS=8|x"}}.Describe(), Rounds: 6, RunID: "r",
		Host: host.Info{CPUModel: "CPU"}, Cells: []Cell{{Scenario: "plaintext", Connections: 256, VCPUs: 1, Figures: []Figure{
			{Name: "throughput", Unit: "req/s", HigherBetter: true, A: 1000, B: 900, Ratio: 0.9, Low: &low, High: &high, Verdict: Slower, Detectable: &det, Rounds: 6},
			{Name: "p99", Unit: "ms", A: 2, B: 2.1, Ratio: 1.05, Verdict: CannotTell, Rounds: 1},
		}}}}
	var md strings.Builder
	r.Markdown(&md)
	want := []string{
		"| plaintext c=256, 1 vCPU | throughput | 1000 req/s | 900 req/s | 0.900 | 0.880-0.920 | **B worse** | ±2.1% |",
		"| plaintext c=256, 1 vCPU | p99 latency | 2.00 ms | 2.10 ms | 1.050 | no interval (one round) | cannot tell | - |",
		"- **B**: environment MAX_THREADS=8\\|x",
	}
	for _, w := range want {
		if !strings.Contains(md.String(), w) {
			t.Errorf("the Markdown lacks %q:\n%s", w, md.String())
		}
	}
	var text strings.Builder
	r.Text(&text)
	if !strings.Contains(text.String(), "B is worse: lower by 10.0% (B/A 0.900, 95% 0.880-0.920)") {
		t.Errorf("the terminal report:\n%s", text.String())
	}
}
