package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// inRepo runs podium-agent from dir with HOME set to userHome and no PODIUM_* variables but env, as a user at a shell would.
func inRepo(t *testing.T, dir, userHome string, env []string, args ...string) string {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PODIUM_") && !strings.HasPrefix(kv, "HOME=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(append(cmd.Env, "HOME="+userHome), env...)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	return string(out)
}

// TestOneHomeForTheAgentsFiles: `make run` keeps its key and spool in .podium/agent while status and verify looked
// in ~/.podium and found nothing; now every command says where it looks and points to make run's agent.
func TestOneHomeForTheAgentsFiles(t *testing.T) {
	t.Parallel()
	repo, userHome := t.TempDir(), t.TempDir()
	local := filepath.Join(repo, ".podium", "agent")
	out := inRepo(t, repo, userHome, nil, "keygen", "--home", local, "--name", "make-run")
	if !strings.Contains(out, "home "+local+" (--home); using key "+filepath.Join(local, "agent-key.json")) {
		t.Fatalf("keygen should say which home and key it uses:\n%s", out)
	}
	spoolVector(t, local)

	out = inRepo(t, repo, userHome, nil, "status")
	def := filepath.Join(userHome, ".podium")
	if !strings.Contains(out, "home "+def+" (default); using key "+filepath.Join(def, "agent-key.json")+", spool "+filepath.Join(def, "spool")) {
		t.Errorf("status should name the default home, key and spool:\n%s", out)
	}
	if !strings.Contains(out, "`make run`'s agent is in "+local+": add --home "+local) {
		t.Errorf("status in a folder where make run left an agent should point to it:\n%s", out)
	}

	for _, env := range [][]string{nil, {"PODIUM_HOME=" + local}} {
		args := []string{"status"}
		if env == nil {
			args = append(args, "--home", local)
		}
		out = inRepo(t, repo, userHome, env, args...)
		if !strings.Contains(out, "1 waiting") || !strings.Contains(out, "0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01") || strings.Contains(out, "make run") {
			t.Errorf("%v %v should see make run's spooled run and need no hint:\n%s", env, args, out)
		}
	}

	envelope := filepath.Join(local, "spool", "pending", "0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01.dsse.json")
	out = inRepo(t, repo, userHome, nil, "verify", envelope)
	if !strings.Contains(out, "using key "+filepath.Join(def, "agent-key.json")) || !strings.Contains(out, "add --home "+local) {
		t.Errorf("verify should say which key it looked for and where make run's is:\n%s", out)
	}
}
