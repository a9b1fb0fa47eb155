package main

import (
	"fmt"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/client"
	"podium.dev/agent/internal/spool"
)

func newStatus(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "status",
		Short: "Show the spool (runs waiting, runs rejected with the reason, the last delivery) and whether the service is ready",
		Args:  args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			s, err := spool.Open(g.spool)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			pending, err := s.Pending()
			if err != nil {
				return err
			}
			rejected, err := s.Rejected()
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "spool %s\n%d waiting for delivery to %s\n", g.spool, len(pending), g.server)
			for _, e := range pending {
				fmt.Fprintf(out, "  %s  %s  %d bytes\n", e.RunID, e.MTime.UTC().Format(time.RFC3339), e.Size)
			}
			fmt.Fprintf(out, "%d rejected\n", len(rejected))
			for _, e := range rejected {
				reason, _ := s.Problem(e.RunID)
				fmt.Fprintf(out, "  %s  %s  %s\n", e.RunID, e.MTime.UTC().Format(time.RFC3339), oneLine(reason))
			}
			last, err := s.Last()
			switch {
			case err != nil:
				return err
			case last == nil:
				fmt.Fprintln(out, "last delivery: none")
			default:
				fmt.Fprintf(out, "last delivery: run %s to %s at %s (%d, id %s)\n", last.RunID, last.Server, last.At.Format(time.RFC3339), last.Status, last.ID)
			}
			// one look, no retry: status reports, it does not wait for the service
			svc := g.service(cmd)
			svc.MaxAttempts, svc.HTTP = 1, &http.Client{Timeout: 3 * time.Second}
			if _, _, err := svc.Do(cmd.Context(), client.Request{Method: http.MethodGet, Path: "/q/health/ready"}); err != nil {
				fmt.Fprintf(out, "service %s: not ready (%v)\n", g.server, err)
			} else {
				fmt.Fprintf(out, "service %s: ready\n", g.server)
			}
			return nil
		},
	}
}

func oneLine(b []byte) string {
	s := []rune(string(b))
	for i, r := range s {
		if r == '\n' || r == '\r' {
			s[i] = ' '
		}
	}
	if len(s) > 160 {
		s = append(s[:160], '…')
	}
	return string(s)
}
