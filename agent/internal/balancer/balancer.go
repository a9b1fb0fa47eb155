// Package balancer runs the nginx load balancer of the nginx-N topologies (package topology): N instances of a
// target on 127.0.0.1, one upstream with keep-alive connections to them, round robin. nginx is the host's own
// (Debian's nginx package, as for the suite's baseline), configured in a scratch folder of its own, pinned with
// taskset to the CPUs it is given, run in its own process group (dying with the agent) and stopped with it.
package balancer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/suite"
)

// The balancer's fixed settings (recorded in the run's balancer.settings under nginx's directive names).
const (
	// Keepalive is the upstream's cache of idle keep-alive connections per worker (`keepalive 64;`).
	Keepalive = 64
	// KeepaliveRequests is how many requests one connection carries, client and upstream side: a benchmark's
	// connections are not closed under it (nginx's default is 1000).
	KeepaliveRequests = 1000000
	// WorkerConnections bounds each worker's connections, client and upstream together (4096 wrk connections
	// need as many upstream ones).
	WorkerConnections = 16384
	// Balancing is nginx's default upstream method.
	Balancing = "round-robin"
)

// Options says how to start the balancer.
type Options struct {
	// Binary is nginx; "" is Find's.
	Binary string
	// CPUs is where nginx runs (one worker per CPU); empty: not pinned, one worker.
	CPUs host.CPUs
	// SharedWith names what else runs on CPUs ("load generator" on a host with no CPU to spare), "" when they are
	// nginx's own; recorded in the settings.
	SharedWith string
	// Upstreams are the instances' ports on 127.0.0.1.
	Upstreams []int
	// Health is the path that answers 200 through the balancer once it is up (the target's health URL).
	Health string
	// HealthWait bounds the start (default 60 s).
	HealthWait time.Duration
}

// Balancer is a running nginx in front of the instances.
type Balancer struct {
	BaseURL  string
	Port     int
	CPUs     string            // as pinned, "" when not
	Settings map[string]string // what the run records
	proc     *suite.Process
}

// Find is the nginx to run: $PODIUM_NGINX, else nginx on the PATH, else /usr/sbin/nginx (not on a user's PATH on
// Debian). The error says how to install it.
func Find() (string, error) {
	if p := os.Getenv("PODIUM_NGINX"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return "", fmt.Errorf("PODIUM_NGINX=%s: %w", p, err)
		}
		return p, nil
	}
	if p, err := exec.LookPath("nginx"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/sbin/nginx"); err == nil {
		return "/usr/sbin/nginx", nil
	}
	return "", errors.New("no nginx found for the nginx-N topologies: install it (apt-get install -y nginx) or set PODIUM_NGINX")
}

var versionRE = regexp.MustCompile(`nginx/(\S+)`)

// Version is what `nginx -v` says (e.g. "1.22.1"), "unknown" when it says nothing readable.
func Version(binary string) string {
	out, _ := exec.Command(binary, "-v").CombinedOutput()
	if m := versionRE.FindSubmatch(out); m != nil {
		return string(m[1])
	}
	return "unknown"
}

// Config is nginx.conf for the balancer: workers worker processes, the upstreams on 127.0.0.1 with keep-alive
// connections, listening on {port} (filled in at start, as for the suite's targets). Every path is relative to
// nginx's -p prefix, so nothing is written under /var or /etc.
func Config(upstreams []int, workers int) string {
	var servers strings.Builder
	for _, p := range upstreams {
		fmt.Fprintf(&servers, "        server 127.0.0.1:%d;\n", p)
	}
	return fmt.Sprintf(`# The load balancer of an nginx-N topology, written by podium-agent (package balancer).
worker_processes %d;
pid nginx.pid;
error_log stderr warn;

events {
    worker_connections %d;
}

http {
    access_log off;
    client_body_temp_path client_body_temp;
    proxy_temp_path proxy_temp;
    fastcgi_temp_path fastcgi_temp;
    uwsgi_temp_path uwsgi_temp;
    scgi_temp_path scgi_temp;
    keepalive_requests %d;
    server_tokens off;

    upstream targets {
%s        keepalive %d;
        keepalive_requests %d;
    }

    server {
        listen 127.0.0.1:{port} backlog=1024;
        location / {
            proxy_pass http://targets;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_read_timeout 600s;
        }
    }
}
`, workers, WorkerConnections, KeepaliveRequests, servers.String(), Keepalive, KeepaliveRequests)
}

// Settings is what a run records of a balancer with workers workers (nginx's directive names).
func Settings(workers int, sharedWith string) map[string]string {
	s := map[string]string{
		"worker_processes":   strconv.Itoa(workers),
		"worker_connections": strconv.Itoa(WorkerConnections),
		"keepalive":          strconv.Itoa(Keepalive),
		"keepalive_requests": strconv.Itoa(KeepaliveRequests),
		"proxy_http_version": "1.1",
		"balancing":          Balancing,
	}
	if sharedWith != "" {
		s["cpus_shared_with"] = sharedWith
	}
	return s
}

// Start writes the configuration, starts nginx and waits until o.Health answers 200 through it (so at least one
// instance answers behind it). On error nothing is left running.
func Start(ctx context.Context, o Options) (*Balancer, error) {
	if len(o.Upstreams) == 0 {
		return nil, errors.New("balancer: no upstream")
	}
	bin := o.Binary
	if bin == "" {
		var err error
		if bin, err = Find(); err != nil {
			return nil, err
		}
	}
	workers := max(1, len(o.CPUs))
	conf, err := os.MkdirTemp("", "podium-balancer-conf-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(conf) // the start renders it into the process's own scratch folder
	tmpl := filepath.Join(conf, "nginx.conf")
	if err := os.WriteFile(tmpl, []byte(Config(o.Upstreams, workers)), 0o644); err != nil {
		return nil, err
	}
	// Started as the suite starts a target (a free port, its own process group and scratch folder, health polled,
	// the group stopped with SIGTERM then SIGKILL): a manifest of its own, since the balancer is in none.
	t := &suite.Target{Name: "nginx-balancer", Render: []string{tmpl}, Health: o.Health,
		Start: []string{bin, "-c", "{workDir}/nginx.conf", "-p", "{workDir}/", "-e", "stderr", "-g", "daemon off;"}}
	p, err := (&suite.Manifest{Dir: conf}).Start(ctx, t, suite.StartOptions{CPUs: o.CPUs.String(), VCPUs: workers, HealthWait: o.HealthWait})
	if err != nil {
		return nil, err
	}
	return &Balancer{BaseURL: p.BaseURL, Port: p.Port, CPUs: o.CPUs.String(), Settings: Settings(workers, o.SharedWith), proc: p}, nil
}

// Pid is nginx's master process, the leader of its process group (its workers are its children).
func (b *Balancer) Pid() int { return b.proc.Pid() }

// Exited says how nginx ended, nil while it runs.
func (b *Balancer) Exited() error { return b.proc.Exited() }

// Stop ends nginx (SIGTERM to its process group, SIGKILL after 5 s) and removes its folder; safe to call twice.
func (b *Balancer) Stop() { b.proc.Stop() }
