// Package steal reads how much of a virtual machine's CPU time its host gave to others: the "steal" column of
// /proc/stat (time a guest's vCPU was ready to run but not running). On a VM whose neighbours come and go, a repeat
// that lost CPU time this way is slower for reasons that are not the target's; the agent prints the share beside
// each repeat so that such a repeat can be told from a slow target, keeps it in the payload (the repeat's stealShare),
// and measures a repeat that lost too much again.
package steal

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Sample is the machine's CPU time counters at one moment: the aggregate "cpu" line of /proc/stat.
type Sample struct {
	Steal uint64 // ticks stolen by the hypervisor
	Total uint64 // ticks of every column the share is taken of (user ... steal)
}

// Parse reads the aggregate "cpu" line of a /proc/stat text. Its columns are user, nice, system, idle, iowait, irq,
// softirq, steal, then guest and guest_nice, which user and nice already count (proc(5)); a kernel without the steal
// column (before 2.6.11) has none to give.
func Parse(b []byte) (Sample, error) {
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0] != "cpu" {
			continue
		}
		if len(f) < 9 {
			return Sample{}, fmt.Errorf("/proc/stat: the cpu line has %d columns, no steal column", len(f)-1)
		}
		var s Sample
		for i, v := range f[1:9] {
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return Sample{}, fmt.Errorf("/proc/stat: cpu column %d: %w", i+1, err)
			}
			s.Total += n
			if i == 7 {
				s.Steal = n
			}
		}
		return s, nil
	}
	return Sample{}, fmt.Errorf("/proc/stat: no cpu line")
}

// Read samples /proc/stat now.
func Read() (Sample, error) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return Sample{}, err
	}
	return Parse(b)
}

// Share is the part of the machine's CPU time between s and later that the host took (0 to 1); false when no time
// passed between them or the counters went back.
func (s Sample) Share(later Sample) (float64, bool) {
	if later.Total <= s.Total || later.Steal < s.Steal {
		return 0, false
	}
	return float64(later.Steal-s.Steal) / float64(later.Total-s.Total), true
}

// Source opens a window on the machine's steal: the func it returns closes the window and gives the share of the
// machine's CPU time the host took in between, false when it could not be read. Proc reads /proc/stat; a test gives
// the agent a stand-in that says what it is told to.
type Source func() (stop func() (float64, bool))

// Proc is the Source of /proc/stat.
func Proc() func() (float64, bool) {
	start, err := Read()
	return func() (float64, bool) {
		end, err2 := Read()
		if err != nil || err2 != nil {
			return 0, false
		}
		return start.Share(end)
	}
}
