package run

// A run's bytes: the payload as JSON, and a run too large for one submission cut into runs of whole cells.

import (
	"encoding/json"
	"fmt"
)

// Marshal is the payload's byte form: compact JSON (a full profile's run is close to the service's 1 MiB limit).
func (r *Run) Marshal() ([]byte, error) {
	return json.Marshal(r)
}

// envelopeOverhead is what a DSSE envelope adds around the base64 payload: payloadType, one keyid and
// signature, the JSON punctuation and indentation (generously rounded up).
const envelopeOverhead = 512

// Split cuts a run whose signed envelope would exceed maxEnvelope bytes into runs of whole cells under the
// limit, each with its own runId (the first keeps the original); the service limits each submission.
func (r *Run) Split(maxEnvelope int) ([]*Run, error) {
	maxPayload := (maxEnvelope - envelopeOverhead) / 4 * 3 // base64 grows 3 bytes into 4
	full, err := r.Marshal()
	if err != nil {
		return nil, err
	}
	if len(full) <= maxPayload {
		return []*Run{r}, nil
	}
	empty := *r
	empty.Results = nil
	base, err := empty.Marshal()
	if err != nil {
		return nil, err
	}
	var parts []*Run
	cur, size := []Cell(nil), len(base)+2
	flush := func() {
		part := *r
		part.Results = cur
		if len(parts) > 0 {
			part.RunID = NewRunID()
		}
		parts = append(parts, &part)
		cur, size = nil, len(base)+2
	}
	for i, c := range r.Results {
		b, err := json.Marshal(c)
		if err != nil {
			return nil, err
		}
		if len(base)+2+len(b) > maxPayload {
			return nil, fmt.Errorf("cell %d alone (%d bytes) exceeds the %d-byte limit", i, len(b), maxEnvelope)
		}
		if size+len(b)+1 > maxPayload {
			flush()
		}
		cur = append(cur, c)
		size += len(b) + 1
	}
	flush()
	return parts, nil
}
