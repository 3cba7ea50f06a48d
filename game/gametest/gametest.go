// Package gametest checks that a game.Position keeps the contract of
// package game, in the manner of gonum's graph/testgraph: one suite that
// any implementation runs from its own tests, so that every game, the
// engine's rules files, 2048 and the small test games alike, is held to
// the same promises the searches rely on.
//
// Run walks seeded random games from a start position and checks at
// every ply:
//
//   - Players is the same throughout and ToMove is Chance or a player;
//   - a finished game (Result true) has a result for every player and no
//     moves or outcomes;
//   - at a chance node Moves is empty and the outcomes' probabilities lie
//     in (0, 1] and add up to 1; elsewhere Outcomes is empty and an
//     unfinished game has a move;
//   - Moves and Outcomes append to the buffer they are given;
//   - Play then Undo of each move (a sample of them where there are many)
//     restores the key, the player to move, the result and the moves,
//     however the position was asked (the order of the calls varies, for
//     positions that compute them lazily);
//   - Undo back to the start walks back through the same positions, and
//     the same moves played on a new position give the same keys, moves
//     and results;
//   - a game.Copier's copy is the same position and independent: playing
//     on the copy and on the original at once (on two goroutines, which go
//     test -race checks) changes neither, and the copy can take back the
//     moves played before it was made;
//   - a game.Faulter reports no error, or, for rules that may fail (see
//     Options.Faults), reports the game over once it has failed, and sees
//     the errors of its copies (which fail on other goroutines: go test
//     -race checks that the record of errors they share is safe);
//   - a position that plays random games itself (RandomGame, as
//     search.RandomGamer) takes a finished game back and leaves a game cut
//     short where it stopped.
//
// A game's tests run the suite on the positions it makes:
//
//	func TestContract(t *testing.T) {
//		gametest.Run(t, "connect four", testgames.NewConnectFour, gametest.Options[int]{})
//	}
//
// Check runs the same walk without package testing and returns the first
// breach.
package gametest

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/game"
)

// Options bound the walk and describe what the position may do. The zero
// value is a small walk of a position whose rules cannot fail.
type Options[M any] struct {
	// Seed chooses the random games: the same seed walks the same games.
	Seed uint64
	// Games is the number of random games walked (0: 3).
	Games int
	// Plies bounds each game (0: 60); a game cut there is checked as far
	// as it went.
	Plies int
	// Tries bounds the moves played and taken back at each ply (0: 16);
	// where there are more, a sample spread over the list is tried.
	Tries int
	// CopyEvery is the distance in plies between the checks of Copy
	// (0: 5), which play short games on two goroutines.
	CopyEvery int
	// Equal reports whether two moves are the same; nil compares them with
	// reflect.DeepEqual.
	Equal func(a, b M) bool
	// Faults allows the rules to fail (see game.Faulter): an error ends
	// the game being walked instead of failing the check, once the
	// position that failed reports the game over.
	Faults bool
	// CopyForgets is set for positions whose copies cannot take back the
	// moves played before they were made; Undo on a copy is then not
	// checked past the copy.
	CopyForgets bool
}

// Defaults of Options.
const (
	defaultGames     = 3
	defaultPlies     = 60
	defaultTries     = 16
	defaultCopyEvery = 5
	strollPlies      = 8 // plies of the short games played on copies
)

// Run checks the positions newPos makes, as a subtest called name, and
// fails it at the first breach of the contract.
func Run[M any, P game.Position[M]](t *testing.T, name string, newPos func() P, o Options[M]) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Helper()
		if err := Check(newPos, o); err != nil {
			t.Fatal(err)
		}
	})
}

// Check walks the random games Run does and returns the first breach of
// the contract, or nil.
func Check[M any, P game.Position[M]](newPos func() P, o Options[M]) error {
	if o.Games <= 0 {
		o.Games = defaultGames
	}
	if o.Plies <= 0 {
		o.Plies = defaultPlies
	}
	if o.Tries <= 0 {
		o.Tries = defaultTries
	}
	if o.CopyEvery <= 0 {
		o.CopyEvery = defaultCopyEvery
	}
	if o.Equal == nil {
		o.Equal = func(a, b M) bool { return reflect.DeepEqual(a, b) }
	}
	for g := range o.Games {
		w := &walker[M, P]{o: &o, newPos: newPos, rng: rand.New(rand.NewPCG(o.Seed, uint64(g)))}
		if err := w.game(); err != nil {
			return fmt.Errorf("game %d (seed %d) %s: %w", g+1, o.Seed, w.line(), err)
		}
	}
	return nil
}

