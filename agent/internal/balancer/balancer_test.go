package balancer

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/testtarget"
)

func TestConfigHasKeepAliveUpstreams(t *testing.T) {
	t.Parallel()
	c := Config([]int{20001, 20002}, 3)
	for _, want := range []string{"worker_processes 3;", "server 127.0.0.1:20001;", "server 127.0.0.1:20002;", "keepalive 64;",
		"proxy_http_version 1.1;", `proxy_set_header Connection "";`, "listen 127.0.0.1:{port}", "proxy_pass http://targets;"} {
		if !strings.Contains(c, want) {
			t.Errorf("config lacks %q:\n%s", want, c)
		}
	}
	s := Settings(1, "load generator")
	if s["keepalive"] != "64" || s["worker_processes"] != "1" || s["cpus_shared_with"] != "load generator" || s["balancing"] != "round-robin" {
		t.Errorf("settings %v", s)
	}
	if _, shared := Settings(1, "")["cpus_shared_with"]; shared {
		t.Error("own CPUs recorded as shared")
	}
}

// The host's nginx in front of two servers: it answers through them both on keep-alive upstream connections (far
// fewer connections than requests), and Stop leaves no nginx process and no folder.
func TestBalancerSpreadsRequestsOverKeepAliveUpstreams(t *testing.T) {
	bin, err := Find()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var served [2]atomic.Int64
	var conns atomic.Int64
	var ports []int
	for i := range served {
		s := testtarget.ConnCounting(t, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			served[i].Add(1)
			io.WriteString(w, "Hello, World!")
		}), &conns)
		ports = append(ports, s.Listener.Addr().(*net.TCPAddr).Port)
	}
	b, err := Start(context.Background(), Options{Binary: bin, CPUs: host.Usable()[:1], Upstreams: ports, Health: "/plaintext", HealthWait: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	if v := Version(bin); v == "unknown" {
		t.Errorf("nginx -v gave no version")
	}
	client := &http.Client{}
	for range 100 {
		resp, err := client.Get(b.BaseURL + "/plaintext")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(body) != "Hello, World!" || resp.Header.Get("Date") == "" {
			t.Fatalf("through nginx: %d %q %v", resp.StatusCode, body, resp.Header)
		}
	}
	if served[0].Load() < 30 || served[1].Load() < 30 {
		t.Errorf("the servers answered %d and %d of 100+ requests: not round robin", served[0].Load(), served[1].Load())
	}
	if n := conns.Load(); n > 10 {
		t.Errorf("%d upstream connections for 100 requests: keep-alive is not used", n)
	}
	if err := b.Exited(); err != nil {
		t.Errorf("nginx exited: %v", err)
	}
	pid := b.Pid()
	b.Stop()
	if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err == nil {
		t.Errorf("nginx %d still runs after Stop", pid)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "*")); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
	procs, _ := filepath.Glob("/proc/[0-9]*/cwd")
	for _, p := range procs {
		if cwd, err := os.Readlink(p); err == nil && strings.HasPrefix(cwd, tmp) {
			t.Errorf("process %s still runs in %s", p, cwd)
		}
	}
}
