package engine_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/zrf"
	"github.com/ludus-games/ludus/internal/shareddata"
	"github.com/ludus-games/ludus/internal/testenv"
)

// conformance holds the games conformanceGames compiled.
var conformance struct {
	sync.Mutex
	games map[string]*engine.Game
}

// conformanceGames lists every bundled game, every game and variant of the
// test rules files, and every reference file that the engine plays.
func conformanceGames(t *testing.T) map[string]*engine.Game {
	// Six tests walk every game: they share one compilation of each, made
	// by the first (a failed one is made again by the next).
	conformance.Lock()
	defer conformance.Unlock()
	if conformance.games != nil {
		return conformance.games
	}
	out := map[string]*engine.Game{}
	files, _ := filepath.Glob(filepath.Join("..", "games", "*.zrf"))
	tests, _ := filepath.Glob(filepath.Join("testdata", "games", "*.zrf"))
	for _, f := range append(files, tests...) {
		file, err := zrf.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range file.Games {
			out[fmt.Sprintf("%s/%d", filepath.Base(f), e.Index)] = compile(t, f, strconv.Itoa(e.Index))
		}
	}
	for _, f := range []string{"dagaz_chess.zrf", "dagaz_english-checkers.zrf", "dagaz_international-checkers.zrf",
		"dagaz_breakthrough.zrf", "dagaz_amazons.zrf", "zog_tic-tac-toe.zrf", "zog_chess_mandatory.zrf",
		"dagaz_fanorona.zrf", "dagaz_abalone.zrf", "zog_ur_dice.zrf", "zog_sokoban_levels_01_10_uses_include.zrf",
		"dagaz_reversi.zrf", "dagaz_go.zrf", "dagaz_hex.zrf", "dagaz_connect-four.zrf"} {
		if shareddata.Dir() == "" {
			break
		}
		if costly[f] && !testenv.Long() {
			continue
		}
		out[f] = shared(t, f, "")
	}
	if len(out) < 5 {
		t.Fatalf("only %d games found", len(out))
	}
	conformance.games = out
	return out
}

// costly are the files of others that list hundreds of moves a ply (an
// amazon's move and its arrow, chess with every capture forced and its
// legality trials): a third of the engine's quick tests between them, with
// bundled games of the same kinds checked anyway. LUDUS_LONG=1 takes them.
var costly = map[string]bool{"dagaz_amazons.zrf": true, "zog_chess_mandatory.zrf": true}

// forEachGame runs f as a subtest for every conformance game.
func forEachGame(t *testing.T, f func(t *testing.T, g *engine.Game)) {
	for name, g := range conformanceGames(t) {
		t.Run(name, func(t *testing.T) { f(t, g) })
	}
}

func notations(t *testing.T, s *engine.State) []string {
	var ml engine.MoveList
	ms, err := s.Moves(&ml)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, len(ms))
	for i := range ms {
		out[i] = s.Notation(&ms[i])
	}
	return out
}

// TestConformance walks random games of every game and checks at each ply
// that make/unmake and copies round-trip, that the incremental hash agrees
// with one computed from scratch, that move generation is deterministic,
// and that the position written in the position format reads back the
// same, with the same moves.
func TestConformance(t *testing.T) {
	plies := 60
	if testenv.Long() {
		plies = 400
	}
	for name, g := range conformanceGames(t) {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, 2))
			s := engine.NewState(g)
			twin := engine.NewState(g)
			var ml engine.MoveList
			for ply := 0; ply < plies; ply++ {
				r, err := s.Result()
				if err != nil {
					t.Fatal(err)
				}
				text := s.FormatPosition()
				back, err := engine.ParsePosition(g, "written", []byte(text))
				if err != nil {
					t.Fatalf("ply %d: %v\n%s", ply, err, text)
				}
				// Goals checked after the last move only where it changed the
				// board agree with a check of the whole board.
				if rb, _ := back.Result(); r.Over != rb.Over || !reflect.DeepEqual(r.Scores, rb.Scores) {
					t.Fatalf("ply %d: result %v after the moves, %v from scratch", ply, r, rb)
				}
				if r.Over {
					break
				}
				before := s.Clone()
				names := notations(t, s)
				if again := notations(t, before); !reflect.DeepEqual(names, again) {
					t.Fatalf("ply %d: move order differs between a state and its copy", ply)
				}
				if other := notations(t, twin); !reflect.DeepEqual(names, other) {
					t.Fatalf("ply %d: move order differs between two states", ply)
				}
				// The last move is written only when the rules look at it:
				// compare what the hash covers. Under a ko rule the moves
				// depend on the history, which a position does not hold.
				sameMoves := g.Rules.Options.Ko != rules.KoNone || reflect.DeepEqual(notations(t, back), names)
				if back.FormatPosition() != text || back.Hash() != s.Hash() || !sameMoves {
					t.Fatalf("ply %d: the position changed when written and read back:\n%s", ply, text)
				}
				ms, err := s.Moves(&ml)
				if err != nil {
					t.Fatal(err)
				}
				if len(ms) == 0 {
					break
				}
				for i := range ms {
					m := ms[i].Clone()
					s.Play(&m)
					if !s.HashOK() {
						t.Fatalf("ply %d: hash out of step after %s", ply, names[i])
					}
					s.Undo()
					if !s.Equal(before) || s.Hash() != before.Hash() {
						t.Fatalf("ply %d: undo of %s does not restore the position", ply, names[i])
					}
				}
				k := rng.IntN(len(ms))
				m := ms[k].Clone()
				s.Play(&m)
				twin.Play(&m)
				if !s.Equal(twin) || s.Hash() != twin.Hash() {
					t.Fatalf("ply %d: two states differ after the same move", ply)
				}
				if s.Equal(before) && len(m.Changes) > 0 {
					t.Fatalf("ply %d: the copy changed with the original", ply)
				}
			}
		})
	}
}
