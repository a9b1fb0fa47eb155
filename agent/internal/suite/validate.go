package suite

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"podium.dev/agent/internal/check"
)

// Path is the request path of a scenario; delayMs only matters for delay.
func Path(scenario string, delayMs int) string { return check.Path(scenario, delayMs) }

// Validator checks a running target against the scenario contract (the rules are package check's).
type Validator struct {
	// ReferenceURL is the reference service's base URL (e.g. http://127.0.0.1:9090), for proxy.
	ReferenceURL string
	DelayMs      int
	// FortunesPage is db/fortunes.html (FortunesPage), World the benchmark database freshly loaded for this target:
	// for the db scenarios. DatabaseErr, when the database could not be started, is each db scenario's failure.
	FortunesPage []byte
	World        check.World
	DatabaseErr  error
}

// FortunesPage is the page /fortunes must serve: db/fortunes.html beside the manifest.
func (m *Manifest) FortunesPage() ([]byte, error) {
	return os.ReadFile(filepath.Join(m.Dir, "db", "fortunes.html"))
}

// SchemaSQL is the file that creates and fills the benchmark database: db/schema.sql beside the manifest.
func (m *Manifest) SchemaSQL() string { return filepath.Join(m.Dir, "db", "schema.sql") }

// ValidationOrder is scenarios with updates last: validating it changes the rows the other db scenarios compare.
func ValidationOrder(scenarios []string) []string {
	out := slices.Clone(scenarios)
	if i := slices.Index(out, "updates"); i >= 0 {
		out = append(slices.Delete(out, i, i+1), "updates")
	}
	return out
}

// Failure is one scenario that broke the contract.
type Failure struct {
	Target, Scenario, Reason string
}

func (f Failure) Error() string { return fmt.Sprintf("%s/%s: %s", f.Target, f.Scenario, f.Reason) }

// Validate checks every scenario the target declares and returns the failures (none: valid).
func (v Validator) Validate(ctx context.Context, p *Process) []Failure {
	var out []Failure
	for _, s := range ValidationOrder(p.Target.Scenarios) {
		if err := v.Scenario(ctx, p.BaseURL, s); err != nil {
			out = append(out, Failure{Target: p.Target.Name, Scenario: s, Reason: err.Error()})
		}
	}
	return out
}

// Scenario checks one scenario at baseURL.
func (v Validator) Scenario(ctx context.Context, baseURL, scenario string) error {
	if IsDB(scenario) && v.DatabaseErr != nil {
		return fmt.Errorf("no benchmark database: %w", v.DatabaseErr)
	}
	return check.Scenario(ctx, baseURL, scenario, check.Options{ReferenceURL: v.ReferenceURL, DelayMs: v.DelayMs,
		FortunesPage: v.FortunesPage, World: v.World})
}

// ReferenceCount is the reference service's /stats counter: how many /reference calls it answered.
func (v Validator) ReferenceCount(ctx context.Context) (int64, error) {
	return check.ReferenceCount(ctx, v.ReferenceURL)
}
