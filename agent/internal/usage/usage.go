// Package usage measures what a target costs while it is loaded: the CPU time (user and system), the resident
// memory and the minor page faults of its whole process tree (read from /proc/<pid>/stat, no shelling out),
// and the load generator's own CPU time from rusage.
package usage

import (
	"bytes"
	"math"
	"os"
	"strconv"
	"sync"
	"time"

	"golang.org/x/sys/unix"
)

// Proc is where /proc is read from; tests point it at a fixture tree.
var Proc = "/proc"

// clockTicks is USER_HZ, the unit of utime/stime in /proc/<pid>/stat: 100 on every Linux architecture Go
// supports (sysconf(_SC_CLK_TCK) needs cgo).
const clockTicks = 100

var pageSize = int64(os.Getpagesize())

// Stat is one process's figures from /proc/<pid>/stat.
type Stat struct {
	Pgrp       int
	UserTicks  int64 // utime + cutime: its own and its reaped children's
	SysTicks   int64 // stime + cstime
	OwnTicks   int64 // utime + stime: its own only
	RSSBytes   int64
	StartTicks int64 // starttime: tells a reused pid from the one seen before
	// MinorFaults is minflt + cminflt: page faults served without I/O (a page first touched, copied on write),
	// its own and its reaped children's
	MinorFaults int64
}

// ParseStat reads the fields of /proc/<pid>/stat that usage needs. The command name (field 2) may hold
// spaces and parentheses, so the fields are counted from its last ')'.
func ParseStat(b []byte) (Stat, bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return Stat{}, false
	}
	f := bytes.Fields(b[i+1:]) // f[0] is field 3 (state)
	if len(f) < 22 {
		return Stat{}, false
	}
	n := func(field int) int64 {
		v, _ := strconv.ParseInt(string(f[field-3]), 10, 64)
		return v
	}
	return Stat{Pgrp: int(n(5)), UserTicks: n(14) + n(16), SysTicks: n(15) + n(17),
		OwnTicks: n(14) + n(15), RSSBytes: n(24) * pageSize, StartTicks: n(22), MinorFaults: n(10) + n(11)}, true
}

func readStat(pid int) (Stat, bool) {
	b, err := os.ReadFile(Proc + "/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return Stat{}, false
	}
	return ParseStat(b)
}

// Group is the pids whose process group is pgid (the target's tree: the agent starts each target as a
// group leader, and its children stay in the group).
func Group(pgid int) []int {
	d, err := os.Open(Proc)
	if err != nil {
		return nil
	}
	defer d.Close()
	names, _ := d.Readdirnames(-1)
	var out []int
	for _, n := range names {
		pid, err := strconv.Atoi(n)
		if err != nil {
			continue
		}
		if s, ok := readStat(pid); ok && s.Pgrp == pgid {
			out = append(out, pid)
		}
	}
	return out
}

// Tree is pid and its descendants, from each thread's /proc/<pid>/task/<tid>/children: far cheaper than reading
// every process of /proc. ok is false when the kernel has no children files (then Group is the way).
func Tree(pid int) (pids []int, ok bool) {
	if _, err := os.Stat(Proc + "/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(pid) + "/children"); err != nil {
		return nil, false
	}
	queue := []int{pid}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		pids = append(pids, p)
		tasks, err := os.ReadDir(Proc + "/" + strconv.Itoa(p) + "/task")
		if err != nil {
			continue // exited meanwhile
		}
		for _, t := range tasks {
			b, _ := os.ReadFile(Proc + "/" + strconv.Itoa(p) + "/task/" + t.Name() + "/children")
			for _, f := range bytes.Fields(b) {
				if c, err := strconv.Atoi(string(f)); err == nil {
					queue = append(queue, c)
				}
			}
		}
	}
	return pids, true
}

// Members is the target's process tree: the descendants of leader (which leads its process group), or the
// processes of that group where the kernel has no children files.
func Members(leader int) []int {
	if pids, ok := Tree(leader); ok {
		return pids
	}
	return Group(leader)
}

