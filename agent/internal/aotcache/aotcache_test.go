package aotcache

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A file this process maps is seen in its memory map, by its path; one it does not map is not.
func TestMappedSeesAFileTheProcessMapped(t *testing.T) {
	dir := t.TempDir()
	cache := filepath.Join(dir, "app.aot")
	if err := os.WriteFile(cache, make([]byte, 8192), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.aot")
	if err := os.WriteFile(other, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(cache)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	mem, err := syscall.Mmap(int(f.Fd()), 0, 8192, syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Munmap(mem)
	if used, err := Mapped(os.Getpid(), cache); err != nil || !used {
		t.Errorf("mapped %s: %v (%v), want true", cache, used, err)
	}
	if used, err := Mapped(os.Getpid(), other); err != nil || used {
		t.Errorf("not mapped %s: %v (%v), want false", other, used, err)
	}
}

// A training run's cache is there and not empty, or the reason says which.
func TestWrittenSaysWhyThereIsNoCache(t *testing.T) {
	dir := t.TempDir()
	if _, err := Written(filepath.Join(dir, "none.aot")); err == nil || !strings.Contains(err.Error(), "wrote no AOT cache") {
		t.Errorf("missing: %v", err)
	}
	empty := filepath.Join(dir, "empty.aot")
	_ = os.WriteFile(empty, nil, 0o644)
	if _, err := Written(empty); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty: %v", err)
	}
	full := filepath.Join(dir, "app.aot")
	_ = os.WriteFile(full, make([]byte, 1234), 0o644)
	if n, err := Written(full); err != nil || n != 1234 {
		t.Errorf("written: %d (%v), want 1234", n, err)
	}
}

// -XX:+PrintFlagsFinal lists a flag by its name in the second column: a JDK 25 has both AOT flags, a JDK 21 neither.
func TestHasFlagReadsPrintFlagsFinal(t *testing.T) {
	jdk25 := "[Global flags]\n     ccstr AOTCache                                 =                                           {product} {default}\n" +
		"     ccstr AOTCacheOutput                           =                                           {product} {default}\n"
	jdk21 := "[Global flags]\n     ccstr SharedArchiveFile                        =                                           {product} {default}\n"
	if !hasFlag(jdk25, "AOTCacheOutput") || !hasFlag(jdk25, "AOTCache") {
		t.Error("JDK 25's flags not found")
	}
	if hasFlag(jdk21, "AOTCacheOutput") || hasFlag(jdk25, "AOTCacheOut") {
		t.Error("a flag found that is not listed")
	}
}

func TestCheckModes(t *testing.T) {
	for modes, ok := range map[string]bool{"": true, "default": true, "default,aot-cache": true, "aot-cache": false,
		"default,aot": false, "default,aot-cache,aot-cache": false} {
		var list []string
		if modes != "" {
			list = strings.Split(modes, ",")
		}
		if err := CheckModes(list); (err == nil) != ok {
			t.Errorf("%q: %v", modes, err)
		}
	}
}
