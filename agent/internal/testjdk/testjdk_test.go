package testjdk

import (
	"os"
	"path/filepath"
	"testing"
)

// jdk writes a stand-in JDK at root/name: bin/javac and a release file of the given version.
func jdk(t *testing.T, root, name, version string) string {
	t.Helper()
	home := filepath.Join(root, name)
	if err := os.MkdirAll(filepath.Join(home, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"javac", "java"} {
		if err := os.WriteFile(filepath.Join(home, "bin", f), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(home, "release"), []byte("IMPLEMENTOR=\"x\"\nJAVA_VERSION=\""+version+"\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return home
}

// The README's rule, as ci/find-jdk.sh applies it: JAVA_HOME when it is 21+, else the newest 21+ under /usr/lib/jvm
// (never an older one, never a symbolic link's alias), whatever java is on the PATH.
func TestHomeIsJavaHomeElseTheNewestJDK21UnderTheRoot(t *testing.T) {
	root := t.TempDir()
	old := Root
	Root = root
	t.Cleanup(func() { Root = old })
	jdk(t, root, "java-17-openjdk-amd64", "17.0.15")
	newest := jdk(t, root, "temurin-25-jdk-amd64", "25.0.1")
	jdk(t, root, "temurin-21-jdk-amd64", "21.0.5")
	if err := os.Symlink(filepath.Join(root, "java-17-openjdk-amd64"), filepath.Join(root, "zz-default")); err != nil {
		t.Fatal(err)
	}
	jdk(t, root, "jre-99", "99")
	os.Remove(filepath.Join(root, "jre-99", "bin", "javac")) // a JRE is no JDK
	old8 := jdk(t, t.TempDir(), "jdk8", "1.8.0_402")
	j21 := filepath.Join(root, "temurin-21-jdk-amd64")

	for _, tc := range []struct{ javaHome, want string }{
		{"", newest},
		{j21, j21},     // JAVA_HOME 21+ wins even over a newer one
		{old8, newest}, // JAVA_HOME too old: the newest under the root
		{filepath.Join(root, "java-17-openjdk-amd64"), newest},
	} {
		t.Setenv("JAVA_HOME", tc.javaHome)
		if got, err := Home(); got != tc.want || err != nil {
			t.Errorf("JAVA_HOME=%q: %q, %v; want %q", tc.javaHome, got, err, tc.want)
		}
	}
	if v := Major(old8); v != 8 {
		t.Errorf("1.8.0_402 is %d, want 8", v)
	}

	Root = t.TempDir()
	jdk(t, Root, "java-17-openjdk-amd64", "17.0.15")
	t.Setenv("JAVA_HOME", "")
	if got, err := Home(); err == nil {
		t.Errorf("only a JDK 17: %q, want an error", got)
	}
}
