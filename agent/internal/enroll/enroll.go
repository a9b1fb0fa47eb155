// Package enroll registers an agent's public key with the results service (POST /api/agents).
package enroll

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
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

// Error is a refusal by the service.
type Error struct {
	Status int
	Body   string
}

func (e *Error) Error() string {
	return fmt.Sprintf("enrolment refused: server answered %d: %s", e.Status, strings.TrimSpace(e.Body))
}

// Enroll posts the key with the admin token.
func Enroll(ctx context.Context, server, token string, r Request) (*Agent, error) {
	body, _ := json.Marshal(r)
	url := strings.TrimRight(server, "/") + "/api/agents"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		return nil, fmt.Errorf("POST %s: %w", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode == http.StatusConflict {
		return nil, fmt.Errorf("%w: %s", ErrAlreadyEnrolled, strings.TrimSpace(string(b)))
	}
	if resp.StatusCode != http.StatusCreated && resp.StatusCode != http.StatusOK {
		return nil, &Error{Status: resp.StatusCode, Body: string(b)}
	}
	var a Agent
	if err := json.Unmarshal(b, &a); err != nil {
		return nil, fmt.Errorf("POST %s: answer %q: %w", url, b, err)
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
func PublicKey(ctx context.Context, server, id string) (string, error) {
	url := strings.TrimRight(server, "/") + "/api/agents/" + id
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		return "", fmt.Errorf("GET %s: %w", url, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GET %s: %d %s", url, resp.StatusCode, strings.TrimSpace(string(b)))
	}
	var a struct {
		PublicKey string `json:"publicKey"`
	}
	if err := json.Unmarshal(b, &a); err != nil || a.PublicKey == "" {
		return "", fmt.Errorf("GET %s: no publicKey in %q", url, b)
	}
	return a.PublicKey, nil
}
