package main

import (
	"fmt"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/suite"
)

// newStart starts one target exactly as run does (pinned, free port, reference service) and keeps it up
// until interrupted, so that scripts (make bench-warmup, make profile) drive the same process the agent measures.
func newStart(_ *globals) *cobra.Command {
	var f suiteFlags
	var vcpus int
	var jvmFlags []string
	cmd := &cobra.Command{
		Use:   "start",
		Short: "Start one target pinned as run does, print its URL, CPUs and pid, keep it up until interrupted",
		Long: `start starts the target named by --target pinned to k vCPUs (taskset and -XX:ActiveProcessorCount=k) on a
free port, with the reference service when the target has the proxy scenario, waits for its health URL and
prints one line "url=... pid=... cpus=... loadgen=..." on stdout. It stops everything on SIGINT or SIGTERM.
--jvm-flag adds flags to {jvmFlags} (e.g. -XX:StartFlightRecording=...).`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			m, err := suite.Load(f.suite)
			if err != nil {
				return usageError{err}
			}
			if len(f.targets) != 1 {
				return usageError{fmt.Errorf("start takes exactly one --target")}
			}
			targets, err := m.Select(f.targets)
			if err != nil {
				return usageError{err}
			}
			t := targets[0]
			layout, err := host.NewLayout(host.Usable(), f.loadGenCPUs)
			if err != nil {
				return usageError{err}
			}
			cpus, err := layout.Server(vcpus)
			if err != nil {
				return usageError{err}
			}
			m.JVMFlags = append(m.JVMFlags, jvmFlags...)
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			java := host.Java(f.java)
			var ref *suite.Reference
			if suite.NeedsReference(targets) {
				if ref, err = m.StartReference(ctx, suite.StartOptions{Java: java, CPUs: layout.LoadGenerator.String(), VCPUs: 1, HealthWait: f.healthTimeout}); err != nil {
					return err
				}
				defer ref.Stop()
			}
			p, err := m.Start(ctx, t, suite.StartOptions{Java: java, CPUs: cpus.String(), VCPUs: vcpus, ReferenceURL: ref.URL(), HealthWait: f.healthTimeout})
			if err != nil {
				return err
			}
			defer p.Stop()
			fmt.Fprintf(cmd.OutOrStdout(), "url=%s pid=%d cpus=%s loadgen=%s\n", p.BaseURL, p.Pid(), cpus, layout.LoadGenerator)
			<-ctx.Done()
			return nil
		},
	}
	f.register(cmd)
	cmd.Flags().IntVar(&vcpus, "vcpus", 1, "vCPUs for the target")
	cmd.Flags().StringArrayVar(&jvmFlags, "jvm-flag", nil, "an extra JVM flag for {jvmFlags} (repeatable)")
	return cmd
}
