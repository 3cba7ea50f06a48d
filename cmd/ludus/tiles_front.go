package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/tiles"
)

func newTilesFrontCmd() *cobra.Command {
	var bf boardFlags
	var cf constraintFlags
	var opt tiles.FrontOptions
	var out, db string
	var starts []string
	cmd := &cobra.Command{
		Use:   "front",
		Short: "The Pareto front of path probability against bridged sides and DupScore (NSGA-II)",
		Long: `front searches, with the multi-objective genetic algorithm NSGA-II, for the
tile sets that trade path probability against bridged sides and DupScore
best: those that no other set beats on all three. It runs until
--generations or --time, scores every set of the final front again on
--final-boards fresh boards, keeps those still on the front, prints them,
and writes into --out each set (front/NN-bB-dD.txt), front.csv and a plot
(front.svg, front.png). --constraint limits the sets considered.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			sc, err := bf.scorer()
			if err != nil {
				return err
			}
			if opt.Constraints, _, err = cf.parse(); err != nil {
				return err
			}
			for _, path := range starts {
				set, err := tiles.LoadSet(path)
				if err != nil {
					return err
				}
				opt.Start = append(opt.Start, set)
			}
			kept, err := runs.KeepOnce(cmd.Context(), runEnv(cmd, db), runs.KindTilesFront, nil, resultFlags(cmd), sc, opt.Seed)
			if err != nil {
				return err
			}
			total := int64(-1)
			if opt.Generations > 0 && opt.Time == 0 {
				total = int64(opt.Generations)
			}
			bar := progress.New(total, "front")
			last := 0
			opt.Progress = func(gen, front int, _ time.Duration) error {
				bar.Add(gen - last)
				last = gen
				bar.Describe(fmt.Sprintf("%d sets on the front", front))
				return nil
			}
			res, err := tiles.Front(cmd.Context(), sc, opt)
			bar.Finish()
			if res == nil {
				return kept.Done(err, nil, 0)
			}
			w := cmd.OutOrStdout()
			if werr := runs.WriteFront(w, *res, opt.FinalBoards); werr != nil {
				return kept.Done(werr, nil, 0)
			}
			written, serr := tiles.SaveFront(out, res.Points)
			fmt.Fprintf(w, "\nwrote %d files into %s (front.csv, front.svg, front.png, front/*.txt)\n", len(written), out)
			if serr != nil {
				return kept.Done(serr, nil, 0)
			}
			return kept.Done(err, runs.Front{FrontResult: *res, FinalBoards: opt.FinalBoards}, res.Elapsed)
		},
	}
	bf.add(cmd)
	cf.add(cmd)
	fl := cmd.Flags()
	fl.Uint64Var(&opt.Seed, "seed", 1, "random seed")
	fl.IntVar(&opt.Generations, "generations", 0, "stop after this many generations (0: no limit)")
	fl.DurationVar(&opt.Time, "time", 0, "stop after this long, e.g. 5m (0: no limit)")
	fl.IntVar(&opt.Workers, "workers", runtime.NumCPU(), "evaluating goroutines")
	fl.IntVar(&opt.PopSize, "pop", 80, "population size")
	fl.IntVar(&opt.Boards, "boards", 2000, "random boards per evaluation")
	fl.IntVar(&opt.FinalBoards, "final-boards", 20000, "fresh boards every set of the final front is scored on")
	fl.IntVar(&opt.Tiles, "tiles", 0, "tiles in a set (default: one per slot of the board)")
	fl.StringArrayVar(&starts, "start", nil, "tile-set file to put in the first population (repeatable)")
	fl.StringVar(&out, "out", "tiles-front", "directory for the front sets, front.csv and the plot")
	outputDirFlag(cmd, "out")
	dbFlag(cmd, &db)
	return cmd
}
