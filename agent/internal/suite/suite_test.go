package suite

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/testtarget"
)

// TestMain doubles as the targets: with PODIUM_CONTRACT_SERVE set, the test binary serves the contract
// (breaking PODIUM_CONTRACT_BROKEN on purpose) or the reference service on $PORT.
func TestMain(m *testing.M) { testtarget.Main(m) }

func serve(what, broken string) []string {
	return []string{"env", "PODIUM_CONTRACT_SERVE=" + what, "PODIUM_CONTRACT_BROKEN=" + broken, os.Args[0]}
}

func TestCheckNamesEachFailingTargetAndScenario(t *testing.T) {
	t.Parallel()
	all := []string{"plaintext", "json", "proxy", "delay"}
	target := func(name, broken string) Target {
		return Target{Name: name, Framework: name, FrameworkVersion: "1", IOModel: "blocking", Start: serve("target", broken),
			Port: testtarget.Port(t), Health: "/json", Scenarios: all}
	}
	m := &Manifest{Name: "t", Version: "1", Dir: t.TempDir(),
		Reference: &Target{Name: "reference", Start: serve("reference", ""), Port: testtarget.Port(t), Health: "/stats"},
		Targets: []Target{target("good", ""), target("wrong-body", "plaintext"), target("no-content-type", "json"),
			target("no-wait", "delay"), target("fake-proxy", "proxy"),
			{Name: "dead", Start: []string{"false"}, Port: testtarget.Port(t), Health: "/", Scenarios: all}}}
	results := m.Check(context.Background(), m.Benchmarked(), CheckOptions{HealthWait: 10 * time.Second, DelayMs: 50})
	want := map[string]string{ // target -> the failing scenario and a word of its reason
		"good": "", "wrong-body": "plaintext: body", "no-content-type": "json: content type",
		"no-wait": "delay: before the 50 ms", "fake-proxy": "proxy: /stats counter", "dead": "start",
	}
	if len(results) != len(want) {
		t.Fatalf("%d results, want %d", len(results), len(want))
	}
	for _, r := range results {
		w := want[r.Target.Name]
		switch w {
		case "":
			if !r.OK() {
				t.Errorf("%s: want ok, got start %v, failures %+v", r.Target.Name, r.StartErr, r.Failures)
			}
		case "start":
			if r.StartErr == nil {
				t.Errorf("%s: want a start failure", r.Target.Name)
			}
		default:
			scenario, reason, _ := strings.Cut(w, ": ")
			if len(r.Failures) != 1 || r.Failures[0].Scenario != scenario || !strings.Contains(r.Failures[0].Reason, reason) {
				t.Errorf("%s: want only %s failing with %q, got %+v (start %v)", r.Target.Name, scenario, reason, r.Failures, r.StartErr)
			}
		}
	}
}

