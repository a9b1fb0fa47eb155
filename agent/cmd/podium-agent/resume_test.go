package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"podium.dev/agent/internal/resume"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/sign"
)

// partsServer is POST /api/runs keeping every envelope by its payload's runId; a runId sent again with other
// bytes is a 409, as the service answers.
type partsServer struct {
	mu        sync.Mutex
	stored    map[string][]byte
	conflicts []string
}

func (s *partsServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	env, err := sign.ParseEnvelope(body)
	var p struct {
		RunID string `json:"runId"`
	}
	var payload []byte
	if err == nil {
		payload, err = base64.StdEncoding.DecodeString(env.Payload)
	}
	if err != nil || json.Unmarshal(payload, &p) != nil || p.RunID == "" {
		http.Error(w, "bad envelope", 400)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch old, ok := s.stored[p.RunID]; {
	case !ok:
		s.stored[p.RunID] = body
		w.WriteHeader(201)
	case bytes.Equal(old, body):
		w.WriteHeader(200)
	default:
		s.conflicts = append(s.conflicts, p.RunID)
		w.WriteHeader(409)
	}
	fmt.Fprintf(w, `{"id":%q}`, p.RunID)
}

// resumeSuite is three real targets (bench/contractserver) measured with real wrk, one json cell each.
func resumeSuite(t *testing.T, home string) string {
	manifest := filepath.Join(home, "suite.json")
	var targets []string
	for _, n := range []string{"alpha", "beta", "gamma"} {
		targets = append(targets, fmt.Sprintf(`{"name":%q,"framework":"F-%s","frameworkVersion":"1","ioModel":"blocking","start":[%q],"health":"/plaintext","scenarios":["json","plaintext"]}`, n, n, contract))
	}
	os.WriteFile(manifest, []byte(`{"name":"t","version":"1","targets":[`+strings.Join(targets, ",")+`],
 "profiles":{"p":{"targets":["alpha","beta","gamma"],"scenarios":["json","plaintext"],"connections":[2],"vcpus":[1],"durationSeconds":1,"repeats":1,
   "warmup":{"windowSeconds":1,"maxSeconds":1,"tolerance":0.5}}}}`), 0o644)
	return manifest
}

// TestRunInterruptedAndResumedKeepsEveryCellOnce is issue 24's test: a real run (three real targets, real wrk,
// --push to a service) is interrupted with SIGTERM and, separately, SIGKILL at a random moment after its first
// target is kept; the spool (or the service) keeps every finished target; `run --resume` measures the rest; the
// service then holds parts that all verify, share one run, name every planned target and hold every planned
// cell exactly once.
func TestRunInterruptedAndResumedKeepsEveryCellOnce(t *testing.T) {
	needWrk(t)
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			home := keyedHome(t)
			key, err := sign.LoadKey(filepath.Join(home, "agent-key.json"))
			if err != nil {
				t.Fatal(err)
			}
			srv := &partsServer{stored: map[string][]byte{}}
			hs := httptest.NewServer(srv)
			defer hs.Close()
			manifest := resumeSuite(t, home)
			flags := []string{"run", "--suite", manifest, "--profile", "p", "--baseline=false", "--push", "--server", hs.URL}

			cmd := exec.Command(binary, flags...)
			cmd.Env = append(os.Environ(), "PODIUM_HOME="+home)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// after the first target is kept, at a random moment of the next one
			deadline := time.Now().Add(60 * time.Second)
			for {
				st, _ := resume.Load(home)
				if st != nil && len(st.Kept) >= 1 {
					break
				}
				if time.Now().After(deadline) {
					cmd.Process.Kill()
					t.Fatalf("no target kept within a minute:\n%s", out.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			time.Sleep(time.Duration(rand.Int64N(int64(2500 * time.Millisecond))))
			cmd.Process.Signal(sig)
			err = cmd.Wait()
			st, lerr := resume.Load(home)
			if lerr != nil || st == nil || st.Finished {
				t.Fatalf("state after %s: %+v, %v\n%s", sig, st, lerr, out.String())
			}
			if st.Finished || len(st.Kept) == len(st.Planned) {
				t.Skipf("the run finished before the %s (%v):\n%s", sig, err, out.String()) // a slow signal on a busy host
			}
			if sig == syscall.SIGTERM {
				if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitInterrupted || !strings.Contains(out.String(), "--resume") {
					t.Errorf("SIGTERM: exit %v, want %d and how to resume:\n%s", err, exitInterrupted, out.String())
				}
			}
			// every kept target's parts are in the spool or at the service
			for i := 1; i < st.NextPart; i++ {
				id := run.PartID(st.RunID, i)
				_, inSpool := os.Stat(filepath.Join(home, "spool", "pending", id+".dsse.json"))
				srv.mu.Lock()
				_, atService := srv.stored[id]
				srv.mu.Unlock()
				if inSpool != nil && !atService {
					t.Errorf("part %d (%s) of the interrupted run is neither in the spool nor at the service", i, id)
				}
			}
			keptBefore := len(st.Kept)

			// resuming with other flags names the difference and changes nothing
			o, code := agent(t, home, nil, append(slices.Clone(flags), "--resume", "--repeats", "2")...)
			if code != exitUsage || !strings.Contains(o, "--repeats was 0, now 2") {
				t.Errorf("--resume with --repeats 2 exited %d, want %d naming --repeats:\n%s", code, exitUsage, o)
			}
			if o, code := agent(t, home, nil, append(slices.Clone(flags), "--resume")...); code != 0 {
				t.Fatalf("--resume exited %d:\n%s\nfirst run:\n%s", code, o, out.String())
			} else if !strings.Contains(o, "resuming run "+st.RunID) || strings.Count(o, "kept by the interrupted run, not measured again") != keptBefore {
				t.Errorf("--resume should say it resumes %s and skip the %d kept targets:\n%s", st.RunID, keptBefore, o)
			}
			if left, _ := filepath.Glob(filepath.Join(home, "spool", "pending", "*.dsse.json")); len(left) != 0 {
				t.Errorf("spool still holds %v after the resumed run's push", left)
			}
			checkParts(t, srv, key, st.RunID)
			if o, code := agent(t, home, nil, append(slices.Clone(flags), "--resume")...); code != exitUsage || !strings.Contains(o, "nothing to resume") {
				t.Errorf("--resume after the run finished exited %d, want %d:\n%s", code, exitUsage, o)
			}
		})
	}
}

// checkParts: the service's envelopes all verify, belong to one run, and hold every planned cell exactly once.
func checkParts(t *testing.T, srv *partsServer, key *sign.Key, runID string) {
	t.Helper()
	srv.mu.Lock()
	defer srv.mu.Unlock()
	if len(srv.conflicts) > 0 {
		t.Errorf("parts sent again with other bytes: %v", srv.conflicts)
	}
	schema, err := jsonschema.NewCompiler().Compile(filepath.Join("..", "..", "..", "schema", "run.v2.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	cells := map[string]int{}
	indexes := map[int]bool{}
	var planned []run.TargetSlot
	kept := map[run.TargetSlot]string{}
	for id, body := range srv.stored {
		env, err := sign.ParseEnvelope(body)
		if err != nil {
			t.Fatal(err)
		}
		payload, err := sign.Verify(env, key.Public())
		if err != nil {
			t.Errorf("part %s does not verify: %v", id, err)
			continue
		}
		var p run.Run
		if err := json.Unmarshal(payload, &p); err != nil || p.Part == nil {
			t.Fatalf("part %s: %v, part %v", id, err, p.Part)
		}
		if p.Part.RunID != runID || p.RunID != run.PartID(runID, p.Part.Index) || indexes[p.Part.Index] {
			t.Errorf("part %s: run %s index %d, want a new index of run %s", id, p.Part.RunID, p.Part.Index, runID)
		}
		indexes[p.Part.Index] = true
		planned = p.Part.Planned
		for _, k := range p.Part.Targets {
			kept[k.TargetSlot] = k.Status
		}
		if err := schema.Validate(mustJSON(t, payload)); err != nil {
			t.Errorf("part %d breaks the schema: %v", p.Part.Index, err)
		}
		for _, c := range p.Results {
			cells[fmt.Sprintf("%s/%s/c=%d/k=%d/%s", c.Framework, c.Scenario, c.Connections, c.VCPUs, c.TopologyName())]++
		}
	}
	if len(planned) != 3 {
		t.Fatalf("planned %v, want the 3 targets", planned)
	}
	for _, s := range planned {
		if kept[s] != run.TargetDone {
			t.Errorf("%s: %q, want done", s, kept[s])
		}
		for _, sc := range []string{"json", "plaintext"} {
			if n := cells[fmt.Sprintf("F-%s/%s/c=2/k=1/single", s.Target, sc)]; n != 1 {
				t.Errorf("%s %s: %d cells at the service, want exactly 1 (%v)", s.Target, sc, n, cells)
			}
		}
	}
	if len(cells) != 6 {
		t.Errorf("%d distinct cells, want 6: %v", len(cells), cells)
	}
}

func mustJSON(t *testing.T, b []byte) any {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestResumeKeepsPartsSpooledBeforeTheStateWasSaved: the agent died between spooling targets' parts and saving its
// state (the state is rolled back to its first target to stand for that); --resume keeps those parts instead of
// measuring their targets again, and the service gets every cell once.
func TestResumeKeepsPartsSpooledBeforeTheStateWasSaved(t *testing.T) {
	needWrk(t)
	t.Parallel()
	home := keyedHome(t)
	key, err := sign.LoadKey(filepath.Join(home, "agent-key.json"))
	if err != nil {
		t.Fatal(err)
	}
	manifest := resumeSuite(t, home)
	flags := []string{"run", "--suite", manifest, "--profile", "p", "--baseline=false"}
	if out, code := agent(t, home, nil, flags...); code != 0 {
		t.Fatalf("run exited %d:\n%s", code, out)
	}
	st, err := resume.Load(home)
	if err != nil || st == nil || !st.Finished || st.NextPart != 4 {
		t.Fatalf("state after the run: %+v, %v", st, err)
	}
	st.Finished, st.Kept, st.NextPart = false, st.Kept[:1], 2
	if err := st.Save(home); err != nil {
		t.Fatal(err)
	}
	// a run without --resume says the interrupted one can be resumed (this one then fails on its target, and the
	// interrupted run's state is put back)
	saved, _ := os.ReadFile(filepath.Join(home, resume.File))
	if out, code := agent(t, home, nil, append(slices.Clone(flags), "--target", "nope")...); code == 0 ||
		!strings.Contains(out, "run "+st.RunID+" in "+home+" was interrupted (1 of 3 targets kept): it can be resumed with `podium-agent run --resume`") {
		t.Errorf("a new run exited %d and should say the interrupted one can be resumed:\n%s", code, out)
	}
	os.WriteFile(filepath.Join(home, resume.File), saved, 0o600)
	srv := &partsServer{stored: map[string][]byte{}}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	out, code := agent(t, home, nil, append(flags, "--resume", "--push", "--server", hs.URL)...)
	if code != 0 || strings.Contains(out, "starting ") || !strings.Contains(out, "3 of 3 targets kept") {
		t.Fatalf("--resume exited %d; it should measure nothing and find the 3 targets kept:\n%s", code, out)
	}
	checkParts(t, srv, key, st.RunID)
}
