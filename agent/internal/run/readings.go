package run

// What is read from the host around one try of a repeat: the target's and the load generator's CPU time and memory,
// the target's minor page faults, the balancer's and the database's CPU time, the JVM's allocation and GC counters, and the share of the machine's
// CPU time its host took (steal).

import (
	"math"
	"path/filepath"

	"podium.dev/agent/internal/gcstats"
	"podium.dev/agent/internal/load"
	"podium.dev/agent/internal/suite"
	"podium.dev/agent/internal/topology"
	"podium.dev/agent/internal/usage"
)

// reading is one try of a repeat: the load generator's result and what the host said around it.
type reading struct {
	res load.Result
	u   usage.Usage
	// stolen is the share of the machine's CPU time its host took during the try (/proc/stat's steal, or the
	// Runner's stand-in), -1 where it cannot be read.
	stolen float64
	// instanceCPU is each instance's CPU time over the try (nginx-N: the progress line shows the spread).
	instanceCPU []float64
	// lacking are the figures the target's JDK could not give (gcstats.Figures.Lacking).
	lacking []string
	// retries are the tries of the repeat discarded before this one for losing more than maxStealShare (measured);
	// lost says that this one lost more than that too, its retries spent.
	retries int
	lost    bool
}

// stealShare is the steal of the try as a repeat records it (4 decimals), nil where it could not be read.
func (rd reading) stealShare() *float64 {
	if rd.stolen < 0 {
		return nil
	}
	share := math.Round(rd.stolen*1e4) / 1e4
	return &share
}

// targetCPUShare is the target's CPU time over what its vcpus had in the try's wall time (4 decimals), nil without
// a wall time or vCPUs.
func (rd reading) targetCPUShare(vcpus int) *float64 {
	u, cpus := rd.u, float64(vcpus)
	if u.WallSeconds <= 0 || cpus <= 0 {
		return nil
	}
	// sampling skew may put the CPU time a little above what the CPUs had (the service allows 5%): cut at 1
	share := math.Round(min(1, (u.TargetCPUUserSeconds+u.TargetCPUSystemSeconds)/(u.WallSeconds*cpus))*1e4) / 1e4
	return &share
}

// measureOnce runs one try of a repeat while sampling the target's process trees (all its instances' together), and adds the
// load generator's own CPU time: wrk's rusage (in res), or for the in-process open loop the agent's own rusage over
// the repeat; and the balancer's (nginx-N) and the database's (db scenarios) CPU time over the same repeat.
func (s *session) measureOnce(inProcess, db bool, f func() (load.Result, error)) (reading, error) {
	p := s.p
	self := usage.SelfCPU()
	sm := usage.StartAll(p.Pids(), usage.DefaultInterval)
	var ds, bs *usage.Sampler
	if db && s.db != nil {
		ds = usage.Start(s.db.Pid(), usage.DefaultInterval)
	}
	if p.Balancer != nil {
		bs = usage.Start(p.Balancer.Pid(), usage.DefaultInterval)
	}
	gc := s.startGC(p)
	stolen := s.r.stealSource()()
	res, err := f()
	rd := reading{res: res, u: sm.Stop(), instanceCPU: sm.TreeCPUSeconds(), stolen: -1}
	u := &rd.u
	if err == nil {
		u.MinorFaultsPerRequest = usage.PerRequest(sm.MinorFaults(), res.Requests)
	}
	if share, ok := stolen(); ok {
		rd.stolen = share
	}
	if gc != nil && err == nil {
		if g, gerr := gc.Stop(res.Requests, u.TargetCPUUserSeconds+u.TargetCPUSystemSeconds); gerr == nil {
			u.AllocatedBytesPerRequest, u.GCCount, u.GCSeconds = &g.AllocatedBytesPerRequest, &g.GCCount, &g.GCSeconds
			u.GCPauseMaxMs = &g.GCPauseMaxMs
			if g.GCCPUKnown() {
				u.GCCPUShare = &g.GCCPUShare
			}
			rd.lacking = g.Lacking
		} else {
			s.r.logf("  no GC figures for this repeat: %v", gerr)
		}
	}
	if ds != nil {
		du := ds.Stop()
		u.DatabaseCPUUserSeconds, u.DatabaseCPUSystemSeconds = &du.TargetCPUUserSeconds, &du.TargetCPUSystemSeconds
	}
	if bs != nil {
		bu := bs.Stop()
		u.BalancerCPUUserSeconds, u.BalancerCPUSystemSeconds = &bu.TargetCPUUserSeconds, &bu.TargetCPUSystemSeconds
	}
	if err != nil {
		return rd, err
	}
	if bs != nil { // behind a balancer the other instances would have answered in a dead one's place
		if err := p.Exited(); err != nil {
			return rd, err
		}
	}
	gen := res.GeneratorCPUSeconds
	if inProcess {
		gen = (usage.SelfCPU() - self).Seconds()
	}
	u.GeneratorCPUSeconds = math.Round(gen*1000) / 1000
	return rd, nil
}

// startGC opens a gcstats window on a JVM target's instances (their perf counters and GC logs); nil for nginx, or
// when the counters cannot be read (the repeat then goes without GC figures, said in the log).
func (m *measurer) startGC(p *topology.Deployment) *gcstats.Window {
	if !p.Target.JVM() {
		return nil
	}
	var jvms []gcstats.JVM
	for _, in := range p.Instances {
		jvms = append(jvms, gcstats.JVM{Pid: in.Pid(), Log: filepath.Join(in.WorkDir, suite.GCLogName)})
	}
	w, err := gcstats.Start(jvms)
	if err != nil {
		m.r.logf("  no GC figures for this repeat: %v", err)
		return nil
	}
	return w
}
