package ab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"podium.dev/agent/internal/suite"
)

// ErrUnknownCommit is a commit the suite's repository does not have.
var ErrUnknownCommit = errors.New("unknown commit")

// Checkout is a commit of the repository that holds the suite, checked out in a temporary git worktree so that its
// target can be built and started beside the checkout as it is (a pull request's merge base and head in one sitting).
type Checkout struct {
	Repo     string          // the repository's top folder
	Commit   string          // the full hash
	Dir      string          // the worktree
	Manifest *suite.Manifest // the suite as the commit has it, loaded from the worktree
}

// Resolve is the full hash of rev in the git repository that holds the suite manifest suitePath, and that
// repository's top folder; a rev the repository does not have is ErrUnknownCommit.
func Resolve(ctx context.Context, suitePath, rev string) (repo, commit string, err error) {
	abs, err := filepath.Abs(suitePath)
	if err != nil {
		return "", "", err
	}
	top, err := git(ctx, filepath.Dir(abs), "rev-parse", "--show-toplevel")
	if err != nil {
		return "", "", fmt.Errorf("the suite %s is not in a git repository: %w", suitePath, err)
	}
	if rev == "" || strings.HasPrefix(rev, "-") {
		return "", "", fmt.Errorf("%w %q", ErrUnknownCommit, rev)
	}
	sha, err := git(ctx, top, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return "", "", fmt.Errorf("%w %q: the repository %s has no such commit (fetched with full history?)", ErrUnknownCommit, rev, top)
	}
	return top, sha, nil
}

// CheckOut adds a detached worktree of commit (a full hash from Resolve) in a new temporary folder and loads the suite
// manifest there, at the same place relative to the repository as suitePath. Remove takes the worktree away again;
// CheckOut removes it itself when it fails.
func CheckOut(ctx context.Context, repo, commit, suitePath string) (*Checkout, error) {
	abs, err := filepath.Abs(suitePath)
	if err != nil {
		return nil, err
	}
	realRepo, err := filepath.EvalSymlinks(repo)
	if err != nil {
		return nil, err
	}
	realSuite, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(realRepo, realSuite)
	if err != nil || strings.HasPrefix(rel, "..") {
		return nil, fmt.Errorf("the suite %s is not inside the repository %s", suitePath, repo)
	}
	dir, err := os.MkdirTemp("", "podium-ab-"+short(commit)+"-")
	if err != nil {
		return nil, err
	}
	c := &Checkout{Repo: repo, Commit: commit, Dir: dir}
	if _, err := git(ctx, repo, "worktree", "add", "--detach", "--quiet", dir, commit); err != nil {
		c.Remove()
		return nil, fmt.Errorf("check out %s in a worktree: %w", short(commit), err)
	}
	m, err := suite.Load(filepath.Join(dir, rel))
	if err != nil {
		c.Remove()
		return nil, fmt.Errorf("commit %s: %w", short(commit), err)
	}
	c.Manifest = m
	return c, nil
}

// Remove takes the worktree away: the folder, and git's record of it. It runs without the command's context, so that
// an interrupted A/B still cleans up.
func (c *Checkout) Remove() {
	_, _ = git(context.Background(), c.Repo, "worktree", "remove", "--force", c.Dir)
	_ = os.RemoveAll(c.Dir)
	_, _ = git(context.Background(), c.Repo, "worktree", "prune")
}

// Target is the target named name as the commit has it, built: a target with a Maven module is built there (its
// module and the suite modules it uses: mvn package -pl MODULE -am, as `make suite` does), with maven (nil: the
// commit's own mvnw). Its artifact and {suiteDir} then point into the worktree. A target without a module (nginx, a
// stand-in) is started as the commit's manifest says.
func (c *Checkout) Target(ctx context.Context, name string, maven, env []string, log io.Writer) (*suite.Target, error) {
	var t *suite.Target
	for i := range c.Manifest.Targets {
		if c.Manifest.Targets[i].Name == name {
			t = &c.Manifest.Targets[i]
		}
	}
	if t == nil {
		return nil, fmt.Errorf("commit %s has no target %q in its suite", short(c.Commit), name)
	}
	if t.Module != "" {
		if len(maven) == 0 {
			maven = []string{filepath.Join(c.Dir, "mvnw"), "-B", "-ntp"}
			if _, err := os.Stat(maven[0]); err != nil {
				maven[0] = "mvn"
			}
		}
		args := append(append([]string{}, maven[1:]...), "-f", filepath.Join(c.Manifest.Dir, "pom.xml"), "package",
			"-pl", t.Module, "-am")
		fmt.Fprintf(log, "building %s at commit %s: %s %s\n", name, short(c.Commit), maven[0], strings.Join(args, " "))
		cmd := exec.CommandContext(ctx, maven[0], args...)
		cmd.Dir = c.Dir
		cmd.Env = append(os.Environ(), env...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			logPath := filepath.Join(os.TempDir(), "podium-ab-build-"+short(c.Commit)+".log")
			_ = os.WriteFile(logPath, out.Bytes(), 0o644)
			return nil, fmt.Errorf("build %s at commit %s failed: %v (Maven's output: %s)", name, short(c.Commit), err, logPath)
		}
	}
	out := *t
	if out.Artifact != "" {
		out.Artifact = c.Manifest.ArtifactPath(t)
		if _, err := os.Stat(out.Artifact); err != nil {
			return nil, fmt.Errorf("target %s at commit %s: its artifact %s is missing after the build", name, short(c.Commit), out.Artifact)
		}
	}
	out.Start = make([]string, len(t.Start))
	for i, a := range t.Start {
		out.Start[i] = strings.ReplaceAll(a, "{suiteDir}", c.Manifest.Dir)
	}
	return &out, nil
}

func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return "", fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
		}
		return "", fmt.Errorf("git %s: %w", strings.Join(args, " "), err)
	}
	return strings.TrimSpace(string(out)), nil
}
