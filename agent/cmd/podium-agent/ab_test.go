package main

import (
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"podium.dev/agent/internal/ab"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/sign"
	"podium.dev/agent/internal/testtarget"
)

// ab refuses what it cannot measure before it starts anything, naming the flag (exit 2).
func TestABRefusesBadVariantsBeforeMeasuring(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"ab"}, "--target is required"},
		{[]string{"ab", "--suite", standardSuite, "--target", "tomcat", "--rounds", "1"}, "--rounds 1: 2 to 10"},
		{[]string{"ab", "--suite", standardSuite, "--target", "tomcat", "--b-env", "NOEQUALS"}, `--b-env "NOEQUALS": want KEY=VALUE`},
		{[]string{"ab", "--suite", standardSuite, "--target", "nope"}, `has no target "nope"`},
	} {
		out, code := agent(t, t.TempDir(), nil, tc.args...)
		if code != 2 || !strings.Contains(out, tc.want) || strings.Contains(out, "starting ") {
			t.Errorf("%v: exit %d, want 2 saying %q and starting nothing:\n%s", tc.args, code, tc.want, out)
		}
	}
}

// Refused before anything is built: a commit the repository does not have, a framework version for a target whose
// framework has no Maven property to set (the JDK's HttpServer is the JDK).
func TestABRefusesAnUnknownCommitAndAVersionItCannotBuild(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--target", "tomcat", "--b-commit", "no-such-commit-anywhere"}, `--b-commit: unknown commit "no-such-commit-anywhere"`},
		{[]string{"--target", "tomcat", "--a-commit", "--upload-pack=x"}, `--a-commit: unknown commit "--upload-pack=x"`},
		{[]string{"--target", "jdk-httpserver", "--b-framework-version", "25"}, "target jdk-httpserver cannot be built against another version"},
	} {
		out, code := agent(t, t.TempDir(), nil, append([]string{"ab", "--suite", standardSuite}, tc.args...)...)
		if code != 2 || !strings.Contains(out, tc.want) || strings.Contains(out, "building") || strings.Contains(out, "starting ") {
			t.Errorf("%v: exit %d, want 2 saying %q and building nothing:\n%s", tc.args, code, tc.want, out)
		}
	}
}

