package topology

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"podium.dev/agent/internal/balancer"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/suite"
)

// Deployment is a target started in a topology: its instances (one for single) and, for nginx-N, the balancer in
// front of them. BaseURL is where the load goes: the instance's for single, the balancer's for nginx-N.
type Deployment struct {
	Topology  Topology
	Target    *suite.Target
	Instances []*suite.Process
	CPUs      host.CPUs // every instance's CPUs together
	Balancer  *balancer.Balancer
	BaseURL   string
}

// Deploy starts t's instances on cpus as topo says, each pinned to its own share of them and health-checked, then
// (nginx-N) the balancer with o.Balancer's binary and CPUs, health-checked through it. o.Start's CPUs and VCPUs are
// set per instance. On error nothing is left running.
func Deploy(ctx context.Context, m *suite.Manifest, t *suite.Target, topo Topology, cpus host.CPUs, start suite.StartOptions, lb balancer.Options) (*Deployment, error) {
	if err := topo.Fits(len(cpus)); err != nil {
		return nil, err
	}
	if topo.Instances > 1 && t.Port != 0 {
		return nil, fmt.Errorf("%s fixes port %d in the manifest: %s needs a port per instance", t.Name, t.Port, topo.Name)
	}
	d := &Deployment{Topology: topo, Target: t, CPUs: slices.Clone(cpus)}
	for i, c := range topo.Split(cpus) {
		o := start
		o.CPUs, o.VCPUs = c.String(), len(c)
		p, err := m.Start(ctx, t, o)
		if err != nil {
			d.Stop()
			if topo.Instances > 1 {
				return nil, fmt.Errorf("instance %d of %d on CPUs %s: %w", i+1, topo.Instances, c, err)
			}
			return nil, err
		}
		d.Instances = append(d.Instances, p)
	}
	if !topo.Balanced() {
		d.BaseURL = d.Instances[0].BaseURL
		return d, nil
	}
	lb.Upstreams, lb.Health = nil, t.Health
	for _, p := range d.Instances {
		lb.Upstreams = append(lb.Upstreams, p.Port)
	}
	b, err := balancer.Start(ctx, lb)
	if err != nil {
		d.Stop()
		return nil, fmt.Errorf("the nginx balancer in front of %d instances: %w", topo.Instances, err)
	}
	d.Balancer, d.BaseURL = b, b.BaseURL
	return d, nil
}

// InstanceCPUs is each instance's CPU list.
func (d *Deployment) InstanceCPUs() []string {
	var out []string
	for _, c := range d.Topology.Split(d.CPUs) {
		out = append(out, c.String())
	}
	return out
}

// Pids is each instance's process (the leader of its process group).
func (d *Deployment) Pids() []int {
	var out []int
	for _, p := range d.Instances {
		out = append(out, p.Pid())
	}
	return out
}

// Exited is the first instance (or the balancer) that is no longer running, nil while all run: behind a balancer a
// dead instance would not show as errors, the other instances answering in its place.
func (d *Deployment) Exited() error {
	for i, p := range d.Instances {
		if err := p.Exited(); err != nil {
			if len(d.Instances) > 1 {
				return fmt.Errorf("instance %d of %d: %w", i+1, len(d.Instances), err)
			}
			return err
		}
	}
	if d.Balancer != nil {
		if err := d.Balancer.Exited(); err != nil {
			return fmt.Errorf("the nginx balancer: %w", err)
		}
	}
	return nil
}

// Stop ends the balancer, then every instance (together: each may take its 5 s of grace); safe to call twice.
func (d *Deployment) Stop() {
	if d.Balancer != nil {
		d.Balancer.Stop()
	}
	var wg sync.WaitGroup
	for _, p := range d.Instances {
		wg.Go(p.Stop)
	}
	wg.Wait()
}
