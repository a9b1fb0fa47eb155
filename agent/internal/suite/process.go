package suite

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"podium.dev/agent/internal/gcstats"
	"podium.dev/agent/internal/port"
	"podium.dev/agent/internal/procgroup"
)

// StartOptions says how to start a target.
type StartOptions struct {
	Java         string        // the java binary for {java}
	CPUs         string        // taskset CPU list, e.g. "0" or "0-1"; empty: not pinned
	VCPUs        int           // k for -XX:ActiveProcessorCount=k
	ReferenceURL string        // PODIUM_REFERENCE_URL
	HealthWait   time.Duration // deadline for the health URL to answer 200
	Env          []string      // more environment (the benchmark database's PODIUM_TARGET_DB_*)
	GCLog        bool          // a JVM target also writes its GC log to {workDir}/gc.log (gcstats.LogFlag)
	// JVMFlags are added to {jvmFlags} after the manifest's (a JVM mode's: package aotcache); a target without
	// {jvmFlags} (nginx) ignores them.
	JVMFlags []string
}

// GCLogName is the GC log's file name in a process's work folder (StartOptions.GCLog).
const GCLogName = "gc.log"

// Process is a started target; Stop ends its whole process group.
type Process struct {
	Target  *Target
	BaseURL string
	Port    int // the port it listens on (chosen at start unless the manifest fixes one)
	Command []string
	WorkDir string
	// StartedAt is when the process was started, HealthyAt when its health URL first answered 200.
	StartedAt, HealthyAt time.Time

	cmd     *exec.Cmd
	log     *tailBuffer
	exited  chan struct{}
	waitErr error
	once    sync.Once
}

// Expand fills the placeholders of a start command (see agent/suite/README.md) for a target listening on port.
func (m *Manifest) Expand(t *Target, o StartOptions, workDir string, port int) []string {
	repl := m.replacer(t, o, workDir, port)
	var out []string
	for _, a := range t.Start {
		if a == "{jvmFlags}" {
			out = append(out, m.JVMFlagsFor(o.VCPUs)...)
			out = append(out, o.JVMFlags...)
			out = append(out, t.JVMFlags...)
			if o.GCLog {
				out = append(out, gcstats.LogFlag(filepath.Join(workDir, GCLogName)))
			}
			continue
		}
		out = append(out, repl.Replace(a))
	}
	return out
}

// ArtifactPath is t's artifact as a path ({artifact}): relative ones are under the manifest's folder; "" for none.
func (m *Manifest) ArtifactPath(t *Target) string {
	if t.Artifact != "" && !filepath.IsAbs(t.Artifact) {
		return filepath.Join(m.Dir, t.Artifact)
	}
	return t.Artifact
}

func (m *Manifest) replacer(t *Target, o StartOptions, workDir string, port int) *strings.Replacer {
	java := o.Java
	if java == "" {
		java = "java"
	}
	artifact := m.ArtifactPath(t)
	vcpus := o.VCPUs
	if vcpus <= 0 {
		vcpus = runtime.NumCPU()
	}
	return strings.NewReplacer("{java}", java, "{artifact}", artifact, "{suiteDir}", m.Dir,
		"{workDir}", workDir, "{port}", strconv.Itoa(port), "{vcpus}", strconv.Itoa(vcpus))
}

