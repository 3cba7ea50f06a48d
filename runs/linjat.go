package runs

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/store"
)

// The store's names of Linjat runs.
const (
	KindLinjatGenerate = "linjat generate"
	KindLinjatPack     = "linjat pack"
)

// linjatSpec is a batch of puzzles as the store keeps it.
func linjatSpec(set linjat.Settings, count int) store.RunSpec {
	return store.RunSpec{Kind: KindLinjatGenerate, Settings: set.SettingsJSON(), Seed: set.Seed, Jobs: count}
}

// QueueLinjat puts a batch's puzzles on the queue in env.DB, one job a
// puzzle.
func QueueLinjat(ctx context.Context, env Env, set linjat.Settings, count int) error {
	_, err := Enqueue(ctx, env, linjatSpec(set, count), jobs.LinjatJobs(set, count))
	return err
}

// PuzzleFunc receives a puzzle of a batch as the generator reports it,
// with the time making it took (0 for a puzzle made before) and its id in
// the store (0 when it is not kept).
type PuzzleFunc func(g linjat.GeneratedJSON, elapsed time.Duration, id int64) error

// Puzzles keeps a batch made here in the store: the puzzles in its table
// of puzzles (where packs are made from) and each as the run's result.
type Puzzles struct {
	*Kept
	first uint64 // seed of puzzle 0
}

// KeepPuzzles resumes or starts the batch's run in env's store and hooks
// it to b: every puzzle is kept as it is made, and a puzzle the store
// holds (made by any run with the same settings) is taken instead of made
// again, which is said on env.Stderr. out receives every puzzle of the
// batch, taken or made. KeepPuzzles sets b's Made, Keep and Emit.
func KeepPuzzles(ctx context.Context, env Env, b *linjat.Batch, out PuzzleFunc) (*Puzzles, error) {
	kr, err := Keep(ctx, env, linjatSpec(b.Settings, b.Count))
	if err != nil {
		return nil, err
	}
	k := &Puzzles{Kept: kr, first: b.Settings.Seed}
	if kr.st != nil {
		StoreBatch(kr.st, kr.id, b, func(index int, p store.Puzzle) error {
			fmt.Fprintf(env.stderr(), "seed %d: already in %s\n", p.Seed, kr.where)
			g, err := k.found(index, p)
			if err != nil {
				return err
			}
			return out(g, 0, p.ID)
		})
	}
	d := b.Settings.Difficulty
	b.Emit = func(g *linjat.Generated, id int64) error {
		k.Add(int(g.Seed-k.first), g.Seed, "puzzle", jobs.Puzzle{GeneratedJSON: g.JSON(d.Name, d.Weights), ID: id}, g.Elapsed)
		return out(g.JSON(d.Name, d.Weights), g.Elapsed, id)
	}
	return k, nil
}

// found keeps a puzzle made before as puzzle index of this batch, and
// returns it as the generator reported it.
func (k *Puzzles) found(index int, p store.Puzzle) (linjat.GeneratedJSON, error) {
	g, err := storedGenerated(p)
	if err == nil {
		k.Add(index, p.Seed, "puzzle", jobs.Puzzle{GeneratedJSON: g, ID: p.ID}, 0)
	}
	return g, err
}

// StoreBatch makes b keep its puzzles among st's puzzles, as run's (0: of
// no run), and take the puzzles st holds with the same settings and seed
// instead of making them again; found, when set, gets each of those. It
// sets b's Made and Keep.
func StoreBatch(st *store.Store, run int64, b *linjat.Batch, found func(index int, p store.Puzzle) error) {
	settings := b.Settings.SettingsJSON()
	d := b.Settings.Difficulty
	b.Made = func(ctx context.Context, index int, seed uint64) (bool, error) {
		have, err := st.Puzzles(ctx, store.Query{Game: linjat.Game, Seed: seed, Settings: settings, Limit: 1})
		if err != nil || len(have) == 0 {
			return false, err
		}
		if found != nil {
			if err := found(index, have[0]); err != nil {
				return false, err
			}
		}
		return true, nil
	}
	b.Keep = func(ctx context.Context, g *linjat.Generated) (int64, error) {
		p, err := jobs.PuzzleRow(g, d, settings)
		if err != nil {
			return 0, err
		}
		p.RunID = run
		id, _, err := st.AddPuzzle(ctx, p)
		return id, err
	}
}

