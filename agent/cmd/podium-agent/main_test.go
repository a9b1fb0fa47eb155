package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"podium.dev/agent/internal/testtarget"
)

// binary is podium-agent built once for these tests, run as a subprocess like a user or a runner would;
// contract is bench/contractserver, a target that honours (or breaks) the scenario contract.
var binary, contract string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "podium-agent-test-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "podium-agent")
	contract = filepath.Join(dir, "contractserver")
	for pkg, out := range map[string]string{".": binary, "../../bench/contractserver": contract} {
		if b, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "build %s: %v\n%s", pkg, err, b)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

const vectors = "../../../schema/testdata"

// agent runs podium-agent with PODIUM_HOME in home and returns its output and exit code.
func agent(t *testing.T, home string, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Env = append(append(os.Environ(), "PODIUM_HOME="+home), env...)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

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
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			select {
			case <-reached:
			case <-time.After(20 * time.Second):
				cmd.Process.Kill()
				t.Fatal("push never reached the server")
			}
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
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

func TestCommands(t *testing.T) {
	t.Parallel()
	keyVector := filepath.Join(vectors, "keys/test-agent.json")
	tests := []struct {
		name     string
		args     []string
		env      []string
		setup    func(t *testing.T, home string) []string // extra args
		wantCode int
		want     string
	}{
		{name: "keygen prints the key id and writes a 0600 key file", args: []string{"keygen", "--name", "bench-01"},
			wantCode: 0, want: "key id:"},
		{name: "verify accepts a vector envelope", args: []string{"verify", filepath.Join(vectors, "envelopes/full.dsse.json"), "--public-key", "qF7CmryXMt3VFxTKHZGRTxxIiUy94D6U6AmF8tlQnwY="},
			wantCode: 0, want: "signature OK"},
		{name: "verify accepts a v2 vector envelope", args: []string{"verify", filepath.Join(vectors, "envelopes/v2-full.dsse.json"), "--public-key", "qF7CmryXMt3VFxTKHZGRTxxIiUy94D6U6AmF8tlQnwY="},
			wantCode: 0, want: "payload v2, signature OK"},
		{name: "verify refuses a tampered envelope with exit 6", args: []string{"verify", filepath.Join(vectors, "envelopes/tampered-payload.dsse.json"), "--key", keyVector},
			wantCode: exitBadSig, want: "does not verify"},
		{name: "enroll without a token prints the curl for an admin", args: []string{"enroll", "--key", keyVector, "--server", "http://podium.example"},
			wantCode: 0, want: "curl -fsS -X POST http://podium.example/api/agents"},
		{name: "an unknown flag is a usage error", args: []string{"push", "--no-such-flag"}, wantCode: exitUsage, want: "unknown flag"},
		{name: "a missing explicit config file is a usage error", args: []string{"status", "--config", "/nonexistent/podium.json"}, wantCode: exitUsage},
		{name: "the server comes from the environment", args: []string{"status"}, env: []string{"PODIUM_SERVER=http://from-env:1"},
			wantCode: 0, want: "delivery to http://from-env:1"},
		{name: "the server comes from the config file", args: []string{"status"},
			setup: func(t *testing.T, home string) []string {
				p := filepath.Join(home, "c.json")
				os.WriteFile(p, []byte(`{"server":"http://from-file:2"}`), 0o600)
				return []string{"--config", p}
			}, wantCode: 0, want: "delivery to http://from-file:2"},
		{name: "a flag beats the environment", args: []string{"status", "--server", "http://from-flag:3"}, env: []string{"PODIUM_SERVER=http://from-env:1"},
			wantCode: 0, want: "delivery to http://from-flag:3"},
		{name: "push with nothing spooled succeeds", args: []string{"push", "--server", "http://127.0.0.1:1"}, wantCode: 0, want: "0 delivered"},
		{name: "push to a dead server keeps the run and exits 4", args: []string{"push", "--server", "http://127.0.0.1:1", "--max-attempts", "2", "--max-delay", "10ms"},
			setup: func(t *testing.T, home string) []string { spoolVector(t, home); return nil }, wantCode: exitUndelivered, want: "1 left"},
		{name: "status lists a waiting run", args: []string{"status"},
			setup: func(t *testing.T, home string) []string { spoolVector(t, home); return nil }, wantCode: 0, want: "0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01"},
		{name: "check with a missing manifest is a usage error", args: []string{"check", "--suite", "/nonexistent/suite.json"}, wantCode: exitUsage},
		{name: "run refuses a plan the schema would refuse", args: []string{"run", "--suite", "../../internal/run/testdata/suite.json", "--repeats", "101", "--key", keyVector},
			wantCode: exitUsage, want: "1 to 100 repeats"},
		{name: "run refuses a topology it does not know", args: []string{"run", "--suite", "../../internal/run/testdata/suite.json", "--topology", "single,haproxy-2", "--key", keyVector},
			wantCode: exitUsage, want: `unknown topology "haproxy-2"`},
		{name: "every command has --help", args: []string{"run", "--help"}, wantCode: 0, want: "--profile"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			home := t.TempDir()
			args := tc.args
			if tc.setup != nil {
				args = append(args, tc.setup(t, home)...)
			}
			out, code := agent(t, home, tc.env, args...)
			if code != tc.wantCode || !strings.Contains(out, tc.want) {
				t.Errorf("exit %d, want %d; output should contain %q:\n%s", code, tc.wantCode, tc.want, out)
			}
		})
	}
}

