// Package database runs the PostgreSQL that the suite's db scenarios read (agent/suite/db/README.md): the host's
// own server binaries (Debian's postgresql package), initdb'd into a temporary directory, pinned with taskset to the
// CPUs it is given, listening on a free loopback port, and filled from the suite's schema.sql. Stop ends every
// PostgreSQL process it started and removes the directory; the server also dies with the agent (parent-death
// signal), so neither Ctrl-C nor a killed agent leaves a PostgreSQL behind.
package database

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"podium.dev/agent/internal/port"
	"podium.dev/agent/internal/procgroup"
)

// The contract's fixed names (agent/suite/db/README.md).
const (
	Name     = "hello_world"
	User     = "podium"
	Password = "podium"
)

// Settings is what a run records of the server besides its version and CPUs (pg_settings names).
var Settings = []string{"max_connections", "shared_buffers", "fsync", "synchronous_commit", "max_wal_size", "work_mem"}

// Options says how to start the server.
type Options struct {
	// Schema is the SQL file that creates and fills the tables (agent/suite/db/schema.sql).
	Schema string
	// CPUs is a taskset list ("1", "2-3"); empty: not pinned.
	CPUs string
	// BinDir holds postgres, initdb, psql and pg_isready; empty: FindBinDir.
	BinDir string
	// MaxConnections is the server's max_connections (default 200: every pool of the suite fits).
	MaxConnections int
	// StartWait bounds initdb plus start-up (default 60 s).
	StartWait time.Duration
	// Parent is where the cluster's temporary directory is made (default: the system's temporary directory).
	Parent string
}

// Server is a running benchmark database.
type Server struct {
	Host     string
	Port     int
	Version  string            // e.g. "15.14"
	CPUs     string            // as pinned, "" when not
	Settings map[string]string // Settings' values as the server reports them

	bin, dir, schema string
	cred             *syscall.Credential
	cmd              *exec.Cmd
	exited           chan struct{}
	waitErr          error
	once             sync.Once
}

// FindBinDir is where the server binaries are: $PODIUM_PG_BIN, else the newest /usr/lib/postgresql/<major>/bin,
// else the directory of a postgres found on PATH. The error says how to install one.
func FindBinDir() (string, error) {
	if d := os.Getenv("PODIUM_PG_BIN"); d != "" {
		if _, err := os.Stat(filepath.Join(d, "postgres")); err != nil {
			return "", fmt.Errorf("PODIUM_PG_BIN=%s holds no postgres binary", d)
		}
		return d, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return major(dirs[i]) > major(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "postgres")); err == nil {
			return d, nil
		}
	}
	if p, err := exec.LookPath("postgres"); err == nil {
		return filepath.Dir(p), nil
	}
	return "", errors.New("no PostgreSQL server found for the db scenarios: install one (apt-get install -y postgresql) or set PODIUM_PG_BIN to its bin directory")
}

func major(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

// Start creates the cluster, starts the server and loads the schema. On error nothing is left running.
func Start(ctx context.Context, o Options) (*Server, error) {
	bin := o.BinDir
	if bin == "" {
		var err error
		if bin, err = FindBinDir(); err != nil {
			return nil, err
		}
	}
	if _, err := os.Stat(o.Schema); err != nil {
		return nil, fmt.Errorf("database schema: %w", err)
	}
	if o.MaxConnections <= 0 {
		o.MaxConnections = 200
	}
	if o.StartWait <= 0 {
		o.StartWait = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, o.StartWait)
	defer cancel()
	dir, err := os.MkdirTemp(o.Parent, "podium-db-")
	if err != nil {
		return nil, err
	}
	s := &Server{Host: "127.0.0.1", CPUs: o.CPUs, bin: bin, dir: dir, schema: o.Schema, exited: make(chan struct{})}
	// PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user (or nobody).
	if os.Geteuid() == 0 {
		if s.cred, err = unprivileged(); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		if err := os.Chown(dir, int(s.cred.Uid), int(s.cred.Gid)); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	if err := s.startServer(ctx, o); err != nil {
		s.Stop()
		return nil, err
	}
	if err := s.Reload(ctx); err != nil {
		s.Stop()
		return nil, err
	}
	if err := s.describe(ctx); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

func unprivileged() (*syscall.Credential, error) {
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
	}
	return nil, errors.New("running as root and no postgres or nobody user to run PostgreSQL as")
}

func (s *Server) startServer(ctx context.Context, o Options) error {
	data := filepath.Join(s.dir, "data")
	if out, err := s.command(ctx, "initdb", "-D", data, "-U", User, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync").CombinedOutput(); err != nil {
		return fmt.Errorf("initdb: %w: %s", err, strings.TrimSpace(string(out)))
	}
	p, err := port.Free()
	if err != nil {
		return err
	}
	s.Port = p
	args := []string{filepath.Join(s.bin, "postgres"), "-D", data, "-c", "listen_addresses=127.0.0.1",
		"-c", "port=" + strconv.Itoa(p), "-c", "unix_socket_directories=" + s.dir,
		"-c", "max_connections=" + strconv.Itoa(o.MaxConnections)}
	if o.CPUs != "" {
		args = append([]string{"taskset", "-c", o.CPUs}, args...)
	}
	logPath := filepath.Join(s.dir, "server.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer logFile.Close() // the server holds its own descriptor
	serverLog := func() string { b, _ := os.ReadFile(logPath); return strings.TrimSpace(string(b)) }
	s.cmd = exec.Command(args[0], args[1:]...)
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	// Its own process group (a terminal's Ctrl-C reaches the agent, which stops it), dying with the agent.
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL, Credential: s.cred}
	s.cmd.WaitDelay = 2 * time.Second
	if err := s.cmd.Start(); err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	go func() { s.waitErr = s.cmd.Wait(); close(s.exited) }()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		if s.command(ctx, "pg_isready", "-q", "-h", s.Host, "-p", strconv.Itoa(p)).Run() == nil {
			return nil
		}
		select {
		case <-s.exited:
			return fmt.Errorf("postgres exited while starting (%v): %s", s.waitErr, serverLog())
		case <-ctx.Done():
			return fmt.Errorf("postgres did not accept connections within the start-up limit: %s", serverLog())
		case <-tick.C:
		}
	}
}

// command runs one of the server's binaries as the cluster's owner.
func (s *Server) command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, filepath.Join(s.bin, name), args...)
	cmd.Dir = s.dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
	return cmd
}