// storedGenerated returns a puzzle of the store as the generator reported
// it when it made it.
func storedGenerated(p store.Puzzle) (linjat.GeneratedJSON, error) {
	g := linjat.GeneratedJSON{Difficulty: p.Difficulty, Seed: p.Seed}
	var err error
	if g.Puzzle, err = linjat.Parse(p.Body); err != nil {
		return g, fmt.Errorf("stored puzzle %d: %w", p.ID, err)
	}
	var set struct {
		Iterations int64 `json:"iterations"`
	}
	for _, f := range []struct {
		data []byte
		v    any
	}{{p.Solution, &g.Lines}, {p.Rating, &g.Rating}, {p.Settings, &set}} {
		if err := json.Unmarshal(f.data, f.v); err != nil {
			return g, fmt.Errorf("stored puzzle %d: %w", p.ID, err)
		}
	}
	g.Iterations = set.Iterations
	return g, nil
}

// LinjatCandidates returns the Linjat puzzles of a difficulty in st, for
// linjat.MakePack.
func LinjatCandidates(ctx context.Context, st *store.Store, difficulty string) ([]linjat.Candidate, error) {
	rows, err := st.Puzzles(ctx, store.Query{Game: linjat.Game, Difficulty: difficulty})
	if err != nil {
		return nil, err
	}
	cands := make([]linjat.Candidate, 0, len(rows))
	for _, r := range rows {
		p, err := linjat.Parse(r.Body)
		if err != nil {
			return nil, fmt.Errorf("stored puzzle %d: %w", r.ID, err)
		}
		cands = append(cands, linjat.Candidate{ID: r.ID, Puzzle: p})
	}
	return cands, nil
}

func showPuzzles(w io.Writer, _ store.RunInfo, results []store.Result) error {
	ps, err := jobs.Puzzles(results)
	if err != nil {
		return err
	}
	for i, p := range ps {
		if err := p.WriteText(w, results[i].Elapsed, p.ID); err != nil {
			return err
		}
	}
	return nil
}

// exportPuzzles writes puzzles.jsonl (as --json prints them) and each
// puzzle in the text format (seed-S.txt, which "linjat solve" reads).
func exportPuzzles(_ context.Context, dir string, _ store.RunInfo, results []store.Result) (int, error) {
	ps, err := jobs.Puzzles(results)
	if err != nil {
		return 0, err
	}
	err = atomicfile.Write(filepath.Join(dir, "puzzles.jsonl"), func(w io.Writer) error {
		enc := json.NewEncoder(w)
		for _, p := range ps {
			if err := enc.Encode(p.GeneratedJSON); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	for _, p := range ps {
		if err := atomicfile.WriteFile(filepath.Join(dir, fmt.Sprintf("seed-%d.txt", p.Seed)), []byte(p.Puzzle.String())); err != nil {
			return 0, err
		}
	}
	return 1 + len(ps), nil
}

// KeepPack keeps a level pack of count levels asked for in env's store, as
// a run of its own.
func KeepPack(ctx context.Context, env Env, pack *linjat.Pack, count int) error {
	settings, err := json.Marshal(map[string]any{"difficulty": pack.Difficulty, "weights": pack.Weights, "count": count})
	if err != nil {
		return err
	}
	k, err := Keep(ctx, env, store.RunSpec{Kind: KindLinjatPack, Settings: settings, Jobs: 1})
	if err != nil {
		return err
	}
	defer k.Close()
	k.Add(0, 0, "pack", pack, 0)
	return k.End(nil)
}

func readPack(results []store.Result) (*linjat.Pack, error) {
	var p linjat.Pack
	if err := json.Unmarshal(results[0].Data, &p); err != nil {
		return nil, fmt.Errorf("pack: %w", err)
	}
	return &p, nil
}

func showPack(w io.Writer, _ store.RunInfo, results []store.Result) error {
	p, err := readPack(results)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, p.CurveText())
	return err
}

// exportPack writes pack.json and the difficulty curve, curve.svg.
func exportPack(_ context.Context, dir string, _ store.RunInfo, results []store.Result) (int, error) {
	p, err := readPack(results)
	if err != nil {
		return 0, err
	}
	if err := atomicfile.Write(filepath.Join(dir, "pack.json"), p.WriteJSON); err != nil {
		return 0, err
	}
	return 2, render.Save(filepath.Join(dir, "curve.svg"), p.CurveChart().Drawing(720, 360))
}
