package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunRefusesASpoolItCannotWriteBeforeMeasuring: with a read-only or full spool, `run` fails at once,
// naming the spool, and never starts a target (the target's start command would leave a marker file).
func TestRunRefusesASpoolItCannotWriteBeforeMeasuring(t *testing.T) {
	needWrk(t)
	for _, c := range []struct {
		name, want string
		spool      func(t *testing.T, dir string)
	}{
		{"read-only", "is not writable", readOnlySpool},
		{"full", "has no room for a run of 1048576 bytes", fullSpool},
	} {
		t.Run(c.name, func(t *testing.T) {
			home := keyedHome(t)
			spoolDir, marker := filepath.Join(home, "spool"), filepath.Join(home, "target-started")
			c.spool(t, spoolDir)
			manifest := filepath.Join(home, "suite.json")
			start := fmt.Sprintf(`["sh","-c","touch %s; exec %s"]`, marker, contract)
			os.WriteFile(manifest, []byte(`{"name":"t","version":"1",
 "targets":[{"name":"good","framework":"Good","frameworkVersion":"1","ioModel":"blocking","start":`+start+`,"health":"/plaintext","scenarios":["json"]}],
 "profiles":{"p":{"targets":["good"],"scenarios":["json"],"connections":[2],"vcpus":[1],"durationSeconds":1,"repeats":1,
   "warmup":{"windowSeconds":1,"maxSeconds":1,"tolerance":0.5}}}}`), 0o644)
			out, code := agent(t, home, nil, "run", "--suite", manifest, "--profile", "p", "--spool", spoolDir, "--baseline=false")
			if code == 0 || !strings.Contains(out, c.want) || !strings.Contains(out, "nothing was measured") {
				t.Fatalf("run exited %d, want a failure saying the spool %s and nothing was measured:\n%s", code, c.want, out)
			}
			if _, err := os.Stat(marker); err == nil {
				t.Errorf("run started a target although its spool cannot take the run:\n%s", out)
			}
		})
	}
}

// readOnlySpool: a spool folder the agent cannot write (a read-only tmpfs as root, who ignores file modes).
func readOnlySpool(t *testing.T, dir string) {
	for _, d := range []string{"pending", "rejected"} {
		os.MkdirAll(filepath.Join(dir, d), 0o700)
	}
	if os.Geteuid() != 0 {
		os.Chmod(filepath.Join(dir, "pending"), 0o500)
		t.Cleanup(func() { os.Chmod(filepath.Join(dir, "pending"), 0o700) })
		return
	}
	mountTmpfs(t, filepath.Join(dir, "pending"), "ro,size=1m")
}

// fullSpool: a spool on a 64 KiB tmpfs, smaller than one run of the default --max-envelope-bytes.
func fullSpool(t *testing.T, dir string) {
	os.MkdirAll(dir, 0o700)
	if os.Geteuid() != 0 {
		t.Skip("a full file system needs a tmpfs mount, which needs root")
	}
	mountTmpfs(t, dir, "size=64k")
	for _, d := range []string{"pending", "rejected"} {
		os.MkdirAll(filepath.Join(dir, d), 0o700)
	}
}

func mountTmpfs(t *testing.T, dir, options string) {
	t.Helper()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot mount a tmpfs here (%v: %s)", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
}
