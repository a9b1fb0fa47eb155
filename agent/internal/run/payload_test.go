package run

// The payload's own rules, without a run: the shared vectors, the agent's types, repeats, run ids and splitting.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSchemaAcceptsTheValidVectors(t *testing.T) {
	t.Parallel()
	valid, err := filepath.Glob(filepath.Join("..", "..", "..", "schema", "testdata", "payloads", "valid", "*.json"))
	if err != nil || len(valid) < 4 {
		t.Fatalf("valid vectors %v (%v), want v1 and v2 ones", valid, err)
	}
	for _, p := range valid {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		schema := "run.schema.json"
		if strings.HasPrefix(filepath.Base(p), "v2-") {
			schema = "run.v2.schema.json"
		}
		validateAgainst(t, schema, b)
	}
}

func TestRepeatOfKeepsPercentilesInOrder(t *testing.T) {
	t.Parallel()
	var r Repeat
	b, _ := json.Marshal(RepeatOf(loadResult(1.0, 0.9, 2, 1.5, 3, 2.5)))
	json.Unmarshal(b, &r)
	l := r.LatencyMs
	if !(l.P50 <= l.P75 && l.P75 <= l.P90 && l.P90 <= l.P99 && l.P99 <= l.P999 && l.P999 <= l.Max) {
		t.Errorf("out of order: %+v", l)
	}
}

func TestNewRunIDIsAUUID(t *testing.T) {
	t.Parallel()
	id := NewRunID()
	if len(id) != 36 || id[14] != '4' {
		t.Errorf("run id %q", id)
	}
}

func TestSplitKeepsEachEnvelopeUnderTheLimit(t *testing.T) {
	t.Parallel()
	d := 100
	run := bigRun(2000)
	for i := range run.Results {
		run.Results[i].Scenario, run.Results[i].DelayMs = "delay", &d
	}
	const limit = 1 << 20
	parts, err := run.Split(limit)
	if err != nil {
		t.Fatal(err)
	}
	if len(parts) < 2 {
		t.Fatalf("%d parts for a run far over the limit", len(parts))
	}
	ids, cells := map[string]bool{}, 0
	for _, p := range parts {
		b, _ := p.Marshal()
		env := (len(b)+2)/3*4 + envelopeOverhead
		if env > limit {
			t.Errorf("part %s: envelope ~%d bytes, over %d", p.RunID, env, limit)
		}
		validate(t, b)
		ids[p.RunID] = true
		cells += len(p.Results)
	}
	if len(ids) != len(parts) || parts[0].RunID != run.RunID || cells != len(run.Results) {
		t.Errorf("%d distinct ids for %d parts (first %s, want %s), %d cells of %d", len(ids), len(parts), parts[0].RunID, run.RunID, cells, len(run.Results))
	}
	if one, _ := (&Run{Results: run.Results[:3]}).Split(limit); len(one) != 1 {
		t.Errorf("a small run was split")
	}
}

// The agent's payload types know every field of the v2 vectors (no field of the contract is missing or misspelt
// in the Go tags), and what they marshal back is still a valid v2 payload.
func TestPayloadTypesCoverEveryV2Field(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"v2-minimal", "v2-full", "v2-nginx-2", "v2-warmup", "v2-aot-cache", "v2-cost"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "schema", "testdata", "payloads", "valid", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		d := json.NewDecoder(bytes.NewReader(b))
		d.DisallowUnknownFields()
		var r Run
		if err := d.Decode(&r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out, err := r.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		validate(t, out)
		var want, got any
		_ = json.Unmarshal(b, &want)
		_ = json.Unmarshal(out, &got)
		if !reflect.DeepEqual(want, got) {
			t.Errorf("%s does not round-trip through the agent's types:\n%s", name, out)
		}
	}
}
