package run

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/usage"
)

// bigRun is a v2 run of the given number of identical json cells of 5 repeats each, with their usage.
func bigRun(cells int) *Run {
	cell := Cell{Framework: "Netty", FrameworkVersion: "4.2", IOModel: "non-blocking", Scenario: "json", LoadModel: "closed",
		Connections: 64, VCPUs: 1, DurationSeconds: 15, WarmupSeconds: 10}
	for range 5 {
		rep := RepeatOf(loadResult(0.1, 0.2, 0.3, 1.1, 5.5, 12.25))
		rep.Usage = usage.Usage{WallSeconds: 15.002, TargetCPUUserSeconds: 11.2, TargetCPUSystemSeconds: 3.1,
			TargetRSSMeanBytes: 412345678, TargetRSSPeakBytes: 433456789, GeneratorCPUSeconds: 13.9, Samples: 75}
		cell.Repeats = append(cell.Repeats, rep)
	}
	r := &Run{SchemaVersion: SchemaVersion, RunID: NewRunID(), StartedAt: "2026-11-22T10:00:00Z", FinishedAt: "2026-11-22T11:00:00Z",
		Agent: Agent{Version: "t"}, Suite: Suite{Name: "s", Version: "1"}, LoadGenerator: LoadGenerator{Tool: "wrk", Version: "4.1.0"},
		Host: host.Info{Hostname: "h", CPUModel: "c", VCPUs: 2, MemoryBytes: 1, OS: "o", Kernel: "k", Arch: "amd64", Virtualization: "none",
			Settings: &host.Settings{Governor: "performance"}},
		JVM: host.JVM{Vendor: "v", Version: "21", VMName: "n", GC: "G1", Flags: []string{}}, Results: []Cell{}}
	for range cells {
		r.Results = append(r.Results, cell)
	}
	return r
}

// A target's cells over the envelope limit become consecutive parts of the run, each under the limit and valid on
// its own; only the last names the target, so the service counts it kept once every cell is there; the ids are the
// run's and the index's, the same when the part is made again.
func TestPartsOfATargetSplitAtTheEnvelopeLimit(t *testing.T) {
	t.Parallel()
	const limit = 1 << 20
	runID := NewRunID()
	planned := []TargetSlot{{"netty", 1, "single"}, {"other", 1, "single"}}
	done := PartTarget{TargetSlot: planned[0], Status: TargetDone}
	parts, err := bigRun(2000).Parts(runID, 4, planned, done, limit)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) < 2 {
		t.Fatalf("%d parts for cells far over the limit", len(parts))
	}
	cells := 0
	for i, p := range parts {
		b, _ := p.Marshal()
		if env := (len(b)+2)/3*4 + envelopeOverhead; env > limit {
			t.Errorf("part %d: envelope ~%d bytes, over %d", p.Part.Index, env, limit)
		}
		validate(t, b)
		if p.Part.RunID != runID || p.Part.Index != 4+i || p.RunID != PartID(runID, 4+i) || p.RunID == runID {
			t.Errorf("part %d: run %s index %d id %s", i, p.Part.RunID, p.Part.Index, p.RunID)
		}
		if last := i == len(parts)-1; last != (len(p.Part.Targets) == 1) {
			t.Errorf("part %d of %d names targets %v: only the last should", i+1, len(parts), p.Part.Targets)
		}
		cells += len(p.Results)
	}
	if cells != 2000 {
		t.Errorf("%d cells in the parts, want 2000", cells)
	}
	if PartID(runID, 4) != parts[0].RunID || PartID(runID, 5) == parts[0].RunID || PartID(NewRunID(), 4) == parts[0].RunID {
		t.Errorf("part ids are not the run's and the index's alone")
	}
}

// A target that failed before any cell is still a part (it says so, for the service's list of failed targets);
// a whole run without a cell is not valid.
func TestAFailedTargetIsAPartWithoutCells(t *testing.T) {
	t.Parallel()
	slot := TargetSlot{"broken", 2, "nginx-2"}
	parts, err := bigRun(0).Parts(NewRunID(), 1, []TargetSlot{slot}, PartTarget{TargetSlot: slot, Status: TargetFailed, Reason: "did not start"}, 1<<20)
	if err != nil || len(parts) != 1 {
		t.Fatalf("%d parts, %v", len(parts), err)
	}
	b, _ := parts[0].Marshal()
	validate(t, b)
	if !strings.Contains(string(b), `"targets":[{"target":"broken","vcpus":2,"topology":"nginx-2","status":"failed","reason":"did not start"}]`) {
		t.Errorf("the part does not name the failed target:\n%s", b)
	}
	whole, _ := bigRun(0).Marshal()
	if err := schemaErr(whole); err == nil {
		t.Errorf("a run without a part and without a cell passes the schema")
	}
}

// schemaErr is the v2 schema's verdict on a payload.
func schemaErr(body []byte) error {
	sch, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "..", "..", "schema", "run.v2.schema.json"))
	if err != nil {
		return err
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return err
	}
	return sch.Validate(v)
}
