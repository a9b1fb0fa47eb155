package host

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// CPUs is a set of CPU numbers, printed as a taskset list ("0-1,4").
type CPUs []int

// ParseCPUs reads a list such as "0-1,4".
func ParseCPUs(s string) (CPUs, error) {
	var out CPUs
	for part := range strings.SplitSeq(strings.TrimSpace(s), ",") {
		if part == "" {
			continue
		}
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("CPU list %q: %w", s, err)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("CPU list %q: bad range %q", s, part)
			}
		}
		for c := a; c <= b; c++ {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

func (c CPUs) String() string {
	var parts []string
	for i := 0; i < len(c); {
		j := i
		for j+1 < len(c) && c[j+1] == c[j]+1 {
			j++
		}
		if j == i {
			parts = append(parts, strconv.Itoa(c[i]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", c[i], c[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

// Usable is the CPUs this process may run on (its affinity mask).
func Usable() CPUs {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return CPUs{0}
	}
	var out CPUs
	for c := 0; c < 1024; c++ {
		if set.IsSet(c) {
			out = append(out, c)
		}
	}
	return out
}

// Layout splits the usable CPUs between the targets and the load generator: the load generator gets
// the upper half (at least one CPU), the targets take CPUs from the bottom. On 2 CPUs: target 0, wrk 1.
type Layout struct {
	Usable        CPUs
	LoadGenerator CPUs
	// Targets, when set, are the CPUs targets take theirs from instead of those the load generator leaves, and
	// may overlap the load generator's: only a test does that, to put two instances on a 2-CPU host.
	Targets CPUs
}

// NewLayout builds the default layout, or uses loadGen when it is given.
func NewLayout(usable CPUs, loadGen string) (Layout, error) {
	if len(usable) < 2 {
		return Layout{}, fmt.Errorf("need at least 2 CPUs to keep the target and the load generator apart, have %d", len(usable))
	}
	if loadGen != "" {
		lg, err := ParseCPUs(loadGen)
		if err != nil {
			return Layout{}, err
		}
		return Layout{Usable: usable, LoadGenerator: lg}, nil
	}
	n := len(usable) / 2
	return Layout{Usable: usable, LoadGenerator: usable[len(usable)-n:]}, nil
}

// Server is the first k CPUs not given to the load generator (of Targets, when set), or an error when there are fewer than k.
func (l Layout) Server(k int) (CPUs, error) {
	var out CPUs
	for _, c := range l.Usable {
		if len(out) == k {
			break
		}
		if l.Targets != nil && slices.Contains(l.Targets, c) || l.Targets == nil && !slices.Contains(l.LoadGenerator, c) {
			out = append(out, c)
		}
	}
	if len(out) < k {
		return nil, fmt.Errorf("%d vCPUs asked for the target, only %d left besides the load generator's %s", k, len(out), l.LoadGenerator)
	}
	return out, nil
}

// Balancer is where the load balancer of the nginx-N topologies runs beside targets on up to k CPUs: the first
// CPU that is neither the load generator's nor one of those k, its own (own true); on a host with none to spare (2
// CPUs: target 0, wrk 1), the load generator's CPUs, which it then shares as the benchmark database does.
func (l Layout) Balancer(k int) (cpus CPUs, own bool) {
	if server, err := l.Server(k + 1); err == nil {
		return CPUs{server[k]}, true
	}
	return slices.Clone(l.LoadGenerator), false
}

// Times is a snapshot of /proc/stat per CPU: busy and total jiffies.
type Times map[int][2]uint64

// ReadTimes reads /proc/stat.
func ReadTimes() (Times, error) {
	f, err := os.Open("/proc/stat")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := Times{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 5 || !strings.HasPrefix(fields[0], "cpu") || fields[0] == "cpu" {
			continue
		}
		cpu, err := strconv.Atoi(fields[0][3:])
		if err != nil {
			continue
		}
		var total, idle uint64
		for i, v := range fields[1:] {
			n, _ := strconv.ParseUint(v, 10, 64)
			if i >= 7 { // guest time is already counted in user
				break
			}
			total += n
			if i == 3 || i == 4 { // idle, iowait
				idle += n
			}
		}
		out[cpu] = [2]uint64{total - idle, total}
	}
	return out, sc.Err()
}

// Busy is the fraction (0..1) of time the given CPUs were busy between two snapshots.
func Busy(before, after Times, cpus CPUs) float64 {
	var busy, total uint64
	for _, c := range cpus {
		a, b := before[c], after[c]
		busy += b[0] - a[0]
		total += b[1] - a[1]
	}
	if total == 0 {
		return 0
	}
	return float64(busy) / float64(total)
}
