// Package testjdk finds the JDK the agent's tests run their JVMs with, as the README says a JDK is found and as
// ci/find-jdk.sh finds it: $JAVA_HOME when it is a JDK 21 or newer, else the newest JDK 21+ under /usr/lib/jvm. Never
// `java` on the PATH, which may be an older one (Debian's default JDK 17 on this project's machines), on which the
// tests would fail for the JDK's sake, not the agent's.
package testjdk

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// MinMajor is the oldest JDK the project builds and runs with (README: a JDK 21+).
const MinMajor = 21

// Root is where JDKs are looked for when JAVA_HOME does not name one; tests of this package point it elsewhere.
var Root = "/usr/lib/jvm"

var (
	releaseVersion = regexp.MustCompile(`(?m)^JAVA_VERSION="(\d+)(?:\.(\d+))?`)
	versionLine    = regexp.MustCompile(`version "(\d+)(?:\.(\d+))?`)
)

// Major is the feature version of the JDK at home (its `release` file, else `bin/java -version`), 0 when home is not
// a JDK (no bin/javac) or its version cannot be read. "1.8" is 8.
func Major(home string) int {
	if st, err := os.Stat(filepath.Join(home, "bin", "javac")); err != nil || st.IsDir() {
		return 0
	}
	var m []string
	if b, err := os.ReadFile(filepath.Join(home, "release")); err == nil {
		m = releaseVersion.FindStringSubmatch(string(b))
	}
	if m == nil {
		out, _ := exec.Command(filepath.Join(home, "bin", "java"), "-version").CombinedOutput()
		m = versionLine.FindStringSubmatch(string(out))
	}
	if m == nil {
		return 0
	}
	v, _ := strconv.Atoi(m[1])
	if v == 1 && m[2] != "" {
		v, _ = strconv.Atoi(m[2])
	}
	return v
}

// Home is the JDK to test with: $JAVA_HOME when it is a JDK MinMajor or newer, else the newest such JDK under Root
// (symbolic links skipped, as Debian's aliases of the same JDK are); an error saying what was found otherwise.
func Home() (string, error) {
	why := ""
	if h := os.Getenv("JAVA_HOME"); h != "" {
		v := Major(h)
		if v >= MinMajor {
			return h, nil
		}
		why = fmt.Sprintf("JAVA_HOME=%s is not a JDK %d or newer (found %d); ", h, MinMajor, v)
	}
	best := newest(MinMajor, 0)
	if best == "" {
		return "", fmt.Errorf("%sno JDK %d or newer under %s: install one (apt-get install -y openjdk-21-jdk-headless) or set JAVA_HOME", why, MinMajor, Root)
	}
	return best, nil
}

// Tool is the path of the JDK's tool (java, jcmd, jfr, ...) to test with; the test is skipped without such a JDK.
func Tool(t testing.TB, name string) string {
	t.Helper()
	home, err := Home()
	if err != nil {
		t.Skipf("no JDK to test with: %v", err)
	}
	p := filepath.Join(home, "bin", name)
	if _, err := os.Stat(p); err != nil {
		t.Skipf("the JDK at %s has no %s: %v", home, name, err)
	}
	return p
}

// Java is the java binary to test with (Tool(t, "java")).
func Java(t testing.TB) string {
	t.Helper()
	return Tool(t, "java")
}

// Before is the java of the newest JDK under Root older than major (and 11 or newer, which runs a source file), for a
// test of what an older JDK lacks; the test is skipped without one.
func Before(t testing.TB, major int) string {
	t.Helper()
	best := newest(11, major)
	if best == "" {
		t.Skipf("no JDK 11 to %d under %s", major-1, Root)
	}
	return filepath.Join(best, "bin", "java")
}

// newest is the JDK under Root of the highest feature version that is least or newer and, unless below is 0, older
// than below; symbolic links skipped (Debian's aliases of the same JDK); "" when there is none.
func newest(least, below int) string {
	entries, _ := os.ReadDir(Root)
	best, bestV := "", 0
	for _, e := range entries {
		if e.Type()&os.ModeSymlink != 0 || !e.IsDir() {
			continue
		}
		d := filepath.Join(Root, e.Name())
		if v := Major(d); v >= least && (below == 0 || v < below) && v > bestV {
			best, bestV = d, v
		}
	}
	return best
}
