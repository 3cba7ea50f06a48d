package runs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/tiles"
)

// The store's names of the tile searches that run once, without resuming.
const (
	KindTilesPolish = "tiles polish"
	KindTilesFront  = "tiles front"
)

// Polished is what the store keeps of "tiles polish": the search's result
// and the polished set's score on the final boards.
type Polished struct {
	tiles.PolishResult
	Final tiles.Score `json:"final"`
}

// Front is what the store keeps of "tiles front".
type Front struct {
	tiles.FrontResult
	FinalBoards int `json:"final_boards"`
}

// Once is the run of a search made at once (no jobs to resume).
type Once struct {
	*Kept
	seed uint64
}

// KeepOnce starts the run of kind in env's store before the search, so
// that a store that cannot be opened stops the command before any work
// and the run's time is the search's. Its settings are the command's
// arguments and flags (by name, those that decide the result), and the
// scorer's board and weights. Once.Done keeps the result.
func KeepOnce(ctx context.Context, env Env, kind string, args []string, flags map[string]string, sc *tiles.Scorer, seed uint64) (*Once, error) {
	var board strings.Builder
	if err := sc.Board().Write(&board); err != nil {
		return nil, err
	}
	settings, err := json.Marshal(map[string]any{"args": args, "flags": flags, "board": board.String(), "weights": sc.Weights()})
	if err != nil {
		return nil, err
	}
	k, err := Keep(ctx, env, store.RunSpec{Kind: kind, Settings: settings, Seed: seed, Jobs: 1})
	if err != nil {
		return nil, err
	}
	return &Once{k, seed}, nil
}

// Done ends the run: with err nil, it keeps the result (a Polished or a
// Front) and the files the search wrote; otherwise the run is marked
// interrupted or failed. It returns the error to report and closes the
// store.
func (k *Once) Done(err error, result any, elapsed time.Duration, files ...string) error {
	defer k.Close()
	if err == nil {
		k.Add(0, k.seed, "tile set", result, elapsed)
		for _, p := range files {
			k.File(filepath.Base(p), p)
		}
	}
	return k.End(err)
}

// WritePolished prints the end of a polish as "ludus tiles polish" does.
func WritePolished(w io.Writer, res tiles.PolishResult) {
	fmt.Fprintf(w, "%d rounds, %d moves, gain %+.4f on the race boards; local optimum: %v\n",
		res.Rounds, res.Accepted, res.Gain, res.Optimum)
}

func showPolish(w io.Writer, _ store.RunInfo, results []store.Result) error {
	var k Polished
	if err := json.Unmarshal(results[0].Data, &k); err != nil {
		return fmt.Errorf("polished set: %w", err)
	}
	WritePolished(w, k.PolishResult)
	if err := tiles.WriteScore(w, k.Final); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n"+k.Set.String())
	return err
}

func readFront(results []store.Result) (Front, error) {
	var k Front
	if err := json.Unmarshal(results[0].Data, &k); err != nil {
		return k, fmt.Errorf("front: %w", err)
	}
	return k, nil
}

// WriteFront prints a front as "ludus tiles front" does.
func WriteFront(w io.Writer, res tiles.FrontResult, finalBoards int) error {
	fmt.Fprintf(w, "%d generations, %d evaluations in %s; %d sets on the front, scored on %d fresh boards\n\n",
		res.Generations, res.Evaluations, res.Elapsed.Round(time.Second/10), len(res.Points), finalBoards)
	return tiles.WriteFrontTable(w, res.Points)
}

func showFront(w io.Writer, _ store.RunInfo, results []store.Result) error {
	k, err := readFront(results)
	if err != nil {
		return err
	}
	return WriteFront(w, k.FrontResult, k.FinalBoards)
}

// exportFront writes what "tiles front --out DIR" writes: front.csv, the
// plot and every set of the front.
func exportFront(_ context.Context, dir string, _ store.RunInfo, results []store.Result) (int, error) {
	k, err := readFront(results)
	if err != nil {
		return 0, err
	}
	written, err := tiles.SaveFront(dir, k.Points)
	return len(written), err
}
