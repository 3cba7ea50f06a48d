package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
)

func init() {
	var db string
	var limit int
	var asJSON bool
	runs := &cobra.Command{
		Use:   "runs",
		Short: "List the runs in the store and their progress",
		Long: `runs lists the runs kept in the store, newest first: what made them, how
many of their jobs are done, and for queued runs how many jobs are waiting,
running and finished. "runs show ID" prints a run's results as the command
that made it did; "runs export ID" writes its files.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			st, _, err := openStore(ctx, db)
			if err != nil {
				return err
			}
			defer st.Close()
			list, err := st.Runs(ctx, limit)
			if err != nil {
				return err
			}
			counts := queueCounts(cmd, db, list)
			if asJSON {
				return listJSON(cmd.OutOrStdout(), list, counts)
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tKIND\tSTATUS\tDONE\tQUEUED\tRUNNING\tFAILED\tTIME\tSTARTED\tCOMMAND")
			for _, r := range list {
				q, run, failed := "-", "-", "-"
				if c, ok := counts[r.ID]; ok {
					q, run, failed = strconv.Itoa(c.Queued), strconv.Itoa(c.Running), strconv.Itoa(c.Failed)
				}
				fmt.Fprintf(tw, "%d\t%s\t%s\t%d/%d\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Kind, r.Status, r.Done, r.Jobs,
					q, run, failed, runTime(r), r.StartedAt.Local().Format(time.DateTime), r.Command)
			}
			return tw.Flush()
		},
	}
	runs.PersistentFlags().StringVar(&db, "db", "", "the store: a SQLite file or a postgres:// URL (default: ludus.db in the user's data directory)")
	runs.PersistentFlags().SetAnnotation("db", markInput, nil) // read, never made
	runs.Flags().IntVar(&limit, "limit", 50, "runs listed")
	runs.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	rangeFlag(runs, "limit", 1, 100000)

	var wait time.Duration
	show := &cobra.Command{
		Use:   "show ID",
		Short: "Print a run's results as the command that made it did",
		Long: `show prints a run's results as the command that made it did (a match,
tournament or balance report from its games' records), or each job's result
for other runs. --wait waits for a queued run's last job first.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := waitRun(cmd, db, args[0], wait); err != nil {
				return err
			}
			st, ri, results, err := loadRun(cmd, db, args[0])
			if err != nil {
				return err
			}
			defer st.Close()
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "run %d: %s, %s, %d of %d jobs done\n", ri.ID, ri.Kind, ri.Status, ri.Done, ri.Jobs)
			if c, ok := queueCounts(cmd, db, []store.RunInfo{ri})[ri.ID]; ok && ri.Done < ri.Jobs {
				fmt.Fprintf(w, "queue: %d queued, %d running, %d finished, %d failed\n", c.Queued, c.Running, c.Finished, c.Failed)
			}
			fmt.Fprintf(w, "%s\n\n", ri.Command)
			if k, ok := storedKinds[ri.Kind]; ok && k.show != nil && len(results) > 0 {
				return k.show(cmd.Context(), w, st, ri, results)
			}
			for _, r := range results {
				fmt.Fprintf(w, "%d\tseed %d\t%s\t%s\n", r.Index, r.Seed, r.Kind, r.Data)
			}
			return nil
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
			st, ri, results, err := loadRun(cmd, db, args[0])
			if err != nil {
				return err
			}
			defer st.Close()
			if out == "" {
				return fmt.Errorf("-o DIR is required")
			}
			return exportRun(cmd, st, ri, results, out)
		},
	}
	export.Flags().StringVarP(&out, "output", "o", "", "directory to write to")
	outputDirFlag(export, "output")
	runs.AddCommand(show, export)
	rootCmd.AddCommand(runs)
}

// jobStates counts a queued run's jobs by state.
type jobStates struct {
	Queued   int `json:"queued"`   // waiting to be taken, or to be tried again
	Running  int `json:"running"`  // taken by a worker
	Finished int `json:"finished"` // done, their results stored
	Failed   int `json:"failed"`   // given up after their last attempt
}