func TestVerifyWithTheKeyTheServicePublishes(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/agents/3" {
			http.NotFound(w, r)
			return
		}
		io.WriteString(w, `{"id":3,"name":"test-agent","publicKey":"qF7CmryXMt3VFxTKHZGRTxxIiUy94D6U6AmF8tlQnwY=","keyid":"d048a3fc"}`)
	}))
	defer srv.Close()
	home := t.TempDir()
	env := filepath.Join(vectors, "envelopes/minimal.dsse.json")
	if out, code := agent(t, home, nil, "verify", env, "--agent", "3", "--server", srv.URL); code != 0 || !strings.Contains(out, "signature OK") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	tampered := filepath.Join(vectors, "envelopes/tampered-payload.dsse.json")
	if out, code := agent(t, home, nil, "verify", tampered, "--agent", "3", "--server", srv.URL); code != exitBadSig {
		t.Errorf("tampered: exit %d, want %d:\n%s", code, exitBadSig, out)
	}
}

func TestKeygenThenEnroll(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	if out, code := agent(t, home, nil, "keygen"); code != 0 {
		t.Fatalf("keygen: %d\n%s", code, out)
	}
	st, err := os.Stat(filepath.Join(home, "agent-key.json"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("key file %v, %v; want mode 0600", st, err)
	}
	var mu sync.Mutex // the handler runs on the server's goroutines
	var got struct{ Name, PublicKey string }
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		auth := r.Header.Get("Authorization")
		json.NewDecoder(r.Body).Decode(&got)
		if auth != "Bearer s3cret" {
			w.WriteHeader(401)
			return
		}
		if got.Name == "again" {
			w.WriteHeader(409)
			io.WriteString(w, `{"title":"Conflict","status":409,"field":"publicKey"}`)
			return
		}
		w.WriteHeader(201)
		io.WriteString(w, `{"id":7,"keyid":""}`)
	}))
	defer srv.Close()
	out, code := agent(t, home, []string{"PODIUM_ADMIN_TOKEN=s3cret"}, "enroll", "--server", srv.URL, "--name", "bench-07")
	mu.Lock()
	sent := got
	mu.Unlock()
	if code != 0 || sent.Name != "bench-07" || sent.PublicKey == "" || !strings.Contains(out, "agent id 7") {
		t.Fatalf("enroll exit %d, sent %+v:\n%s", code, sent, out)
	}
	out, code = agent(t, home, []string{"PODIUM_ADMIN_TOKEN=wrong"}, "enroll", "--server", srv.URL, "--name", "bench-07")
	if code != exitEnroll {
		t.Errorf("a refused enrolment exited %d, want %d:\n%s", code, exitEnroll, out)
	}
	out, code = agent(t, home, []string{"PODIUM_ADMIN_TOKEN=s3cret"}, "enroll", "--server", srv.URL, "--name", "again")
	if code != 0 || !strings.Contains(out, "already enrolled") {
		t.Errorf("enrolling an enrolled key again exited %d, want 0 saying so:\n%s", code, out)
	}
	out, code = agent(t, home, nil, "keygen", "--if-missing")
	if code != 0 || !strings.Contains(out, "(kept)") {
		t.Errorf("keygen --if-missing with a key exited %d:\n%s", code, out)
	}
	if _, code = agent(t, home, nil, "keygen"); code == 0 {
		t.Errorf("keygen overwrote an existing key")
	}
}

// TestSignalStopsTheCommand: SIGTERM ends a push waiting on backoff with exit 130.
func TestSignalStopsTheCommand(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	spoolVector(t, home)
	hit := make(chan struct{}, 10)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(503)
		hit <- struct{}{}
	}))
	defer srv.Close()
	cmd := exec.Command(binary, "push", "--server", srv.URL)
	cmd.Env = append(os.Environ(), "PODIUM_HOME="+home)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.Start()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	select {
	case <-hit:
	case <-ctx.Done():
		cmd.Process.Kill()
		t.Fatal("no request")
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitInterrupted {
		t.Errorf("exit %v, want %d:\n%s", err, exitInterrupted, out.String())
	}
}

