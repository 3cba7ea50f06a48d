package main

import (
	"github.com/spf13/cobra"
)

// rootCmd is the ludus command. Every subcommand lives in a file of its own
// and adds itself in an init function, so adding a tool touches one file.
var rootCmd = &cobra.Command{
	Use:   "ludus",
	Short: "Design games with a computer",
	Long: `ludus designs games with a computer: a universal board-game engine driven
by a text rules language, AI players, matches with statistics, and procedural
generators of puzzles, dungeon maps and tile sets.`,
	SilenceUsage:  true,
	SilenceErrors: true,
	// One check of every flag before any command does work: see flagcheck.go.
	PersistentPreRunE: func(c *cobra.Command, _ []string) error {
		running.Store(c)
		return checkFlags(c)
	},
}

func init() {
	rootCmd.CompletionOptions.DisableDefaultCmd = true
	// ludus --version: the version the runs in the store are kept with.
	rootCmd.Version = ludusVersion()
	rootCmd.SetVersionTemplate("ludus {{.Version}}\n")
}
