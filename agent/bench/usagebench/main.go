// Command usagebench measures what sampling costs the target: the same target's throughput under wrk with and
// without the agent's usage sampler on its process group, interleaved (ABBA) over several rounds in one run,
// pinned as the agent pins (target on the lowest CPU, wrk and this process on the load generator's CPUs).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/testtarget"
	"podium.dev/agent/internal/usage"
	"podium.dev/agent/internal/wrk"
)

func main() {
	target := flag.String("target", "bin/contractserver", "the target binary (serves /plaintext on $PORT)")
	rounds := flag.Int("rounds", 6, "rounds; each measures once with and once without sampling, the order alternating")
	duration := flag.Duration("duration", 5*time.Second, "one measurement")
	conns := flag.Int("connections", 64, "wrk connections")
	flag.Parse()

	usable := host.Usable()
	layout, err := host.NewLayout(usable, "")
	if err != nil {
		log.Fatal(err)
	}
	server, err := layout.Server(1)
	if err != nil {
		log.Fatal(err)
	}
	lg := layout.LoadGenerator
	if err := host.PinSelf(lg); err != nil {
		log.Printf("could not pin to %s: %v", lg, err)
	}
	port, err := testtarget.FreePort()
	if err != nil {
		log.Fatal(err)
	}
	cmd := exec.Command("taskset", "-c", server.String(), *target)
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	pgid := cmd.Process.Pid
	defer func() { _ = syscall.Kill(-pgid, syscall.SIGKILL); _ = cmd.Wait() }()
	url := fmt.Sprintf("http://127.0.0.1:%d/plaintext", port)
	for i := 0; ; i++ {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			break
		}
		if i > 100 {
			log.Fatal("the target did not answer")
		}
		time.Sleep(100 * time.Millisecond)
	}
	ctx := context.Background()
	opts := wrk.Options{URL: url, Threads: min(*conns, len(lg)), Connections: *conns, Duration: *duration, CPUs: lg.String()}
	warm := opts
	warm.Duration = 3 * time.Second
	if _, err := wrk.Run(ctx, warm); err != nil {
		log.Fatal(err)
	}
	// The sampler's own CPU time, alone for 5 s: what it takes from the load generator's CPUs, whatever the noise.
	self0 := usage.SelfCPU()
	idle := usage.Start(pgid, usage.DefaultInterval)
	time.Sleep(5 * time.Second)
	iu := idle.Stop()
	selfCost := (usage.SelfCPU() - self0).Seconds() / iu.WallSeconds
	fmt.Printf("the sampler alone: %.2f ms of CPU per second (%.3f%% of one CPU), %d samples in %.1f s\n",
		selfCost*1000, selfCost*100, iu.Samples, iu.WallSeconds)
	load0 := loadavg()
	fmt.Printf("target on CPU %s, wrk -t %d -c %d -d %s on CPUs %s; %d rounds, sampling every %s\n",
		server, opts.Threads, *conns, *duration, lg, *rounds, usage.DefaultInterval)
	var with, without float64
	var ratios []float64
	for i := range *rounds {
		got := map[bool]float64{}
		for _, sampled := range []bool{i%2 == 0, i%2 != 0} {
			var s *usage.Sampler
			if sampled {
				s = usage.Start(pgid, usage.DefaultInterval)
			}
			res, err := wrk.Run(ctx, opts)
			note := ""
			if s != nil {
				u := s.Stop()
				note = fmt.Sprintf(" (target %.2f CPU-s, %d samples)", u.TargetCPUUserSeconds+u.TargetCPUSystemSeconds, u.Samples)
			}
			if err != nil {
				log.Fatal(err)
			}
			got[sampled] = res.RequestsPerSecond
			fmt.Printf("  round %d, sampling %-5v %10.0f req/s%s\n", i+1, sampled, res.RequestsPerSecond, note)
		}
		ratios = append(ratios, got[true]/got[false])
		with += got[true] / float64(*rounds)
		without += got[false] / float64(*rounds)
	}
	fmt.Printf("mean with sampling %.0f req/s, without %.0f req/s: ratio %.4f (%+.2f%%)\n", with, without, with/without, (with/without-1)*100)
	if m, half := meanCI(ratios); half > 0 {
		fmt.Printf("paired ratio per round %.4f, 95%% interval +-%.4f (Student's t, %d rounds): a difference inside it is noise\n", m, half, len(ratios))
	}
	fmt.Printf("load average (1 min) before %s, after %s, on %d CPUs\n", load0, loadavg(), len(usable))
}

func loadavg() string {
	b, _ := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(b)); len(f) > 0 {
		return f[0]
	}
	return "?"
}

// meanCI is the mean of xs and the half width of its 95% Student's t interval.
func meanCI(xs []float64) (float64, float64) {
	n := float64(len(xs))
	if n < 2 {
		return 0, 0
	}
	var sum, ss float64
	for _, x := range xs {
		sum += x
	}
	m := sum / n
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	// t(0.975, df) for df = 1..10; beyond that 2.0 errs a little on the wide side.
	t := []float64{12.71, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228}
	q := 2.0
	if df := len(xs) - 1; df <= len(t) {
		q = t[df-1]
	}
	return m, q * math.Sqrt(ss/(n-1)) / math.Sqrt(n)
}
