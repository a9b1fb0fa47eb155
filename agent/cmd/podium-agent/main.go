// Command podium-agent benchmarks the JVM framework suite on this host and delivers signed runs to Podium.
// This file only wires the commands and maps errors to the exit codes documented in agent/README.md.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
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
	home       string
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

The agent's files (the key agent-key.json, the spool spool/, the config file config.json) live in one folder,
its home: --home when given, else PODIUM_HOME, else ~/.podium. Every command prints the home, key and spool it uses
(on stderr). ` + "`make run`" + ` keeps its own agent in .podium/agent of the repository: use --home .podium/agent (or
PODIUM_HOME) to look at it.

Every flag can also come from the environment (PODIUM_<FLAG>, e.g. PODIUM_SERVER, PODIUM_ADMIN_TOKEN) or from
the config file (a JSON object keyed by flag name, default <home>/config.json); a flag given on the command
line wins over the environment, which wins over the file.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			fs := cmd.Flags()
			home, source := config.Locate(g.home, fs.Changed("home"))
			g.home = home
			// the home's files are the defaults; the environment and the config file may still override them
			for name, def := range map[string]string{"config": config.File(home), "spool": config.SpoolDir(home), "key": config.KeyFile(home)} {
				if !fs.Changed(name) {
					if err := fs.Lookup(name).Value.Set(def); err != nil {
						return usageError{err}
					}
				}
			}
			file, explicit := g.configFile, fs.Changed("config")
			if v, ok := os.LookupEnv("PODIUM_CONFIG"); ok && !explicit {
				file, explicit = v, true
			}
			if err := config.Apply(fs, file, explicit); err != nil {
				return usageError{err}
			}
			where(cmd.ErrOrStderr(), g, source)
			return nil
		},
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
	pf := root.PersistentFlags()
	pf.StringVar(&g.home, "home", config.Home(), "the agent's folder (key, spool, config.json): --home, else PODIUM_HOME, else ~/.podium")
	pf.StringVar(&g.configFile, "config", config.DefaultFile(), "config file (JSON object keyed by flag name; default <home>/config.json)")
	pf.StringVar(&g.spool, "spool", config.SpoolDir(config.Home()), "spool folder: runs wait here until the service has them (default <home>/spool)")
	pf.StringVar(&g.key, "key", config.KeyFile(config.Home()), "the agent's Ed25519 key file (default <home>/agent-key.json)")
	pf.StringVar(&g.server, "server", "http://127.0.0.1:8080", "the Podium results service")
	root.AddCommand(newKeygen(g), newEnroll(g), newCheck(g), newRun(g), newPlan(g), newStart(g), newPush(g), newStatus(g), newVerify(g), newDoctor(g), newBackfill(g), newDatabase(g), newAB(g))
	return root
}

// where says which home, key and spool a command uses, and points to `make run`'s agent when this home has no key.
func where(w io.Writer, g *globals, source string) {
	fmt.Fprintf(w, "podium-agent: home %s (%s); using key %s, spool %s\n", g.home, source, g.key, g.spool)
	if local := config.LocalHint(g.home); local != "" && g.key == config.KeyFile(g.home) {
		fmt.Fprintf(w, "podium-agent: no key in %s; `make run`'s agent is in %s: add --home %s (or PODIUM_HOME=%s)\n", g.home, local, local, local)
	}
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
