// Package vectors reads, for the agent's tests, the shared test vectors and schemas of schema/ (schema/testdata: keys,
// envelopes, payloads, the rules' vectors; run.v2.schema.json), which the service's and the site's tests read too.
package vectors

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Path is a file under schema/ (e.g. "testdata/cases.json"), from the folder go test runs a package's tests in
// (agent/internal/x or agent/cmd/x).
func Path(name string) string {
	return filepath.Join("..", "..", "..", "schema", name)
}

// Decode reads the JSON file name under schema/ into v; the test fails when it cannot be read or decoded.
func Decode(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(Path(name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// List is the JSON array of vectors in the file name under schema/, at least atLeast of them: fewer fail the test,
// so that a file emptied or cut short cannot pass by checking nothing.
func List[T any](t testing.TB, name string, atLeast int) []T {
	t.Helper()
	var list []T
	Decode(t, name, &list)
	if len(list) < atLeast {
		t.Fatalf("only %d vectors in %s, want at least %d", len(list), name, atLeast)
	}
	return list
}
