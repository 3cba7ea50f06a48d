package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/runs"
)

// newRunsCmd returns "ludus runs" with "runs show" and "runs export".
func newRunsCmd() *cobra.Command {
	var db string
	var limit int
	var asJSON bool
	c := &cobra.Command{
		Use:   "runs",
		Short: "List the runs in the store and their progress",
		Long: `runs lists the runs kept in the store, newest first: what made them, how
many of their jobs are done, and for queued runs how many jobs are waiting,
running and finished. "runs show ID" prints a run's results as the command
that made it did; "runs export ID" writes its files.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			list, err := runs.List(cmd.Context(), runEnv(cmd, db), limit)
			if err != nil {
				return err
			}
			if asJSON {
				return runs.WriteJSON(cmd.OutOrStdout(), list)
			}
			return runs.WriteTable(cmd.OutOrStdout(), list)
		},
	}
	c.PersistentFlags().StringVar(&db, "db", "", "the store: a SQLite file or a postgres:// URL (default: ludus.db in the user's data directory)")
	c.PersistentFlags().SetAnnotation("db", markInput, nil) // read, never made
	c.Flags().IntVar(&limit, "limit", 50, "runs listed")
	c.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	rangeFlag(c, "limit", 1, 100000)

	var wait time.Duration
	show := &cobra.Command{
		Use:   "show ID",
		Short: "Print a run's results as the command that made it did",
		Long: `show prints a run's results as the command that made it did (a match,
tournament or balance report from its games' records), or each job's result
for other runs. --wait waits for a queued run's last job first.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := runs.ParseID(args[0])
			if err != nil {
				return err
			}
			env := runEnv(cmd, db)
			if err := runs.Wait(cmd.Context(), env, id, wait); err != nil {
				return err
			}
			return runs.Show(cmd.Context(), env, id)
		},
	}
	show.Flags().DurationVar(&wait, "wait", 0, "wait up to this long for the run to finish (0: print it as it is)")
	var out string
	export := &cobra.Command{
		Use:   "export ID -o DIR",
		Short: "Write a run's results and files to a directory",
		Long: `export writes a run's files to DIR as the command that made it writes them:

  match, tournament, balance   games/000001.txt ..., results.json, KIND.svg (as --out DIR)
  2048 play                    games.jsonl (--record), results.jsonl (--results), scores.svg (--plot)
  linjat generate              puzzles.jsonl (as --json prints them), seed-S.txt for every puzzle
  linjat pack                  pack.json (-o), curve.svg (--plot)
  dungeon generate             layout-N.json, .svg and .tmx (with layout-N-tiles.png) for every layout
  tiles optimize               the files of --out DIR
  tiles polish                 the polished set (-o)
  tiles front                  front.csv, front.svg, front.png, front/*.txt (as --out DIR)

and run.json, the run with every job's result as the store keeps it, and
the files the run stored (plots, pictures).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := runs.ParseID(args[0])
			if err != nil {
				return err
			}
			return runs.Export(cmd.Context(), runEnv(cmd, db), id, out)
		},
	}
	export.Flags().StringVarP(&out, "output", "o", "", "directory to write to")
	outputDirFlag(export, "output")
	c.AddCommand(show, export)
	return c
}
