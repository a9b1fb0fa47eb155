package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/enroll"
	"podium.dev/agent/internal/sign"
)

func newEnroll(g *globals) *cobra.Command {
	var token, name string
	cmd := &cobra.Command{
		Use:   "enroll",
		Short: "Register this agent's public key with the service (POST /api/agents); without a token, print the curl for an admin",
		Args:  args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			k, err := sign.LoadKey(g.key)
			if err != nil {
				return fmt.Errorf("%w (run podium-agent keygen first)", err)
			}
			if name == "" {
				name = k.Name
			}
			if name == "" {
				return usageError{errors.New("--name is required")}
			}
			req := enroll.Request{Name: name, PublicKey: k.PublicKey}
			out := cmd.OutOrStdout()
			if token == "" {
				fmt.Fprintf(out, "No admin token (--admin-token or PODIUM_ADMIN_TOKEN). An admin can enrol this agent with:\n\n  %s\n\nkey id: %s\n",
					enroll.Curl(g.server, req), k.KeyID)
				return nil
			}
			a, err := enroll.Enroll(cmd.Context(), g.service(cmd), token, req)
			if errors.Is(err, enroll.ErrAlreadyEnrolled) {
				fmt.Fprintf(out, "already enrolled at %s (key id %s)\n", g.server, k.KeyID)
				return nil
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "enrolled %q at %s: agent id %s, key id %s\n", name, g.server, strings.Trim(string(a.ID), `"`), a.KeyID)
			if a.KeyID != "" && a.KeyID != k.KeyID {
				return fmt.Errorf("the service answered key id %s, the key file has %s", a.KeyID, k.KeyID)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&token, "admin-token", "", "the service's admin token (PODIUM_ADMIN_TOKEN)")
	cmd.Flags().StringVar(&name, "name", "", "the agent's name on the service (default: the name in the key file)")
	return cmd
}
