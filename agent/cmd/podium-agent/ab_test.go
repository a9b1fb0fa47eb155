package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ab refuses what it cannot measure before it starts anything, naming the flag (exit 2).
func TestABRefusesBadVariantsBeforeMeasuring(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"ab"}, "--target is required"},
		{[]string{"ab", "--suite", standardSuite, "--target", "tomcat", "--rounds", "1"}, "--rounds 1: 2 to 10"},
		{[]string{"ab", "--suite", standardSuite, "--target", "tomcat", "--b-env", "NOEQUALS"}, `--b-env "NOEQUALS": want KEY=VALUE`},
		{[]string{"ab", "--suite", standardSuite, "--target", "nope"}, `has no target "nope"`},
	} {
		out, code := agent(t, t.TempDir(), nil, tc.args...)
		if code != 2 || !strings.Contains(out, tc.want) || strings.Contains(out, "starting ") {
			t.Errorf("%v: exit %d, want 2 saying %q and starting nothing:\n%s", tc.args, code, tc.want, out)
		}
	}
}

// Refused before anything is built: a commit the repository does not have, a framework version for a target whose
// framework has no Maven property to set (the JDK's HttpServer is the JDK).
func TestABRefusesAnUnknownCommitAndAVersionItCannotBuild(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--target", "tomcat", "--b-commit", "no-such-commit-anywhere"}, `--b-commit: unknown commit "no-such-commit-anywhere"`},
		{[]string{"--target", "tomcat", "--a-commit", "--upload-pack=x"}, `--a-commit: unknown commit "--upload-pack=x"`},
		{[]string{"--target", "jdk-httpserver", "--b-framework-version", "25"}, "target jdk-httpserver cannot be built against another version"},
	} {
		out, code := agent(t, t.TempDir(), nil, append([]string{"ab", "--suite", standardSuite}, tc.args...)...)
		if code != 2 || !strings.Contains(out, tc.want) || strings.Contains(out, "building") || strings.Contains(out, "starting ") {
			t.Errorf("%v: exit %d, want 2 saying %q and building nothing:\n%s", tc.args, code, tc.want, out)
		}
	}
}

// --b-framework-version builds the one module against that release the way run --framework-version does: a copy of
// the suite in the build folder whose POM holds the version, built by the Maven command given. A Maven that fails
// here (it records what it was asked) stops the A/B with the build's error, measuring nothing.
func TestABBuildsTheVersionVariantInACopyOfTheSuite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	record := filepath.Join(dir, "maven-args")
	maven := filepath.Join(dir, "mvn")
	if err := os.WriteFile(maven, []byte("#!/bin/sh\necho \"$@\" > "+record+"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	builds := filepath.Join(dir, "builds")
	out, code := agent(t, t.TempDir(), nil, "ab", "--suite", standardSuite, "--target", "jetty", "--b-framework-version", "12.1.12",
		"--maven", maven+" -B -ntp", "--maven-repository", "http://127.0.0.1:1", "--build-dir", builds)
	if code != 1 || !strings.Contains(out, "build failed") || strings.Contains(out, "starting ") {
		t.Fatalf("exit %d, want 1 with the build's error and nothing started:\n%s", code, out)
	}
	args, err := os.ReadFile(record)
	pom := filepath.Join(builds, "jetty-12.1.12", "pom.xml")
	if want := "-B -ntp -f " + pom + " package\n"; err != nil || string(args) != want {
		t.Errorf("Maven was called with %q (%v), want %q", args, err, want)
	}
	copied, err := os.ReadFile(filepath.Join(builds, "jetty-12.1.12", "jetty", "pom.xml"))
	parent, _ := os.ReadFile(pom)
	if err != nil || !strings.Contains(string(copied)+string(parent), "<jetty.version>12.1.12</jetty.version>") {
		t.Errorf("the copy's POMs do not set jetty.version to 12.1.12 (%v)", err)
	}
}
