package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/sign"
)

func newKeygen(g *globals) *cobra.Command {
	var name string
	cmd := &cobra.Command{
		Use:   "keygen",
		Short: "Create the agent's Ed25519 key pair (file mode 0600) and print its key id and public key",
		Args:  args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if name == "" {
				name, _ = os.Hostname()
			}
			k, err := sign.Generate(name)
			if err != nil {
				return err
			}
			if err := k.Save(g.key); err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "key file:   %s\nkey id:     %s\npublic key: %s\n", g.key, k.KeyID, k.PublicKey)
			return nil
		},
	}
	cmd.Flags().StringVar(&name, "name", "", "a name kept in the key file (default: the hostname)")
	return cmd
}
