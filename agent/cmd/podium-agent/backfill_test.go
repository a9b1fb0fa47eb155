package main

import "testing"

// backfill compares a framework's releases with each other: the nginx baseline stays out unless asked for.
func TestBackfillLeavesTheBaselineOutByDefault(t *testing.T) {
	cmd := newBackfill(&globals{})
	if got := cmd.Flags().Lookup("baseline"); got.DefValue != "false" || got.Value.String() != "false" {
		t.Errorf("backfill --baseline default %s, value %s", got.DefValue, got.Value)
	}
	if got := newRun(&globals{}).Flags().Lookup("baseline").Value.String(); got != "true" {
		t.Errorf("run --baseline default %s", got)
	}
}
