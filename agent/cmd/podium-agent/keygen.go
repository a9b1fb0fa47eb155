package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/sign"
)

func newKeygen(g *globals) *cobra.Command {
	var name string
	var ifMissing bool
	cmd := &cobra.Command{
		Use:   "keygen",
		Short: "Create the agent's Ed25519 key pair (file mode 0600) and print its key id and public key",
		Args:  args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			out := cmd.OutOrStdout()
			if ifMissing {
				if k, err := sign.LoadKey(g.key); err == nil {
					fmt.Fprintf(out, "key file:   %s (kept)\nkey id:     %s\npublic key: %s\n", g.key, k.KeyID, k.PublicKey)
					return nil
				}
			}
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
			fmt.Fprintf(out, "key file:   %s\nkey id:     %s\npublic key: %s\n", g.key, k.KeyID, k.PublicKey)
			return nil
		},
	}
	cmd.Flags().StringVar(&name, "name", "", "a name kept in the key file (default: the hostname)")
	cmd.Flags().BoolVar(&ifMissing, "if-missing", false, "keep an existing key file and print it instead of failing (for scripts)")
	return cmd
}
