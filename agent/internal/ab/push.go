package ab

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"podium.dev/agent/internal/client"
	"podium.dev/agent/internal/sign"
)

// Pushed is what the service answered to a pushed comparison: its id, 201 (new) or 200 (already there), and the
// page of the site that shows it.
type Pushed struct {
	ID     string
	Status int
	URL    string
}

// Push signs the report's JSON (the exact bytes written with --json) with the agent's key as a DSSE envelope of
// PayloadType and posts it to the service's /api/ab with the client's retry rule, as runs are pushed.
func Push(ctx context.Context, c *client.Client, key *sign.Key, report []byte) (Pushed, error) {
	envelope := key.SignAs(PayloadType, report).Marshal()
	status, body, err := c.Do(ctx, client.Request{Method: http.MethodPost, Path: "/api/ab", Body: envelope})
	if err != nil {
		return Pushed{Status: status}, err
	}
	var answer struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(body, &answer); err != nil || answer.ID == "" {
		return Pushed{Status: status}, fmt.Errorf("the service answered %d without a comparison id: %.200s", status, body)
	}
	return Pushed{ID: answer.ID, Status: status, URL: strings.TrimRight(c.Server, "/") + "/ab/" + answer.ID}, nil
}
