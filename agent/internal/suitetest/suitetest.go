// Package suitetest gives the agent's tests the suite's own manifest (agent/suite/suite.json), loaded and checked as
// the agent loads it, for the tests that plan, schedule or build the real suite rather than a test one.
package suitetest

import (
	"archive/zip"
	"os"
	"path/filepath"
	"testing"

	"podium.dev/agent/internal/suite"
)

// Manifest is agent/suite/suite.json, read from the folder go test runs a package's tests in (agent/internal/x or
// agent/cmd/x); the test fails when it does not load.
func Manifest(t testing.TB) *suite.Manifest {
	t.Helper()
	m, err := suite.Load(filepath.Join("..", "..", "suite", "suite.json"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Jar writes a jar (a zip) at path with the given entries (name -> content), for tests that read a target's jar.
func Jar(t testing.TB, path string, entries map[string][]byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := zip.NewWriter(f)
	for name, body := range entries {
		e, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.Write(body); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
