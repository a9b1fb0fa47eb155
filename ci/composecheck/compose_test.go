// Package composecheck validates docker-compose.yml with compose-go, the loader Docker Compose itself uses,
// since no Docker engine is available to run `docker compose config` where the tests run.
package composecheck

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/cli"
	"github.com/compose-spec/compose-go/v2/types"
)

const composeFile = "../../docker-compose.yml"

func load(t *testing.T, env []string, profiles ...string) (*types.Project, error) {
	t.Helper()
	opts, err := cli.NewProjectOptions([]string{composeFile},
		cli.WithWorkingDirectory("../.."),
		cli.WithEnv(env),
		cli.WithProfiles(profiles),
		cli.WithConsistency(true),
		cli.WithResolvedPaths(true),
	)
	if err != nil {
		t.Fatalf("compose options: %v", err)
	}
	return opts.LoadProject(context.Background())
}

func TestComposeFile(t *testing.T) {
	env := []string{"PODIUM_ADMIN_TOKEN=0123456789abcdef"}

	t.Run("loads_and_validates_against_the_compose_spec_with_every_profile", func(t *testing.T) {
		p, err := load(t, env, "agent")
		if err != nil {
			t.Fatalf("docker-compose.yml does not load: %v", err)
		}
		for _, name := range []string{"postgres", "postgres-replica", "backend-a", "backend-b", "nginx", "agent"} {
			if _, err := p.GetService(name); err != nil {
				t.Errorf("service %s missing: %v", name, err)
			}
		}
	})

	t.Run("refuses_to_start_without_an_admin_token", func(t *testing.T) {
		_, err := load(t, nil)
		if err == nil || !strings.Contains(err.Error(), "PODIUM_ADMIN_TOKEN") {
			t.Fatalf("want an error naming PODIUM_ADMIN_TOKEN, got %v", err)
		}
	})

	t.Run("two_replicas_wait_for_a_healthy_postgres_they_share", func(t *testing.T) {
		p, err := load(t, env)
		if err != nil {
			t.Fatal(err)
		}
		pg, _ := p.GetService("postgres")
		if pg.HealthCheck == nil || !strings.Contains(strings.Join(pg.HealthCheck.Test, " "), "pg_isready") {
			t.Errorf("postgres needs a pg_isready health check, has %+v", pg.HealthCheck)
		}
		for _, name := range []string{"backend-a", "backend-b"} {
			be, err := p.GetService(name)
			if err != nil {
				t.Fatal(err)
			}
			if dep, ok := be.DependsOn["postgres"]; !ok || dep.Condition != types.ServiceConditionHealthy {
				t.Errorf("%s must depend on postgres being healthy, has %+v", name, be.DependsOn)
			}
			url := be.Environment["PODIUM_DB_URL"]
			if url == nil || !strings.Contains(*url, "//postgres:5432/") {
				t.Errorf("%s's PODIUM_DB_URL must point at the postgres service, is %v", name, url)
			}
			if len(be.Ports) != 0 {
				t.Errorf("%s must publish no port (only nginx is reached from outside), has %+v", name, be.Ports)
			}
			if be.HealthCheck == nil || !strings.Contains(strings.Join(be.HealthCheck.Test, " "), "/q/health/ready") {
				t.Errorf("%s needs a readiness health check, has %+v", name, be.HealthCheck)
			}
		}
	})

	t.Run("a_streaming_replica_of_postgres_serves_the_service_replicas_reads", func(t *testing.T) {
		p, err := load(t, env)
		if err != nil {
			t.Fatal(err)
		}
		pg, _ := p.GetService("postgres")
		if !strings.Contains(strings.Join(pg.Command, " "), "hba_file=/etc/postgresql/pg_hba.conf") {
			t.Errorf("postgres must name its mounted pg_hba.conf, has command %v", pg.Command)
		}
		hba := mounted(t, pg, "/etc/postgresql/pg_hba.conf")
		if !strings.Contains(hba, "host    replication  all   all      scram-sha-256") {
			t.Errorf("postgres's pg_hba.conf must let the replica stream WAL with the password:\n%s", hba)
		}
		rep, err := p.GetService("postgres-replica")
		if err != nil {
			t.Fatal(err)
		}
		if rep.Image != pg.Image {
			t.Errorf("the replica must run the primary's PostgreSQL (%s), runs %s", pg.Image, rep.Image)
		}
		if dep, ok := rep.DependsOn["postgres"]; !ok || dep.Condition != types.ServiceConditionHealthy {
			t.Errorf("postgres-replica must wait for postgres being healthy, has %+v", rep.DependsOn)
		}
		if rep.HealthCheck == nil || !strings.Contains(strings.Join(rep.HealthCheck.Test, " "), "pg_isready") {
			t.Errorf("postgres-replica needs a pg_isready health check, has %+v", rep.HealthCheck)
		}
		if h := rep.Environment["PRIMARY_HOST"]; h == nil || *h != "postgres" {
			t.Errorf("postgres-replica must stream from postgres, has PRIMARY_HOST %v", h)
		}
		if len(rep.Entrypoint) != 1 {
			t.Fatalf("postgres-replica's entrypoint must be its script, is %v", rep.Entrypoint)
		}
		script := mounted(t, rep, rep.Entrypoint[0])
		for _, want := range []string{"pg_basebackup", " -R ", "-X stream", "hot_standby=on", "exec postgres"} {
			if !strings.Contains(script, want) {
				t.Errorf("%s lacks %q", rep.Entrypoint[0], want)
			}
		}
		for _, name := range []string{"backend-a", "backend-b"} {
			be, _ := p.GetService(name)
			url := be.Environment["PODIUM_DB_READ_URL"]
			if url == nil || !strings.Contains(*url, "//postgres-replica:5432/") {
				t.Errorf("%s's PODIUM_DB_READ_URL must point at postgres-replica, is %v", name, url)
			}
			// a replica that is down sends reads to the primary: the service must not wait for its health
			if dep, ok := be.DependsOn["postgres-replica"]; !ok || dep.Condition != types.ServiceConditionStarted {
				t.Errorf("%s must depend on postgres-replica being started (not healthy), has %+v", name, be.DependsOn)
			}
		}
		if _, ok := p.Volumes["pgreplica"]; !ok {
			t.Errorf("the replica's data needs a volume of its own, volumes %v", p.VolumeNames())
		}
	})

	t.Run("nginx_publishes_8080_and_balances_over_both_replicas", func(t *testing.T) {
		p, err := load(t, env)
		if err != nil {
			t.Fatal(err)
		}
		ng, _ := p.GetService("nginx")
		if len(ng.Ports) != 1 || ng.Ports[0].Target != 8080 {
			t.Errorf("nginx must publish container port 8080, has %+v", ng.Ports)
		}
		for _, name := range []string{"backend-a", "backend-b"} {
			if dep, ok := ng.DependsOn[name]; !ok || dep.Condition != types.ServiceConditionHealthy {
				t.Errorf("nginx must wait for %s being healthy, has %+v", name, ng.DependsOn)
			}
		}
		if len(ng.Volumes) != 1 || ng.Volumes[0].Target != "/etc/nginx/nginx.conf" {
			t.Fatalf("nginx must mount its configuration, has %+v", ng.Volumes)
		}
		conf, err := os.ReadFile(ng.Volumes[0].Source)
		if err != nil {
			t.Fatalf("nginx configuration: %v", err)
		}
		for _, want := range []string{"server backend-a:8080", "server backend-b:8080", "listen 8080",
			"proxy_next_upstream error timeout http_502 http_503", "X-Forwarded-For $remote_addr"} {
			if !strings.Contains(string(conf), want) {
				t.Errorf("%s lacks %q", ng.Volumes[0].Source, want)
			}
		}
		agent, err := load(t, env, "agent")
		if err != nil {
			t.Fatal(err)
		}
		a, _ := agent.GetService("agent")
		if s := a.Environment["PODIUM_SERVER"]; s == nil || *s != "http://nginx:8080" {
			t.Errorf("the agent must push through nginx, has PODIUM_SERVER %v", s)
		}
	})

	t.Run("agent_runs_only_with_its_profile", func(t *testing.T) {
		p, err := load(t, env)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.GetService("agent"); err == nil {
			t.Error("the agent must not start without --profile agent")
		}
	})

	t.Run("every_build_names_a_dockerfile_that_exists", func(t *testing.T) {
		p, err := load(t, env, "agent")
		if err != nil {
			t.Fatal(err)
		}
		for name, s := range p.Services {
			if s.Build == nil {
				continue
			}
			path := s.Build.Dockerfile
			if !filepath.IsAbs(path) {
				path = filepath.Join(s.Build.Context, path)
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("service %s: dockerfile %s: %v", name, path, err)
			}
		}
	})
}

// mounted is the text of the file a service mounts at target.
func mounted(t *testing.T, s types.ServiceConfig, target string) string {
	t.Helper()
	for _, v := range s.Volumes {
		if v.Target == target {
			b, err := os.ReadFile(v.Source)
			if err != nil {
				t.Fatalf("%s mounts %s at %s: %v", s.Name, v.Source, target, err)
			}
			return string(b)
		}
	}
	t.Fatalf("%s mounts nothing at %s, has %+v", s.Name, target, s.Volumes)
	return ""
}
