package topology

import (
	"slices"
	"strings"
	"testing"

	"podium.dev/agent/internal/host"
)

func TestParseKnowsSingleAndNginxN(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]Topology{"single": {"single", 1}, "nginx-1": {"nginx-1", 1}, "nginx-2": {"nginx-2", 2}, "nginx-64": {"nginx-64", 64}} {
		if got, err := Parse(s); err != nil || got != want {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", s, got, err, want)
		}
	}
	for _, s := range []string{"", "nginx", "nginx-0", "nginx-02", "nginx-100", "haproxy-2", "Single", "nginx-2 "} {
		if _, err := Parse(s); err == nil {
			t.Errorf("Parse(%q) accepted it", s)
		}
	}
	if _, err := ParseAll([]string{"single", "nginx-2", "single"}); err == nil {
		t.Error("a topology listed twice was accepted")
	}
	if s, _ := Parse("single"); s.Balanced() {
		t.Error("single is balanced")
	}
	if n, _ := Parse("nginx-1"); !n.Balanced() {
		t.Error("nginx-1 is not balanced")
	}
}

// nginx-N needs N <= k and k a multiple of N; each instance gets its own consecutive k/N CPUs.
func TestFitsAndSplit(t *testing.T) {
	t.Parallel()
	n2, _ := Parse("nginx-2")
	for k, want := range map[int]string{1: "at least 2", 2: "", 3: "multiple of 2", 4: "", 8: ""} {
		err := n2.Fits(k)
		if want == "" && err != nil || want != "" && (err == nil || !strings.Contains(err.Error(), want)) {
			t.Errorf("nginx-2 on %d vCPUs: %v, want %q", k, err, want)
		}
	}
	single, _ := Parse("single")
	if err := single.Fits(3); err != nil {
		t.Errorf("single on 3: %v", err)
	}
	n4, _ := Parse("nginx-4")
	got := n4.Split(host.CPUs{0, 1, 2, 3, 4, 5, 6, 7})
	want := []host.CPUs{{0, 1}, {2, 3}, {4, 5}, {6, 7}}
	if !slices.EqualFunc(got, want, func(a, b host.CPUs) bool { return slices.Equal(a, b) }) || n4.PerInstance(8) != 2 {
		t.Errorf("nginx-4 over 0-7: %v, want %v", got, want)
	}
	if got := single.Split(host.CPUs{0, 1}); len(got) != 1 || got[0].String() != "0-1" {
		t.Errorf("single over 0-1: %v", got)
	}
}
