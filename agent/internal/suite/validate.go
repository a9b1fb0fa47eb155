package suite

import (
	"context"
	"fmt"

	"podium.dev/agent/internal/check"
)

// Path is the request path of a scenario; delayMs only matters for delay.
func Path(scenario string, delayMs int) string { return check.Path(scenario, delayMs) }

// Validator checks a running target against the scenario contract (the rules are package check's).
type Validator struct {
	// ReferenceURL is the reference service's base URL (e.g. http://127.0.0.1:9090), for proxy.
	ReferenceURL string
	DelayMs      int
}

// Failure is one scenario that broke the contract.
type Failure struct {
	Target, Scenario, Reason string
}

func (f Failure) Error() string { return fmt.Sprintf("%s/%s: %s", f.Target, f.Scenario, f.Reason) }

// Validate checks every scenario the target declares and returns the failures (none: valid).
func (v Validator) Validate(ctx context.Context, p *Process) []Failure {
	var out []Failure
	for _, s := range p.Target.Scenarios {
		if err := v.Scenario(ctx, p.BaseURL, s); err != nil {
			out = append(out, Failure{Target: p.Target.Name, Scenario: s, Reason: err.Error()})
		}
	}
	return out
}

// Scenario checks one scenario at baseURL.
func (v Validator) Scenario(ctx context.Context, baseURL, scenario string) error {
	return check.Scenario(ctx, baseURL, scenario, check.Options{ReferenceURL: v.ReferenceURL, DelayMs: v.DelayMs})
}

// ReferenceCount is the reference service's /stats counter: how many /reference calls it answered.
func (v Validator) ReferenceCount(ctx context.Context) (int64, error) {
	return check.ReferenceCount(ctx, v.ReferenceURL)
}
