// Package golden compares what a test produced with a golden file under its package's testdata/, for the tests whose
// expected output is a file kept beside them; `go test ./internal/x -update` rewrites the files with what the tests
// produce instead (then read the diff before committing it). Each runs a test on every input file of a folder.
package golden

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
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

// Each runs test as a parallel subtest for every file matching pattern (filepath.Glob), named after the file without
// its folder and extension and given its bytes. No file matching fails the test, so that a folder moved or emptied
// cannot pass by checking nothing.
func Each(t *testing.T, pattern string, test func(t *testing.T, name string, b []byte)) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no files match %s: %v", pattern, err)
	}
	for _, p := range files {
		name := strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			test(t, name, b)
		})
	}
}