// game walks one game, a panic of the position being one more breach.
func (w *walker[M, P]) game() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return w.walk()
}

// errFault ends a game walked with Options.Faults at the first error of
// the rules, which was checked.
var errFault = errors.New("the rules failed")

// walker walks one random game.
type walker[M any, P game.Position[M]] struct {
	o       *Options[M]
	newPos  func() P
	rng     *rand.Rand
	pos     P
	players int
	played  []M        // the moves played from the start
	names   []string   // the moves played, written
	seen    []state[M] // the position before each move, and the last
}

// state is what a position says of itself. Two states of the same
// position must be equal.
type state[M any] struct {
	key     uint64
	toMove  game.Player
	result  game.Result
	over    bool
	moves   []M // the moves, or the chance outcomes' moves
	probs   []float64
	faulted bool
}

// walk walks one game: forward with its checks at every ply, back with
// Undo, again on a new position, then with RandomGame.
func (w *walker[M, P]) walk() error {
	w.pos = w.newPos()
	w.players = w.pos.Players()
	if w.players < 1 {
		return fmt.Errorf("Players() = %d, want 1 or more", w.players)
	}
	for _, step := range []func() error{w.forward, w.back, w.replay, w.randomGame} {
		if err := step(); errors.Is(err, errFault) {
			return nil
		} else if err != nil {
			return err
		}
	}
	return nil
}

// forward plays the random game, checking every position on the way.
func (w *walker[M, P]) forward() error {
	for ply := 0; ; ply++ {
		s, err := w.look(w.pos)
		if err != nil {
			return err
		}
		w.seen = append(w.seen, s)
		if s.over || ply == w.o.Plies {
			return nil
		}
		if err := w.tryMoves(s); err != nil {
			return err
		}
		if ply%w.o.CopyEvery == 0 {
			if err := w.copies(s); err != nil {
				return err
			}
		}
		m, _ := w.pick(w.pos, w.rng) // look made sure there is one
		w.names = append(w.names, w.name(w.pos, m))
		w.pos.Play(m)
		w.played = append(w.played, m)
	}
}

// look reads the state of pos, asking in an order of its choosing, and
// checks it against the contract. A failure of the rules (with
// Options.Faults) is errFault once checked.
func (w *walker[M, P]) look(pos P) (state[M], error) {
	s, err := w.read(pos, w.rng.IntN(3))
	if err != nil {
		return s, err
	}
	if s.faulted {
		return s, w.fault(pos, s)
	}
	return s, nil
}

