package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const standardSuite = "../../suite/suite.json"

// plan --json prints the cells in the run's order and the time planned, as a program reads it.
func TestPlanPrintsTheCellsAndTheTimeAsJSON(t *testing.T) {
	t.Parallel()
	out, code := agent(t, t.TempDir(), nil, "plan", "--suite", standardSuite, "--profile", "quick", "--host-cpus", "2", "--json")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	var v struct {
		Host struct {
			VCPUs []int `json:"vcpus"`
		} `json:"host"`
		PlannedSeconds float64 `json:"plannedSeconds"`
		Cells          []struct {
			Target, Scenario string
			Connections      int
			Cost             bool
			PlannedSeconds   float64
		} `json:"cells"`
		Targets []struct{ Name string } `json:"targets"`
	}
	if err := json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &v); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(v.Cells) != 8 || v.Cells[0].Target != "nginx" || !v.Cells[1].Cost || v.Cells[2].Target != "tomcat" || v.Cells[2].Scenario != "plaintext" || !v.Cells[3].Cost {
		t.Errorf("cells %+v: want nginx plaintext and its cost cell, then tomcat plaintext and its cost cell, ...", v.Cells)
	}
	if v.PlannedSeconds < 120 || v.PlannedSeconds >= 240 || len(v.Targets) != 4 || len(v.Host.VCPUs) != 1 {
		t.Errorf("quick on 2 CPUs: %.0f s planned for %d targets on vCPUs %v", v.PlannedSeconds, len(v.Targets), v.Host.VCPUs)
	}
}

// plan --shard i/n shows that shard's cells (its targets and the baseline) and the split of all n.
func TestPlanShowsTheShardAndTheSplit(t *testing.T) {
	t.Parallel()
	out, code := agent(t, t.TempDir(), nil, "plan", "--suite", standardSuite, "--profile", "full", "--host-cpus", "2", "--shard", "2/8")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	split := out[strings.Index(out, "shards on this host"):]
	if len(regexp.MustCompile(`(?m)^ [ *] \d/8 `).FindAllString(split, -1)) != 8 || !strings.Contains(split, "* 2/8") {
		t.Fatalf("want the 8 shards with 2/8 marked:\n%s", split)
	}
	var mine []string
	for _, line := range strings.Split(split, "\n") {
		if strings.HasPrefix(line, " * 2/8") {
			mine = strings.Split(strings.TrimSpace(line[strings.LastIndex(line, "  "):]), ", ")
		}
	}
	cells := out[strings.Index(out, "cells, in the order"):strings.Index(out, "per target")]
	for _, name := range append(mine, "nginx") {
		if !strings.Contains(cells, "  "+name+" plaintext closed c=16 k=1") {
			t.Errorf("shard 2/8's cells lack %s:\n%s", name, cells)
		}
	}
	if strings.Count(cells, "plaintext closed c=16 k=1") != len(mine)+1 {
		t.Errorf("cells of targets outside shard 2/8 (%v):\n%s", mine, cells)
	}
}

// A shard that cannot be is a usage error, before anything is measured.
func TestRunRefusesABadShard(t *testing.T) {
	t.Parallel()
	key := filepath.Join(vectors, "keys/test-agent.json")
	for arg, want := range map[string]string{"6/5": "want 1 <= i <= n", "two": "want i/n", "30/30": "a shard would have no target"} {
		out, code := agent(t, t.TempDir(), nil, "run", "--suite", standardSuite, "--profile", "full", "--key", key, "--shard", arg)
		if code != exitUsage || !strings.Contains(out, want) {
			t.Errorf("--shard %s: exit %d, want %d and %q:\n%s", arg, code, exitUsage, want, out)
		}
	}
}

