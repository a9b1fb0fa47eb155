package run

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/progress"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/testjdk"
	"podium.dev/agent/internal/testtarget"
)

// TestMain doubles as the targets: started with PODIUM_CONTRACT_SERVE set, the test binary serves the
// scenario contract (or the reference service) on $PORT instead of running tests.
func TestMain(m *testing.M) { testtarget.Main(m) }

func testManifest(t *testing.T) *suite.Manifest {
	t.Helper()
	serve := func(what string) []string { return []string{"env", "PODIUM_CONTRACT_SERVE=" + what, os.Args[0]} }
	m := &suite.Manifest{Name: "test-suite", Version: "0.0.1", JVMFlags: []string{"-Xmx64m"}, Dir: t.TempDir(),
		Reference: &suite.Target{Name: "reference", Start: serve("reference"), Port: testtarget.Port(t), Health: "/stats"},
		Baseline: &suite.Target{Name: "baseline", Framework: "nginx", FrameworkVersion: "1.22.1", IOModel: "non-blocking",
			Classification: "bare-server", Start: serve("target"), Port: testtarget.Port(t), Health: "/plaintext", Scenarios: []string{"plaintext"}, Baseline: true},
		Targets: []suite.Target{{Name: "go", Framework: "Go net/http", FrameworkVersion: "1.26", IOModel: "virtual-threads",
			Classification: "micro", Start: serve("target"), Port: testtarget.Port(t), Health: "/plaintext", Scenarios: []string{"plaintext", "json", "proxy", "delay"}}},
	}
	return m
}

// needWrk skips an end-to-end test on a host without wrk.
func needWrk(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("wrk"); err != nil {
		t.Skip("wrk is not installed (apt-get install -y wrk): skipping the end-to-end run")
	}
}

// endToEndLayout is the CPU layout of an end-to-end run; the test is skipped without wrk or on fewer than 2 CPUs.
func endToEndLayout(t *testing.T) host.Layout {
	t.Helper()
	needWrk(t)
	layout, err := testtarget.FreshLayout(t)
	if err != nil {
		t.Skipf("needs 2 CPUs: %v", err)
	}
	return layout
}

// testRunner is the runner of the end-to-end tests: the manifest and plan given, on the layout given.
func testRunner(t *testing.T, m *suite.Manifest, layout host.Layout, plan Plan) *Runner {
	return &Runner{Manifest: m, Plan: plan, Layout: layout, Java: testJava(), HealthWait: 10 * time.Second,
		AgentVersion: "0.1.0-test", Display: progress.New(t.Output())}
}

// testJava is the java of the JDK the README names (JAVA_HOME, else the newest 21+ under /usr/lib/jvm: package
// testjdk), else java on the PATH: the Go targets of most tests need none, the suite's JVM targets need a 21+.
func testJava() string {
	if h, err := testjdk.Home(); err == nil {
		return filepath.Join(h, "bin", "java")
	}
	return "java"
}

// executeValid runs r, failing the test on an error or a failed target, and checks the payload against the schema.
func executeValid(t *testing.T, r *Runner) (*Run, []byte) {
	t.Helper()
	payload, failures, err := r.Execute(context.Background())
	if err != nil || len(failures) > 0 {
		t.Fatalf("run: %v, failures %+v", err, failures)
	}
	body, err := payload.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	validate(t, body)
	return payload, body
}

// validate checks a payload the agent emits against schema/run.v2.schema.json.
func validate(t *testing.T, body []byte) { t.Helper(); validateAgainst(t, "run.v2.schema.json", body) }

func validateAgainst(t *testing.T, schema string, body []byte) {
	t.Helper()
	c := jsonschema.NewCompiler()
	sch, err := c.Compile(filepath.Join("..", "..", "..", "schema", schema))
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("payload breaks the schema: %v\n%s", err, body)
	}
}