// --b-framework-version builds the one module against that release the way run --framework-version does: a copy of
// the suite in the build folder whose POM holds the version, built by the Maven command given. A Maven that fails
// here (it records what it was asked) stops the A/B with the build's error, measuring nothing.
func TestABBuildsTheVersionVariantInACopyOfTheSuite(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	record := filepath.Join(dir, "maven-args")
	maven := filepath.Join(dir, "mvn")
	if err := os.WriteFile(maven, []byte("#!/bin/sh\necho \"$@\" > "+record+"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	builds := filepath.Join(dir, "builds")
	out, code := agent(t, t.TempDir(), nil, "ab", "--suite", standardSuite, "--target", "jetty", "--b-framework-version", "12.1.12",
		"--maven", maven+" -B -ntp", "--maven-repository", "http://127.0.0.1:1", "--build-dir", builds)
	if code != 1 || !strings.Contains(out, "build failed") || strings.Contains(out, "starting ") {
		t.Fatalf("exit %d, want 1 with the build's error and nothing started:\n%s", code, out)
	}
	args, err := os.ReadFile(record)
	pom := filepath.Join(builds, "jetty-12.1.12", "pom.xml")
	if want := "-B -ntp -f " + pom + " package\n"; err != nil || string(args) != want {
		t.Errorf("Maven was called with %q (%v), want %q", args, err, want)
	}
	copied, err := os.ReadFile(filepath.Join(builds, "jetty-12.1.12", "jetty", "pom.xml"))
	parent, _ := os.ReadFile(pom)
	if err != nil || !strings.Contains(string(copied)+string(parent), "<jetty.version>12.1.12</jetty.version>") {
		t.Errorf("the copy's POMs do not set jetty.version to 12.1.12 (%v)", err)
	}
}

// abServer is POST /api/ab as the service answers it: it checks the envelope's signature with the test agent's
// public key and keeps the payload, answering 201 with the run id; or, with refuse set, a 422 problem.
type abServer struct {
	t       *testing.T
	refuse  bool
	payload []byte
}

func (s *abServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if r.Method != http.MethodPost || r.URL.Path != "/api/ab" {
		http.NotFound(w, r)
		return
	}
	if s.refuse {
		w.Header().Set("Content-Type", "application/problem+json")
		w.WriteHeader(422)
		fmt.Fprint(w, `{"title":"Invalid comparison","detail":"cells[0].figures[0].ratio: must be positive","status":422}`)
		return
	}
	// DSSE checked by hand: sign.Verify knows only the run payload types
	env, err := sign.ParseEnvelope(body)
	pub, _ := sign.ParsePublicKey("qF7CmryXMt3VFxTKHZGRTxxIiUy94D6U6AmF8tlQnwY=")
	payload, _ := base64.StdEncoding.DecodeString(env.Payload)
	sig := []byte{}
	if len(env.Signatures) == 1 {
		sig, _ = base64.StdEncoding.DecodeString(env.Signatures[0].Sig)
	}
	if err != nil || env.PayloadType != ab.PayloadType || !ed25519.Verify(pub, sign.PAE(env.PayloadType, payload), sig) {
		w.WriteHeader(401)
		fmt.Fprintf(w, `{"title":"Unauthorized","detail":"%v %s"}`, err, env.PayloadType)
		return
	}
	// and the payload is an A/B as the schema says, as the service checks it
	if err := abSchema(s.t).Validate(mustJSON(s.t, payload)); err != nil {
		w.WriteHeader(422)
		fmt.Fprintf(w, `{"title":"Invalid comparison","detail":%q}`, err.Error())
		return
	}
	s.payload = payload
	var rep struct {
		RunID string `json:"runId"`
	}
	json.Unmarshal(payload, &rep)
	w.WriteHeader(201)
	fmt.Fprintf(w, `{"id":%q}`, rep.RunID)
}

func abReport(t *testing.T, dir string) (string, []byte) {
	t.Helper()
	low, high, det := 0.88, 0.92, 0.021
	r := ab.Report{SchemaVersion: 1, Target: "tomcat", Framework: ab.Framework{Name: "Tomcat", Version: "11.0.2"},
		A: ab.Variant{}.Describe(), B: ab.Variant{Env: []string{"MAX_THREADS=8"}}.Describe(),
		Variants: []ab.Side{ab.Variant{}.Provenance("A"), ab.Variant{Env: []string{"MAX_THREADS=8"}}.Provenance("B")},
		Rounds:   2, Profile: "quick", RunID: "1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d", StartedAt: "2026-11-28T10:00:00Z",
		FinishedAt: "2026-11-28T10:05:00Z", AgentVersion: "t", Suite: ab.Suite{Name: "podium", Version: "1"},
		Host: host.Info{Hostname: "h", CPUModel: "CPU", VCPUs: 2, MemoryBytes: 1 << 30, OS: "linux", Kernel: "6", Arch: "x86_64",
			Virtualization: "kvm", Settings: &host.Settings{}},
		Cells: []ab.Cell{{Scenario: "plaintext", Connections: 256, VCPUs: 1, Figures: []ab.Figure{
			{Name: "throughput", Unit: "req/s", HigherBetter: true, A: 1000, B: 900, Ratio: 0.9, Low: &low, High: &high,
				Verdict: ab.Slower, Detectable: &det, Rounds: 2, Pairs: []ab.Pair{{Round: 0, A: 1000, B: 890}, {Round: 1, A: 1000, B: 910}}}}}}}
	body, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "ab.json")
	if err := os.WriteFile(path, body, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, body
}

// ab --push-file signs a kept report with the agent's key and sends it: the service gets the file's exact bytes
// under the A/B payload type, signed by the key, and the agent prints where the site shows the comparison.
func TestABPushSignsTheReportAndPrintsItsPage(t *testing.T) {
	t.Parallel()
	s := &abServer{t: t}
	srv := httptest.NewServer(s)
	defer srv.Close()
	dir := t.TempDir()
	path, body := abReport(t, dir)
	out, code := agent(t, dir, nil, "ab", "--push-file", path, "--key", filepath.Join(vectors, "keys/test-agent.json"), "--server", srv.URL)
	if code != 0 || !strings.Contains(out, srv.URL+"/ab/1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d") {
		t.Fatalf("exit %d, want 0 printing the comparison's page:\n%s", code, out)
	}
	if !bytes.Equal(s.payload, body) {
		t.Errorf("the service got other bytes than the report file:\n%s", s.payload)
	}
}

// A refused push says why (the service's problem) and that the report is kept, and leaves the file as it was.
func TestABPushRefusedSaysWhyAndKeepsTheReport(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(&abServer{t: t, refuse: true})
	defer srv.Close()
	dir := t.TempDir()
	path, body := abReport(t, dir)
	out, code := agent(t, dir, nil, "ab", "--push-file", path, "--key", filepath.Join(vectors, "keys/test-agent.json"), "--server", srv.URL)
	if code == 0 || !strings.Contains(out, "422") || !strings.Contains(out, "must be positive") || !strings.Contains(out, "kept in "+path) {
		t.Fatalf("exit %d, want a failure naming the 422's detail and the kept file:\n%s", code, out)
	}
	if kept, _ := os.ReadFile(path); !bytes.Equal(kept, body) {
		t.Errorf("the kept report changed")
	}
	if out, code := agent(t, dir, nil, "ab", "--push-file", filepath.Join(dir, "nope.json"), "--server", srv.URL); code != exitUsage ||
		!strings.Contains(out, "nope.json") {
		t.Errorf("a missing file: exit %d:\n%s", code, out)
	}
}

// abSchema is schema/ab.v1.schema.json with the run schema its host and scenario refer to.
func abSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	for url, file := range map[string]string{"https://podium.dev/schema/run.v2.json": "run.v2.schema.json",
		"https://podium.dev/schema/ab.v1.json": "ab.v1.schema.json"} {
		f, err := os.Open(filepath.Join("..", "..", "..", "schema", file))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
	}
	sch, err := c.Compile("https://podium.dev/schema/ab.v1.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// A measured `ab --push` (the stand-in target as A and B, 2 rounds): the service gets a comparison the schema accepts,
// signed by the agent's key, and the agent prints its page; when the service refuses it, the agent says why and keeps
// the report in ab-<run id>.json in the working folder, which --push-file sends later.
func TestABPushAfterMeasuring(t *testing.T) {
	t.Parallel()
	needWrk(t)
	for _, refuse := range []bool{false, true} {
		t.Run(fmt.Sprintf("refused=%v", refuse), func(t *testing.T) {
			t.Parallel()
			s := &abServer{t: t, refuse: refuse}
			srv := httptest.NewServer(s)
			defer srv.Close()
			home := t.TempDir()
			manifest := filepath.Join(home, "suite.json")
			os.WriteFile(manifest, []byte(fmt.Sprintf(`{"name":"t","version":"1",
 "targets":[{"name":"good","framework":"Good","frameworkVersion":"1","ioModel":"blocking","start":[%q],"port":%d,"health":"/plaintext","scenarios":["plaintext"]}],
 "profiles":{"p":{"targets":["good"],"scenarios":["plaintext"],"connections":[4],"vcpus":[1],"durationSeconds":1,"repeats":1,
   "warmup":{"windowSeconds":1,"maxSeconds":1,"tolerance":0.5}}}}`, contract, testtarget.Port(t))), 0o644)
			work := t.TempDir()
			cmd := exec.Command(binary, "ab", "--suite", manifest, "--profile", "p", "--target", "good", "--scenario", "plaintext",
				"--rounds", "2", "--b-env", "PODIUM_CONTRACT_RATE=500", "--push", "--server", srv.URL,
				"--key", filepath.Join(must(filepath.Abs(vectors)), "keys/test-agent.json"))
			cmd.Env, cmd.Dir = append(os.Environ(), "PODIUM_HOME="+home), work
			out, err := cmd.CombinedOutput()
			kept, _ := filepath.Glob(filepath.Join(work, "ab-*.json"))
			if !refuse {
				var r ab.Report
				if err != nil || json.Unmarshal(s.payload, &r) != nil || !strings.Contains(string(out), srv.URL+"/ab/"+r.RunID) {
					t.Fatalf("ab --push: %v, want the page of the comparison the service kept:\n%s", err, out)
				}
				if r.Framework.Name != "Good" || len(r.Cells) != 1 || len(r.Cells[0].Figures) == 0 || len(r.Cells[0].Figures[0].Pairs) != 2 ||
					r.Variants[1].Env[0] != "PODIUM_CONTRACT_RATE=500" || r.Host.CPUModel == "" {
					t.Errorf("the comparison sent: %s", s.payload)
				}
				if len(kept) != 0 {
					t.Errorf("a delivered comparison left %v behind", kept)
				}
				return
			}
			if err == nil || len(kept) != 1 || !strings.Contains(string(out), "kept in "+filepath.Base(kept[0])) || !strings.Contains(string(out), "must be positive") {
				t.Fatalf("a refused push: %v, kept %v, want a failure with the reason and the report kept:\n%s", err, kept, out)
			}
			var r ab.Report
			if b, _ := os.ReadFile(kept[0]); json.Unmarshal(b, &r) != nil || filepath.Base(kept[0]) != "ab-"+r.RunID+".json" || len(r.Cells) != 1 {
				t.Errorf("the kept report %s:\n%s", kept[0], b)
			}
		})
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
