package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/jobs"
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
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				return enc.Encode(list)
			}
			tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tKIND\tSTATUS\tDONE\tQUEUED\tRUNNING\tSTARTED\tCOMMAND")
			for _, r := range list {
				c := counts[r.ID]
				fmt.Fprintf(tw, "%d\t%s\t%s\t%d/%d\t%s\t%s\t%s\t%s\n", r.ID, r.Kind, r.Status, r.Done, r.Jobs,
					count(c, "available", "scheduled", "retryable", "pending"), count(c, "running"),
					r.StartedAt.Local().Format(time.DateTime), r.Command)
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
			fmt.Fprintf(w, "run %d: %s, %s, %d of %d jobs done\n%s\n\n", ri.ID, ri.Kind, ri.Status, ri.Done, ri.Jobs, ri.Command)
			if ar, ok := arenaRun(ri); ok {
				recs, err := jobs.Records(results)
				if err != nil {
					return err
				}
				rep, err := jobs.ArenaReport(ar, recs)
				if err != nil {
					return err
				}
				return rep.WriteText(w)
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
		Long: `export writes a run's results to DIR: results.json (every job's result), the
game records of arena runs (games/000001.txt, ...), and the files the run
stored (plots, pictures).`,
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

func count(c map[string]int, states ...string) string {
	if c == nil {
		return "-"
	}
	n := 0
	for _, s := range states {
		n += c[s]
	}
	return strconv.Itoa(n)
}

// queueCounts asks the queue, when the store is PostgreSQL, for the job
// states of each run.
func queueCounts(cmd *cobra.Command, db string, list []store.RunInfo) map[int64]map[string]int {
	if !store.IsURL(db) {
		return nil
	}
	q, err := queue.Open(cmd.Context(), db)
	if err != nil {
		return nil
	}
	defer q.Close()
	out := map[int64]map[string]int{}
	for _, r := range list {
		if c, err := q.Counts(cmd.Context(), r.ID); err == nil && len(c) > 0 {
			out[r.ID] = c
		}
	}
	return out
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

// arenaRun reads a match, tournament or balance run's settings.
func arenaRun(ri store.RunInfo) (jobs.ArenaRun, bool) {
	var ar jobs.ArenaRun
	if err := json.Unmarshal(ri.Settings, &ar); err != nil || ar.Source == "" {
		return ar, false
	}
	switch ar.Kind {
	case "match", "tournament", "balance":
		return ar, true
	}
	return ar, false
}

func exportRun(cmd *cobra.Command, st *store.Store, ri store.RunInfo, results []store.Result, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	js, err := json.MarshalIndent(results, "", "  ")
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "results.json"), js); err != nil {
		return err
	}
	n := 1
	if _, ok := arenaRun(ri); ok {
		recs, err := jobs.Records(results)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, "games"), 0o755); err != nil {
			return err
		}
		for _, rec := range recs {
			var b strings.Builder
			rec.Write(&b)
			if err := atomicfile.WriteFile(filepath.Join(dir, "games", fmt.Sprintf("%06d.txt", rec.Index+1)), []byte(b.String())); err != nil {
				return err
			}
			n++
		}
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
