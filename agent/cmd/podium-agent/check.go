package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/host"
	"podium.dev/agent/internal/suite"
)

// checkFailed lists the targets and scenarios that failed.
type checkFailed struct{ what []string }

func (e checkFailed) Error() string {
	return fmt.Sprintf("%d failed: %s", len(e.what), strings.Join(e.what, "; "))
}

// suiteFlags are the flags check and run share.
type suiteFlags struct {
	suite         string
	targets       []string
	java          string
	loadGenCPUs   string
	healthTimeout time.Duration
}

func (f *suiteFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.suite, "suite", "agent/suite/suite.json", "the suite manifest")
	fl.StringSliceVar(&f.targets, "target", nil, "only these targets (repeatable or comma-separated; default: the profile's targets, for check all)")
	fl.StringVar(&f.java, "java", "", "java binary for {java} (default: $JAVA_HOME/bin/java, else java on the PATH)")
	fl.StringVar(&f.loadGenCPUs, "load-generator-cpus", "", "CPUs for wrk/fortio (and the reference service), e.g. 1 or 4-7 (default: the upper half)")
	fl.DurationVar(&f.healthTimeout, "health-timeout", 90*time.Second, "how long a target may take to answer its health URL")
}

func newCheck(_ *globals) *cobra.Command {
	var f suiteFlags
	var delayMs int
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Start each target, validate every scenario against the contract, stop it; non-zero naming each failure",
		Long: `check starts each target of the manifest (pinned to one CPU), waits for its health URL, validates every
scenario it declares against agent/suite/README.md (status, body, content type; delay waits at least N ms;
proxy really reached the reference service, proven by its /stats counter; the db scenarios against a PostgreSQL
it starts and loads from suite/db/schema.sql, afresh for every target: rows as loaded, n clamped, updates
written back, the fortunes page token for token), and stops it. It exits 3 naming each failing target/scenario.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			m, err := suite.Load(f.suite)
			if err != nil {
				return usageError{err}
			}
			targets, err := m.Select(f.targets)
			if err != nil {
				return usageError{err}
			}
			log := logger(cmd)
			var serverCPUs, refCPUs string // checking needs no pinning, but pin like run does when the host allows
			if layout, err := host.NewLayout(host.Usable(), f.loadGenCPUs); err != nil {
				log("not pinning: %v", err)
			} else if server, err := layout.Server(1); err != nil {
				log("not pinning: %v", err)
			} else {
				serverCPUs, refCPUs = server.String(), layout.LoadGenerator.String()
			}
			results := m.Check(cmd.Context(), targets, suite.CheckOptions{
				Java: host.Java(f.java), ServerCPUs: serverCPUs, ReferenceCPUs: refCPUs, DatabaseCPUs: refCPUs,
				VCPUs: 1, HealthWait: f.healthTimeout, DelayMs: delayMs, Logf: log,
			})
			out := cmd.OutOrStdout()
			var failed []string
			for _, r := range results {
				switch {
				case r.StartErr != nil:
					fmt.Fprintf(out, "FAIL %s: did not start: %v\n", r.Target.Name, r.StartErr)
					failed = append(failed, r.Target.Name+": did not start")
				case len(r.Failures) > 0:
					for _, fl := range r.Failures {
						fmt.Fprintf(out, "FAIL %s\n", fl.Error())
						failed = append(failed, fl.Target+"/"+fl.Scenario)
					}
				default:
					fmt.Fprintf(out, "ok   %s (%s)\n", r.Target.Name, strings.Join(r.Target.Scenarios, ", "))
				}
			}
			if cmd.Context().Err() != nil {
				return cmd.Context().Err()
			}
			if len(failed) > 0 {
				return checkFailed{failed}
			}
			return nil
		},
	}
	f.register(cmd)
	cmd.Flags().IntVar(&delayMs, "delay-ms", 100, "the N of /delay?ms=N to validate")
	return cmd
}