// render writes each of the target's render files into workDir under its base name, placeholders filled
// (nginx takes its port and worker count from its configuration file, not from the environment).
func (m *Manifest) render(t *Target, o StartOptions, workDir string, port int) error {
	repl := m.replacer(t, o, workDir, port)
	for _, f := range t.Render {
		if !filepath.IsAbs(f) {
			f = filepath.Join(m.Dir, f)
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("start %s: %w", t.Name, err)
		}
		if err := os.WriteFile(filepath.Join(workDir, filepath.Base(f)), []byte(repl.Replace(string(b))), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// JVMFlagsFor is what {jvmFlags} expands to for k vCPUs: the manifest's flags and, when k > 0,
// -XX:ActiveProcessorCount=k. The result is a new slice.
func (m *Manifest) JVMFlagsFor(k int) []string {
	out := slices.Clone(m.JVMFlags)
	if k > 0 {
		out = append(out, fmt.Sprintf("-XX:ActiveProcessorCount=%d", k))
	}
	return out
}

// Start launches the target in its own process group, pinned with taskset, and waits until its health
// URL answers 200 (or the process exits, or the deadline passes).
func (m *Manifest) Start(ctx context.Context, t *Target, o StartOptions) (*Process, error) {
	tcpPort := t.Port
	if tcpPort == 0 { // the usual case: a port nobody holds now, so another program on a "suite port" changes nothing
		var err error
		if tcpPort, err = port.Free(); err != nil {
			return nil, fmt.Errorf("start %s: %w", t.Name, err)
		}
	} else if c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", tcpPort), time.Second); err == nil {
		// Something already listening there would pass the health check in the target's place.
		c.Close()
		return nil, fmt.Errorf("start %s: port %d is already in use (a leftover process?)", t.Name, tcpPort)
	}
	work, err := os.MkdirTemp("", "podium-"+t.Name+"-")
	if err != nil {
		return nil, err
	}
	_ = os.MkdirAll(filepath.Join(work, "logs"), 0o755) // nginx -p wants a logs folder under its prefix
	if err := m.render(t, o, work, tcpPort); err != nil {
		os.RemoveAll(work)
		return nil, err
	}
	args := m.Expand(t, o, work, tcpPort)
	argv := args
	if o.CPUs != "" {
		argv = append([]string{"taskset", "-c", o.CPUs}, args...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(tcpPort))
	if o.ReferenceURL != "" {
		cmd.Env = append(cmd.Env, "PODIUM_REFERENCE_URL="+o.ReferenceURL)
	}
	cmd.Env = append(cmd.Env, o.Env...)
	cmd.Env = append(cmd.Env, t.Env...)
	lb := &tailBuffer{max: 16 << 10}
	cmd.Stdout, cmd.Stderr = lb, lb
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.WaitDelay = 2 * time.Second // a grandchild holding the output pipe must not hang Stop
	started := time.Now()
	if err := cmd.Start(); err != nil {
		os.RemoveAll(work)
		return nil, fmt.Errorf("start %s (%s): %w", t.Name, strings.Join(argv, " "), err)
	}
	p := &Process{Target: t, BaseURL: fmt.Sprintf("http://127.0.0.1:%d", tcpPort), Port: tcpPort, Command: args, WorkDir: work,
		StartedAt: started, cmd: cmd, log: lb, exited: make(chan struct{})}
	go func() { p.waitErr = cmd.Wait(); close(p.exited) }()
	wait := o.HealthWait
	if wait <= 0 {
		wait = 60 * time.Second
	}
	if err := p.waitHealthy(ctx, wait); err != nil {
		p.Stop()
		return nil, err
	}
	return p, nil
}

func (p *Process) waitHealthy(ctx context.Context, wait time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	url := p.BaseURL + p.Target.Health
	client := &http.Client{Timeout: 2 * time.Second}
	// 20 ms: the resolution of the start-up time the payload records (connecting to a closed port costs nothing).
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				p.HealthyAt = time.Now()
				return nil
			}
		}
		select {
		case <-p.exited:
			return fmt.Errorf("%s exited before %s answered 200 (%v)%s", p.Target.Name, url, p.waitErr, p.outputNote())
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return fmt.Errorf("%s: %s did not answer 200 within %s%s", p.Target.Name, url, wait, p.outputNote())
			}
			return ctx.Err()
		case <-tick.C:
		}
	}
}

// Pid is the process id (also the process group id).
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// Exited says how the process ended (with the tail of its output), nil while it runs.
func (p *Process) Exited() error {
	select {
	case <-p.exited:
		return fmt.Errorf("%s exited (%v)%s", p.Target.Name, p.waitErr, p.outputNote())
	default:
		return nil
	}
}

// Output is the tail of what the process wrote to stdout and stderr.
func (p *Process) Output() string { return p.log.String() }

func (p *Process) outputNote() string {
	if out := strings.TrimSpace(p.Output()); out != "" {
		return "; its output:\n" + out
	}
	return "; it printed nothing"
}

// Stop sends SIGTERM to the whole process group, then SIGKILL after 5 s; safe to call more than once.
func (p *Process) Stop() { _ = p.StopWithin(5 * time.Second) }

// StopWithin is Stop with another grace period before SIGKILL: a JVM that writes an AOT cache as it exits needs
// longer. It says how the process ended (nil: it exited by itself within the grace period).
func (p *Process) StopWithin(grace time.Duration) (err error) {
	p.once.Do(func() {
		procgroup.Stop(p.cmd.Process.Pid, syscall.SIGTERM, p.exited, grace)
		if p.killed() {
			err = fmt.Errorf("%s did not exit within %s of SIGTERM: killed%s", p.Target.Name, grace, p.outputNote())
		}
		os.RemoveAll(p.WorkDir)
	})
	return err
}

// killed says whether the process ended by SIGKILL (the grace period ran out).
func (p *Process) killed() bool {
	if p.cmd.ProcessState == nil {
		return false
	}
	ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus)
	return ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf.Write(p)
	if over := b.buf.Len() - b.max; over > 0 {
		b.buf.Next(over)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
