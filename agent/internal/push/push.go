// Package push delivers spooled runs to the results service: it retries only what may succeed later
// (429, 502, 503, 504, network errors) with jittered exponential backoff, moves permanently refused runs to
// rejected/ with the service's reason, and removes a run from the spool only once the service has it.
package push

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"podium.dev/agent/internal/spool"
)

// Client sends runs to one server.
type Client struct {
	Server      string        // e.g. http://127.0.0.1:8080
	HTTP        *http.Client  // nil: a client with a 60 s timeout
	MaxAttempts int           // per run; 0: 8
	BaseDelay   time.Duration // first backoff; 0: 500 ms
	MaxDelay    time.Duration // cap of one wait, Retry-After included; 0: 60 s
	Logf        func(format string, args ...any)
	// Sleep waits between attempts; tests replace it.
	Sleep func(ctx context.Context, d time.Duration) error
}

// APIError is an answer the agent will not retry.
type APIError struct {
	Status  int
	Problem []byte // the problem+json body (or a synthesised one)
}

func (e *APIError) Error() string {
	var p struct{ Title, Detail, Field string }
	_ = json.Unmarshal(e.Problem, &p)
	msg := fmt.Sprintf("server answered %d", e.Status)
	for _, s := range []string{p.Title, p.Detail} {
		if s != "" {
			msg += ": " + s
		}
	}
	if p.Field != "" {
		msg += " (field " + p.Field + ")"
	}
	return msg
}

// Permanent reports whether the run can never be accepted as it is (a 4xx other than 429).
func (e *APIError) Permanent() bool { return e.Status >= 400 && e.Status < 500 && e.Status != 429 }

// Summary counts what one push did.
type Summary struct {
	Delivered, Rejected, Left int
}

// ErrUndelivered means runs are still in the spool after this push (the service was unreachable or kept
// answering with a retryable status); ErrRejected means the service refused some for good.
var (
	ErrUndelivered = errors.New("runs left in the spool")
	ErrRejected    = errors.New("runs rejected by the service")
)

// Push delivers every pending run of the spool, oldest first.
func (c *Client) Push(ctx context.Context, s *spool.Spool) (Summary, error) {
	var sum Summary
	unlock, err := s.Lock()
	if err != nil {
		return sum, err
	}
	defer unlock()
	pending, err := s.Pending()
	if err != nil {
		return sum, err
	}
	for i, e := range pending {
		body, err := os.ReadFile(e.Path)
		if err != nil {
			return sum, fmt.Errorf("read spooled run %s: %w", e.RunID, err)
		}
		id, status, err := c.Submit(ctx, body)
		var apiErr *APIError
		switch {
		case err == nil:
			c.logf("run %s delivered (%d, id %s)", e.RunID, status, id)
			if err := s.Delivered(e, spool.Delivery{RunID: e.RunID, ID: id, Status: status, Server: c.Server, At: time.Now().UTC()}); err != nil {
				return sum, fmt.Errorf("record delivery of run %s: %w", e.RunID, err)
			}
			sum.Delivered++
		case errors.As(err, &apiErr) && apiErr.Permanent():
			c.logf("run %s rejected: %v (moved to %s/)", e.RunID, apiErr, spool.RejectedDir)
			if err := s.Reject(e, apiErr.Problem); err != nil {
				return sum, err
			}
			sum.Rejected++
		case ctx.Err() != nil:
			sum.Left = len(pending) - i
			return sum, ctx.Err()
		case errors.As(err, &apiErr):
			// A 500 or another answer that is neither retryable nor a refusal: keep it for a later push.
			c.logf("run %s kept in the spool: %v", e.RunID, err)
			sum.Left++
		default:
			// Retries exhausted: the service is down; the rest would fail the same way.
			sum.Left = len(pending) - i
			return sum, fmt.Errorf("push run %s: %w (%w)", e.RunID, err, ErrUndelivered)
		}
	}
	switch {
	case sum.Left > 0:
		return sum, fmt.Errorf("%d %w", sum.Left, ErrUndelivered)
	case sum.Rejected > 0:
		return sum, fmt.Errorf("%d %w (see %s/)", sum.Rejected, ErrRejected, spool.RejectedDir)
	}
	return sum, nil
}

