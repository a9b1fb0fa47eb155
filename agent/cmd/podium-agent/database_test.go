package main

import (
	"bufio"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"podium.dev/agent/internal/database"
	"podium.dev/agent/internal/usage"
)

// podium-agent database: the exports on stdout, and no PostgreSQL left behind after Ctrl-C (SIGINT) or after the
// agent itself is killed (SIGKILL: the server dies with it).
func TestDatabaseLeavesNoPostgresAfterCtrlCOrAKill(t *testing.T) {
	if _, err := database.FindBinDir(); err != nil {
		if os.Getenv("PODIUM_TEST_REQUIRE_PG") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	started := regexp.MustCompile(`pid (\d+), directory (\S+);`)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(binary, "database", "--schema", "../../suite/db/schema.sql", "--cpus", "0", "--pool", "4")
			stdout, _ := cmd.StdoutPipe()
			stderr, _ := cmd.StderrPipe()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
			exports, _ := bufio.NewReader(stdout).ReadString('\n')
			var pid int
			var dir string
			lines := bufio.NewScanner(stderr)
			for lines.Scan() {
				if m := started.FindStringSubmatch(lines.Text()); m != nil {
					pid, _ = strconv.Atoi(m[1])
					dir = m[2]
					break
				}
			}
			if pid == 0 {
				t.Fatalf("podium-agent database did not say it started; stdout %q", exports)
			}
			for _, want := range []string{"export ", "PODIUM_TARGET_DB_PORT=", "PODIUM_TARGET_DB_NAME=hello_world", "PODIUM_TARGET_DB_POOL=4"} {
				if !strings.Contains(exports, want) {
					t.Errorf("stdout %q lacks %s", exports, want)
				}
			}
			// the postmaster and its helpers (each of which leads a session of its own)
			tree, _ := usage.Tree(pid)
			if len(tree) < 2 {
				t.Fatalf("PostgreSQL's postmaster %d has no helpers: %v", pid, tree)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			_ = cmd.Wait()
			deadline := time.Now().Add(15 * time.Second)
			for len(running(tree)) > 0 && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
			}
			if left := running(tree); len(left) > 0 {
				t.Fatalf("after %s, PostgreSQL processes are left: %v", sig, left)
			}
			if sig == syscall.SIGINT {
				if _, err := os.Stat(dir); !os.IsNotExist(err) {
					t.Errorf("after Ctrl-C, %s is still there", dir)
				}
			}
			_ = os.RemoveAll(dir) // a killed agent cannot remove it: only its processes must be gone
		})
	}
}

// running is which of pids still run (not zombies).
func running(pids []int) []int {
	var out []int
	for _, p := range pids {
		if b, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/stat"); err == nil && !strings.Contains(string(b), ") Z ") {
			out = append(out, p)
		}
	}
	return out
}
