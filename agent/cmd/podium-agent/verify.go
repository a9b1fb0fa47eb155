package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"podium.dev/agent/internal/enroll"
	"podium.dev/agent/internal/sign"
)

func newVerify(g *globals) *cobra.Command {
	var publicKey, agentID string
	cmd := &cobra.Command{
		Use:   "verify FILE",
		Short: "Check a DSSE envelope's signature (payload v1 or v2) with a public key (--public-key, --agent ID from the service, default: the agent's own key)",
		Args:  args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, a []string) error {
			pubB64 := publicKey
			if agentID != "" {
				k, err := enroll.PublicKey(cmd.Context(), g.service(cmd), agentID)
				if err != nil {
					return err
				}
				pubB64 = k
			}
			if pubB64 == "" {
				k, err := sign.LoadKey(g.key)
				if err != nil {
					return usageError{fmt.Errorf("no --public-key and %w", err)}
				}
				pubB64 = k.PublicKey
			}
			pub, err := sign.ParsePublicKey(pubB64)
			if err != nil {
				return usageError{err}
			}
			b, err := os.ReadFile(a[0])
			if err != nil {
				return err
			}
			env, err := sign.ParseEnvelope(b)
			if err != nil {
				return fmt.Errorf("%s: %w: %w", a[0], err, sign.ErrBadSignature)
			}
			payload, err := sign.Verify(env, pub)
			if err != nil {
				if !errors.Is(err, sign.ErrBadSignature) {
					err = fmt.Errorf("%w: %w", err, sign.ErrBadSignature)
				}
				return fmt.Errorf("%s: %w", a[0], err)
			}
			var run struct {
				RunID         string `json:"runId"`
				SchemaVersion int    `json:"schemaVersion"`
			}
			_ = json.Unmarshal(payload, &run)
			fmt.Fprintf(cmd.OutOrStdout(), "%s: payload v%d, signature OK (key id %s, run %s, %d payload bytes)\n",
				a[0], run.SchemaVersion, sign.KeyID(pub), run.RunID, len(payload))
			return nil
		},
	}
	cmd.Flags().StringVar(&publicKey, "public-key", "", "base64 raw 32-byte Ed25519 public key (as GET /api/agents/{id} publishes it)")
	cmd.Flags().StringVar(&agentID, "agent", "", "fetch the public key of this enrolled agent id from --server")
	return cmd
}
