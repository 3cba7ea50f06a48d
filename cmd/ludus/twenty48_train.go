package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/twenty48"
)

// trainFlags are the settings of "ludus 2048 train".
type trainFlags struct {
	out, export string
	seed        uint64
	games       int64
	time, ckpt  time.Duration
	workers     int
	cfg         twenty48.TrainConfig
	step        float64
	tuples      string
	stages      string
}

func newTrainCmd() *cobra.Command {
	f := trainFlags{cfg: twenty48.DefaultTrainConfig}
	cmd := &cobra.Command{
		Use:   "train",
		Short: "Learn an n-tuple network evaluation by temporal-difference learning",
		Long: `train learns an n-tuple network (four 6-tuples on the board's eight
symmetries, three stages by the largest tile) by temporal-difference
learning from afterstates: the trainer plays greedy games on the network
and learns from each backwards, with optimistic initial values (--init),
TD(lambda) and optionally temporal coherence (--tc). A share of the
games (--restarts, half by default) start from boards on which earlier
games first held the tile below the first stage or a stage's tile (8192,
16384 and 32768 by default), so that the late stages learn from as many
games as the early ones; the learning curve follows the games from the
empty board.

The training lives in --out DIR: DIR/checkpoint.ntuple (the network and
the trainer's state, rewritten atomically every --checkpoint) and
DIR/curve.svg (the learning curve). Run the same command again to resume
after an interruption of any kind; --games counts all games, --time this
run. --alpha, --lambda, --tc and --restarts may change when resuming.
With one worker the network depends only on --seed.

--export FILE writes the trained network quantized to multiples of --step
(a smaller file for play with --eval FILE) and trains nothing.`,
		Example: `  ludus 2048 train --out net --games 100000 --workers 2
  ludus 2048 train --out net --time 8h --workers 2
  ludus 2048 train --out net --export net.ntuple --step 0.5
  ludus 2048 play --eval net/checkpoint.ntuple --depth 2 --games 20`,
		Args: cobra.NoArgs,
		// Ctrl-C finishes the games in play and writes a checkpoint,
		// which takes seconds for a large network.
		Annotations: map[string]string{graceKey: "60s"},
		RunE:        func(cmd *cobra.Command, _ []string) error { return runTrain(cmd, f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.out, "out", "", "training `DIR` (checkpoint and learning curve)")
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the training games")
	fl.Int64Var(&f.games, "games", 0, "train until this many games in all (0: no limit)")
	fl.DurationVar(&f.time, "time", 0, "train for this long (0: no limit)")
	fl.IntVar(&f.workers, "workers", 1, "games learnt at once (0: one per core)")
	fl.DurationVar(&f.ckpt, "checkpoint", 10*time.Minute, "time between checkpoints")
	fl.Float64Var(&f.cfg.Alpha, "alpha", f.cfg.Alpha, "step size")
	fl.Float64Var(&f.cfg.Lambda, "lambda", f.cfg.Lambda, "TD(lambda): 0 learns from the next afterstate alone")
	fl.BoolVar(&f.cfg.TC, "tc", f.cfg.TC, "temporal coherence: per-weight step sizes")
	fl.Float64Var(&f.cfg.Restarts, "restarts", f.cfg.Restarts, "share of games started from boards where earlier games first held a late tile")
	fl.Float32Var(&f.cfg.Init, "init", f.cfg.Init, "optimistic initial value of a board (new trainings)")
	fl.IntVar(&f.cfg.Every, "every", f.cfg.Every, "games per point of the learning curve (new trainings)")
	fl.StringVar(&f.tuples, "tuples", twenty48.FormatTuples(twenty48.DefaultShape.Tuples), "the tuples' cells, one hexadecimal digit a cell (0 top left, f bottom right), comma-separated (new trainings)")
	fl.StringVar(&f.stages, "stages", "16384,32768", `largest tiles that start a new stage of weights, comma-separated ("": one stage; new trainings)`)
	fl.StringVar(&f.export, "export", "", "write the trained network, quantized, to `FILE` and stop")
	fl.Float64Var(&f.step, "step", 0.5, "quantization step of --export (0: exact float32)")
	cmd.MarkFlagRequired("out")
	rangeFlag(cmd, "alpha", 1e-6, 1)
	rangeFlag(cmd, "lambda", 0, 0.99)
	rangeFlag(cmd, "restarts", 0, 0.99)
	rangeFlag(cmd, "every", 1, 1e7)
	rangeFlag(cmd, "workers", 0, 256)
	rangeFlag(cmd, "step", 0, 1e4)
	return cmd
}

func runTrain(cmd *cobra.Command, f trainFlags) error {
	out := cmd.OutOrStdout()
	t, err := twenty48.OpenTraining(f.out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if f.export != "" {
			return fmt.Errorf("%s holds no training to export", f.out)
		}
		f.cfg.Seed = f.seed
		if f.cfg.Shape, err = twenty48.ParseShape(f.tuples, f.stages); err != nil {
			return err
		}
		if t, err = twenty48.NewTraining(f.out, f.cfg); err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		if f.export != "" {
			return exportNetwork(out, t, f.export, f.step)
		}
		if cmd.Flags().Changed("seed") && f.seed != t.State.Config.Seed {
			return fmt.Errorf("%s was trained with --seed %d, not %d", f.out, t.State.Config.Seed, f.seed)
		}
		fl, c := cmd.Flags(), t.State.Config
		if fl.Changed("alpha") || fl.Changed("lambda") || fl.Changed("tc") {
			t.SetSteps(pick(fl.Changed("alpha"), f.cfg.Alpha, c.Alpha),
				pick(fl.Changed("lambda"), f.cfg.Lambda, c.Lambda),
				pick(fl.Changed("tc"), f.cfg.TC, c.TC))
		}
		if fl.Changed("restarts") {
			t.SetRestarts(f.cfg.Restarts)
		}
		fmt.Fprintf(out, "resuming %s: %d games learnt\n", f.out, t.State.Games)
	}
	return trainRun(cmd, t, f)
}

// pick is the flag's value when it was given, else the saved one.
func pick[T any](changed bool, flag, saved T) T {
	if changed {
		return flag
	}
	return saved
}

func trainRun(cmd *cobra.Command, t *twenty48.Training, f trainFlags) error {
	total := int64(-1)
	if f.games > 0 {
		total = f.games
	}
	bar := progress.New(total, "train")
	if f.games > 0 {
		bar.Add(int(min(t.State.Games, f.games)))
	}
	defer bar.Finish()
	opt := twenty48.TrainOptions{Games: f.games, Time: f.time, Workers: f.workers, Checkpoint: f.ckpt,
		Progress: func(st *twenty48.TrainState, last twenty48.CurvePoint) {
			bar.Add(1)
			if st.Games%100 == 0 {
				bar.Describe(fmt.Sprintf("train: mean %.0f, 16384 %.0f%%, 32768 %.0f%%",
					last.Mean, 100*last.Reach["16384"], 100*last.Reach["32768"]))
			}
		}}
	err := t.Run(cmd.Context(), opt)
	bar.Finish()
	printTraining(cmd.OutOrStdout(), t)
	if err != nil && cmd.Context().Err() == nil {
		return err
	}
	return nil
}

func printTraining(w io.Writer, t *twenty48.Training) {
	s := t.State
	fmt.Fprintf(w, "network        %s, %d weights (digest %s)\n", t.Net.Shape, t.Net.Weights(), t.Net.Digest())
	fmt.Fprintf(w, "training       seed %d, alpha %g, lambda %g, tc %v, init %g\n",
		s.Config.Seed, s.Config.Alpha, s.Config.Lambda, s.Config.TC, s.Config.Init)
	fmt.Fprintf(w, "games          %d (%d moves) in %.2f h (%.2f CPU h)\n", s.Games, s.Moves, s.Seconds/3600, s.CPUSeconds/3600)
	if s.Restarted > 0 || s.Config.Restarts > 0 {
		fmt.Fprintf(w, "restarts       %g of the games: %d from the start pool\n", s.Config.Restarts, s.Restarted)
	}
	if s.CPUSeconds > 0 {
		fmt.Fprintf(w, "speed          %.0f moves per CPU second\n", float64(s.Moves)/s.CPUSeconds)
	}
	if n := len(s.Curve); n > 0 {
		p := s.Curve[n-1]
		fmt.Fprintf(w, "last %d games  mean %.0f, 8192 %.1f%%, 16384 %.1f%%, 32768 %.1f%%\n",
			p.N, p.Mean, 100*p.Reach["8192"], 100*p.Reach["16384"], 100*p.Reach["32768"])
	}
}

func exportNetwork(w io.Writer, t *twenty48.Training, path string, step float64) error {
	if err := twenty48.SaveNetwork(path, t.Net, step, t.ExportMeta()); err != nil {
		return err
	}
	fmt.Fprintf(w, "wrote %s: %s, %d games of training, step %g\n", path, t.Net.Shape, t.State.Games, step)
	return nil
}
