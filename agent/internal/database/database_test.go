package database

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"podium.dev/agent/internal/usage"
)

const schema = "../../suite/db/schema.sql"

// needPostgres skips without a PostgreSQL server, except under make test (PODIUM_TEST_REQUIRE_PG=1), which
// installs one first: there a missing server fails.
func needPostgres(t *testing.T) {
	t.Helper()
	if _, err := FindBinDir(); err != nil {
		if os.Getenv("PODIUM_TEST_REQUIRE_PG") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
}

// alive is which of pids still run (not zombies).
func alive(pids []int) []int {
	var out []int
	for _, p := range pids {
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", p)); err == nil && !strings.Contains(string(b), ") Z ") {
			out = append(out, p)
		}
	}
	return out
}

// gone waits until none of pids runs; it returns those still there after the deadline.
func gone(pids []int, deadline time.Duration) []int {
	end := time.Now().Add(deadline)
	for {
		left := alive(pids)
		if len(left) == 0 || time.Now().After(end) {
			return left
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestServesTheSuiteDataPinnedReloadsAndStopsCleanly(t *testing.T) {
	needPostgres(t)
	ctx := context.Background()
	s, err := Start(ctx, Options{Schema: schema, CPUs: "0"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Stop()
	query := func(q string) string {
		t.Helper()
		out, err := s.psql(ctx, Name, "-At", "-c", q)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(out)
	}
	if got := query("select count(*) from world"); got != "10000" {
		t.Errorf("world rows = %s, want 10000", got)
	}
	if got := query("select count(*) from fortune"); got != "12" {
		t.Errorf("fortune rows = %s, want 12", got)
	}
	// the contract's deterministic data: randomNumber = 1 + (id * 7919) % 10000
	if got := query("select randomnumber from world where id = 1"); got != "7920" {
		t.Errorf("world 1 = %s, want 7920", got)
	}
	query("update world set randomnumber = 1 where id = 1") // what an updates run does
	if err := s.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	if got := query("select randomnumber from world where id = 1"); got != "7920" {
		t.Errorf("after Reload world 1 = %s, want 7920 again", got)
	}
	if s.Version == "" || s.Settings["max_connections"] != "200" {
		t.Errorf("version %q, settings %v: want a version and max_connections 200", s.Version, s.Settings)
	}
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.Pid()))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(status), "Cpus_allowed_list:\t0\n") {
		t.Errorf("postgres is not pinned to CPU 0:\n%s", status)
	}
	env := strings.Join(s.Env(8), " ")
	for _, want := range []string{"PODIUM_TARGET_DB_HOST=127.0.0.1", "PODIUM_TARGET_DB_PORT=" + strconv.Itoa(s.Port),
		"PODIUM_TARGET_DB_NAME=hello_world", "PODIUM_TARGET_DB_POOL=8"} {
		if !strings.Contains(env, want) {
			t.Errorf("Env() = %s, missing %s", env, want)
		}
	}

	// PostgreSQL's helpers and backends each lead a session of their own: follow the postmaster's tree
	dir := s.Dir()
	tree, _ := usage.Tree(s.Pid())
	if len(tree) < 2 {
		t.Fatalf("expected the postmaster and its helpers, found %v", tree)
	}
	s.Stop()
	if left := gone(tree, 10*time.Second); len(left) > 0 {
		t.Errorf("PostgreSQL processes left after Stop: %v", left)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("%s is still there after Stop (%v)", dir, err)
	}
	s.Stop() // a second Stop is harmless
}

func TestABadSchemaFailsStartAndLeavesNothingRunning(t *testing.T) {
	needPostgres(t)
	bad := t.TempDir() + "/schema.sql"
	if err := os.WriteFile(bad, []byte("CREATE TABLE world (id integer PRIMARY KEY;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	parent, err := os.MkdirTemp("", "podium-db-test-") // not t.TempDir: as root, PostgreSQL's user must reach into it
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(parent)
	if err := os.Chmod(parent, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err = Start(context.Background(), Options{Schema: bad, Parent: parent})
	if err == nil || !strings.Contains(err.Error(), "syntax error") {
		t.Fatalf("Start with a broken schema: %v, want the server's syntax error", err)
	}
	// Start stopped the server it had started: its directory (and so its cluster) is gone
	if left, _ := os.ReadDir(parent); len(left) > 0 {
		t.Errorf("Start left %s/%s behind", parent, left[0].Name())
	}
	if _, err := Start(context.Background(), Options{Schema: t.TempDir() + "/none.sql"}); err == nil {
		t.Error("Start with a missing schema file succeeded")
	}
}
