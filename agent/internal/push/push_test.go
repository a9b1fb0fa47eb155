package push

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"podium.dev/agent/internal/client"
	"podium.dev/agent/internal/spool"
)

// script answers the n-th request with the n-th step (the last one repeats).
type script []func(w http.ResponseWriter, r *http.Request)

func answer(status int, header, body string) func(http.ResponseWriter, *http.Request) {
	return func(w http.ResponseWriter, _ *http.Request) {
		if k, v, ok := strings.Cut(header, ": "); ok {
			w.Header().Set(k, v)
		}
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
}

// drop closes the connection after reading the request, without any answer.
func drop(w http.ResponseWriter, r *http.Request) {
	io.Copy(io.Discard, r.Body)
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		conn.Close()
	}
}

type server struct {
	*httptest.Server
	mu     sync.Mutex
	bodies []string
}

func newServer(t *testing.T, s script) *server {
	srv := &server{}
	srv.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/runs" || r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		b, _ := io.ReadAll(r.Body)
		srv.mu.Lock()
		n := len(srv.bodies)
		srv.bodies = append(srv.bodies, string(b))
		srv.mu.Unlock()
		r.Body = io.NopCloser(strings.NewReader(""))
		s[min(n, len(s)-1)](w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (s *server) requests() int { s.mu.Lock(); defer s.mu.Unlock(); return len(s.bodies) }

func TestPush(t *testing.T) {
	t.Parallel()
	const problem = `{"type":"about:blank","title":"Unprocessable","status":422,"detail":"vcpus must be at least 1","field":"results[0].vcpus"}`
	tests := []struct {
		name        string
		script      script
		wantErr     error
		wantReqs    int
		wantPending int
		wantReject  int
		wantWaits   []time.Duration // minimum of each wait
		check       func(t *testing.T, s *spool.Spool)
	}{
		{name: "503 then 201 delivers after one retry",
			script:   script{answer(503, "", ""), answer(201, "", `{"id":42}`)},
			wantReqs: 1 + 1, wantWaits: []time.Duration{0},
			check: func(t *testing.T, s *spool.Spool) {
				if last, _ := s.Last(); last == nil || last.ID != "42" || last.Status != 201 {
					t.Errorf("last delivery %+v, want id 42 status 201", last)
				}
			}},
		{name: "429 with Retry-After waits at least that long",
			script:   script{answer(429, "Retry-After: 3", ""), answer(201, "", `{"id":"a"}`)},
			wantReqs: 2, wantWaits: []time.Duration{3 * time.Second}},
		{name: "200 for a run the service already has counts as delivered",
			script:   script{answer(200, "", `{"id":"a"}`)},
			wantReqs: 1},
		{name: "422 moves the run to rejected with the reason",
			script:  script{answer(422, "Content-Type: application/problem+json", problem)},
			wantErr: ErrRejected, wantReqs: 1, wantReject: 1,
			check: func(t *testing.T, s *spool.Spool) {
				r, _ := s.Rejected()
				if len(r) != 1 {
					t.Fatalf("rejected %+v", r)
				}
				if reason, _ := s.Problem(r[0].RunID); string(reason) != problem {
					t.Errorf("reason %q, want the server's problem+json", reason)
				}
			}},
		{name: "409 is a permanent refusal",
			script:  script{answer(409, "", `{"title":"Conflict","status":409,"field":"runId"}`)},
			wantErr: ErrRejected, wantReqs: 1, wantReject: 1},
		{name: "a dropped connection is retried",
			script:   script{drop, answer(201, "", `{"id":"b"}`)},
			wantReqs: 2, wantWaits: []time.Duration{0}},
		{name: "a 500 is neither retried nor rejected: the run stays",
			script:  script{answer(500, "", "boom")},
			wantErr: ErrUndelivered, wantReqs: 1, wantPending: 1},
		{name: "retries give up after the attempts and keep the run",
			script:  script{answer(503, "Retry-After: 1", "")},
			wantErr: ErrUndelivered, wantReqs: 3, wantPending: 1,
			wantWaits: []time.Duration{time.Second, time.Second}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := newServer(t, tc.script)
			s, err := spool.Open(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			envelope := `{"payloadType":"application/vnd.podium.run.v1+json","payload":"e30=","signatures":[]}`
			if _, err := s.Add("0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01", []byte(envelope)); err != nil {
				t.Fatal(err)
			}
			var waits []time.Duration
			c := &Client{client.Client{Server: srv.URL, MaxAttempts: 3, MaxDelay: 10 * time.Second,
				Sleep: func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }}}
			_, err = c.Push(context.Background(), s)
			if !errors.Is(err, tc.wantErr) || (tc.wantErr == nil && err != nil) {
				t.Errorf("err %v, want %v", err, tc.wantErr)
			}
			if n := srv.requests(); n != tc.wantReqs {
				t.Errorf("%d requests, want %d", n, tc.wantReqs)
			}
			for _, b := range srv.bodies {
				if b != envelope {
					t.Errorf("sent %q, want the spooled envelope byte for byte", b)
				}
			}
			p, _ := s.Pending()
			r, _ := s.Rejected()
			if len(p) != tc.wantPending || len(r) != tc.wantReject {
				t.Errorf("%d pending, %d rejected; want %d, %d", len(p), len(r), tc.wantPending, tc.wantReject)
			}
			if len(waits) != len(tc.wantWaits) {
				t.Fatalf("waited %v, want %d waits", waits, len(tc.wantWaits))
			}
			for i, w := range waits {
				if w < tc.wantWaits[i] || w > c.MaxDelay {
					t.Errorf("wait %d was %s, want between %s and %s", i, w, tc.wantWaits[i], c.MaxDelay)
				}
			}
			if tc.check != nil {
				tc.check(t, s)
			}
		})
	}
}
