// Package client is the agent's one way to call the results service (enroll, push, verify): one HTTP client, one
// error type carrying the status and the problem+json, and one retry rule: 429, 502, 503, 504 and network errors
// are retried with jittered exponential backoff that honours Retry-After; every other answer is final.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Client calls one server.
type Client struct {
	Server      string        // e.g. http://127.0.0.1:8080
	HTTP        *http.Client  // nil: a client with a 60 s timeout
	MaxAttempts int           // per call; 0: 8
	BaseDelay   time.Duration // first backoff; 0: 500 ms
	MaxDelay    time.Duration // cap of one wait, Retry-After included; 0: 60 s
	Logf        func(format string, args ...any)
	// Sleep waits between attempts; tests replace it.
	Sleep func(ctx context.Context, d time.Duration) error
}

// Error is an answer of the service that is not a success: its status and its problem+json (the body as the
// service sent it when it is JSON, else a problem+json made of it).
type Error struct {
	Method, URL string
	Status      int
	Problem     []byte
}

func (e *Error) Error() string {
	var p struct{ Title, Detail, Field string }
	_ = json.Unmarshal(e.Problem, &p)
	msg := fmt.Sprintf("%s %s: server answered %d", e.Method, e.URL, e.Status)
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

// Field is the field the problem names, if any.
func (e *Error) Field() string {
	var p struct{ Field string }
	_ = json.Unmarshal(e.Problem, &p)
	return p.Field
}

// Permanent reports whether the same request can never succeed (a 4xx other than 429).
func (e *Error) Permanent() bool { return e.Status >= 400 && e.Status < 500 && e.Status != 429 }

// Retryable is the retry rule: what may succeed later.
func Retryable(status int) bool {
	switch status {
	case http.StatusTooManyRequests, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// Request is one call: a path below the server, a JSON body (nil for none) and extra headers.
type Request struct {
	Method string
	Path   string
	Body   []byte
	Header http.Header
}

// Do sends the request, retrying by the rule; it returns a 2xx answer's status and body, or the last error (an
// *Error for an answer, wrapped with the attempts when they ran out).
func (c *Client) Do(ctx context.Context, r Request) (int, []byte, error) {
	attempts := c.MaxAttempts
	if attempts <= 0 {
		attempts = 8
	}
	var lastErr error
	for attempt := range attempts {
		status, body, retryAfter, err := c.once(ctx, r)
		if err == nil {
			return status, body, nil
		}
		if e := (*Error)(nil); errors.As(err, &e) && !Retryable(e.Status) {
			return status, nil, err
		}
		if ctx.Err() != nil {
			return 0, nil, ctx.Err()
		}
		lastErr = err
		if attempt == attempts-1 {
			break
		}
		wait := c.backoff(attempt, retryAfter)
		c.logf("attempt %d failed (%v); retrying in %s", attempt+1, err, wait.Round(time.Millisecond))
		if err := c.sleep(ctx, wait); err != nil {
			return 0, nil, err
		}
	}
	return 0, nil, fmt.Errorf("gave up after %d attempts: %w", attempts, lastErr)
}

func (c *Client) once(ctx context.Context, r Request) (status int, body []byte, retryAfter time.Duration, err error) {
	url := strings.TrimRight(c.Server, "/") + r.Path
	var in io.Reader
	if r.Body != nil {
		in = bytes.NewReader(r.Body)
	}
	req, err := http.NewRequestWithContext(ctx, r.Method, url, in)
	if err != nil {
		return 0, nil, 0, err
	}
	for k, v := range r.Header {
		req.Header[k] = v
	}
	if r.Body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json, application/problem+json")
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, nil, 0, fmt.Errorf("%s %s: %w", r.Method, url, err)
	}
	defer resp.Body.Close()
	body, err = io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return 0, nil, 0, fmt.Errorf("%s %s: reading the answer: %w", r.Method, url, err)
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return resp.StatusCode, body, 0, nil
	}
	return resp.StatusCode, nil, parseRetryAfter(resp.Header.Get("Retry-After")),
		&Error{Method: r.Method, URL: url, Status: resp.StatusCode, Problem: problem(resp.StatusCode, body)}
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
