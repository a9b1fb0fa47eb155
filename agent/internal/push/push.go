// Package push delivers spooled runs to the results service through package client (which retries what may
// succeed later), moves permanently refused runs to rejected/ with the service's reason, and removes a run from
// the spool only once the service has it.
package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"

	"podium.dev/agent/internal/client"
	"podium.dev/agent/internal/spool"
)

// Client sends runs to one server with the agent's one service client (its retry rule, its Error).
type Client struct{ client.Client }

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
		var apiErr *client.Error
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

// Submit posts one envelope, retrying by the client's rule; it returns the service's id and status (201 new, 200
// already there) or the final error.
func (c *Client) Submit(ctx context.Context, envelope []byte) (string, int, error) {
	status, body, err := c.Do(ctx, client.Request{Method: http.MethodPost, Path: "/api/runs", Body: envelope})
	if err != nil {
		return "", status, err
	}
	var r struct {
		ID any `json:"id"`
	}
	_ = json.Unmarshal(body, &r)
	id := ""
	if r.ID != nil {
		id = fmt.Sprint(r.ID)
	}
	return id, status, nil
}

func (c *Client) logf(format string, args ...any) {
	if c.Logf != nil {
		c.Logf(format, args...)
	}
}
