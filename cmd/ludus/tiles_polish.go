package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/tiles"
)

func newTilesPolishCmd() *cobra.Command {
	var bf boardFlags
	var opt tiles.PolishOptions
	var cf constraintFlags
	var out, db string
	var final int
	cmd := &cobra.Command{
		Use:   "polish TILESET",
		Short: "Improve a tile set by local search over side designs",
		Long: `polish improves a tile set by steepest-ascent local search: every round it
scores every set one move away (one side replaced by another layout, or the
sides of two tiles re-paired) against the set on the same random boards,
races the best few on fresh boards, and moves to the winner when it is
better by more than two standard errors. With no winner the boards are
doubled; the search ends at a local optimum, after --rounds or --time.
The polished set is written to -o and scored on --final-boards fresh boards.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			sc, set, err := bf.load(args[0])
			if err != nil {
				return err
			}
			if opt.Constraints, _, err = cf.parse(); err != nil {
				return err
			}
			kept, err := runs.KeepOnce(cmd.Context(), runEnv(cmd, db), runs.KindTilesPolish, args, resultFlags(cmd), sc, opt.Seed)
			if err != nil {
				return err
			}
			w := cmd.OutOrStdout()
			opt.Progress = func(r tiles.PolishRound) error {
				if r.Gain > 0 {
					fmt.Fprintf(w, "round %d: %d neighbours on %d boards; moved, gain %+.4f ± %.4f (%.0fs)\n",
						r.Round, r.Neighbours, r.Boards, r.Gain, 1.96*r.StdErr, r.Elapsed.Seconds())
				} else {
					fmt.Fprintf(w, "round %d: %d neighbours on %d boards; no neighbour better (%.0fs)\n",
						r.Round, r.Neighbours, r.Boards, r.Elapsed.Seconds())
				}
				return nil
			}
			res, err := tiles.Polish(cmd.Context(), sc, set, opt)
			if err != nil && res == nil {
				return kept.Done(err, nil, 0)
			}
			s, serr := sc.Score(res.Set, rand.New(rand.NewPCG(opt.Seed, 0x66696e616c)), final)
			if serr != nil {
				return kept.Done(serr, nil, 0)
			}
			runs.WritePolished(w, *res)
			if werr := atomicfile.Write(out, func(f io.Writer) error {
				fmt.Fprintf(f, "# polished tile set: objective %.4f ± %.4f on %d boards\n",
					s.Objective.Mean, 1.96*s.Objective.StdErr, s.Boards)
				return res.Set.Write(f)
			}); werr != nil {
				return kept.Done(werr, nil, 0)
			}
			fmt.Fprintln(w, "wrote", out)
			if werr := tiles.WriteScore(w, s); werr != nil {
				return kept.Done(werr, nil, 0)
			}
			return kept.Done(err, runs.Polished{PolishResult: *res, Final: s}, res.Elapsed, out)
		},
	}
	bf.add(cmd)
	cf.add(cmd)
	fl := cmd.Flags()
	fl.Uint64Var(&opt.Seed, "seed", 1, "random seed")
	fl.IntVar(&opt.Rounds, "rounds", 0, "stop after this many rounds (0: no limit)")
	fl.DurationVar(&opt.Time, "time", 0, "stop after this long (0: no limit)")
	fl.IntVar(&opt.Workers, "workers", runtime.NumCPU(), "goroutines")
	fl.IntVar(&opt.ScreenBoards, "screen", 3000, "common boards every neighbour is screened on")
	fl.IntVar(&opt.RaceBoards, "race", 40000, "fresh common boards the finalists race on")
	fl.IntVar(&opt.MaxScreenBoards, "max-screen", 24000, "screening boards at which a round without a winner ends the search")
	fl.IntVar(&opt.Finalists, "finalists", 8, "neighbours raced each round")
	fl.IntVar(&final, "final-boards", 100000, "fresh boards to score the polished set on")
	fl.StringVarP(&out, "output", "o", "polished.txt", "file for the polished set")
	outputFlag(cmd, "output")
	dbFlag(cmd, &db)
	return cmd
}
