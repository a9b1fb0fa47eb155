package suite

import (
	"slices"
	"testing"

	"podium.dev/agent/internal/vectors"
)

// TestScenariosAreTheSchemas: the agent's scenario list is the run schema's enum, in its order
// (schema/run.v2.schema.json is the one list; the service reads it, the site checks it too).
func TestScenariosAreTheSchemas(t *testing.T) {
	var schema struct {
		Defs struct {
			Cell struct {
				Properties struct {
					Scenario struct {
						Enum []string `json:"enum"`
					} `json:"scenario"`
				} `json:"properties"`
			} `json:"cell"`
		} `json:"$defs"`
	}
	vectors.Decode(t, "run.v2.schema.json", &schema)
	if want := schema.Defs.Cell.Properties.Scenario.Enum; len(want) == 0 || !slices.Equal(Scenarios, want) {
		t.Errorf("suite.Scenarios %v, the run schema's scenarios %v", Scenarios, want)
	}
}