// RSS is the resident memory of the process tree led by leader now.
func RSS(leader int) int64 {
	var total int64
	for _, pid := range Members(leader) {
		if s, ok := readStat(pid); ok {
			total += s.RSSBytes
		}
	}
	return total
}

// Usage is what the target cost over one repeat (schema: results[].repeats[].usage).
type Usage struct {
	WallSeconds            float64 `json:"wallSeconds"`
	TargetCPUUserSeconds   float64 `json:"targetCpuUserSeconds"`
	TargetCPUSystemSeconds float64 `json:"targetCpuSystemSeconds"`
	TargetRSSMeanBytes     int64   `json:"targetRssMeanBytes"`
	TargetRSSPeakBytes     int64   `json:"targetRssPeakBytes"`
	GeneratorCPUSeconds    float64 `json:"generatorCpuSeconds"`
	Samples                int     `json:"samples,omitempty"`
	// The benchmark database's CPU time over the repeat, for the db scenarios (nil otherwise).
	DatabaseCPUUserSeconds   *float64 `json:"databaseCpuUserSeconds,omitempty"`
	DatabaseCPUSystemSeconds *float64 `json:"databaseCpuSystemSeconds,omitempty"`
	// The load balancer's (nginx) CPU time over the repeat, for the nginx-N topologies (nil otherwise).
	BalancerCPUUserSeconds   *float64 `json:"balancerCpuUserSeconds,omitempty"`
	BalancerCPUSystemSeconds *float64 `json:"balancerCpuSystemSeconds,omitempty"`
	// What the JVM's garbage collector did over the repeat, summed over the instances (gcstats; nil for nginx).
	AllocatedBytesPerRequest *float64 `json:"allocatedBytesPerRequest,omitempty"`
	GCCount                  *int64   `json:"gcCount,omitempty"`
	GCSeconds                *float64 `json:"gcSeconds,omitempty"`
	GCCPUShare               *float64 `json:"gcCpuShare,omitempty"`
	GCPauseMaxMs             *float64 `json:"gcPauseMaxMs,omitempty"`
	// The target's minor page faults over the repeat per request (its whole process tree; nil without requests).
	MinorFaultsPerRequest *float64 `json:"minorFaultsPerRequest,omitempty"`
}

// DefaultInterval is how often memory is sampled: often enough for a peak, rarely enough to cost nothing.
const DefaultInterval = 200 * time.Millisecond

// rescanEvery is how many samples pass between two walks of the tree for new members.
const rescanEvery = 5

type seen struct {
	tree  int   // the index of the tree's leader in Sampler.leaders
	start int64 // starttime, to tell a reused pid apart
	first Stat  // at the start of the sampling, zero for a process born during it
	last  Stat
}

// Sampler samples one or more process trees until Stop: their figures are summed (memory sample by sample, so the
// peak is the peak of the sum).
type Sampler struct {
	leaders []int
	started time.Time
	stop    chan struct{}
	done    chan struct{}

	mu      sync.Mutex
	procs   map[int]*seen
	rssSum  float64
	rssPeak int64
	samples int
	perTree []float64 // each tree's CPU seconds (user + system), once stopped
	faults  int64     // the trees' minor page faults, once stopped
}

// Start begins sampling the process tree led by leader (the target's process, leader of its group) every
// interval (DefaultInterval when 0).
func Start(leader int, interval time.Duration) *Sampler {
	return StartAll([]int{leader}, interval)
}

// StartAll begins sampling the process trees led by leaders together (the instances of an nginx-N topology).
func StartAll(leaders []int, interval time.Duration) *Sampler {
	if interval <= 0 {
		interval = DefaultInterval
	}
	s := &Sampler{leaders: leaders, started: time.Now(), stop: make(chan struct{}), done: make(chan struct{}), procs: map[int]*seen{}}
	s.scan(true)
	s.sample()
	go s.loop(interval)
	return s
}

