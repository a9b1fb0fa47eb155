package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"podium.dev/agent/internal/testtarget"
)

// runsServer is an idempotent POST /api/runs: it stores each runId once, answers 201 the first time and
// 200 for the same bytes again, like the backend.
type runsServer struct {
	mu     sync.Mutex
	stored map[string]string
	posts  int
	// hook runs before the n-th POST (0-based) is handled; it may block, and answers it when it returns true.
	hook func(n int, runID, body string, w http.ResponseWriter) bool
}

func (s *runsServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var env struct{ Payload []byte }
	var run struct {
		RunID string `json:"runId"`
	}
	json.Unmarshal(body, &env)
	json.Unmarshal(env.Payload, &run)
	s.mu.Lock()
	n := s.posts
	s.posts++
	s.mu.Unlock()
	if s.hook != nil && s.hook(n, run.RunID, string(body), w) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.stored[run.RunID]; ok {
		w.WriteHeader(200)
	} else {
		s.stored[run.RunID] = string(body)
		w.WriteHeader(201)
	}
	fmt.Fprintf(w, `{"id":%q}`, run.RunID)
}

func (s *runsServer) counts() (stored, posts int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.stored), s.posts
}

func spoolVector(t *testing.T, home string) string {
	t.Helper()
	env, err := os.ReadFile(filepath.Join(vectors, "envelopes/minimal.dsse.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(home, "spool", "pending")
	os.MkdirAll(dir, 0o700)
	path := filepath.Join(dir, "0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01.dsse.json")
	if err := os.WriteFile(path, env, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestKilledPushDeliversExactlyOnce SIGKILLs podium-agent push at the worst moments and restarts it:
// the service ends up with the run exactly once and the spool ends up empty.
func TestKilledPushDeliversExactlyOnce(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		// first answers the first POST; it signals reached once the agent is where it should be killed.
		first func(s *runsServer, runID, body string, w http.ResponseWriter, reached chan<- struct{}, release <-chan struct{}) bool
	}{
		{"killed after the service stored the run, before the agent heard back", func(s *runsServer, runID, body string, w http.ResponseWriter, reached chan<- struct{}, release <-chan struct{}) bool {
			s.mu.Lock()
			s.stored[runID] = body
			s.mu.Unlock()
			close(reached)
			<-release // the answer never reaches the killed agent
			return true
		}},
		{"killed while waiting to retry a 503", func(_ *runsServer, _, _ string, w http.ResponseWriter, reached chan<- struct{}, _ <-chan struct{}) bool {
			w.Header().Set("Retry-After", "30")
			w.WriteHeader(503)
			close(reached)
			return true
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			home := t.TempDir()
			pending := spoolVector(t, home)
			reached, release := make(chan struct{}), make(chan struct{})
			s := &runsServer{stored: map[string]string{}}
			s.hook = func(n int, runID, body string, w http.ResponseWriter) bool {
				if n == 0 {
					return tc.first(s, runID, body, w, reached, release)
				}
				return false
			}
			srv := httptest.NewServer(s)
			defer srv.Close()
			defer close(release)

			cmd := exec.Command(binary, "push", "--server", srv.URL)
			cmd.Env = append(os.Environ(), "PODIUM_HOME="+home)
			killWhenReached(t, cmd, reached, 20*time.Second, func() string { return "push never reached the server" })
			if _, err := os.Stat(pending); err != nil {
				t.Fatalf("the killed push lost the spooled run: %v", err)
			}

			out, code := agent(t, home, nil, "push", "--server", srv.URL)
			if code != 0 {
				t.Fatalf("restarted push exited %d:\n%s", code, out)
			}
			stored, posts := s.counts()
			if stored != 1 || posts != 2 {
				t.Errorf("service has %d runs after %d POSTs, want 1 run after 2", stored, posts)
			}
			if _, err := os.Stat(pending); !os.IsNotExist(err) {
				t.Errorf("the delivered run is still in the spool (%v)", err)
			}
			out, code = agent(t, home, nil, "push", "--server", srv.URL)
			if _, posts := s.counts(); code != 0 || posts != 2 {
				t.Errorf("a third push sent again (posts %d, exit %d):\n%s", posts, code, out)
			}
		})
	}
}

// killWhenReached starts cmd and SIGKILLs it once the server closes reached; if that takes longer than wait, cmd is
// killed and the test fails saying what did not happen (failure is called then, so that it can show cmd's output).
func killWhenReached(t *testing.T, cmd *exec.Cmd, reached <-chan struct{}, wait time.Duration, failure func() string) {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-reached:
	case <-time.After(wait):
		cmd.Process.Kill()
		t.Fatal(failure())
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
}

func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		ports = append(ports, testtarget.Port(t))
	}
	return ports
}

// TestRunKilledAfterSpoolingDeliversOnce: `run --push` is SIGKILLed while its push is in flight (the run
// is spooled, the service has stored it, the agent never hears back); the target dies with the agent, and
// a later push delivers the run exactly once.
func TestRunKilledAfterSpoolingDeliversOnce(t *testing.T) {
	t.Parallel()
	needWrk(t)
	home := keyedHome(t)
	port := freePorts(t, 1)[0]
	manifest := filepath.Join(home, "suite.json")
	os.WriteFile(manifest, []byte(fmt.Sprintf(`{"name":"t","version":"1",
 "targets":[{"name":"good","framework":"Good","frameworkVersion":"1","ioModel":"blocking","start":[%q],"port":%d,"health":"/plaintext","scenarios":["plaintext"]}],
 "profiles":{"p":{"targets":["good"],"scenarios":["plaintext"],"connections":[4],"vcpus":[1],"durationSeconds":1,"repeats":1,
   "warmup":{"windowSeconds":1,"maxSeconds":1,"tolerance":0.03}}}}`, contract, port)), 0o644)

	reached, release := make(chan struct{}), make(chan struct{})
	s := &runsServer{stored: map[string]string{}}
	s.hook = func(n int, runID, body string, w http.ResponseWriter) bool {
		if n > 0 {
			return false
		}
		s.mu.Lock()
		s.stored[runID] = body // stored, but the answer never reaches the agent
		s.mu.Unlock()
		close(reached)
		<-release
		return true
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	defer close(release)

	cmd := exec.Command(binary, "run", "--suite", manifest, "--profile", "p", "--push", "--server", srv.URL)
	cmd.Env = append(os.Environ(), "PODIUM_HOME="+home)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	killWhenReached(t, cmd, reached, 60*time.Second, func() string { return "run never pushed:\n" + out.String() })
	pending, _ := filepath.Glob(filepath.Join(home, "spool", "pending", "*.dsse.json"))
	if len(pending) != 1 {
		t.Fatalf("%d runs spooled after the kill, want 1:\n%s", len(pending), out.String())
	}
	deadline := time.Now().Add(30 * time.Second) // polled: a busy machine only makes it slower, not wrong
	// the target dies with the agent (parent-death signal)
	for {
		c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Errorf("the target outlived the killed agent")
			break
		}
		time.Sleep(50 * time.Millisecond)
	}

	if o, code := agent(t, home, nil, "push", "--server", srv.URL); code != 0 {
		t.Fatalf("push after the kill exited %d:\n%s", code, o)
	}
	stored, posts := s.counts()
	if stored != 1 || posts != 2 {
		t.Errorf("service has %d runs after %d POSTs, want 1 after 2", stored, posts)
	}
	if left, _ := filepath.Glob(filepath.Join(home, "spool", "pending", "*.dsse.json")); len(left) != 0 {
		t.Errorf("spool still holds %v", left)
	}
}