// TestCheckExitsNonZeroNamingEachFailure is the interface the suite's tests rely on.
func TestCheckExitsNonZeroNamingEachFailure(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	ports := freePorts(t, 3)
	manifest := filepath.Join(home, "suite.json")
	os.WriteFile(manifest, []byte(fmt.Sprintf(`{"name":"t","version":"1",
 "reference":{"name":"reference","start":[%[1]q,"-reference"],"port":%[2]d,"health":"/stats"},
 "targets":[
  {"name":"good","framework":"Good","frameworkVersion":"1","ioModel":"blocking","start":[%[1]q],"port":%[3]d,"health":"/plaintext","scenarios":["plaintext","json","proxy","delay"]},
  {"name":"broken","framework":"Broken","frameworkVersion":"1","ioModel":"blocking","start":[%[1]q,"-broken","json"],"port":%[4]d,"health":"/plaintext","scenarios":["plaintext","json"]}]}`,
		contract, ports[0], ports[1], ports[2])), 0o644)
	out, code := agent(t, home, nil, "check", "--suite", manifest)
	if code != exitCheck || !strings.Contains(out, "FAIL broken/json") || !strings.Contains(out, "ok   good") {
		t.Errorf("check exited %d, want %d naming broken/json:\n%s", code, exitCheck, out)
	}
	out, code = agent(t, home, nil, "check", "--suite", manifest, "--target", "good")
	if code != 0 || strings.Contains(out, "broken") {
		t.Errorf("check --target good exited %d:\n%s", code, out)
	}
	if out, code = agent(t, home, nil, "check", "--suite", manifest, "--target", "nope"); code != exitUsage {
		t.Errorf("check --target nope exited %d, want %d:\n%s", code, exitUsage, out)
	}
}

// TestRunSaysWhatItDidNotMeasure: the payload has no field for a target that broke the contract, so the
// summary after the run names it and why; its cells are not in the run.
func TestRunSaysWhatItDidNotMeasure(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("wrk"); err != nil {
		t.Skip("wrk is not installed (apt-get install -y wrk)")
	}
	home := t.TempDir()
	if out, code := agent(t, home, nil, "keygen"); code != 0 {
		t.Fatalf("keygen: %s", out)
	}
	manifest, payload := filepath.Join(home, "suite.json"), filepath.Join(home, "run.json")
	os.WriteFile(manifest, []byte(fmt.Sprintf(`{"name":"t","version":"1",
 "targets":[
  {"name":"good","framework":"Good","frameworkVersion":"1","ioModel":"blocking","start":[%[1]q],"health":"/plaintext","scenarios":["json"]},
  {"name":"broken","framework":"Broken","frameworkVersion":"1","ioModel":"blocking","start":[%[1]q,"-broken","json"],"health":"/plaintext","scenarios":["json"]}],
 "profiles":{"p":{"targets":["good","broken"],"scenarios":["json"],"connections":[2],"vcpus":[1],"durationSeconds":1,"repeats":1,
   "warmup":{"windowSeconds":1,"maxSeconds":1,"tolerance":0.5}}}}`, contract)), 0o644)
	out, code := agent(t, home, nil, "run", "--suite", manifest, "--profile", "p", "--output", payload)
	if code != exitCheck || !strings.Contains(out, "NOT MEASURED broken (1 vCPUs): json failed validation, not measured: GET /json") {
		t.Fatalf("run exited %d, want %d and a summary naming broken's json:\n%s", code, exitCheck, out)
	}
	b, _ := os.ReadFile(payload)
	if !strings.Contains(string(b), `"framework":"Good"`) || strings.Contains(string(b), `"framework":"Broken"`) {
		t.Errorf("the run should hold good's cell and not broken's:\n%s", b)
	}
}

func freePorts(t *testing.T, n int) []int {
	t.Helper()
	var ports []int
	for range n {
		port, err := testtarget.FreePort()
		if err != nil {
			t.Fatal(err)
		}
		ports = append(ports, port)
	}
	return ports
}

// TestRunKilledAfterSpoolingDeliversOnce: `run --push` is SIGKILLed while its push is in flight (the run
// is spooled, the service has stored it, the agent never hears back); the target dies with the agent, and
// a later push delivers the run exactly once.
func TestRunKilledAfterSpoolingDeliversOnce(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("wrk"); err != nil {
		t.Skip("wrk is not installed (apt-get install -y wrk): skipping run --push")
	}
	home := t.TempDir()
	if out, code := agent(t, home, nil, "keygen"); code != 0 {
		t.Fatalf("keygen: %s", out)
	}
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
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-reached:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("run never pushed:\n%s", out.String())
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
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

// doctor runs on this machine: it prints the settings it found, and exits 9 exactly when it lists something to fix.
func TestDoctorOnThisHost(t *testing.T) {
	t.Parallel()
	out, code := agent(t, t.TempDir(), nil, "doctor", "--suite", "../../internal/run/testdata/suite.json", "--sample", "200ms")
	if !strings.Contains(out, "Settings:") || !strings.Contains(out, "somaxconn") {
		t.Errorf("doctor printed no settings:\n%s", out)
	}
	unstable := strings.Contains(out, "would make this host's numbers unstable:")
	if (code == exitUnstable) != unstable || (code != exitUnstable && code != 0) {
		t.Errorf("exit %d with findings %v:\n%s", code, unstable, out)
	}
	if _, code := agent(t, t.TempDir(), nil, "doctor", "--sample", "soon"); code != exitUsage {
		t.Errorf("a bad --sample: exit %d, want %d", code, exitUsage)
	}
}
