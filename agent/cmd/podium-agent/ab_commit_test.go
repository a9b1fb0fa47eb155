package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// standInRepo is a git repository whose suite has one target, the contract server limited to rate requests a
// second; commit commits the suite with that rate and returns the commit's hash.
type standInRepo struct {
	t   *testing.T
	dir string
}

func newStandInRepo(t *testing.T) *standInRepo {
	r := &standInRepo{t: t, dir: t.TempDir()}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *standInRepo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-C", r.dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return strings.TrimSpace(string(out))
}

func (r *standInRepo) writeSuite(rate int) string {
	r.t.Helper()
	suite := fmt.Sprintf(`{"name":"ab-commit-test","version":"1",
 "targets":[{"name":"standin","framework":"Stand-in","frameworkVersion":"1","ioModel":"blocking","start":[%q],
   "env":["PODIUM_CONTRACT_RATE=%d"],"health":"/plaintext","scenarios":["plaintext"]}],
 "profiles":{"p":{"targets":["standin"],"scenarios":["plaintext"],"connections":[16],"vcpus":[1],"durationSeconds":1,
   "repeats":2,"warmup":{"windowSeconds":1,"maxSeconds":2,"tolerance":0.5}}}}`, contract, rate)
	path := filepath.Join(r.dir, "suite", "suite.json")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(suite), 0o644); err != nil {
		r.t.Fatal(err)
	}
	return path
}

func (r *standInRepo) commit(rate int) string {
	r.writeSuite(rate)
	r.git("add", "-A")
	r.git("commit", "-q", "-m", fmt.Sprintf("rate %d", rate))
	return r.git("rev-parse", "HEAD")
}

// worktrees are the repository's worktrees besides its own, and the A/B's folders left in the temporary folder.
func (r *standInRepo) leftovers(commits ...string) []string {
	var out []string
	for _, line := range strings.Split(r.git("worktree", "list", "--porcelain"), "\n") {
		if p, ok := strings.CutPrefix(line, "worktree "); ok && p != r.dir {
			out = append(out, p)
		}
	}
	for _, c := range commits {
		left, _ := filepath.Glob(filepath.Join(os.TempDir(), "podium-ab-"+c[:12]+"-*"))
		out = append(out, left...)
	}
	return out
}

type abJSON struct {
	AA       bool `json:"aa"`
	Variants []struct {
		Label  string `json:"label"`
		Commit string `json:"suiteCommit"`
	} `json:"variants"`
	Cells []struct {
		Figures []struct {
			Name    string   `json:"name"`
			A       float64  `json:"a"`
			B       float64  `json:"b"`
			Verdict string   `json:"verdict"`
			Ratio   float64  `json:"ratio"`
			Low     *float64 `json:"low"`
			High    *float64 `json:"high"`
		} `json:"figures"`
	} `json:"cells"`
}

func readABJSON(t *testing.T, path string) abJSON {
	t.Helper()
	b, err := os.ReadFile(path)
	var r abJSON
	if err == nil {
		err = json.Unmarshal(b, &r)
	}
	if err != nil || len(r.Cells) != 1 || len(r.Cells[0].Figures) == 0 || r.Cells[0].Figures[0].Name != "throughput" {
		t.Fatalf("the report %s: %v\n%s", path, err, b)
	}
	return r
}

