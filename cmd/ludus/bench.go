package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// newBenchCmd returns "ludus bench", which groups the headline benchmark
// reports, one subcommand a domain ("ludus bench 2048", "ludus bench
// engine", ...). Run alone it runs every report with its default settings.
func newBenchCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "bench [DOMAIN]",
		Short: "Measure the headline speed and strength figures",
		Long: `bench measures the headline figures of each part of ludus and prints a
report in Markdown, ready for docs/benchmarks.md. Without a domain it runs
every report with its default settings, one after the other.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("unknown benchmark %q (see ludus help bench)", args[0])
			}
			for _, sub := range cmd.Commands() {
				if sub.RunE == nil || sub.Hidden {
					continue
				}
				fmt.Fprintf(cmd.OutOrStdout(), "## %s\n\n", sub.Name())
				sub.SetContext(cmd.Context())
				sub.SetOut(cmd.OutOrStdout())
				if err := sub.RunE(sub, nil); err != nil {
					return fmt.Errorf("bench %s: %w", sub.Name(), err)
				}
			}
			return nil
		},
	}
	c.AddCommand(newBench2048Cmd(), newBenchArenaCmd(), newBenchDungeonCmd(), newBenchEngineCmd(),
		newBenchLinjatCmd(), newBenchMCTSCmd(), newBenchQueueCmd(), newBenchServeCmd(), newBenchTilesCmd())
	return c
}
