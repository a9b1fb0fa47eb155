// Package golden compares what a test produced with a golden file under its package's testdata/, for the tests whose
// expected output is a file kept beside them; `go test ./internal/x -update` rewrites the files with what the tests
// produce instead (then read the diff before committing it).
package golden

import (
	"encoding/json"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/ with what the tests produce")

// JSON compares v, as indented JSON with a final newline, with the golden file at path; with -update it writes that
// file first.
func JSON(t testing.TB, path string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("differs from %s:\n got: %s\nwant: %s", path, got, want)
	}
}
