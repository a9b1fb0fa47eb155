// Package suitetest gives the agent's tests the suite's own manifest (agent/suite/suite.json), loaded and checked as
// the agent loads it, for the tests that plan, schedule or build the real suite rather than a test one.
package suitetest

import (
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
