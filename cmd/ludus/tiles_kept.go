package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/tiles"
)

// The store's names of the tile searches that run once, without resuming.
const (
	kindTilesPolish = "tiles polish"
	kindTilesFront  = "tiles front"
)

func init() {
	storedKinds[kindTilesPolish] = storedKind{show: showPolish}
	storedKinds[kindTilesFront] = storedKind{show: showFront, export: exportFront}
}

// keptPolish is what the store keeps of "tiles polish": the search's result
// and the polished set's score on the final boards.
type keptPolish struct {
	tiles.PolishResult
	Final tiles.Score `json:"final"`
}

// keptFront is what the store keeps of "tiles front".
type keptFront struct {
	tiles.FrontResult
	FinalBoards int `json:"final_boards"`
}

// keepOnce starts the run of a search made at once (no jobs to resume) in
// the store of --db, before the search, so that a store that cannot be
// opened stops the command before any work and the run's time is the
// search's. Its settings are the command's arguments and flags, and the
// board it read. keptOnce.done keeps the result.
func keepOnce(cmd *cobra.Command, db, kind string, args []string, sc *tiles.Scorer, seed uint64) (*keptOnce, error) {
	var board strings.Builder
	if err := sc.Board().Write(&board); err != nil {
		return nil, err
	}
	flags := map[string]string{}
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if f.Name != "db" && f.Name != "workers" {
			flags[f.Name] = f.Value.String()
		}
	})
	settings, err := json.Marshal(map[string]any{"args": args, "flags": flags, "board": board.String(), "weights": sc.Weights()})
	if err != nil {
		return nil, err
	}
	kr, err := keepRun(cmd, db, store.RunSpec{Kind: kind, Settings: settings, Seed: seed, Jobs: 1})
	if err != nil {
		return nil, err
	}
	return &keptOnce{kr, seed}, nil
}

// keptOnce is the run of a search made at once.
type keptOnce struct {
	*keptRun
	seed uint64
}

// done ends the run: with err nil, it keeps the result and the files the
// search wrote; otherwise the run is marked interrupted or failed. It
// returns the error to report and closes the store.
func (k *keptOnce) done(err error, result any, elapsed time.Duration, files ...string) error {
	defer k.close()
	if err == nil {
		k.add(0, k.seed, "tile set", result, elapsed)
		for _, p := range files {
			k.file(filepath.Base(p), p)
		}
	}
	return k.end(err)
}

// writePolished prints the end of a polish as "tiles polish" does.
func writePolished(w io.Writer, res tiles.PolishResult) {
	fmt.Fprintf(w, "%d rounds, %d moves, gain %+.4f on the race boards; local optimum: %v\n",
		res.Rounds, res.Accepted, res.Gain, res.Optimum)
}

func showPolish(_ context.Context, w io.Writer, _ *store.Store, _ store.RunInfo, results []store.Result) error {
	var k keptPolish
	if err := json.Unmarshal(results[0].Data, &k); err != nil {
		return fmt.Errorf("polished set: %w", err)
	}
	writePolished(w, k.PolishResult)
	if err := tiles.WriteScore(w, k.Final); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n"+k.Set.String())
	return err
}

func readFront(results []store.Result) (keptFront, error) {
	var k keptFront
	if err := json.Unmarshal(results[0].Data, &k); err != nil {
		return k, fmt.Errorf("front: %w", err)
	}
	return k, nil
}

// writeFront prints a front as "tiles front" does.
func writeFront(w io.Writer, res tiles.FrontResult, finalBoards int) error {
	fmt.Fprintf(w, "%d generations, %d evaluations in %s; %d sets on the front, scored on %d fresh boards\n\n",
		res.Generations, res.Evaluations, res.Elapsed.Round(time.Second/10), len(res.Points), finalBoards)
	return tiles.WriteFrontTable(w, res.Points)
}

func showFront(_ context.Context, w io.Writer, _ *store.Store, _ store.RunInfo, results []store.Result) error {
	k, err := readFront(results)
	if err != nil {
		return err
	}
	return writeFront(w, k.FrontResult, k.FinalBoards)
}

// exportFront writes what "tiles front --out DIR" writes: front.csv, the
// plot and every set of the front.
func exportFront(_ context.Context, dir string, _ *store.Store, _ store.RunInfo, results []store.Result) (int, error) {
	k, err := readFront(results)
	if err != nil {
		return 0, err
	}
	written, err := tiles.SaveFront(dir, k.Points)
	return len(written), err
}
