package main

import (
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ludus-games/ludus/runs"
)

// dbFlag registers --db on a long command: the store its run is kept in
// and resumed from.
func dbFlag(c *cobra.Command, p *string) {
	c.Flags().StringVar(p, "db", "", "keep the run in this store and resume it from there: a SQLite file or a postgres:// URL (default: ludus.db in the user's data directory; none: keep nothing)")
}

// runEnv is what the runs of cmd, kept in the store db, need of it.
func runEnv(cmd *cobra.Command, db string) runs.Env {
	return runs.Env{DB: db, Command: runs.CommandLine(os.Args), Version: ludusVersion(),
		Stdout: cmd.OutOrStdout(), Stderr: cmd.ErrOrStderr()}
}

// resultFlags are the flags cmd was given, by name, but those that decide
// nothing of its result (--db, --workers): a run's settings.
func resultFlags(cmd *cobra.Command) map[string]string {
	flags := map[string]string{}
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if f.Name != "db" && f.Name != "workers" {
			flags[f.Name] = f.Value.String()
		}
	})
	return flags
}