// queueCounts asks the queue, when the store is PostgreSQL, for the job
// states of each run.
func queueCounts(cmd *cobra.Command, db string, list []store.RunInfo) map[int64]jobStates {
	if !store.IsURL(db) {
		return nil
	}
	q, err := queue.Open(cmd.Context(), db)
	if err != nil {
		return nil
	}
	defer q.Close()
	out := map[int64]jobStates{}
	for _, r := range list {
		c, err := q.Counts(cmd.Context(), r.ID)
		if err != nil || len(c) == 0 {
			continue
		}
		out[r.ID] = jobStates{
			Queued:   c["available"] + c["scheduled"] + c["retryable"] + c["pending"],
			Running:  c["running"],
			Finished: c["completed"],
			Failed:   c["discarded"] + c["cancelled"],
		}
	}
	return out
}

// listJSON prints the runs with their job states as JSON.
func listJSON(w io.Writer, list []store.RunInfo, counts map[int64]jobStates) error {
	type listed struct {
		store.RunInfo
		Queue *jobStates `json:"queue,omitempty"`
	}
	out := make([]listed, len(list))
	for i, r := range list {
		out[i].RunInfo = r
		if c, ok := counts[r.ID]; ok {
			out[i].Queue = &c
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// runTime is how long a run took, or has taken so far.
func runTime(r store.RunInfo) string {
	end := r.FinishedAt
	if end.IsZero() {
		if r.Status != store.StatusRunning && r.Status != store.StatusQueued {
			return "-"
		}
		end = time.Now()
	}
	return end.Sub(r.StartedAt).Round(time.Second).String()
}

func loadRun(cmd *cobra.Command, db, arg string) (*store.Store, store.RunInfo, []store.Result, error) {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil {
		return nil, store.RunInfo{}, nil, fmt.Errorf("run %q: want a number (ludus runs lists them)", arg)
	}
	st, _, err := openStore(cmd.Context(), db)
	if err != nil {
		return nil, store.RunInfo{}, nil, err
	}
	ri, err := st.GetRunInfo(cmd.Context(), id)
	if err == nil {
		var results []store.Result
		if results, err = st.Results(cmd.Context(), id); err == nil {
			return st, ri, results, nil
		}
	}
	st.Close()
	return nil, ri, nil, err
}

// storedKind says how "runs show" prints the runs of a kind, as the
// command that made them did, and which files "runs export" writes for
// them, as the command did.
type storedKind struct {
	show   func(ctx context.Context, w io.Writer, st *store.Store, ri store.RunInfo, results []store.Result) error
	export func(ctx context.Context, dir string, st *store.Store, ri store.RunInfo, results []store.Result) (files int, err error)
}

// storedKinds are the kinds of run by name (store.Run.Kind).
var storedKinds = map[string]storedKind{}

func exportRun(cmd *cobra.Command, st *store.Store, ri store.RunInfo, results []store.Result, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := json.MarshalIndent(struct {
		Run     store.RunInfo  `json:"run"`
		Results []store.Result `json:"results"`
	}{ri, results}, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "run.json"), append(js, '\n')); err != nil {
		return err
	}
	n := 1
	if k, ok := storedKinds[ri.Kind]; ok && k.export != nil && len(results) > 0 {
		m, err := k.export(cmd.Context(), dir, st, ri, results)
		if err != nil {
			return err
		}
		n += m
	}
	files, err := st.Files(cmd.Context(), ri.ID)
	if err != nil {
		return err
	}
	for name, content := range files {
		if err := atomicfile.WriteFile(filepath.Join(dir, filepath.Base(name)), content); err != nil {
			return err
		}
		n++
	}
	fmt.Fprintf(cmd.OutOrStdout(), "wrote %d files to %s\n", n, dir)
	return nil
}

// waitRun polls the store until the run has all its results, or the time
// is up.
func waitRun(cmd *cobra.Command, db, arg string, wait time.Duration) error {
	if wait <= 0 {
		return nil
	}
	deadline := time.Now().Add(wait)
	for {
		st, ri, _, err := loadRun(cmd, db, arg)
		if err != nil {
			return err
		}
		st.Close()
		if ri.Done >= ri.Jobs {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("run %d: %d of %d jobs done after %v", ri.ID, ri.Done, ri.Jobs, wait)
		}
		select {
		case <-cmd.Context().Done():
			return cmd.Context().Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}
