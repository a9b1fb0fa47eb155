package run

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"podium.dev/agent/internal/aotcache"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/topology"
	"podium.dev/agent/internal/wrk"
)

// modeState is the JVM mode a target is being measured in (package aotcache): for aot-cache, the cache its training
// run wrote, the flags each measured start adds, what the cells record, and what went wrong (the cells say it).
type modeState struct {
	name      string
	cache     string   // the AOT cache file
	flags     []string // added to the measured starts' {jvmFlags}
	recorded  []string // the cells' jvmModeFlags: the training run's flags, then the measured starts'
	training  AOTTraining
	notUsedBy string // set when a measured start ran without the cache: why
}

// label is " aot-cache" in the progress lines of that mode, "" in the default one.
func (s modeState) label() string {
	if s.name == "" || s.name == aotcache.Default {
		return ""
	}
	return " " + s.name
}

// mark records the mode on a cell of the current start: jvmMode, the flags, the training, and the flag
// aot-cache-not-used when the start could not use the cache.
func (s modeState) mark(c *Cell) {
	if s.name != aotcache.AOTCache {
		return
	}
	c.JVMMode, c.JVMModeFlags = s.name, s.recorded
	tr := s.training
	if s.notUsedBy != "" {
		if tr.Problem == "" {
			tr.Problem = clip(s.notUsedBy, 1000)
		}
		c.flag(FlagAOTCacheNotUsed)
	}
	c.AOTTraining = &tr
}

// train writes t's AOT cache: one instance started with -XX:AOTCacheOutput on the slot's first instance's CPUs
// serves each of its scenarios under wrk for aotcache.TrainingLoad, then gets SIGTERM and writes the cache as it exits.
// It sets the mode's flags for the measured starts; when there is no cache (a JDK before 25, a training run that
// failed) the measured starts run without one and their cells say why (aot-cache-not-used). cleanup removes the cache.
func (m *measurer) train(ctx context.Context, at slotTarget) (cleanup func()) {
	r, t := m.r, at.t
	cleanup = func() {}
	if !m.aotChecked { // once per run: the JDK does not change between targets
		m.aotChecked, m.aotErr = true, aotcache.Supported(ctx, r.Java)
	}
	if err := m.aotErr; err != nil {
		m.mode.notUsedBy = err.Error()
		r.logf("%s: no AOT cache: %v (its aot-cache cells run without one, flagged %s)", t.Name, err, FlagAOTCacheNotUsed)
		return cleanup
	}
	dir, err := os.MkdirTemp("", "podium-aot-"+t.Name+"-")
	if err != nil {
		m.mode.notUsedBy = err.Error()
		return cleanup
	}
	cleanup = func() { os.RemoveAll(dir) }
	file := filepath.Join(dir, t.Name+".aot")
	m.mode.cache, m.mode.flags = file, aotcache.RunFlags(file)
	m.mode.recorded = append(aotcache.TrainingFlags(file), m.mode.flags...)
	started := time.Now()
	err = m.trainingRun(ctx, at, file)
	m.mode.training.Seconds = math.Round(time.Since(started).Seconds()*10) / 10
	if err == nil {
		m.mode.training.CacheBytes, err = aotcache.Written(file)
	}
	if err != nil {
		m.mode.notUsedBy = "training: " + err.Error()
		r.logf("%s: the AOT cache training failed: %v (its aot-cache cells run without one, flagged %s)", t.Name, err, FlagAOTCacheNotUsed)
		return cleanup
	}
	r.logf("%s: AOT cache written in %.1f s (%.1f MB): %s", t.Name, m.mode.training.Seconds, float64(m.mode.training.CacheBytes)/1e6, file)
	return cleanup
}

// trainingRun starts one instance of t with -XX:AOTCacheOutput=file, loads each scenario the plan measures for
// aotcache.TrainingLoad, and stops it, waiting for it to write the cache.
func (m *measurer) trainingRun(ctx context.Context, at slotTarget, file string) error {
	r, t, k, topo, cpus, ref := m.r, at.t, at.k, at.topo, at.cpus, at.ref
	var v suite.Validator // the training validates nothing: only the target's database environment is wanted
	env, err := r.Manifest.DatabaseFor(ctx, t, r.Plan.Scenarios, m.db, &v)
	if err != nil {
		env = nil // the db scenarios' training load fails; the others train
	}
	one := topo.Split(cpus)[0]
	r.logf("%s: AOT cache training run on CPUs %s: %s", t.Name, one, aotcache.TrainingFlags(file)[0])
	p, err := r.Manifest.Start(ctx, t, suite.StartOptions{Java: r.Java, CPUs: one.String(), VCPUs: topo.PerInstance(k),
		ReferenceURL: ref.URL(), HealthWait: r.HealthWait, Env: env, JVMFlags: aotcache.TrainingFlags(file)})
	if err != nil {
		return err
	}
	for _, s := range r.Plan.scenariosOf(t) {
		o := wrk.Options{Binary: r.Wrk, URL: p.BaseURL + suite.Path(s, r.Plan.DelayMs), Threads: 1,
			Connections: r.Plan.connectionsFor(s)[0], Timeout: 2 * time.Second, CPUs: m.lg.String(), Duration: aotcache.TrainingLoad}
		o.Threads = min(o.Connections, len(m.lg))
		if s == "delay" {
			o.Timeout = max(o.Timeout, 4*time.Duration(r.Plan.DelayMs)*time.Millisecond)
		}
		if res, err := wrk.Run(ctx, o); err != nil {
			r.logf("  training load %s: %v", s, err)
		} else {
			r.logf("  training load %s: %.0f req/s", s, res.RequestsPerSecond)
		}
	}
	if err := ctx.Err(); err != nil {
		p.Stop()
		return err
	}
	return p.StopWithin(aotcache.WriteGrace)
}

// checkCacheUsed looks, after an aot-cache start, whether every instance mapped the cache; one that did not ran
// without it (another JDK's cache, other flags or class path: the JVM goes on without the cache and only warns).
func (m *measurer) checkCacheUsed(p *topology.Deployment) {
	if m.mode.name != aotcache.AOTCache || m.mode.cache == "" || m.mode.notUsedBy != "" {
		return
	}
	for i, in := range p.Instances {
		used, err := aotcache.Mapped(in.Pid(), m.mode.cache)
		switch {
		case err != nil:
			m.mode.notUsedBy = fmt.Sprintf("could not read instance %d's memory map: %v", i+1, err)
		case !used:
			m.mode.notUsedBy = "the JVM started without the AOT cache (it did not map it; its output: " + clip(in.Output(), 600) + ")"
		}
		if m.mode.notUsedBy != "" {
			m.r.logf("  %s: flagged %s", m.mode.notUsedBy, FlagAOTCacheNotUsed)
			return
		}
	}
	m.r.logf("  started from the AOT cache (mapped by every instance)")
}