func (s *Server) psql(ctx context.Context, db string, args ...string) (string, error) {
	base := []string{"-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", s.Host, "-p", strconv.Itoa(s.Port), "-U", User, "-d", db}
	out, err := s.command(ctx, "psql", append(base, args...)...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("psql %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return string(out), nil
}

// Reload gives the next target the same rows as the first: the database is dropped and created again from the
// schema (an updates run writes to world).
func (s *Server) Reload(ctx context.Context) error {
	if _, err := s.psql(ctx, "postgres", "-c", "DROP DATABASE IF EXISTS "+Name, "-c", "CREATE DATABASE "+Name); err != nil {
		return err
	}
	schema, err := os.ReadFile(s.schema)
	if err != nil {
		return err
	}
	cmd := s.command(ctx, "psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", s.Host, "-p", strconv.Itoa(s.Port), "-U", User, "-d", Name)
	cmd.Stdin = bytes.NewReader(schema) // the schema file may be unreadable to the postgres user: piped, not -f
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("load %s: %w: %s", s.schema, err, strings.TrimSpace(string(out)))
	}
	return nil
}

func (s *Server) describe(ctx context.Context) error {
	out, err := s.psql(ctx, Name, "-At", "-F", "\t", "-c",
		"select 'server_version', current_setting('server_version') union all "+
			"select name, current_setting(name) from pg_settings where name in ('"+strings.Join(Settings, "','")+"')")
	if err != nil {
		return err
	}
	s.Settings = map[string]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		k, v, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		if k == "server_version" {
			s.Version, _, _ = strings.Cut(v, " ")
			continue
		}
		s.Settings[k] = v
	}
	return nil
}

// Changed is how many world rows no longer hold the randomNumber schema.sql loaded (1 + id*7919 mod 10000): what
// the updates scenario wrote (check.World).
func (s *Server) Changed(ctx context.Context) (int, error) {
	out, err := s.psql(ctx, Name, "-At", "-c", "select count(*) from world where randomnumber <> 1 + (id * 7919) % 10000")
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(out))
}

// Pid is the postmaster's pid, the leader of the server's process group (its CPU time is that group's).
func (s *Server) Pid() int { return s.cmd.Process.Pid }

// Dir is the temporary directory that holds the cluster and its socket (removed by Stop).
func (s *Server) Dir() string { return s.dir }

// Env is what a target reads to reach the database (agent/suite/db/README.md), its pool size included.
func (s *Server) Env(pool int) []string {
	return []string{
		"PODIUM_TARGET_DB_HOST=" + s.Host,
		"PODIUM_TARGET_DB_PORT=" + strconv.Itoa(s.Port),
		"PODIUM_TARGET_DB_NAME=" + Name,
		"PODIUM_TARGET_DB_USER=" + User,
		"PODIUM_TARGET_DB_PASSWORD=" + Password,
		"PODIUM_TARGET_DB_POOL=" + strconv.Itoa(pool),
	}
}

// Stop ends the server at once (immediate shutdown: the data is thrown away), then anything left of its
// process group, and removes its directory. Safe to call more than once.
func (s *Server) Stop() {
	s.once.Do(func() {
		if s.cmd != nil && s.cmd.Process != nil {
			procgroup.Stop(s.cmd.Process.Pid, syscall.SIGQUIT, s.exited, 5*time.Second)
		}
		os.RemoveAll(s.dir)
	})
}
