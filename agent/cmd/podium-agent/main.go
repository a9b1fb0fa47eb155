// Command podium-agent benchmarks the JVM framework suite on this host and delivers signed runs to Podium.
// This file only wires the commands and maps errors to the exit codes documented in agent/README.md.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/config"
	"podium.dev/agent/internal/enroll"
	"podium.dev/agent/internal/push"
	"podium.dev/agent/internal/sign"
	"podium.dev/agent/internal/spool"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0"

// Exit codes (agent/README.md).
const (
	exitOK          = 0
	exitFailure     = 1 // anything not listed below
	exitUsage       = 2 // bad flags, arguments or configuration
	exitCheck       = 3 // a target failed to start or a scenario broke the contract (check; run: the run still spooled)
	exitUndelivered = 4 // push: runs are still in the spool (service unreachable or busy)
	exitRejected    = 5 // push: the service refused runs for good (moved to rejected/)
	exitBadSig      = 6 // verify: the signature does not verify
	exitEnroll      = 7 // enroll: the service refused the enrolment
	exitLocked      = 8 // another podium-agent push holds the spool
	exitUnstable    = 9 // doctor: something would make this host's numbers unstable
	exitInterrupted = 130
)

// usageError marks errors in how the command was called.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// globals are the flags every command has.
type globals struct {
	configFile string
	spool      string
	key        string
	server     string
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newRoot().ExecuteContext(ctx)
	interrupted := ctx.Err() != nil
	stop()
	switch {
	case err != nil && interrupted:
		fmt.Fprintln(os.Stderr, "podium-agent: interrupted; targets stopped, nothing half-written kept")
	case err != nil:
		fmt.Fprintln(os.Stderr, "podium-agent:", err)
	}
	os.Exit(exitCode(err, interrupted))
}

func exitCode(err error, interrupted bool) int {
	var ue usageError
	var ce checkFailed
	switch {
	case err == nil:
		return exitOK
	case interrupted || errors.Is(err, context.Canceled):
		return exitInterrupted
	case errors.As(err, &ue):
		return exitUsage
	case errors.As(err, &ce):
		return exitCheck
	case errors.Is(err, spool.ErrLocked):
		return exitLocked
	case errors.Is(err, push.ErrUndelivered):
		return exitUndelivered
	case errors.Is(err, push.ErrRejected):
		return exitRejected
	case errors.Is(err, sign.ErrBadSignature):
		return exitBadSig
	case errors.Is(err, enroll.ErrRefused):
		return exitEnroll
	case errors.As(err, new(unstableHost)):
		return exitUnstable
	}
	return exitFailure
}

func newRoot() *cobra.Command {
	g := &globals{}
	root := &cobra.Command{
		Use:   "podium-agent",
		Short: "Benchmark the JVM framework suite on this host and deliver signed runs to Podium",
		Long: `podium-agent benchmarks the JVM framework suite on this host (wrk closed loop, fortio open loop),
signs each run (DSSE, Ed25519), keeps it in a durable spool and delivers it to the Podium results service.

Every flag can also come from the environment (PODIUM_<FLAG>, e.g. PODIUM_SERVER, PODIUM_ADMIN_TOKEN) or from
the config file (a JSON object keyed by flag name, default ~/.podium/config.json); a flag given on the command
line wins over the environment, which wins over the file.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			file, explicit := g.configFile, cmd.Flags().Changed("config")
			if v, ok := os.LookupEnv("PODIUM_CONFIG"); ok && !explicit {
				file, explicit = v, true
			}
			if err := config.Apply(cmd.Flags(), file, explicit); err != nil {
				return usageError{err}
			}
			return nil
		},
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	pf := root.PersistentFlags()
	pf.StringVar(&g.configFile, "config", config.DefaultFile(), "config file (JSON object keyed by flag name)")
	pf.StringVar(&g.spool, "spool", filepath.Join(config.Home(), "spool"), "spool folder: runs wait here until the service has them")
	pf.StringVar(&g.key, "key", filepath.Join(config.Home(), "agent-key.json"), "the agent's Ed25519 key file")
	pf.StringVar(&g.server, "server", "http://127.0.0.1:8080", "the Podium results service")
	root.AddCommand(newKeygen(g), newEnroll(g), newCheck(g), newRun(g), newStart(g), newPush(g), newStatus(g), newVerify(g), newDoctor(g), newBackfill(g))
	return root
}

// args wraps a cobra argument check so that a wrong count is a usage error.
func args(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, a []string) error {
		if err := check(cmd, a); err != nil {
			return usageError{err}
		}
		return nil
	}
}
