package client

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestBackoffGrowsWithJitterAndStaysCapped(t *testing.T) {
	t.Parallel()
	c := &Client{BaseDelay: 100 * time.Millisecond, MaxDelay: time.Second}
	for attempt := range 10 {
		d := c.backoff(attempt, 0)
		full := min(c.BaseDelay<<attempt, c.MaxDelay)
		if d < full/2 || d > full {
			t.Errorf("attempt %d: %s, want within [%s, %s]", attempt, d, full/2, full)
		}
	}
	if d := c.backoff(0, 5*time.Second); d != time.Second {
		t.Errorf("Retry-After 5s with a 1s cap gave %s", d)
	}
}

// TestOneRetryRuleAndOneError: every call retries 429/502/503/504 (honouring Retry-After) and nothing else, and a
// final answer comes back as *Error with the status and the service's problem+json.
func TestOneRetryRuleAndOneError(t *testing.T) {
	t.Parallel()
	const refusal = `{"title":"Unprocessable","status":422,"detail":"publicKey is not an Ed25519 key","field":"publicKey"}`
	tests := []struct {
		name      string
		statuses  []int
		wantCalls int32
		wantCode  int // 0: success
	}{
		{"a 503 then a 201 succeeds", []int{503, 201}, 2, 0},
		{"429, 502, 504 are retried until the attempts run out", []int{429, 502, 504}, 3, 504},
		{"a 422 is final at once, with its problem", []int{422}, 1, 422},
		{"a 500 is final at once", []int{500}, 1, 500},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n := calls.Add(1)
				status := tc.statuses[min(int(n), len(tc.statuses))-1]
				if r.Header.Get("Authorization") != "Bearer t" || r.Header.Get("Content-Type") != "application/json" {
					status = 400
				}
				w.Header().Set("Retry-After", "2")
				w.WriteHeader(status)
				if status == 422 {
					_, _ = w.Write([]byte(refusal))
				} else {
					_, _ = w.Write([]byte(`{"id":7}`))
				}
			}))
			defer srv.Close()
			var waits []time.Duration
			c := &Client{Server: srv.URL, MaxAttempts: 3, MaxDelay: 10 * time.Second,
				Sleep: func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }}
			status, body, err := c.Do(context.Background(), Request{Method: http.MethodPost, Path: "/api/agents",
				Body: []byte(`{}`), Header: http.Header{"Authorization": {"Bearer t"}}})
			if got := calls.Load(); got != tc.wantCalls {
				t.Errorf("%d calls, want %d", got, tc.wantCalls)
			}
			for _, w := range waits {
				if w < 2*time.Second {
					t.Errorf("waited %s, less than Retry-After", w)
				}
			}
			if tc.wantCode == 0 {
				if err != nil || status != 201 || string(body) != `{"id":7}` {
					t.Errorf("got %d %q %v, want 201 and the body", status, body, err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Status != tc.wantCode {
				t.Fatalf("err %v, want an *Error with status %d", err, tc.wantCode)
			}
			if tc.wantCode == 422 && (string(e.Problem) != refusal || e.Field() != "publicKey" ||
				!strings.Contains(e.Error(), "publicKey is not an Ed25519 key") || !e.Permanent()) {
				t.Errorf("the refusal lost its problem: %v / %s", e, e.Problem)
			}
		})
	}
}
