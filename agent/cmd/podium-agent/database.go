package main

import (
	"fmt"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/database"
	"podium.dev/agent/internal/host"
)

// newDatabase starts the benchmark database exactly as db runs will (the host's PostgreSQL, pinned, loaded from
// the suite's schema.sql) and keeps it up until interrupted: for writing or checking a target's db routes by hand.
func newDatabase(_ *globals) *cobra.Command {
	var schema, cpus, loadGenCPUs string
	var pool int
	cmd := &cobra.Command{
		Use:     "database",
		Aliases: []string{"db"},
		Short:   "Start the db scenarios' PostgreSQL with the suite's data, print the variables a target reads, keep it up until interrupted",
		Long: `database initdb's a throwaway PostgreSQL cluster (the host's own server: apt-get install -y postgresql, or
PODIUM_PG_BIN) in a temporary directory, starts it on a free loopback port pinned to --cpus (default: the load
generator's CPUs, since a 2-CPU host has no third CPU to give it), loads --schema, and prints the
PODIUM_TARGET_DB_* exports of agent/suite/db/README.md on stdout. SIGINT or SIGTERM stops the server and removes
its directory; if the agent is killed, the server dies with it.`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cpus == "" {
				layout, err := host.NewLayout(host.Usable(), loadGenCPUs)
				if err != nil {
					return usageError{err}
				}
				cpus = layout.LoadGenerator.String()
			} else if _, err := host.ParseCPUs(cpus); err != nil {
				return usageError{err}
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			db, err := database.Start(ctx, database.Options{Schema: schema, CPUs: cpus})
			if err != nil {
				return err
			}
			defer db.Stop()
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "export %s\n", strings.Join(db.Env(pool), " "))
			fmt.Fprintf(cmd.ErrOrStderr(), "podium-agent: PostgreSQL %s on %s:%d, CPUs %s, pid %d, directory %s; Ctrl-C stops it\n",
				db.Version, db.Host, db.Port, db.CPUs, db.Pid(), db.Dir())
			<-ctx.Done()
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&schema, "schema", "agent/suite/db/schema.sql", "the SQL that creates and fills the tables")
	fl.StringVar(&cpus, "cpus", "", "CPUs to pin PostgreSQL to, e.g. 1 or 2-3 (default: the load generator's)")
	fl.StringVar(&loadGenCPUs, "load-generator-cpus", "", "the load generator's CPUs, as run takes them (default: the upper half)")
	fl.IntVar(&pool, "pool", 16, "the pool size to export as PODIUM_TARGET_DB_POOL")
	return cmd
}
