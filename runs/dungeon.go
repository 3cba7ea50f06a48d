package runs

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"time"

	"github.com/ludus-games/ludus/dungeon"
	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/store"
)

// KindDungeon is the store's name of "ludus dungeon generate" runs.
const KindDungeon = "dungeon generate"

// dungeonSettings are what decides the layouts of a run: the spec, in our
// YAML format with every room set inside it, and the time limit.
type dungeonSettings struct {
	Spec        string `json:"spec"`
	TimeLimitMS int64  `json:"time_limit_ms"`
}

// storedLayout is the stored result of a layout: the layout with what
// finding it took.
type storedLayout struct {
	Layout     *dungeon.Layout `json:"layout"`
	Iterations int             `json:"iterations"`
}

// Layouts keeps a dungeon run in the store: each layout as it is found.
type Layouts struct {
	*Kept
	before map[int]storedLayout // found before, by index
}

// KeepLayouts resumes or starts the run of count layouts of spec, from
// seed on, each found within limit.
func KeepLayouts(ctx context.Context, env Env, spec *dungeon.Spec, seed uint64, count int, limit time.Duration) (*Layouts, error) {
	var yaml bytes.Buffer
	if err := spec.WriteYAML(&yaml); err != nil {
		return nil, err
	}
	settings, err := json.Marshal(dungeonSettings{Spec: yaml.String(), TimeLimitMS: limit.Milliseconds()})
	if err != nil {
		return nil, err
	}
	kr, err := Keep(ctx, env, store.RunSpec{Kind: KindDungeon, Settings: settings, Seed: seed, Jobs: count})
	if err != nil {
		return nil, err
	}
	k := &Layouts{Kept: kr, before: map[int]storedLayout{}}
	for _, r := range kr.have {
		var l storedLayout
		if err := json.Unmarshal(r.Data, &l); err != nil {
			kr.Close()
			return nil, fmt.Errorf("run %d layout %d: %w", kr.id, r.Index+1, err)
		}
		k.before[r.Index] = l
	}
	return k, nil
}

// Before returns layout i when an earlier attempt of the run found it.
func (k *Layouts) Before(i int) (*dungeon.Layout, bool) {
	l, ok := k.before[i]
	return l.Layout, ok
}

// Found keeps layout i, found from seed.
func (k *Layouts) Found(i int, seed uint64, l *dungeon.Layout, st dungeon.Stats) {
	k.Add(i, seed, "layout", storedLayout{Layout: l, Iterations: st.Iterations}, st.Duration)
}

// LayoutLine is the line "ludus dungeon generate" prints for layout i.
func LayoutLine(i int, seed uint64, l *dungeon.Layout, elapsed time.Duration, iterations int) string {
	return fmt.Sprintf("layout %d (seed %d): %d rooms, %d doors, %v, %d iterations\n",
		i+1, seed, len(l.Rooms), len(l.Doors), elapsed.Round(time.Microsecond), iterations)
}

func readLayouts(results []store.Result) ([]storedLayout, error) {
	out := make([]storedLayout, len(results))
	for i, r := range results {
		if err := json.Unmarshal(r.Data, &out[i]); err != nil {
			return nil, fmt.Errorf("layout %d: %w", r.Index+1, err)
		}
		if out[i].Layout == nil {
			return nil, fmt.Errorf("layout %d: empty", r.Index+1)
		}
	}
	return out, nil
}

func showDungeon(w io.Writer, _ store.RunInfo, results []store.Result) error {
	ls, err := readLayouts(results)
	if err != nil {
		return err
	}
	for i, l := range ls {
		r := results[i]
		if _, err := io.WriteString(w, LayoutLine(r.Index, r.Seed, l.Layout, r.Elapsed, l.Iterations)); err != nil {
			return err
		}
	}
	return nil
}

// exportDungeon writes every layout as "dungeon generate -o layout.json
// --svg layout.svg --tmx layout.tmx" does: layout-N.json, .svg and .tmx
// (with its tileset, layout-N-tiles.png).
func exportDungeon(_ context.Context, dir string, _ store.RunInfo, results []store.Result) (int, error) {
	ls, err := readLayouts(results)
	if err != nil {
		return 0, err
	}
	n := 0
	for i, l := range ls {
		base := filepath.Join(dir, fmt.Sprintf("layout-%d", results[i].Index+1))
		if err := atomicfile.Write(base+".json", l.Layout.WriteJSON); err != nil {
			return n, err
		}
		if err := render.Save(base+".svg", l.Layout.Draw(dungeon.DrawOptions{Cell: 16})); err != nil {
			return n, err
		}
		if err := l.Layout.SaveTMX(base + ".tmx"); err != nil {
			return n, err
		}
		n += 4
	}
	return n, nil
}