// --a-commit and --b-commit measure the target as two commits of the suite's repository have it, each checked out
// in a worktree of its own that is gone afterwards: the merge base limits the stand-in to 2,000 requests a second,
// the head to 1,000, and the working tree (not committed) to 5,000, which neither side may see. B is decided worse,
// each side's throughput is at most its commit's limit (not the working tree's), and the report names both commits.
// Half, not 10% less (ab's own test measures that): with four other builds on this host's two CPUs a stall costs a
// limited target requests it does not make up, and one round's stall widened a 10% A/B's interval past 1 here; the
// busy host also keeps the 2,000 target further under its limit than the 1,000 one (B/A 0.56-0.58 in two tries), so
// the ratio is not held to 0.5. A try that is not decided is measured again, once.
func TestABComparesTwoCommitsOfTheSuite(t *testing.T) {
	needWrk(t)
	repo := newStandInRepo(t)
	base, head := repo.commit(2000), repo.commit(1000)
	suite := repo.writeSuite(5000)
	for try := 1; ; try++ {
		report := filepath.Join(t.TempDir(), "ab.json")
		out, code := agent(t, t.TempDir(), nil, "ab", "--suite", suite, "--target", "standin", "--profile", "p",
			"--scenario", "plaintext", "--rounds", "4", "--a-commit", base, "--b-commit", "HEAD", "--json", report)
		if code != 0 {
			t.Fatalf("ab: exit %d\n%s", code, out)
		}
		if left := repo.leftovers(base, head); len(left) > 0 {
			t.Fatalf("worktrees left behind: %v", left)
		}
		r := readABJSON(t, report)
		if len(r.Variants) != 2 || r.Variants[0].Label != "A" || r.Variants[0].Commit != base || r.Variants[1].Commit != head || r.AA || !strings.Contains(out, "A: commit "+base[:12]) {
			t.Fatalf("the report does not name the commits %s and %s: %+v\n%s", base, head, r, out)
		}
		f := r.Cells[0].Figures[0]
		t.Logf("try %d: B/A %.4f (%v-%v) %s", try, f.Ratio, *f.Low, *f.High, f.Verdict)
		if f.A > 2000*1.05 || f.B > 1000*1.05 {
			t.Fatalf("A %.0f, B %.0f req/s: a side ran faster than its commit allows (the working tree's 5,000?)", f.A, f.B)
		}
		if f.Verdict == "slower" && *f.High < 0.8 {
			return
		}
		if try == 2 {
			t.Fatalf("head at half the merge base's limit: %s, B/A %.4f (%.4f-%.4f), want slower and below 0.8", f.Verdict, f.Ratio, *f.Low, *f.High)
		}
	}
}

// The same commit on both sides is an A/A, and the report says so.
func TestABOfACommitAgainstItselfIsAnAA(t *testing.T) {
	needWrk(t)
	repo := newStandInRepo(t)
	head := repo.commit(2000)
	report := filepath.Join(t.TempDir(), "ab.json")
	out, code := agent(t, t.TempDir(), nil, "ab", "--suite", filepath.Join(repo.dir, "suite", "suite.json"), "--target", "standin",
		"--profile", "p", "--scenario", "plaintext", "--rounds", "2", "--a-commit", "HEAD", "--b-commit", head, "--json", report)
	if code != 0 {
		t.Fatalf("ab: exit %d\n%s", code, out)
	}
	if r := readABJSON(t, report); !r.AA || len(r.Variants) != 2 || r.Variants[0].Commit != head || r.Variants[1].Commit != head || !strings.Contains(out, "an A/A") {
		t.Errorf("HEAD against itself is not reported as an A/A: %+v\n%s", r, out)
	}
	if left := repo.leftovers(head); len(left) > 0 {
		t.Errorf("worktrees left behind: %v", left)
	}
}

// Ctrl-C while the two commits are measured stops the A/B (exit 130) and still removes both worktrees.
func TestABInterruptedRemovesItsWorktrees(t *testing.T) {
	needWrk(t)
	repo := newStandInRepo(t)
	base, head := repo.commit(2000), repo.commit(1000)
	cmd := exec.Command(binary, "ab", "--suite", filepath.Join(repo.dir, "suite", "suite.json"), "--target", "standin",
		"--profile", "p", "--scenario", "plaintext", "--rounds", "4", "--a-commit", base, "--b-commit", head)
	cmd.Env = append(os.Environ(), "PODIUM_HOME="+t.TempDir())
	out, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	measuring := func() bool { log, _ := os.ReadFile(out.Name()); return strings.Contains(string(log), "warm-up") }
	for deadline := time.Now().Add(30 * time.Second); len(repo.leftovers()) < 2 || !measuring(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("not measuring in two worktrees within 30 s: %v", repo.leftovers())
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	err = cmd.Wait()
	log, _ := os.ReadFile(out.Name())
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitInterrupted {
		t.Fatalf("exit %v, want %d:\n%s", err, exitInterrupted, log)
	}
	if left := repo.leftovers(base, head); len(left) > 0 {
		t.Errorf("worktrees left behind after Ctrl-C: %v\n%s", left, log)
	}
}
