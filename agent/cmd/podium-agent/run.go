package main

import (
	"errors"

	"github.com/spf13/cobra"
)

func newRun(g *globals) *cobra.Command {
	return &cobra.Command{Use: "run", Short: "Benchmark the suite and spool the signed run",
		RunE: func(*cobra.Command, []string) error { return errors.New("not yet") }}
}
