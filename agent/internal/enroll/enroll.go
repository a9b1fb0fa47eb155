// Package enroll registers an agent's public key with the results service (POST /api/agents).
package enroll

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"podium.dev/agent/internal/client"
)

// Request is the body of POST /api/agents.
type Request struct {
	Name      string `json:"name"`
	PublicKey string `json:"publicKey"`
}

// Agent is the service's answer.
type Agent struct {
	ID    json.RawMessage `json:"id"` // a number or a string, printed as the service sent it
	KeyID string          `json:"keyid"`
}

// ErrAlreadyEnrolled means the service already has this public key (it answered 409).
var ErrAlreadyEnrolled = errors.New("this public key is already enrolled")

// ErrRefused means the service refused the enrolment; the error also carries the *client.Error.
var ErrRefused = errors.New("enrolment refused")

// Enroll posts the key with the admin token.
func Enroll(ctx context.Context, c *client.Client, token string, r Request) (*Agent, error) {
	body, _ := json.Marshal(r)
	_, answer, err := c.Do(ctx, client.Request{Method: http.MethodPost, Path: "/api/agents", Body: body,
		Header: http.Header{"Authorization": {"Bearer " + token}}})
	var e *client.Error
	switch {
	case errors.As(err, &e) && e.Status == http.StatusConflict:
		return nil, fmt.Errorf("%w: %w", ErrAlreadyEnrolled, err)
	case errors.As(err, &e):
		return nil, fmt.Errorf("%w: %w", ErrRefused, err)
	case err != nil:
		return nil, err
	}
	var a Agent
	if err := json.Unmarshal(answer, &a); err != nil {
		return nil, fmt.Errorf("POST /api/agents: answer %q: %w", answer, err)
	}
	return &a, nil
}

// Curl is the command an admin runs to enrol the key when the agent has no token.
func Curl(server string, r Request) string {
	body, _ := json.Marshal(r)
	return fmt.Sprintf("curl -fsS -X POST %s/api/agents -H 'Authorization: Bearer '\"$PODIUM_ADMIN_TOKEN\" -H 'Content-Type: application/json' -d '%s'",
		strings.TrimRight(server, "/"), body)
}

// PublicKey fetches an enrolled agent's public key (GET /api/agents/{id}), to re-verify its runs.
func PublicKey(ctx context.Context, c *client.Client, id string) (string, error) {
	_, answer, err := c.Do(ctx, client.Request{Method: http.MethodGet, Path: "/api/agents/" + url.PathEscape(id)})
	if err != nil {
		return "", err
	}
	var a struct {
		PublicKey string `json:"publicKey"`
	}
	if err := json.Unmarshal(answer, &a); err != nil || a.PublicKey == "" {
		return "", fmt.Errorf("GET /api/agents/%s: no publicKey in %q", id, answer)
	}
	return a.PublicKey, nil
}
