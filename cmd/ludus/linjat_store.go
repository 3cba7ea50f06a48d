package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/jobs"
	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/store"
)

// The store's names of Linjat runs.
const (
	kindLinjatGenerate = "linjat generate"
	kindLinjatPack     = "linjat pack"
)

func init() {
	storedKinds[kindLinjatGenerate] = storedKind{show: showPuzzles, export: exportPuzzles}
	storedKinds[kindLinjatPack] = storedKind{show: showPack, export: exportPack}
}

// specLinjat is a batch of puzzles as the store keeps it.
func specLinjat(set linjat.Settings, count int) store.RunSpec {
	return store.RunSpec{Kind: kindLinjatGenerate, Settings: set.SettingsJSON(), Seed: set.Seed, Jobs: count}
}

// queueLinjat puts a batch's puzzles on the queue, one job a puzzle.
func queueLinjat(cmd *cobra.Command, db string, set linjat.Settings, count int) error {
	_, err := enqueueRun(cmd, db, specLinjat(set, count), jobs.LinjatJobs(set, count))
	return err
}

// keptPuzzles keeps a batch made here in the store: the puzzles in their
// table (where packs are made from) and each as the run's result.
type keptPuzzles struct {
	*keptRun
	first uint64 // seed of puzzle 0
}

// keepPuzzles resumes or starts the batch's run and gives b the store.
func keepPuzzles(cmd *cobra.Command, db string, b *linjat.Batch) (*keptPuzzles, error) {
	kr, err := keepRun(cmd, db, specLinjat(b.Settings, b.Count))
	if err != nil {
		return nil, err
	}
	b.Store, b.RunID = kr.st, kr.id
	return &keptPuzzles{keptRun: kr, first: b.Settings.Seed}, nil
}

// made keeps a puzzle made here, stored as id.
func (k *keptPuzzles) made(g *linjat.Generated, d linjat.Difficulty, id int64) {
	k.add(int(g.Seed-k.first), g.Seed, "puzzle", jobs.Puzzle{GeneratedJSON: g.JSON(d.Name, d.Weights), ID: id}, g.Elapsed)
}

// found keeps a puzzle made before as puzzle index of this batch, and
// returns it as the generator reported it.
func (k *keptPuzzles) found(index int, p store.Puzzle) (linjat.GeneratedJSON, error) {
	g, err := linjat.StoredGenerated(p)
	if err == nil {
		k.add(index, p.Seed, "puzzle", jobs.Puzzle{GeneratedJSON: g, ID: p.ID}, 0)
	}
	return g, err
}

func showPuzzles(_ context.Context, w io.Writer, _ *store.Store, _ store.RunInfo, results []store.Result) error {
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
func exportPuzzles(_ context.Context, dir string, _ *store.Store, _ store.RunInfo, results []store.Result) (int, error) {
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

// keepPack keeps a level pack in the store as a run of its own.
func keepPack(cmd *cobra.Command, db string, pack *linjat.Pack, count int) error {
	settings, err := json.Marshal(map[string]any{"difficulty": pack.Difficulty, "weights": pack.Weights, "count": count})
	if err != nil {
		return err
	}
	kr, err := keepRun(cmd, db, store.RunSpec{Kind: kindLinjatPack, Settings: settings, Jobs: 1})
	if err != nil {
		return err
	}
	defer kr.close()
	kr.add(0, 0, "pack", pack, 0)
	return kr.end(nil)
}

func readPack(results []store.Result) (*linjat.Pack, error) {
	var p linjat.Pack
	if err := json.Unmarshal(results[0].Data, &p); err != nil {
		return nil, fmt.Errorf("pack: %w", err)
	}
	return &p, nil
}

func showPack(_ context.Context, w io.Writer, _ *store.Store, _ store.RunInfo, results []store.Result) error {
	p, err := readPack(results)
	if err != nil {
		return err
	}
	_, err = io.WriteString(w, p.CurveText())
	return err
}

// exportPack writes pack.json and the difficulty curve, curve.svg.
func exportPack(_ context.Context, dir string, _ *store.Store, _ store.RunInfo, results []store.Result) (int, error) {
	p, err := readPack(results)
	if err != nil {
		return 0, err
	}
	if err := savePack(filepath.Join(dir, "pack.json"), p); err != nil {
		return 0, err
	}
	return 2, render.Save(filepath.Join(dir, "curve.svg"), p.CurveChart().Drawing(720, 360))
}

// savePack writes a pack as "linjat pack -o" does.
func savePack(path string, p *linjat.Pack) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", " ")
		return enc.Encode(p)
	})
}
