package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/client"
	"podium.dev/agent/internal/push"
	"podium.dev/agent/internal/spool"
)

func newPush(g *globals) *cobra.Command {
	var attempts int
	var maxDelay time.Duration
	cmd := &cobra.Command{
		Use:   "push",
		Short: "Deliver the spooled runs to the service; a run leaves the spool only once the service answered 200/201",
		Args:  args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			return pushSpool(cmd, g, attempts, maxDelay)
		},
	}
	cmd.Flags().IntVar(&attempts, "max-attempts", 8, "attempts per run for 429/502/503/504 and network errors")
	cmd.Flags().DurationVar(&maxDelay, "max-delay", 60*time.Second, "cap of one backoff wait (Retry-After included)")
	return cmd
}

func pushSpool(cmd *cobra.Command, g *globals, attempts int, maxDelay time.Duration) error {
	return pushSpoolUntil(cmd.Context(), cmd, g, attempts, maxDelay)
}

// pushSpoolUntil is pushSpool bound to ctx (run's pushes while it measures have a deadline of their own).
func pushSpoolUntil(ctx context.Context, cmd *cobra.Command, g *globals, attempts int, maxDelay time.Duration) error {
	s, err := spool.Open(g.spool)
	if err != nil {
		return err
	}
	svc := g.service(cmd)
	svc.MaxAttempts, svc.MaxDelay = attempts, maxDelay
	c := &push.Client{Client: *svc}
	sum, err := c.Push(ctx, s)
	fmt.Fprintf(cmd.OutOrStdout(), "push to %s: %d delivered, %d rejected, %d left in %s\n", g.server, sum.Delivered, sum.Rejected, sum.Left, g.spool)
	return err
}

// logger prints one line per event on stderr.
func logger(cmd *cobra.Command) func(string, ...any) {
	return func(format string, a ...any) {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, a...))
	}
}

// service is the agent's one client of the results service at --server; push sets its own attempts and cap.
func (g *globals) service(cmd *cobra.Command) *client.Client {
	return &client.Client{Server: g.server, MaxAttempts: 3, Logf: logger(cmd)}
}