// Submit posts one envelope, retrying 429/502/503/504 and network errors; it returns the service's id and
// status (201 new, 200 already there) or the final error.
func (c *Client) Submit(ctx context.Context, envelope []byte) (string, int, error) {
	attempts := c.MaxAttempts
	if attempts <= 0 {
		attempts = 8
	}
	var lastErr error
	for attempt := 0; attempt < attempts; attempt++ {
		id, status, retryAfter, err := c.post(ctx, envelope)
		if err == nil {
			return id, status, nil
		}
		var apiErr *APIError
		if errors.As(err, &apiErr) && !retryable(apiErr.Status) {
			return "", apiErr.Status, err
		}
		if ctx.Err() != nil {
			return "", 0, ctx.Err()
		}
		lastErr = err
		if attempt == attempts-1 {
			break
		}
		wait := c.backoff(attempt, retryAfter)
		c.logf("attempt %d failed (%v); retrying in %s", attempt+1, err, wait.Round(time.Millisecond))
		if err := c.sleep(ctx, wait); err != nil {
			return "", 0, err
		}
	}
	return "", 0, fmt.Errorf("gave up after %d attempts: %w", attempts, lastErr)
}

func retryable(status int) bool {
	switch status {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

func (c *Client) post(ctx context.Context, envelope []byte) (id string, status int, retryAfter time.Duration, err error) {
	url := strings.TrimRight(c.Server, "/") + "/api/runs"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(envelope))
	if err != nil {
		return "", 0, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, application/problem+json")
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return "", 0, 0, fmt.Errorf("POST %s: %w", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return "", 0, 0, fmt.Errorf("POST %s: reading the answer: %w", url, err)
	}
	if resp.StatusCode == http.StatusOK || resp.StatusCode == http.StatusCreated {
		var r struct {
			ID any `json:"id"`
		}
		_ = json.Unmarshal(body, &r)
		if r.ID != nil {
			id = fmt.Sprint(r.ID)
		}
		return id, resp.StatusCode, 0, nil
	}
	return "", resp.StatusCode, parseRetryAfter(resp.Header.Get("Retry-After")),
		&APIError{Status: resp.StatusCode, Problem: problem(resp.StatusCode, body)}
}

// problem keeps a JSON answer verbatim and wraps anything else in a problem+json object.
func problem(status int, body []byte) []byte {
	if json.Valid(body) {
		return body
	}
	b, _ := json.MarshalIndent(map[string]any{"type": "about:blank", "title": http.StatusText(status),
		"status": status, "detail": strings.TrimSpace(string(body))}, "", "  ")
	return append(b, '\n')
}

func parseRetryAfter(v string) time.Duration {
	if v == "" {
		return 0
	}
	if s, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && s >= 0 {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return 0
}

// backoff is base*2^attempt with jitter (half fixed, half random), at least Retry-After, at most MaxDelay.
func (c *Client) backoff(attempt int, retryAfter time.Duration) time.Duration {
	base, maxd := c.BaseDelay, c.MaxDelay
	if base <= 0 {
		base = 500 * time.Millisecond
	}
	if maxd <= 0 {
		maxd = 60 * time.Second
	}
	d := base << min(attempt, 20)
	if d > maxd || d <= 0 {
		d = maxd
	}
	d = d/2 + rand.N(d/2+1)
	return min(max(d, retryAfter), maxd)
}

func (c *Client) sleep(ctx context.Context, d time.Duration) error {
	if c.Sleep != nil {
		return c.Sleep(ctx, d)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (c *Client) logf(format string, args ...any) {
	if c.Logf != nil {
		c.Logf(format, args...)
	}
}
