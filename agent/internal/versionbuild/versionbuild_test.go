package versionbuild

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"podium.dev/agent/internal/suite"
)

func TestResolvedVersionReadsTheJarMavenCopied(t *testing.T) {
	libs := t.TempDir()
	for _, f := range []string{"jetty-ee11-servlet-api-6.1.0.jar", "jetty-ee11-servlet-12.1.12.jar", "jetty-server-12.1.12.jar"} {
		os.WriteFile(filepath.Join(libs, f), nil, 0o644)
	}
	if v, err := ResolvedVersion(libs, "jetty-ee11-servlet"); err != nil || v != "12.1.12" {
		t.Errorf("ResolvedVersion = %q, %v", v, err)
	}
	if _, err := ResolvedVersion(libs, "undertow-core"); err == nil || !strings.Contains(err.Error(), "undertow-core") {
		t.Errorf("missing jar: %v", err)
	}
}

// Maven's words (3.9) for a version that is not on the repository and for code that does not compile.
func TestDiagnoseNamesTheVersion(t *testing.T) {
	missing := "[ERROR] Failed to execute goal on project jetty: Could not resolve dependencies for project " +
		"dev.podium.suite:jetty:jar:1.0.0: The following artifacts could not be resolved: " +
		"org.eclipse.jetty.ee11:jetty-ee11-servlet:jar:12.0.16 (absent): Could not find artifact " +
		"org.eclipse.jetty.ee11:jetty-ee11-servlet:jar:12.0.16 in central (https://repo.maven.apache.org/maven2)\n"
	if got := Diagnose(missing, "org.eclipse.jetty.ee11", "jetty-ee11-servlet", "12.0.16"); got !=
		"version 12.0.16 of org.eclipse.jetty.ee11:jetty-ee11-servlet is not on the Maven repository" {
		t.Errorf("missing: %s", got)
	}
	broken := "[INFO] BUILD FAILURE\n[ERROR] COMPILATION ERROR : \n[ERROR] /s/jetty/src/main/java/dev/podium/suite/jetty/JettyTarget.java:[12,31] cannot find symbol\n"
	if got := Diagnose(broken, "org.eclipse.jetty.ee11", "jetty-ee11-servlet", "12.1.0"); !strings.HasPrefix(got,
		"the module does not compile against version 12.1.0: COMPILATION ERROR") {
		t.Errorf("broken: %s", got)
	}
}

func TestCopySourcesLeavesBuildOutputBehind(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	for _, f := range []string{"pom.xml", "jetty/pom.xml", "jetty/.plain-jar", "jetty/src/A.java", "jetty/target/podium-jetty.jar", ".git/HEAD"} {
		os.MkdirAll(filepath.Dir(filepath.Join(src, f)), 0o755)
		os.WriteFile(filepath.Join(src, f), []byte(f), 0o644)
	}
	if err := copySources(src, dst); err != nil {
		t.Fatal(err)
	}
	for f, want := range map[string]bool{"pom.xml": true, "jetty/.plain-jar": true, "jetty/src/A.java": true,
		"jetty/target/podium-jetty.jar": false, ".git/HEAD": false} {
		if _, err := os.Stat(filepath.Join(dst, f)); (err == nil) != want {
			t.Errorf("%s copied: %v, want %v", f, err == nil, want)
		}
	}
}

func TestBuildRefusesWhatIsNoVersion(t *testing.T) {
	b := &Builder{Manifest: &suite.Manifest{Dir: t.TempDir()}, WorkDir: t.TempDir(), Maven: []string{"false"}}
	tg := &suite.Target{Name: "jetty", Module: "jetty", Maven: &suite.Maven{Property: "jetty.version", Artifact: "org.eclipse.jetty.ee11:jetty-ee11-servlet"}}
	if _, err := b.Build(context.Background(), tg, "12.1.0 -Dexec=x"); err == nil || !strings.Contains(err.Error(), "not a Maven version") {
		t.Errorf("injected flag: %v", err)
	}
	if _, err := b.Build(context.Background(), &suite.Target{Name: "nginx"}, "1.0"); err == nil || errors.Is(err, ErrBuild) {
		t.Errorf("no maven entry: %v", err)
	}
}

// The copy lists only the module (and the suite modules it uses) and holds the version in the property, where the
// normal suite keeps its own.
func TestPrepareSetsThePropertyInTheCopyOnly(t *testing.T) {
	suiteDir := filepath.Join("..", "..", "suite")
	dst := t.TempDir()
	if err := prepare(suiteDir, dst, "jetty", "jetty.version", "12.1.12"); err != nil {
		t.Fatal(err)
	}
	parent, _ := os.ReadFile(filepath.Join(dst, "pom.xml"))
	if !strings.Contains(string(parent), "<jetty.version>12.1.12</jetty.version>") ||
		!strings.Contains(string(parent), "<module>jetty</module></modules>") || strings.Contains(string(parent), "<module>netty</module>") {
		t.Errorf("copied parent POM:\n%s", parent)
	}
	orig, _ := os.ReadFile(filepath.Join(suiteDir, "pom.xml"))
	if strings.Contains(string(orig), "<jetty.version>12.1.12</jetty.version>") {
		t.Error("the suite's own POM was changed")
	}
	if _, err := os.Stat(filepath.Join(dst, "jetty", "src")); err != nil {
		t.Error(err)
	}
	// tomcat's servlet comes from the suite's common module and its db routes from db-jdbc (which uses common too):
	// both copied and listed before it, each before the modules that need it, in one reactor
	withLib := t.TempDir()
	if err := prepare(suiteDir, withLib, "tomcat", "tomcat.version", "11.0.21"); err != nil {
		t.Fatal(err)
	}
	if parent, _ := os.ReadFile(filepath.Join(withLib, "pom.xml")); !strings.Contains(string(parent), "<modules><module>common</module><module>db-jdbc</module><module>tomcat</module></modules>") {
		t.Errorf("copied parent POM of tomcat lists no common and db-jdbc before it:\n%s", parent)
	}
	for _, lib := range []string{"common", "db-jdbc"} {
		if _, err := os.Stat(filepath.Join(withLib, lib, "src")); err != nil {
			t.Error(err)
		}
	}
	if err := prepare(suiteDir, t.TempDir(), "jetty", "nope.version", "1"); err == nil || !strings.Contains(err.Error(), "nope.version") {
		t.Errorf("unknown property: %v", err)
	}
}
