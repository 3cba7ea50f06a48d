package gametest

import (
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/ludus-games/ludus/game"
)

// copies checks Copy where the position offers it: the copy is the same
// position, and short games played at once on the copy and on the
// original, on two goroutines, change neither. Searches copy a position
// for each of their goroutines, and share nothing but what Copy shares.
func (w *walker[M, P]) copies(s state[M]) error {
	c, ok := any(w.pos).(game.Copier[P])
	if !ok {
		return nil
	}
	dup := c.Copy()
	got, err := w.look(dup)
	if err != nil {
		return fmt.Errorf("the copy: %w", err)
	}
	if d := w.differs(dup, s, got); d != "" {
		return fmt.Errorf("the copy is not the same position: %s", d)
	}
	// One move on the copy first, alone: a copy that shares what it
	// writes is found here, without a data race.
	if len(s.moves) > 0 {
		m := s.moves[w.rng.IntN(len(s.moves))]
		dup.Play(m)
		dup.Result()
		orig, err := w.look(w.pos)
		if err != nil {
			return fmt.Errorf("after %s on the copy, the original: %w", w.name(w.pos, m), err)
		}
		if d := w.differs(w.pos, s, orig); d != "" {
			return fmt.Errorf("playing %s on the copy changed the original: %s", w.name(w.pos, m), d)
		}
		dup.Undo()
	}
	seeds := [2]uint64{w.rng.Uint64(), w.rng.Uint64()}
	var copyErr error
	var wg sync.WaitGroup
	wg.Go(func() {
		defer func() {
			if r := recover(); r != nil {
				copyErr = fmt.Errorf("panic: %v", r)
			}
		}()
		copyErr = w.stroll(dup, s, seeds[0])
	})
	origErr := w.stroll(w.pos, s, seeds[1])
	wg.Wait()
	if game.Err(dup) != nil && game.Err(w.pos) == nil {
		return fmt.Errorf("the copy failed (%v) but the original's Err is nil", game.Err(dup))
	}
	if err := w.failed(w.pos); err != nil {
		return err
	}
	if copyErr != nil {
		return fmt.Errorf("on the copy: %w", copyErr)
	}
	if origErr != nil {
		return fmt.Errorf("on the original while the copy was played: %w", origErr)
	}
	if w.o.CopyForgets || len(w.played) == 0 {
		return nil
	}
	// Undo on the copy, past where it was made: the copy holds the
	// history, and the original does not move.
	dup.Undo()
	if got, err = w.look(dup); err != nil {
		return fmt.Errorf("calling Undo on the copy: %w", err)
	}
	if d := w.differs(dup, w.seen[len(w.seen)-2], got); d != "" {
		return fmt.Errorf("calling Undo on the copy of the last move before it was made: %s", d)
	}
	if got, err = w.look(w.pos); err != nil {
		return err
	}
	if d := w.differs(w.pos, s, got); d != "" {
		return fmt.Errorf("calling Undo on the copy changed the original: %s", d)
	}
	return nil
}

// stroll plays a short random game from pos (in state s) and takes it
// back, then checks that pos is in state s again. It runs on a goroutine
// of its own, with its own generator, and fails at the first error of the
// rules, which the caller checks.
func (w *walker[M, P]) stroll(pos P, s state[M], seed uint64) error {
	rng := rand.New(rand.NewPCG(seed, 1))
	n := 0
	for ; n < strollPlies; n++ {
		if _, over := pos.Result(); over || game.Err(pos) != nil {
			break
		}
		m, ok := w.pick(pos, rng)
		if !ok {
			break // the walk reports a position without moves
		}
		pos.Play(m)
	}
	for range n {
		pos.Undo()
	}
	if game.Err(pos) != nil {
		return nil
	}
	got, err := w.read(pos, int(seed%3))
	if err != nil {
		return fmt.Errorf("after %d plies and back: %w", n, err)
	}
	if d := w.differs(pos, s, got); d != "" {
		return fmt.Errorf("after %d plies and back: %s", n, d)
	}
	return nil
}

// randomGamer is search.RandomGamer, a position that plays random games
// itself, declared here so that package game depends on no player.
type randomGamer interface {
	RandomGame(rng *rand.Rand, maxPlies int) (game.Result, int)
}

// randomGame checks RandomGame where the position offers it, from the
// start of the game walked: a finished game is taken back, a game cut
// short is left where it stopped, the plies it played still to take back.
func (w *walker[M, P]) randomGame() error {
	rg, ok := any(w.pos).(randomGamer)
	if !ok {
		return nil
	}
	start := w.seen[0]
	for _, limit := range []int{w.o.Plies, 3} {
		r, n := rg.RandomGame(w.rng, limit)
		if err := w.failed(w.pos); err != nil {
			return fmt.Errorf("RandomGame(%d): %w", limit, err)
		}
		if n < 0 || n > limit {
			return fmt.Errorf("RandomGame(%d) played %d plies", limit, n)
		}
		if r != nil {
			if len(r) != w.players {
				return fmt.Errorf("RandomGame(%d): result %v for %d players", limit, r, w.players)
			}
			got, err := w.look(w.pos)
			if err != nil {
				return fmt.Errorf("after RandomGame(%d): %w", limit, err)
			}
			if d := w.differs(w.pos, start, got); d != "" {
				return fmt.Errorf("RandomGame(%d) ended after %d plies and did not take them back: %s", limit, n, d)
			}
			continue
		}
		if n != limit {
			return fmt.Errorf("RandomGame(%d) gave no result after %d plies", limit, n)
		}
		for range n {
			w.pos.Undo()
		}
		got, err := w.look(w.pos)
		if err != nil {
			return fmt.Errorf("after RandomGame(%d) and %d Undo: %w", limit, n, err)
		}
		if d := w.differs(w.pos, start, got); d != "" {
			return fmt.Errorf("RandomGame(%d) cut after %d plies, then %d Undo: %s", limit, n, n, d)
		}
	}
	return nil
}