// read asks pos for its state in one of three orders and checks what it
// says. It does not draw from the walk's generator, so that it can serve
// goroutines of their own.
func (w *walker[M, P]) read(pos P, order int) (state[M], error) {
	var s state[M]
	var moves []M
	var outs []game.Outcome[M]
	steps := []func(){
		func() { s.result, s.over = pos.Result() },
		func() { moves = pos.Moves(nil) },
		func() { outs = pos.Outcomes(nil) },
		func() { s.toMove = pos.ToMove() },
		func() { s.key = pos.Key() },
	}
	switch order { // Result first, moves first, or the key first
	case 1:
		steps[0], steps[1] = steps[1], steps[0]
	case 2:
		steps[0], steps[4] = steps[4], steps[0]
	}
	for _, f := range steps {
		f()
	}
	if !s.over {
		s.result = nil // means nothing while the game goes on
	}
	s.moves = moves
	for _, o := range outs {
		s.moves = append(s.moves, o.Move)
		s.probs = append(s.probs, o.Prob)
	}
	if err := w.failed(pos); err != nil {
		s.faulted = true
		if errors.Is(err, errFault) {
			err = nil // what a failed position says means nothing
		}
		return s, err
	}
	if k := pos.Key(); k != s.key {
		return s, fmt.Errorf("Key() gave %x then %x", s.key, k)
	}
	if n := pos.Players(); n != w.players {
		return s, fmt.Errorf("Players() = %d, was %d at the start", n, w.players)
	}
	if s.toMove != game.Chance && (s.toMove < 0 || int(s.toMove) >= w.players) {
		return s, fmt.Errorf("ToMove() = %d in a game of %d players", int(s.toMove), w.players)
	}
	if err := w.appends(pos, len(moves), len(outs)); err != nil {
		return s, err
	}
	switch {
	case s.over:
		if len(s.result) != w.players {
			return s, fmt.Errorf("result %v for %d players", s.result, w.players)
		}
		for _, v := range s.result {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return s, fmt.Errorf("result %v", s.result)
			}
		}
		if len(moves)+len(outs) > 0 {
			return s, fmt.Errorf("the game is over (%v) but there are %d moves and %d outcomes", s.result, len(moves), len(outs))
		}
	case s.toMove == game.Chance:
		if len(moves) > 0 {
			return s, fmt.Errorf("%d moves at a chance node", len(moves))
		}
		if len(outs) == 0 {
			return s, fmt.Errorf("no outcome at a chance node of an unfinished game")
		}
		sum := 0.0
		for _, o := range outs {
			if !(o.Prob > 0 && o.Prob <= 1) {
				return s, fmt.Errorf("outcome %s has probability %v", w.name(pos, o.Move), o.Prob)
			}
			sum += o.Prob
		}
		if math.Abs(sum-1) > 1e-9 {
			return s, fmt.Errorf("the %d outcomes' probabilities add up to %v", len(outs), sum)
		}
	default:
		if len(outs) > 0 {
			return s, fmt.Errorf("%d outcomes with %v to move", len(outs), s.toMove)
		}
		if len(moves) == 0 {
			return s, fmt.Errorf("%v to move has no move, but the game is not over", s.toMove)
		}
	}
	return s, nil
}

// appends checks that Moves and Outcomes append to their buffer rather
// than overwrite it, and give the same moves again.
func (w *walker[M, P]) appends(pos P, moves, outs int) error {
	var zero M
	buf := append(make([]M, 0, 1+moves), zero)
	if got := pos.Moves(buf); len(got) != 1+moves || !w.o.Equal(got[0], zero) {
		return fmt.Errorf("calling Moves on a buffer of 1 gave %d moves (want 1+%d), or changed the buffer", len(got), moves)
	}
	sentinel := game.Outcome[M]{Prob: -1}
	obuf := append(make([]game.Outcome[M], 0, 1+outs), sentinel)
	if got := pos.Outcomes(obuf); len(got) != 1+outs || got[0].Prob != -1 {
		return fmt.Errorf("calling Outcomes on a buffer of 1 gave %d outcomes (want 1+%d), or changed the buffer", len(got), outs)
	}
	return nil
}

// failed returns nil while the rules of pos have not failed, errFault
// once they have if Options.Faults allows it, else the error.
func (w *walker[M, P]) failed(pos P) error {
	err := game.Err(pos)
	switch {
	case err == nil:
		return nil
	case w.o.Faults:
		return errFault
	}
	return fmt.Errorf("the rules failed: %w", err)
}

// fault checks a position whose rules failed, which must then report
// the game over. It returns errFault, which ends the game: the walk stops
// at the first failure, so that it is this position's own (the failures
// of copies, which the original shares, are met in copies).
func (w *walker[M, P]) fault(pos P, s state[M]) error {
	if !s.over || len(s.moves) > 0 {
		return fmt.Errorf("the rules failed (%v) but the game goes on with %d moves", game.Err(pos), len(s.moves))
	}
	return errFault
}

// differs describes how b differs from a, or returns "", writing moves
// as pos does.
func (w *walker[M, P]) differs(pos P, a, b state[M]) string {
	switch {
	case a.key != b.key:
		return fmt.Sprintf("key %x, want %x", b.key, a.key)
	case a.toMove != b.toMove:
		return fmt.Sprintf("%v to move, want %v", b.toMove, a.toMove)
	case a.over != b.over || !reflect.DeepEqual(a.result, b.result):
		return fmt.Sprintf("result %v %v, want %v %v", b.result, b.over, a.result, a.over)
	case len(a.moves) != len(b.moves):
		return fmt.Sprintf("%d moves, want %d", len(b.moves), len(a.moves))
	case !reflect.DeepEqual(a.probs, b.probs):
		return fmt.Sprintf("outcome probabilities %v, want %v", b.probs, a.probs)
	}
	for i := range a.moves {
		if !w.o.Equal(a.moves[i], b.moves[i]) {
			return fmt.Sprintf("move %d is %s, want %s", i+1, w.name(pos, b.moves[i]), w.name(pos, a.moves[i]))
		}
	}
	return ""
}

