package twenty48

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/ludus-games/ludus/batch"
)

// PoolBoards returns the boards of the training's start pool for tile:
// boards on which its games first held that tile.
func (t *Training) PoolBoards(tile int) ([]Board, error) {
	r, err := rankOf(tile)
	if err != nil {
		return nil, err
	}
	p := t.State.Pool
	for k, pr := range p.Ranks {
		if pr == r {
			out := make([]Board, len(p.Boards[k]))
			for i, b := range p.Boards[k] {
				out[i] = Board(b)
			}
			return out, nil
		}
	}
	tiles := make([]int, len(p.Ranks))
	for i, r := range p.Ranks {
		tiles[i] = 1 << r
	}
	return nil, fmt.Errorf("the start pool keeps boards for %v, not %d", tiles, tile)
}

// EndgameResult is what games played on from given boards did: the
// moves and points they added, and the largest tile each reached.
type EndgameResult struct {
	Games   int
	Moves   int64
	Score   int64       // points scored after the start
	MaxTile map[int]int // games by largest tile reached
}

// Reached returns the number of games whose largest tile was tile or more.
func (r EndgameResult) Reached(tile int) int {
	n := 0
	for t, c := range r.MaxTile {
		if t >= tile {
			n += c
		}
	}
	return n
}

// PlayFrom plays one game from each board to its end with the player of
// spec, game i with the spawns of seed+i, on workers goroutines; done,
// when set, is called after each game, one call at a time.
func PlayFrom(ctx context.Context, spec PlayerSpec, boards []Board, seed uint64, workers int, done func()) (EndgameResult, error) {
	res := EndgameResult{MaxTile: map[int]int{}}
	p, err := NewPlayer(spec)
	if err != nil {
		return res, err
	}
	ids := make([]int, len(boards))
	for i := range ids {
		ids[i] = i
	}
	err = batch.Run(ctx, workers, ids,
		func(ctx context.Context, i int) (*Game, error) {
			g := NewGameFrom(boards[i], 0, seed+uint64(i))
			rng := rand.New(rand.NewPCG(seed+uint64(i), 0x9a7e))
			for !g.Over() {
				if g.Moves%64 == 0 && ctx.Err() != nil {
					return nil, ctx.Err()
				}
				m, _, ok := ChooseOn(p, g, rng)
				if !ok {
					break
				}
				if _, err := g.Play(m); err != nil {
					return nil, fmt.Errorf("board %d, move %d: %w", i, g.Moves+1, err)
				}
			}
			return g, nil
		},
		func(_ int, g *Game) error {
			res.Games++
			res.Moves += int64(g.Moves)
			res.Score += int64(g.Score)
			res.MaxTile[g.MaxTile()]++
			if done != nil {
				done()
			}
			return nil
		})
	return res, err
}
