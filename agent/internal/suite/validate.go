package suite

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"time"
)

// The bodies every target must answer, byte for byte (agent/suite/README.md).
const (
	PlaintextBody = "Hello, World!"
	JSONBody      = `{"message":"Hello, World!"}`
)

// Path is the request path of a scenario; delayMs only matters for delay.
func Path(scenario string, delayMs int) string {
	switch scenario {
	case "delay":
		return fmt.Sprintf("/delay?ms=%d", delayMs)
	default:
		return "/" + scenario
	}
}

// Validator checks a running target against the scenario contract.
type Validator struct {
	// ReferenceURL is the reference service's base URL (e.g. http://127.0.0.1:9090), for proxy.
	ReferenceURL string
	DelayMs      int
	Client       *http.Client
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
	delay := v.DelayMs
	if delay <= 0 {
		delay = 100
	}
	switch scenario {
	case "plaintext":
		_, err := v.expect(ctx, baseURL+"/plaintext", "text/plain", []byte(PlaintextBody))
		return err
	case "json":
		_, err := v.expect(ctx, baseURL+"/json", "application/json", []byte(JSONBody))
		return err
	case "delay":
		took, err := v.expect(ctx, baseURL+Path("delay", delay), "text/plain", []byte(PlaintextBody))
		if err != nil {
			return err
		}
		if took < time.Duration(delay)*time.Millisecond {
			return fmt.Errorf("answered after %s, before the %d ms it was asked to wait", took.Round(time.Millisecond), delay)
		}
		return nil
	case "proxy":
		return v.proxy(ctx, baseURL)
	case "db":
		return fmt.Errorf("the db scenario is not defined yet")
	}
	return fmt.Errorf("unknown scenario %q", scenario)
}

func (v Validator) proxy(ctx context.Context, baseURL string) error {
	if v.ReferenceURL == "" {
		return fmt.Errorf("no reference service to check proxy against")
	}
	want, _, err := v.get(ctx, v.ReferenceURL+"/reference")
	if err != nil {
		return fmt.Errorf("reference service: %w", err)
	}
	before, err := v.ReferenceCount(ctx)
	if err != nil {
		return err
	}
	// Three calls must make three reference calls: a target that caches the answer fails.
	const calls = 3
	for range calls {
		if _, err := v.expect(ctx, baseURL+"/proxy", "application/json", want.body); err != nil {
			return err
		}
	}
	after, err := v.ReferenceCount(ctx)
	if err != nil {
		return err
	}
	if after-before < calls {
		return fmt.Errorf("%d calls of /proxy made %d calls of the reference service (its /stats counter): /proxy must call it every time", calls, after-before)
	}
	return nil
}

// ReferenceCount is the reference service's /stats counter: how many /reference calls it answered.
func (v Validator) ReferenceCount(ctx context.Context) (int64, error) {
	r, _, err := v.get(ctx, v.ReferenceURL+"/stats")
	if err != nil {
		return 0, fmt.Errorf("reference service /stats: %w", err)
	}
	var s struct {
		Requests *int64 `json:"requests"`
	}
	if err := json.Unmarshal(r.body, &s); err != nil || s.Requests == nil {
		return 0, fmt.Errorf("reference service /stats answered %q, not {\"requests\":N}", r.body)
	}
	return *s.Requests, nil
}

type answer struct {
	status      int
	contentType string
	body        []byte
}

func (v Validator) get(ctx context.Context, url string) (answer, time.Duration, error) {
	c := v.Client
	if c == nil {
		c = &http.Client{Timeout: 30 * time.Second}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return answer{}, 0, err
	}
	start := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return answer{}, 0, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	took := time.Since(start)
	if err != nil {
		return answer{}, took, err
	}
	a := answer{status: resp.StatusCode, contentType: resp.Header.Get("Content-Type"), body: b}
	if a.status != http.StatusOK {
		return a, took, fmt.Errorf("GET %s answered %d, want 200", url, a.status)
	}
	return a, took, nil
}

func (v Validator) expect(ctx context.Context, url, mediaType string, body []byte) (time.Duration, error) {
	a, took, err := v.get(ctx, url)
	if err != nil {
		return took, err
	}
	mt, _, err := mime.ParseMediaType(a.contentType)
	if err != nil || mt != mediaType {
		return took, fmt.Errorf("GET %s: content type %q, want %s", url, a.contentType, mediaType)
	}
	if !bytes.Equal(a.body, body) {
		return took, fmt.Errorf("GET %s: body %q, want %q", url, truncate(a.body, 200), body)
	}
	return took, nil
}

func truncate(b []byte, n int) []byte {
	if len(b) > n {
		return append(b[:n:n], "..."...)
	}
	return b
}