// run --shard measures the shard plan --shard names, and ends by setting what it took against the plan.
func TestRunMeasuresTheShardThePlanNames(t *testing.T) {
	t.Parallel()
	needWrk(t)
	home := keyedHome(t)
	manifest, payload := filepath.Join(home, "suite.json"), filepath.Join(home, "run.json")
	target := func(name string, scenarios string) string {
		return fmt.Sprintf(`{"name":%q,"framework":%q,"frameworkVersion":"1","ioModel":"blocking","start":[%q],"health":"/plaintext","scenarios":[%s]}`,
			name, strings.ToUpper(name), contract, scenarios)
	}
	os.WriteFile(manifest, []byte(`{"name":"t","version":"1","targets":[`+
		target("a", `"plaintext","json"`)+","+target("b", `"json"`)+","+target("c", `"json"`)+`],
 "profiles":{"p":{"targets":["*"],"scenarios":["plaintext","json"],"connections":[2],"vcpus":[1],"durationSeconds":1,"repeats":1,
   "warmup":{"windowSeconds":1,"maxSeconds":1,"tolerance":0.5}}}}`), 0o644)

	out, code := agent(t, home, nil, "plan", "--suite", manifest, "--profile", "p", "--shard", "2/2", "--json")
	var plan struct {
		Shards []struct {
			Shard   string
			Targets []string
		}
	}
	if err := json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &plan); code != 0 || err != nil || len(plan.Shards) != 2 {
		t.Fatalf("plan: exit %d, %v:\n%s", code, err, out)
	}
	if got := append(slices.Clone(plan.Shards[0].Targets), plan.Shards[1].Targets...); !slices.Equal(slices.Sorted(slices.Values(got)), []string{"a", "b", "c"}) {
		t.Fatalf("the two shards %v do not partition a, b, c", plan.Shards)
	}
	out, code = agent(t, home, nil, "run", "--suite", manifest, "--profile", "p", "--shard", "2/2", "--output", payload)
	if code != 0 || !strings.Contains(out, "against the plan") || !strings.Contains(out, "cells done, spent") ||
		!strings.Contains(out, "shard 2/2 of profile p: "+strings.Join(plan.Shards[1].Targets, ", ")+"\n") {
		t.Fatalf("run exited %d, want 0, the progress from the plan and the plan against what it took:\n%s", code, out)
	}
	b, _ := os.ReadFile(payload)
	var run struct {
		Results []struct{ Framework string }
	}
	if err := json.Unmarshal(b, &run); err != nil {
		t.Fatal(err)
	}
	var measured []string
	for _, c := range run.Results {
		if !slices.Contains(measured, strings.ToLower(c.Framework)) {
			measured = append(measured, strings.ToLower(c.Framework))
		}
	}
	// in rounds the order of a round is drawn: the shard measured the targets its plan names, in some order
	if !slices.Equal(slices.Sorted(slices.Values(measured)), slices.Sorted(slices.Values(plan.Shards[1].Targets))) {
		t.Errorf("shard 2/2 measured %v, its plan names %v", measured, plan.Shards[1].Targets)
	}
}

// plan says which shards exceed the profile's slot (full: 6 h a shard) on the host it plans for, and the fewest
// shards that fit: on 2 CPUs full fits in 8 shards; on 8 CPUs a target with the database scenarios alone is longer
// than the slot, so no split into whole-target shards fits and the plan says which shards are over.
func TestPlanSaysWhichShardExceedsTheSlot(t *testing.T) {
	t.Parallel()
	out, code := agent(t, t.TempDir(), nil, "plan", "--suite", standardSuite, "--profile", "full", "--host-cpus", "2", "--shard", "3/8")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if strings.Contains(out, "OVER THE SLOT") || !strings.Contains(out, "shard 3/8 fits profile full's slot of 6h00m on this host") ||
		!strings.Contains(out, "8 shards (--shard i/8) are the fewest that each fit the slot on this host") {
		t.Errorf("full in 8 shards on 2 CPUs: want every shard within the 6 h slot, said so:\n%s", out[strings.Index(out, "shards on this host"):])
	}
	out, code = agent(t, t.TempDir(), nil, "plan", "--suite", standardSuite, "--profile", "full", "--host-cpus", "8", "--shard", "1/24", "--json")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	var v struct {
		SlotSeconds   float64 `json:"slotSeconds"`
		OverSlot      bool    `json:"overSlot"`
		FittingShards int     `json:"fittingShards"`
		Shards        []struct {
			Shard          string   `json:"shard"`
			Targets        []string `json:"targets"`
			PlannedSeconds float64  `json:"plannedSeconds"`
			OverSlot       bool     `json:"overSlot"`
		} `json:"shards"`
	}
	if err := json.Unmarshal([]byte(out[strings.Index(out, "{"):]), &v); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if v.SlotSeconds != 6*3600 || v.FittingShards != 0 || len(v.Shards) != 24 {
		t.Fatalf("full on 8 CPUs in 24 shards: slot %v s, fitting %d, %d shards", v.SlotSeconds, v.FittingShards, len(v.Shards))
	}
	over := 0
	for _, s := range v.Shards {
		if s.OverSlot != (s.PlannedSeconds > v.SlotSeconds) || len(s.Targets) != 1 {
			t.Errorf("shard %s: %v planned %.0f s, over %v", s.Shard, s.Targets, s.PlannedSeconds, s.OverSlot)
		}
		if s.OverSlot {
			over++
		}
	}
	if over == 0 || !v.OverSlot || !v.Shards[0].OverSlot {
		t.Errorf("want the longest shards, 1/24 first, marked over the slot: %d over, this one %v", over, v.OverSlot)
	}
	out, _ = agent(t, t.TempDir(), nil, "plan", "--suite", standardSuite, "--profile", "full", "--host-cpus", "8", "--shard", "1/24")
	if !strings.Contains(out, "shard 1/24 is planned at 7h24m, OVER profile full's slot of 6h00m on this host") ||
		!strings.Contains(out, "no split fits the slot on this host") || !strings.Contains(out, "1/24     7h24m OVER THE SLOT  ") {
		t.Errorf("want shard 1/24 said to be over the slot, and that no split fits:\n%s", out[strings.Index(out, "shards on this host"):])
	}
}
