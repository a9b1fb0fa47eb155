package main

import (
	"fmt"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/doctor"
	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/run"
	"podium.dev/agent/internal/suite"
)

// unstableHost means doctor found something that would make this host's numbers unstable.
type unstableHost struct{ n int }

func (e unstableHost) Error() string {
	return fmt.Sprintf("doctor: %d thing(s) would make this host's numbers unstable (fixes above)", e.n)
}

func newDoctor(_ *globals) *cobra.Command {
	var suitePath, profile, loadGenCPUs string
	var sample time.Duration
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Print this host's settings, what would make its numbers unstable, and the command that fixes each",
		Long: `doctor reads the host's tuning (frequency governor and range, turbo, SMT, transparent huge pages, mitigations,
clock source, the agent's cgroup limits, net.core.somaxconn, the local port range), works out the CPUs run would
pin to and the profile's highest connection count, watches those CPUs for --sample, and prints each setting,
then each thing that would make the numbers unstable with the command that fixes it. Exit 0: nothing to fix;
exit 9: something to fix.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			layout, err := host.NewLayout(host.Usable(), loadGenCPUs)
			if err != nil {
				return usageError{err}
			}
			maxConns, vcpus := 0, []int{1}
			if m, err := suite.Load(suitePath); err == nil {
				if plan, err := run.PlanFrom(m, profile); err == nil {
					maxConns = slices.Max(append(slices.Clone(plan.Connections), plan.PlaintextConnections...))
					vcpus = plan.VCPUs
				}
			} else {
				fmt.Fprintf(cmd.ErrOrStderr(), "no suite (%v): somaxconn and the port range are not judged against a profile\n", err)
			}
			server := host.CPUs{}
			for _, k := range vcpus {
				if s, err := layout.Server(k); err == nil && len(s) > len(server) {
					server = s
				}
			}
			f := doctor.Gather(server, layout.LoadGenerator, maxConns, sample)
			findings := doctor.Check(f)
			doctor.Print(cmd.OutOrStdout(), f, findings)
			if len(findings) > 0 {
				return unstableHost{len(findings)}
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&suitePath, "suite", "agent/suite/suite.json", "the suite manifest (for the profile's connections and vCPUs)")
	fl.StringVar(&profile, "profile", "quick", "the profile whose highest connection count and vCPUs count")
	fl.StringVar(&loadGenCPUs, "load-generator-cpus", "", "CPUs for wrk/fortio, as for run (default: the upper half)")
	fl.DurationVar(&sample, "sample", time.Second, "how long to watch the pinned CPUs for other busy processes")
	return cmd
}
