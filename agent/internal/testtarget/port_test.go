package testtarget

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestPortIsNeverHandedOutTwice: a port a test took is not handed to another test of this binary, nor to another
// test binary running beside it (which `flock -n` on its lock file stands in for).
func TestPortIsNeverHandedOutTwice(t *testing.T) {
	seen := map[int]bool{}
	for range 200 {
		p := Port(t)
		if seen[p] {
			t.Fatalf("port %d handed out twice", p)
		}
		seen[p] = true
	}
	p := Port(t)
	if reserve(p) {
		t.Errorf("port %d reserved twice in one process", p)
	}
	if _, err := exec.LookPath("flock"); err != nil {
		t.Skip("no flock(1) to stand in for another test process")
	}
	lock := filepath.Join(os.TempDir(), fmt.Sprintf("podium-test-port-%d.lock", p))
	if err := exec.Command("flock", "-n", lock, "true").Run(); err == nil {
		t.Errorf("another process could take port %d's lock while this test holds the port", p)
	}
}