// tryMoves plays and takes back each move (or a sample) of the position
// in state s, looking at the position reached, and checks that Undo
// restores s.
func (w *walker[M, P]) tryMoves(s state[M]) error {
	n := len(s.moves)
	stride := max(1, (n+w.o.Tries-1)/w.o.Tries)
	for i := 0; i < n; i += stride {
		m := s.moves[i]
		w.pos.Play(m)
		_, err := w.look(w.pos)
		w.pos.Undo()
		if errors.Is(err, errFault) {
			return err // the parent's state means nothing now
		}
		if err != nil {
			return fmt.Errorf("after %s: %w", w.name(w.pos, m), err)
		}
		back, err := w.look(w.pos)
		if err != nil {
			return fmt.Errorf("after %s and Undo: %w", w.name(w.pos, m), err)
		}
		if d := w.differs(w.pos, s, back); d != "" {
			return fmt.Errorf("Play(%s) then Undo: %s", w.name(w.pos, m), d)
		}
	}
	return nil
}

// pick chooses a random move of pos: uniformly among a player's moves,
// by probability among chance outcomes. It reports false when there is
// none.
func (w *walker[M, P]) pick(pos P, rng *rand.Rand) (M, bool) {
	if pos.ToMove() != game.Chance {
		moves := pos.Moves(nil)
		if len(moves) == 0 {
			var zero M
			return zero, false
		}
		return moves[rng.IntN(len(moves))], true
	}
	outs := pos.Outcomes(nil)
	if len(outs) == 0 {
		var zero M
		return zero, false
	}
	x := rng.Float64()
	for _, o := range outs[:len(outs)-1] {
		if x -= o.Prob; x < 0 {
			return o.Move, true
		}
	}
	return outs[len(outs)-1].Move, true
}

// back takes the game back with Undo, checking each position against the
// one seen on the way forward.
func (w *walker[M, P]) back() error {
	for i := len(w.played) - 1; i >= 0; i-- {
		w.pos.Undo()
		s, err := w.look(w.pos)
		if err != nil {
			return fmt.Errorf("calling Undo back to ply %d: %w", i, err)
		}
		if d := w.differs(w.pos, w.seen[i], s); d != "" {
			return fmt.Errorf("calling Undo back to ply %d: %s", i, d)
		}
	}
	return nil
}

// replay plays the game again on a new position: the same moves must give
// the same positions.
func (w *walker[M, P]) replay() error {
	twin := w.newPos()
	for i, s := range w.seen {
		got, err := w.look(twin)
		if err != nil {
			return fmt.Errorf("replayed to ply %d: %w", i, err)
		}
		if d := w.differs(w.pos, s, got); d != "" {
			return fmt.Errorf("replayed on a new position to ply %d: %s", i, d)
		}
		if i < len(w.played) {
			twin.Play(w.played[i])
		}
	}
	return nil
}

// name writes a move with the position's notation when it has one. It
// serves messages about positions that may be broken, so a notation that
// panics is written as the move's value instead.
func (w *walker[M, P]) name(pos P, m M) (text string) {
	text = fmt.Sprintf("%v", m)
	if n, ok := any(pos).(interface{ Notation(M) string }); ok {
		defer func() { _ = recover() }()
		text = n.Notation(m)
	}
	return text
}

// line writes the moves played, for messages, the last ones when there
// are many.
func (w *walker[M, P]) line() string {
	if len(w.played) == 0 {
		return "at the start"
	}
	from := max(0, len(w.names)-12)
	names := w.names[from:]
	prefix := ""
	if from > 0 {
		prefix = fmt.Sprintf("... (%d moves) ", from)
	}
	return fmt.Sprintf("after %s%s (ply %d)", prefix, strings.Join(names, " "), len(w.played))
}
