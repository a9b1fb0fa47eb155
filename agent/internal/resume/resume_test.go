package resume

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"podium.dev/agent/internal/run"
)

func TestStateSurvivesASaveAndNamesFlagDifferences(t *testing.T) {
	home := t.TempDir()
	if s, err := Load(home); s != nil || err != nil {
		t.Fatalf("a home without a run: %v, %v", s, err)
	}
	s := New(map[string]string{"profile": "quick", "repeats": "0", "target": "[]"}, "2026-11-26T10:00:00Z")
	s.Planned = []run.TargetSlot{{Target: "a", VCPUs: 1, Topology: "single"}, {Target: "b", VCPUs: 1, Topology: "single"}}
	s.Kept = append(s.Kept, run.PartTarget{TargetSlot: s.Planned[0], Status: run.TargetDone})
	s.NextPart = 2
	if err := s.Save(home); err != nil {
		t.Fatal(err)
	}
	got, err := Load(home)
	if err != nil || !reflect.DeepEqual(got, s) || !got.Interrupted() || got.Progress() != "1 of 2 targets kept" {
		t.Fatalf("loaded %+v (%v), want %+v", got, err, s)
	}
	d := Differences(s.Flags, map[string]string{"profile": "full", "repeats": "0", "target": "[a]"})
	if strings.Join(d, "; ") != "--profile was quick, now full; --target was (unset), now [a]" {
		t.Errorf("differences %q", d)
	}
	if d := Differences(s.Flags, s.Flags); len(d) != 0 {
		t.Errorf("the same flags differ: %q", d)
	}
	if d := s.PlanDifference(s.Planned[:1]); !strings.Contains(d, "a (1 vCPUs, single), b (1 vCPUs, single)") {
		t.Errorf("plan difference %q", d)
	}
	os.WriteFile(filepath.Join(home, File), []byte("{"), 0o600)
	if _, err := Load(home); err == nil || !strings.Contains(err.Error(), "remove it") {
		t.Errorf("a broken state file: %v", err)
	}
}