func (s *Sampler) loop(interval time.Duration) {
	defer close(s.done)
	t := time.NewTicker(interval)
	defer t.Stop()
	for i := 1; ; i++ {
		select {
		case <-s.stop:
			return
		case <-t.C:
			if i%rescanEvery == 0 {
				s.scan(false)
			}
			s.sample()
		}
	}
}

// scan adds the tree's members not yet known; at the start they are the baseline, later they were born inside.
func (s *Sampler) scan(initial bool) {
	for tree, leader := range s.leaders {
		for _, pid := range Members(leader) {
			st, ok := readStat(pid)
			s.mu.Lock()
			if p := s.procs[pid]; ok && (p == nil || p.start != st.StartTicks) {
				np := &seen{tree: tree, start: st.StartTicks, last: st}
				if initial {
					np.first = st
				}
				s.procs[pid] = np
			}
			s.mu.Unlock()
		}
	}
}

// sample reads every known member once: memory now, CPU so far.
func (s *Sampler) sample() {
	s.mu.Lock()
	defer s.mu.Unlock()
	var rss int64
	for pid, p := range s.procs {
		st, ok := readStat(pid)
		if !ok || st.StartTicks != p.start {
			continue // gone (its CPU up to the last sample counts)
		}
		p.last = st
		rss += st.RSSBytes
	}
	s.rssSum += float64(rss)
	s.rssPeak = max(s.rssPeak, rss)
	s.samples++
}

// Stop ends the sampling and returns the group's usage since Start (GeneratorCPUSeconds is left to the caller).
func (s *Sampler) Stop() Usage {
	close(s.stop)
	<-s.done
	s.scan(false)
	s.sample()
	wall := time.Since(s.started).Seconds()
	s.mu.Lock()
	defer s.mu.Unlock()
	var user, sys, faults int64
	perTree := make([]int64, len(s.leaders))
	for _, p := range s.procs {
		user += p.last.UserTicks - p.first.UserTicks
		sys += p.last.SysTicks - p.first.SysTicks
		faults += p.last.MinorFaults - p.first.MinorFaults
		perTree[p.tree] += p.last.UserTicks - p.first.UserTicks + p.last.SysTicks - p.first.SysTicks
	}
	s.faults = max(faults, 0)
	s.perTree = nil
	for _, t := range perTree {
		s.perTree = append(s.perTree, round(float64(max(t, 0))/clockTicks, 2))
	}
	u := Usage{WallSeconds: round(wall, 3), TargetCPUUserSeconds: round(float64(max(user, 0))/clockTicks, 2),
		TargetCPUSystemSeconds: round(float64(max(sys, 0))/clockTicks, 2), TargetRSSPeakBytes: s.rssPeak, Samples: s.samples}
	if s.samples > 0 {
		u.TargetRSSMeanBytes = int64(s.rssSum / float64(s.samples))
	}
	return u
}

// TreeCPUSeconds is each tree's CPU time (user + system) over the sampling, in the order of the leaders given to
// StartAll; nil before Stop.
func (s *Sampler) TreeCPUSeconds() []float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.perTree
}

// MinorFaults is the trees' minor page faults over the sampling (counted as their CPU time is: each process's own
// and its reaped children's, a process born during the sampling from its start); 0 before Stop.
func (s *Sampler) MinorFaults() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.faults
}

// PerRequest is count over requests rounded to 6 decimals, nil without requests.
func PerRequest(count, requests int64) *float64 {
	if requests <= 0 {
		return nil
	}
	v := math.Round(float64(count)/float64(requests)*1e6) / 1e6
	return &v
}

// SelfCPU is this process's CPU time so far (user + system), for the in-process open-loop generator.
func SelfCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func round(v float64, digits int) float64 {
	p := 1.0
	for range digits {
		p *= 10
	}
	return float64(int64(v*p+0.5)) / p
}