func TestStopEndsTheWholeProcessGroup(t *testing.T) {
	t.Parallel()
	// A shell that starts the target as its child: stopping must end both. Port 0: Start picks a free one (a port
	// chosen here could be taken by another package's test before the target binds it).
	m := &Manifest{Name: "t", Version: "1", Dir: t.TempDir()}
	tg := &Target{Name: "sh", Start: []string{"sh", "-c", strings.Join(serve("target", ""), " ") + " & wait"}, Health: "/plaintext"}
	p, err := m.Start(context.Background(), tg, StartOptions{HealthWait: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	p.Stop()
	// (Not probing the group with kill(0): an unreaped zombie of a container's init would still answer.)
	if _, err := http.Get(p.BaseURL + "/plaintext"); err == nil {
		t.Errorf("the target's child still answers after Stop")
	}
}

func TestExpandPlaceholders(t *testing.T) {
	t.Parallel()
	m := &Manifest{Dir: "/suite", JVMFlags: []string{"-Xmx512m", "-XX:+UseG1GC"}}
	tg := &Target{Artifact: "netty/target/app.jar",
		Start: []string{"{java}", "{jvmFlags}", "-jar", "{artifact}", "--conf={suiteDir}/x.conf", "{workDir}/", "{port}", "w={vcpus}"}}
	got := strings.Join(m.Expand(tg, StartOptions{Java: "/jdk/bin/java", VCPUs: 2}, "/tmp/w", 8083), " ")
	want := "/jdk/bin/java -Xmx512m -XX:+UseG1GC -XX:ActiveProcessorCount=2 -jar /suite/netty/target/app.jar --conf=/suite/x.conf /tmp/w/ 8083 w=2"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestLoadTheRealManifest(t *testing.T) {
	t.Parallel()
	path := filepath.Join("..", "..", "suite", "suite.json")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no suite manifest yet: %v", err)
	}
	m, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if m.Baseline == nil || !m.Baseline.Baseline || len(m.Targets) == 0 {
		t.Errorf("manifest %s: baseline %+v, %d targets", path, m.Baseline, len(m.Targets))
	}
	if _, ok := m.Profiles["quick"]; !ok {
		t.Errorf("no quick profile")
	}
	// the warm-up waits out a JIT over the profile's horizon for every JVM target, two windows for nginx
	if m.Baseline.JVM() {
		t.Errorf("the baseline %s counts as a JVM", m.Baseline.Name)
	}
	for _, tg := range m.Targets {
		if !tg.JVM() {
			t.Errorf("%s does not start with {java}: its warm-up would not wait for a JIT", tg.Name)
		}
	}
	for _, tg := range m.Benchmarked() { // the leaderboard's classification filter needs every measured entry's
		if tg.Classification == "" {
			t.Errorf("%s has no classification (one of %v)", tg.Name, Classifications)
		}
	}
	for _, tg := range m.all() { // a fixed port fails the suite whenever another program holds it
		if tg.Port != 0 {
			t.Errorf("%s has the fixed port %d: leave it out, the agent picks a free one", tg.Name, tg.Port)
		}
	}
}

func TestLoadRejectsABrokenManifest(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, json, want string }{
		{"unknown scenario", `{"name":"s","version":"1","targets":[{"name":"a","start":["x"],"port":1,"health":"/","scenarios":["fortune"]}]}`, "unknown scenario"},
		{"db scenario without its client", `{"name":"s","version":"1","targets":[{"name":"a","start":["x"],"health":"/","scenarios":["fortunes"]}]}`, "needs \"database\""},
		{"db scenario with pool 0", `{"name":"s","version":"1","targets":[{"name":"a","start":["x"],"health":"/","scenarios":["db"],"database":{"client":"c","pool":0,"docs":"d"}}]}`, "needs \"database\""},
		{"duplicate target", `{"name":"s","version":"1","targets":[{"name":"a","start":["x"],"port":1,"health":"/"},{"name":"a","start":["x"],"port":2,"health":"/"}]}`, "twice"},
		{"unknown classification", `{"name":"s","version":"1","targets":[{"name":"a","start":["x"],"health":"/","classification":"framework"}]}`, "classification"},
		{"no start command", `{"name":"s","version":"1","targets":[{"name":"a","port":1,"health":"/"}]}`, "required"},
		{"negative warm-up pace", `{"name":"s","version":"1","targets":[{"name":"a","start":["{java}"],"health":"/","settlesSeconds":-1}]}`, "settlesSeconds -1"},
		{"warm-up pace of a target without a JIT", `{"name":"s","version":"1","targets":[{"name":"a","start":["nginx"],"health":"/","settlesSeconds":20}]}`, "not a JVM target's"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := filepath.Join(t.TempDir(), "suite.json")
			os.WriteFile(p, []byte(tc.json), 0o644)
			if _, err := Load(p); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err %v, want %q", err, tc.want)
			}
		})
	}
}

func TestStartRefusesAPortInUse(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	m := &Manifest{Name: "t", Version: "1", Dir: t.TempDir()}
	tg := &Target{Name: "late", Start: serve("target", ""), Port: ln.Addr().(*net.TCPAddr).Port, Health: "/plaintext"}
	if _, err := m.Start(context.Background(), tg, StartOptions{HealthWait: 5 * time.Second}); err == nil || !strings.Contains(err.Error(), "already in use") {
		t.Errorf("err %v, want port already in use", err)
	}
}

// TestStartPicksAFreePortAndRendersConfig: a target without a port gets a free one in PORT, {port} and its
// rendered files (as nginx's configuration), so that a program holding a "suite port" changes nothing.
func TestStartPicksAFreePortAndRendersConfig(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "conf.txt"), []byte("listen {port}; workers {vcpus};"), 0o644)
	m := &Manifest{Name: "t", Version: "1", Dir: dir}
	// The shell proves the rendered file exists at start, then serves on $PORT, which must equal {port}.
	script := `test "$(cat conf.txt)" = "listen $1; workers 3;" && test "$PORT" = "$1" && exec "$@2"`
	tg := &Target{Name: "free", Render: []string{"conf.txt"}, Health: "/plaintext",
		Start: []string{"sh", "-c", strings.Replace(script, `"$@2"`, strings.Join(serve("target", ""), " "), 1), "sh", "{port}"}}
	p, err := m.Start(context.Background(), tg, StartOptions{VCPUs: 3, HealthWait: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Stop()
	if p.Port == 0 || !strings.HasSuffix(p.BaseURL, fmt.Sprintf(":%d", p.Port)) {
		t.Errorf("port %d, base URL %s", p.Port, p.BaseURL)
	}
}
