package run

import (
	"path/filepath"
	"strings"
	"testing"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/javarelease"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/suitetest"
)

// TestRunRefusesAJavaOlderThanTheSuite: a java older than a JVM target's classes stops the run before anything
// starts, with the way out; the same java is fine for nginx, and an unreadable version or jar is left to the start.
func TestRunRefusesAJavaOlderThanTheSuite(t *testing.T) {
	dir := t.TempDir()
	suitetest.Jar(t, filepath.Join(dir, "app", "app.jar"), map[string][]byte{
		"META-INF/MANIFEST.MF": []byte("Main-Class: dev.App\n"),
		"dev/App.class":        {0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 65},
	})
	jvmTarget := &suite.Target{Name: "app", Artifact: "app/app.jar", Start: []string{"{java}", "-jar", "{artifact}"}}
	nginx := &suite.Target{Name: "nginx", Start: []string{"nginx"}}
	missing := &suite.Target{Name: "unbuilt", Artifact: "unbuilt/x.jar", Start: []string{"{java}", "-jar", "{artifact}"}}
	r := &Runner{Manifest: &suite.Manifest{Dir: dir}, Java: "/opt/jdk17/bin/java"}

	err := r.checkRelease(host.JVM{Version: "17.0.12+7"}, []*suite.Target{nginx, missing, jvmTarget})
	if err == nil || !strings.Contains(err.Error(), "/opt/jdk17/bin/java is Java 17") || !strings.Contains(err.Error(), "needs Java 21") {
		t.Fatalf("Java 17 against a Java 21 jar: %v, want a refusal naming both", err)
	}
	for version, targets := range map[string][]*suite.Target{
		"21.0.5+11":    {jvmTarget},
		"25.0.3+9-LTS": {jvmTarget, missing},
		"unknown":      {jvmTarget}, // java's version could not be read: the start will say what is wrong
		"17.0.12+7":    {nginx, missing},
	} {
		if err := r.checkRelease(host.JVM{Version: version}, targets); err != nil {
			t.Errorf("java %s: %v, want no refusal", version, err)
		}
	}
}

// TestTheInstalledJavaReportsItsRelease: the version InspectJVM reads from a real java parses to a release; if it
// did not, checkRelease would let every run through unchecked.
func TestTheInstalledJavaReportsItsRelease(t *testing.T) {
	jvm := host.InspectJVM(t.Context(), host.Java(""), nil)
	if jvm.Version == "unknown" {
		t.Skip("no java on this host")
	}
	if got := javarelease.OfVersion(jvm.Version); got < 8 {
		t.Fatalf("java.runtime.version %q of %s gives release %d", jvm.Version, host.Java(""), got)
	}
}
