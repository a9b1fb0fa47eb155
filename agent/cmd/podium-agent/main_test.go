package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
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

// keyedHome is a fresh agent home holding a key made by `keygen`.
func keyedHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	if out, code := agent(t, home, nil, "keygen"); code != 0 {
		t.Fatalf("keygen: %s", out)
	}
	return home
}

// needWrk skips a test that measures, on a host without wrk.
func needWrk(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("wrk"); err != nil {
		t.Skip("wrk is not installed (apt-get install -y wrk)")
	}
}

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
	needWrk(t)
	home := keyedHome(t)
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
