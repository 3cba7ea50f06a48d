package twenty48

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/ludus-games/ludus/internal/atomicfile"
)

// PlayedGame is a finished game with its moves. The spawns follow from the
// seed alone, so the moves are the whole game: Record rebuilds its record
// lines, and a store keeps a game in a few kilobytes instead of the
// megabyte its record takes.
type PlayedGame struct {
	GameResult
	// Letters are its moves, one letter a move: u, d, l or r.
	Letters string `json:"letters"`
}

const moveLetters = "udlr" // in the order of Up, Down, Left, Right

// recording is a player that notes the moves another player chooses.
type recording struct {
	p     Player
	moves strings.Builder
}

func (r *recording) Choose(b Board, rng *rand.Rand) (Move, Info, bool) {
	return r.note(r.p.Choose(b, rng))
}

func (r *recording) ChooseLegal(b Board, legal [4]bool, rng *rand.Rand) (Move, Info, bool) {
	return r.note(chooseLegal(r.p, b, legal, rng))
}

func (r *recording) note(m Move, info Info, ok bool) (Move, Info, bool) {
	if ok && m >= Up && m <= Right {
		r.moves.WriteByte(moveLetters[m])
	}
	return m, info, ok
}

// PlayRecorded plays the game of seed as PlayGame does and returns it with
// its moves.
func PlayRecorded(ctx context.Context, p Player, seed uint64, opt PlayOptions) (PlayedGame, error) {
	rec := &recording{p: p}
	res, err := PlayGame(ctx, rec, seed, opt)
	return PlayedGame{GameResult: res, Letters: rec.moves.String()}, err
}

// scripted plays given moves in order and stops at their end.
type scripted struct {
	moves string
	next  int
}

func (s *scripted) Choose(b Board, _ *rand.Rand) (Move, Info, bool) {
	if s.next >= len(s.moves) {
		return 0, Info{}, false
	}
	m := Move(strings.IndexByte(moveLetters, s.moves[s.next]))
	s.next++
	return m, Info{}, m >= Up
}

// Record returns the game's record lines (header, moves, summary), as
// PlayGame writes them, by playing its moves again from its seed; a game
// whose moves do not give its score is an error.
func (g PlayedGame) Record(label string) ([]byte, error) {
	var buf bytes.Buffer
	seed := uint64(g.Game)
	if i := strings.IndexFunc(g.Letters, func(r rune) bool { return !strings.ContainsRune(moveLetters, r) }); i >= 0 {
		return nil, fmt.Errorf("game %d: move %d is %q, not one of %s", seed, i+1, g.Letters[i], moveLetters)
	}
	res, err := PlayGame(context.Background(), &scripted{moves: g.Letters}, seed, PlayOptions{Record: &buf, Label: label})
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", seed, err)
	}
	if res.Score != g.Score || res.Moves != g.Moves {
		return nil, fmt.Errorf("game %d: its moves score %d in %d moves, not %d in %d", seed, res.Score, res.Moves, g.Score, g.Moves)
	}
	return buf.Bytes(), nil
}

// WriteRecords writes the records of games, in their order, as "ludus 2048
// play --record" does.
func WriteRecords(w io.Writer, games []PlayedGame, label string) error {
	for _, g := range games {
		data, err := g.Record(label)
		if err != nil {
			return err
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
	return nil
}

// SaveResults writes a results file of cfg holding games, as "ludus 2048
// play --results" keeps it; a run started with that file plays only the
// games it lacks.
func SaveResults(path string, cfg RunConfig, games []GameResult) error {
	return atomicfile.Write(path, func(w io.Writer) error { return writeResults(w, cfg, games) })
}
