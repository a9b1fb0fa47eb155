package main

import (
	"strings"
	"testing"

	"podium.dev/agent/internal/host"
)

// --target-cpus takes a CPU list within those this process may use, and says what is wrong otherwise.
func TestTargetCPUs(t *testing.T) {
	t.Parallel()
	usable := host.CPUs{0, 1}
	if got, err := targetCPUs("0-1", usable); err != nil || got.String() != "0-1" {
		t.Errorf("0-1: %v, %v", got, err)
	}
	for list, want := range map[string]string{"2": "CPU 2 is not one this process may use", "x": "want a CPU list", "": "want a CPU list"} {
		if _, err := targetCPUs(list, usable); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want an error saying %q", list, err, want)
		}
	}
}
