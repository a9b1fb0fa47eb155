// Package resume keeps the state of the run being measured in the agent's home (written atomically and fsynced
// after every part), so that `podium-agent run --resume` can continue an interrupted run: the same run id, only
// the targets not yet kept, the same flags.
package resume

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/spool"
)

// File is the state's name in the agent's home.
const File = "run-state.json"

// State is the run being measured, or the last one.
type State struct {
	RunID     string `json:"runId"`
	StartedAt string `json:"startedAt"`
	// Flags are the run command's flags (name to value, as given or defaulted) that decide what is measured and how.
	Flags map[string]string `json:"flags"`
	// Planned is every target of the run in order, once the run has made its plan.
	Planned []run.TargetSlot `json:"planned,omitempty"`
	// Kept are the targets whose parts are in the spool (or already delivered), in order.
	Kept []run.PartTarget `json:"kept"`
	// NextPart is the index the next part gets.
	NextPart int `json:"nextPart"`
	// Baseline are the baseline's kept cells, which later targets' cells are compared with.
	Baseline []run.Cell `json:"baseline,omitempty"`
	// Finished is set once every planned target was done: nothing to resume.
	Finished bool `json:"finished"`
}

// New is the state of a new run.
func New(flags map[string]string, startedAt string) *State {
	return &State{RunID: run.NewRunID(), StartedAt: startedAt, Flags: flags, Kept: []run.PartTarget{}, NextPart: 1}
}

// Load reads the state in home; nil (and no error) when there is none.
func Load(home string) (*State, error) {
	b, err := os.ReadFile(filepath.Join(home, File))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var s State
	if err := json.Unmarshal(b, &s); err != nil || s.RunID == "" || s.NextPart < 1 {
		return nil, fmt.Errorf("%s is not a run state (%v): remove it to start afresh", filepath.Join(home, File), err)
	}
	return &s, nil
}

// Save writes the state to home durably (temp file, fsync, rename, fsync of the folder): a crash leaves the old
// state or the new, never half of one.
func (s *State) Save(home string) error {
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(home, 0o700); err != nil {
		return err
	}
	return spool.WriteFile(filepath.Join(home, File), append(b, '\n'), 0o600)
}

// Interrupted says whether the state is a run that stopped before its end.
func (s *State) Interrupted() bool { return s != nil && !s.Finished }

// Progress is "k of n targets kept" (n unknown before the run made its plan).
func (s *State) Progress() string {
	if len(s.Planned) == 0 {
		return fmt.Sprintf("%d targets kept", len(s.Kept))
	}
	return fmt.Sprintf("%d of %d targets kept", len(s.Kept), len(s.Planned))
}

// Differences names every flag whose value differs between the interrupted run and now: "--profile quick, now full".
func Differences(then, now map[string]string) []string {
	names := maps.Clone(then)
	maps.Copy(names, now)
	var out []string
	for _, name := range slices.Sorted(maps.Keys(names)) {
		a, okA := then[name]
		b, okB := now[name]
		if okA && okB && a == b {
			continue
		}
		out = append(out, fmt.Sprintf("--%s was %s, now %s", name, show(a, okA), show(b, okB)))
	}
	return out
}

func show(v string, ok bool) string {
	switch {
	case !ok:
		return "(not a flag)"
	case v == "" || v == "[]":
		return "(unset)"
	}
	return strings.TrimSpace(v)
}

// PlanDifference says how the plan now differs from the interrupted run's, "" when it does not.
func (s *State) PlanDifference(planned []run.TargetSlot) string {
	if len(s.Planned) == 0 || slices.Equal(s.Planned, planned) {
		return ""
	}
	names := func(p []run.TargetSlot) string {
		var n []string
		for _, t := range p {
			n = append(n, t.String())
		}
		return strings.Join(n, ", ")
	}
	return fmt.Sprintf("the interrupted run planned %s; the suite now plans %s", names(s.Planned), names(planned))
}
