package run

import (
	"crypto/sha256"
	"fmt"
	"slices"
)

// TargetSlot is one target measured on one vCPU count in one topology ("single" or "nginx-N"): the unit a run
// keeps as a part as soon as it is done.
type TargetSlot struct {
	Target   string `json:"target"`
	VCPUs    int    `json:"vcpus"`
	Topology string `json:"topology"`
}

func (s TargetSlot) String() string {
	return fmt.Sprintf("%s (%d vCPUs, %s)", s.Target, s.VCPUs, s.Topology)
}

// Statuses of a target a part completes.
const (
	TargetDone   = "done"   // measured; its cells are in the part (some may be missing when a scenario failed)
	TargetFailed = "failed" // did not start or broke the contract: reason says why; the part holds what was measured
)

// PartTarget is a target whose last cells a part holds.
type PartTarget struct {
	TargetSlot
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
}

// Part (the payload's part) says which run a payload is a part of: every part of a run has the run's id, its
// start time and the plan of every target; each has its own runId, derived from the run's and its index.
type Part struct {
	RunID   string       `json:"runId"`
	Index   int          `json:"index"`
	Planned []TargetSlot `json:"planned"`
	Targets []PartTarget `json:"targets"`
}

// PartID is the runId of a run's part: the same run and index always give the same id, so that a part spooled
// or sent twice is the same submission to the service (which stores a runId once), never a second copy of its cells.
func PartID(runID string, index int) string {
	b := sha256.Sum256(fmt.Appendf(nil, "podium run part\x00%s\x00%d", runID, index))
	b[6] = b[6]&0x0f | 0x80 // version 8: a UUID of the application's own making
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// Parts cuts the payload of one target's cells into the parts first, first+1, ... of the run runID, each under
// maxEnvelope bytes when signed (Split); only the last names the target as done or failed, so that the service
// counts a target as kept once all its cells are there.
func (r *Run) Parts(runID string, first int, planned []TargetSlot, target PartTarget, maxEnvelope int) ([]*Run, error) {
	whole := *r
	whole.Part = &Part{RunID: runID, Index: first, Planned: planned, Targets: []PartTarget{target}} // sized with the target
	chunks, err := whole.Split(maxEnvelope)
	if err != nil {
		return nil, err
	}
	for i, c := range chunks {
		p := &Part{RunID: runID, Index: first + i, Planned: planned, Targets: []PartTarget{}}
		if i == len(chunks)-1 {
			p.Targets = []PartTarget{target}
		}
		c.Part, c.RunID = p, PartID(runID, first+i)
	}
	return chunks, nil
}

// RunIDOf is the run id a run key names (run --run-key): the same key always gives the same id, so that a re-run of
// an interrupted job, on any host, can name the run it continues without any state kept on the first host.
func RunIDOf(key string) string {
	b := sha256.Sum256(fmt.Appendf(nil, "podium run key\x00%s", key))
	b[6] = b[6]&0x0f | 0x80 // version 8: a UUID of the application's own making
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

// IsKept says whether the slot is among the targets.
func IsKept(kept []PartTarget, s TargetSlot) bool {
	return slices.ContainsFunc(kept, func(k PartTarget) bool { return k.TargetSlot == s })
}
