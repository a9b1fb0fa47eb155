// Package architecture holds the agent's rules about its own source: no source file over 400 lines unless it says
// why, as the backend's PackageArrowsTest has it for Java and the site's ESLint max-lines rule for Vue and TypeScript.
// It also holds ci/ (its Go and shell scripts) to the rule, having no other Go test module to do it from.
package architecture

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	// maxLines is the most lines a source file holds without saying why.
	maxLines = 400
	// marker, in a file's first headLines lines (its package doc or first comment), says why it is longer.
	marker    = "over 400 lines"
	headLines = 20
)

// sourceExt are the languages the rule covers under agent/ and ci/: the agent's Go, the suite's targets' Java, and
// the shell scripts of both.
var sourceExt = map[string]bool{".go": true, ".java": true, ".sh": true}

// tooLong walks root and returns each source file over maxLines lines whose first headLines lines do not contain
// marker (in any case), with its line count. Build output and dependencies (target/, node_modules/) and test
// fixtures (testdata/) are not the project's source and are left out.
func tooLong(root string) (map[string]int, int, error) {
	over := map[string]int{}
	seen := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "target", "node_modules", "testdata", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		if !sourceExt[filepath.Ext(path)] {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		seen++
		text := string(b)
		lines := strings.Count(text, "\n")
		if !strings.HasSuffix(text, "\n") && text != "" {
			lines++
		}
		if lines <= maxLines {
			return nil
		}
		head := strings.SplitN(text, "\n", headLines+1)
		if len(head) > headLines {
			head = head[:headLines]
		}
		if !strings.Contains(strings.ToLower(strings.Join(head, "\n")), marker) {
			rel, _ := filepath.Rel(root, path)
			over[rel] = lines
		}
		return nil
	})
	return over, seen, err
}

// No source file of the agent, the suite (agent/) or the CI scripts (ci/) is over 400 lines unless its first lines
// say why ("over 400 lines ..."): a file holds one concern, and a reader finds it whole.
func TestNoSourceFileIsOver400LinesWithoutSayingWhy(t *testing.T) {
	for _, root := range []struct {
		dir  string
		name string
		min  int // fewer source files found: the walk started in the wrong folder
	}{
		{filepath.Join("..", ".."), "agent", 100},
		{filepath.Join("..", "..", "..", "ci"), "ci", 10},
	} {
		over, seen, err := tooLong(root.dir)
		if err != nil {
			t.Fatal(err)
		}
		if seen < root.min {
			t.Fatalf("only %d source files found under %s/: the walk did not start there", seen, root.name)
		}
		for f, n := range over {
			t.Errorf("%s/%s: %d lines: split it by concern, or say why in its first %d lines (%q ...)", root.name, f, n, headLines, marker)
		}
	}
}

// The rule itself: a file of 401 lines fails, one of 400 passes, and one of 401 passes when its package doc says why
// (in any case); the reason must be in the first lines, not further down.
func TestTheRuleCountsLinesAndReadsTheReasonAtTheTop(t *testing.T) {
	dir := t.TempDir()
	body := func(n int) string { return strings.Repeat("// x\n", n) }
	files := map[string]string{
		"fits.go":       "package p\n" + body(399),
		"long.go":       "package p\n" + body(400),
		"says.go":       "// Package p is Over 400 lines: one table, read as one.\npackage p\n" + body(399),
		"late.go":       "package p\n" + body(300) + "// over 400 lines: too late to say so\n" + body(100),
		"Long.java":     "class Long {}\n" + body(400),
		"long.sh":       "#!/bin/sh\n" + strings.Repeat("# x\n", 400),
		"notes.txt":     body(1000),
		"testdata/x.go": "package p\n" + body(1000),
	}
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	over, _, err := tooLong(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"long.go": 401, "late.go": 402, "Long.java": 401, "long.sh": 401}
	if fmt.Sprint(over) != fmt.Sprint(want) {
		t.Errorf("files over the rule: %v, want %v", over, want)
	}
}
