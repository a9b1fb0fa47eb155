package resume

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"

	"podium.dev/agent/internal/client"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/sign"
)

// ErrNotHeld: the service holds no part of the run (it was interrupted before its first part was kept).
var ErrNotHeld = errors.New("the service holds no part of the run")

// partsView is what GET /api/runs/{id}/parts answers (schema/read-api.md): the parts the service holds of a run and
// the targets they keep.
type partsView struct {
	RunID   string `json:"runId"`
	InParts bool   `json:"inParts"`
	Status  string `json:"status"`
	Parts   []struct {
		ID      string           `json:"id"`
		Index   int              `json:"index"`
		Targets []run.PartTarget `json:"targets"` // the targets the part completes; none: the first chunks of one
	} `json:"parts"`
	Planned []run.TargetSlot `json:"planned"`
	Done    []run.PartTarget `json:"done"`
	Failed  []run.PartTarget `json:"failed"`
}

// FromService rebuilds the state of run runID from what the service holds of it, for a run resumed on a host with no
// state of its own (another host of the class, a fresh agent home): the plan, the targets kept (done or failed), the
// next part's index, the baseline's cells (later cells are compared with them; baseline names its target) and the
// run's start time (GET /api/runs/{id}/parts, then GET /api/runs/{part}/envelope of the first part and of the
// baseline's, each verified against pub, this agent's key): only a run this agent signed is resumed. flags are this invocation's (the
// service does not keep an invocation's flags; the plan is compared when the run plans, PlanDifference).
func FromService(ctx context.Context, c *client.Client, runID, baseline string, pub ed25519.PublicKey, flags map[string]string) (*State, error) {
	_, body, err := c.Do(ctx, client.Request{Method: http.MethodGet, Path: "/api/runs/" + runID + "/parts"})
	if e := (*client.Error)(nil); errors.As(err, &e) && e.Status == http.StatusNotFound {
		return nil, ErrNotHeld
	}
	if err != nil {
		return nil, fmt.Errorf("asking the service which parts of run %s it holds: %w", runID, err)
	}
	var v partsView
	if err := json.Unmarshal(body, &v); err != nil {
		return nil, fmt.Errorf("the service's parts of run %s: %w", runID, err)
	}
	if !v.InParts || v.RunID != runID {
		return nil, fmt.Errorf("run %s at %s is a whole run, not one kept in parts: nothing to resume", runID, c.Server)
	}
	if v.Status == "complete" {
		return nil, fmt.Errorf("run %s at %s is complete (%d targets kept): nothing to resume", runID, c.Server, len(v.Done)+len(v.Failed))
	}
	s := &State{RunID: runID, Flags: flags, Planned: v.Planned, Kept: []run.PartTarget{}, NextPart: 1}
	// the targets kept, in the plan's order, each with how it ended
	for _, slot := range v.Planned {
		for _, status := range []struct {
			list []run.PartTarget
			name string
		}{{v.Done, run.TargetDone}, {v.Failed, run.TargetFailed}} {
			if i := slices.IndexFunc(status.list, func(k run.PartTarget) bool { return k.TargetSlot == slot }); i >= 0 {
				k := status.list[i]
				k.Status = status.name
				s.Kept = append(s.Kept, k)
			}
		}
	}
	// only the envelopes needed are read: the first part's (the run's start time, and that it is this agent's run) and
	// the baseline's (its cells: the part that names it, and the chunks of it before that part, which name none)
	read := map[int]bool{0: true}
	var chunks []int
	for i, p := range v.Parts {
		s.NextPart = max(s.NextPart, p.Index+1)
		switch {
		case len(p.Targets) == 0:
			chunks = append(chunks, i)
		case slices.ContainsFunc(p.Targets, func(t run.PartTarget) bool { return t.Target == baseline }):
			for _, j := range append(chunks, i) {
				read[j] = true
			}
			chunks = nil
		default:
			chunks = nil
		}
	}
	for i, p := range v.Parts {
		if !read[i] {
			continue
		}
		part, err := envelopeOf(ctx, c, p.ID, pub)
		if err != nil {
			return nil, fmt.Errorf("part %d of run %s: %w", p.Index, runID, err)
		}
		if part.Part == nil || part.Part.RunID != runID || part.Part.Index != p.Index {
			return nil, fmt.Errorf("part %d of run %s: its payload names another run or index", p.Index, runID)
		}
		s.StartedAt = part.StartedAt
		for _, cell := range part.Results {
			if cell.Baseline {
				s.Baseline = append(s.Baseline, cell)
			}
		}
	}
	return s, nil
}

// envelopeOf fetches a stored part's envelope and returns its payload, verified against pub.
func envelopeOf(ctx context.Context, c *client.Client, id string, pub ed25519.PublicKey) (*run.Run, error) {
	_, body, err := c.Do(ctx, client.Request{Method: http.MethodGet, Path: "/api/runs/" + id + "/envelope"})
	if err != nil {
		return nil, err
	}
	e, err := sign.ParseEnvelope(body)
	if err != nil {
		return nil, err
	}
	payload, err := sign.Verify(e, pub)
	if err != nil {
		return nil, fmt.Errorf("not signed by this agent's key (%w): a run is resumed only by the agent that started it", err)
	}
	var r run.Run
	if err := json.Unmarshal(payload, &r); err != nil {
		return nil, err
	}
	return &r, nil
}
