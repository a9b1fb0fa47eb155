// Package topology is how a cell's k vCPUs are deployed: `single` (one instance of the target on all k) or
// `nginx-N` (N instances, each pinned to its own k/N of them, behind an nginx load balancer: package balancer).
// Deploy starts either, health-checks every instance and the balancer, and Stop ends them all.
package topology

import (
	"fmt"
	"regexp"
	"strconv"

	"podium.dev/agent/internal/host"
)

// Single is the default topology: one instance on all of the cell's vCPUs.
const Single = "single"

// Default is the topologies of a profile that names none.
var Default = []string{Single}

// pattern is the payload's results[].topology (schema/run.v2.schema.json).
var pattern = regexp.MustCompile(`^(single|nginx-([1-9][0-9]?))$`)

// Topology is one parsed topology name.
type Topology struct {
	Name      string // "single" or "nginx-N"
	Instances int    // 1 for single, N for nginx-N
}

// Parse reads "single" or "nginx-N" (N from 1 to 99).
func Parse(s string) (Topology, error) {
	m := pattern.FindStringSubmatch(s)
	if m == nil {
		return Topology{}, fmt.Errorf("unknown topology %q: single or nginx-N (N from 1 to 99)", s)
	}
	if m[2] == "" {
		return Topology{Name: Single, Instances: 1}, nil
	}
	n, _ := strconv.Atoi(m[2])
	return Topology{Name: s, Instances: n}, nil
}

// ParseAll parses a list of names; duplicates are an error.
func ParseAll(names []string) ([]Topology, error) {
	var out []Topology
	seen := map[string]bool{}
	for _, s := range names {
		t, err := Parse(s)
		if err != nil {
			return nil, err
		}
		if seen[t.Name] {
			return nil, fmt.Errorf("topology %s listed twice", t.Name)
		}
		seen[t.Name] = true
		out = append(out, t)
	}
	return out, nil
}

// Balanced says whether the instances sit behind the load balancer (nginx-N, even nginx-1).
func (t Topology) Balanced() bool { return t.Name != Single }

func (t Topology) String() string { return t.Name }

// Fits says why k vCPUs cannot be deployed this way (nil when they can): nginx-N needs N <= k and k a multiple of N,
// so that every instance gets the same whole number of vCPUs.
func (t Topology) Fits(k int) error {
	n := t.Instances
	switch {
	case n > k:
		return fmt.Errorf("%s needs at least %d vCPUs (one per instance), the cell has %d", t.Name, n, k)
	case k%n != 0:
		return fmt.Errorf("%s needs a vCPU count that is a multiple of %d (the same number per instance), the cell has %d", t.Name, n, k)
	}
	return nil
}

// PerInstance is each instance's vCPUs out of k.
func (t Topology) PerInstance(k int) int { return k / t.Instances }

// Split gives each instance its own consecutive share of cpus (len(cpus) must fit: see Fits).
func (t Topology) Split(cpus host.CPUs) []host.CPUs {
	per := len(cpus) / t.Instances
	out := make([]host.CPUs, t.Instances)
	for i := range out {
		out[i] = cpus[i*per : (i+1)*per]
	}
	return out
}
