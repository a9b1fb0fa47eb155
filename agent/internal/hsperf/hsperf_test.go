package hsperf

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/testjdk"
)

// TestCompileSecondsOfARunningJVM reads the counters of a real JVM while its JIT compiles a busy loop.
func TestCompileSecondsOfARunningJVM(t *testing.T) {
	t.Parallel()
	java := testjdk.Java(t) // JAVA_HOME, else the newest JDK 21+ under /usr/lib/jvm
	src := filepath.Join(t.TempDir(), "Spin.java")
	os.WriteFile(src, []byte(`public class Spin { public static void main(String[] a) { long s = 0;
		for (long i = 0; ; i++) { s += Long.toString(i).hashCode(); if (s == 42) System.out.println(s); } } }`), 0o644)
	cmd := exec.Command(java, "-Xmx64m", src)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	var first float64
	deadline := time.Now().Add(60 * time.Second)
	for {
		s, err := CompileSeconds(cmd.Process.Pid)
		switch {
		case err == nil && first == 0 && s > 0:
			first = s
		case err == nil && first > 0 && s > first:
			return // the JIT's time is read and it grows
		}
		if time.Now().After(deadline) {
			t.Fatalf("compile seconds never grew (first %g, last error %v)", first, err)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func TestParseRejectsWhatIsNotPerfData(t *testing.T) {
	t.Parallel()
	if _, err := Parse([]byte("hello, this is not a perf data file at all")); err == nil || !strings.Contains(err.Error(), "not a PerfData") {
		t.Errorf("err %v", err)
	}
	b := make([]byte, 64)
	binary.BigEndian.PutUint32(b, magic)
	b[4], b[5] = 1, 2
	binary.LittleEndian.PutUint32(b[24:], 32) // entries start at 32
	binary.LittleEndian.PutUint32(b[28:], 5)  // five entries, but none is there
	if _, err := Parse(b); err == nil {
		t.Errorf("a buffer announcing entries it lacks parsed")
	}
}
