package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
)

// The evaluation derived from the rules, for depth-limited searches:
// material (piece values declared in the rules, set by the user, or
// inferred from how far the pieces can move) plus mobility (legal moves),
// and what the rules' own (evaluation ...) adds (a backgammon player's
// pips to go). Scores are points with the least valuable piece worth 100, as a chess
// program's centipawns; Position.Evaluate maps them to [0, 1].

// DefaultScale is the lead in points that makes ten-to-one odds in
// Position.Evaluate: 400, as chess programs map centipawns.
const DefaultScale = 400

// DefaultMobility is the worth of one legal move more than the opponents
// have, in points (a least valuable piece is 100).
const DefaultMobility = 10

// inferExponent damps inferred values: a piece's worth grows more slowly
// than its mobility (linear mobility would make a chess queen worth 17
// pawns; to the power 3/4 it is worth about 9).
const inferExponent = 0.75

// Evaluator scores positions of one game. It is read-only after it is
// made and may be shared by any number of positions and goroutines.
type Evaluator struct {
	g *Game
	// Values[t] is the worth of a piece of type t on the board or in
	// reserve, in points.
	Values []float64
	// Sources[t] says where Values[t] comes from: "rules" ((value N) in
	// the piece), "spec" (set by the user), "inferred" (from mobility) or
	// "none" (not counted: a royal piece, a piece that never moves, or a
	// type the declared values leave out).
	Sources []string
	// Mobility is the worth of each legal move a player has more than the
	// average of its opponents; 0 turns the mobility term off.
	Mobility float64
	// Lines is the worth of an open goal line holding one of a player's
	// pieces (evallines.go), each further piece multiplying it by
	// LineBase; 0 turns the term off. It counts only in games whose
	// win- or loss-conditions are relative-config patterns.
	Lines float64
	// Scale is the lead in points that Position.Evaluate maps to odds of
	// ten to one: DefaultScale unless the rules ((evaluation-scale N))
	// or the spec set it. A game whose leads in material run to many
	// times the least piece (shogi's pieces in hand) needs a wider one,
	// or every lead it reaches reads as a certain win and the search no
	// longer tells them apart.
	Scale float64
	// goalLines: the placements of those patterns, nil without any.
	goalLines *goalLines
}

// NewEvaluator makes the evaluator of g. spec, which may be empty, sets
// values as "Name=number" items separated by commas or spaces: a piece
// type's value, "mobility" for the worth of a legal move in points, or
// "lines" for the worth of an open goal line holding one piece.
// Values given in the spec or in the rules ((value N) in a piece) replace
// the inferred ones altogether: types they leave out count nothing. Piece
// values are scaled so that the least valuable counted piece is worth 100
// points; mobility is read in those points.
func NewEvaluator(g *Game, spec string) (*Evaluator, error) {
	e := &Evaluator{g: g, Values: make([]float64, g.ntypes), Sources: make([]string, g.ntypes), Mobility: DefaultMobility, Lines: DefaultLines, Scale: DefaultScale}
	if g.evaluation != nil {
		// The rules say what a position is worth: mobility, the stand-in
		// for what they do not say, is off unless the spec asks for it.
		e.Mobility = 0
	}
	if g.Rules.EvalScale > 0 {
		e.Scale = g.Rules.EvalScale
	}
	if spec == "" {
		e.goalLines = newGoalLines(g)
	} else {
		e.goalLines = g.Evaluator().goalLines // built once per game
	}
	given := make([]bool, g.ntypes)
	for t, pt := range g.Rules.Pieces {
		if pt.Valued {
			e.Values[t], e.Sources[t], given[t] = pt.Points, "rules", true
		}
	}
	if err := e.parseSpec(spec, given); err != nil {
		return nil, err
	}
	if !anyTrue(given) {
		raw := g.inferValues()
		for t := range raw {
			e.Values[t], e.Sources[t] = raw[t], "inferred"
		}
	}
	if err := e.scale(); err != nil {
		return nil, fmt.Errorf("evaluation %q: %w", spec, err)
	}
	for t := range e.Sources {
		if e.Values[t] == 0 {
			e.Sources[t] = "none"
		}
	}
	return e, nil
}

// Evaluator returns the game's default evaluator: the values the rules
// declare, or inferred ones, and the default mobility weight. It is made
// once, on first use.
func (g *Game) Evaluator() *Evaluator {
	g.eval.once.Do(func() {
		g.eval.e, _ = NewEvaluator(g, "") // an empty spec cannot fail
	})
	return g.eval.e
}

// parseSpec applies the user's values.
func (e *Evaluator) parseSpec(spec string, given []bool) error {
	items := strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' })
	for _, it := range items {
		name, num, ok := strings.Cut(it, "=")
		if !ok {
			return fmt.Errorf("evaluation %q: want Name=number, got %q", spec, it)
		}
		v, err := strconv.ParseFloat(num, 64)
		if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			return fmt.Errorf("evaluation %q: %s: want a number 0 or more, got %q", spec, name, num)
		}
		t := e.typeIndex(name)
		switch {
		case t >= 0:
			e.Values[t], e.Sources[t], given[t] = v, "spec", true
		case name == "mobility":
			e.Mobility = v
		case name == "lines":
			e.Lines = v
		case name == "scale":
			if v <= 0 {
				return fmt.Errorf("evaluation %q: scale: want a number above 0, got %q", spec, num)
			}
			e.Scale = v
		default:
			return fmt.Errorf("evaluation %q: unknown name %q (pieces: %s; or mobility, lines, scale)", spec, name, e.typeNames())
		}
	}
	for t := range given {
		if !given[t] && anyTrue(given) {
			e.Values[t] = 0
		}
	}
	return nil
}

func (e *Evaluator) typeIndex(name string) int {
	for t, pt := range e.g.Rules.Pieces {
		if pt.Name == name {
			return t
		}
	}
	return -1
}

func (e *Evaluator) typeNames() string {
	var names []string
	for _, pt := range e.g.Rules.Pieces {
		names = append(names, pt.Name)
	}
	return strings.Join(names, ", ")
}

// scale makes the least positive value 100.
func (e *Evaluator) scale() error {
	least := math.Inf(1)
	for _, v := range e.Values {
		if v > 0 && v < least {
			least = v
		}
	}
	if math.IsInf(least, 1) {
		return nil
	}
	for t, v := range e.Values {
		if e.Values[t] = math.Round(v / least * 100); e.Values[t] > 1e15 {
			return fmt.Errorf("%s is worth more than 10^13 times the least piece", e.g.Rules.Pieces[t].Name)
		}
	}
	return nil
}

// String writes the evaluator as a spec that makes it again.
func (e *Evaluator) String() string {
	var parts []string
	for t, pt := range e.g.Rules.Pieces {
		parts = append(parts, fmt.Sprintf("%s=%g", pt.Name, e.Values[t]))
	}
	parts = append(parts, fmt.Sprintf("mobility=%g", e.Mobility))
	if e.goalLines != nil {
		parts = append(parts, fmt.Sprintf("lines=%g", e.Lines))
	}
	if e.Scale != DefaultScale || e.g.Rules.EvalScale > 0 {
		parts = append(parts, fmt.Sprintf("scale=%g", e.Scale))
	}
	return strings.Join(parts, ",")
}

// inferValues returns, per piece type, its average number of moves alone
// on an empty board (over every position, for the first player who
// chooses moves) to the power 3/4; 0 for royal pieces (their loss ends
// the game, they are not material) and for pieces without move programs
// (pieces that are only dropped, whose count says whose turn it is).
func (g *Game) inferValues() []float64 {
	out := make([]float64, g.ntypes)
	side := 0
	for side < g.nplayers-1 && g.randomPlayer[side] {
		side++
	}
	s := NewState(g)
	var clear []Change
	for q := 0; q < g.np; q++ {
		if s.cells[q] != 0 {
			clear = append(clear, Change{int32(q), 0})
		}
	}
	s.apply(clear)
	gn := s.generator()
	var ml MoveList
	turn := rules.Turn{Player: side, Side: side}
	for t := range out {
		if g.royal[t] || len(g.Rules.Pieces[t].Moves) == 0 {
			continue
		}
		piece := MakePiece(t, side) | g.defaults[t]
		total := 0
		for q := 0; q < g.np; q++ {
			n := len(s.undo)
			s.apply([]Change{{int32(q), piece}})
			ml.reset()
			gn.out, gn.err = &ml, nil
			for cl := range g.classes {
				gn.genPiece(cl, turn, q, piece)
			}
			if gn.err == nil {
				total += len(ml.Moves)
			}
			s.revert(n)
		}
		out[t] = math.Pow(float64(total)/float64(g.np), inferExponent)
	}
	return out
}

// Material returns the worth of engine player p's pieces on the board
// and in reserve.
func (e *Evaluator) Material(s *State, p int) float64 {
	g := e.g
	m := 0.0
	for t, v := range e.Values {
		if v == 0 {
			continue
		}
		n := float64(s.counts[p*g.ntypes+t])
		if r, limited := s.Reserve(p, t); limited {
			n += float64(r)
		}
		m += n * v
	}
	return m
}

// score is engine player p's points against the average of the other
// players who choose moves: material, goal lines and the rules' own
// evaluation, plus mobility when mob (legal moves per engine player) is
// given.
func (e *Evaluator) score(s *State, p int, mob []int) (float64, error) {
	g := e.g
	worth := func(o int) (float64, error) {
		v := e.Material(s, o) + e.LinePoints(s, o)
		if mob != nil {
			v += e.Mobility * float64(mob[o])
		}
		r, err := e.RulesPoints(s, o)
		return v + r, err
	}
	own, err := worth(p)
	if err != nil {
		return 0, err
	}
	others, n := 0.0, 0
	for o := 0; o < g.nplayers; o++ {
		if o == p || g.randomPlayer[o] {
			continue
		}
		v, err := worth(o)
		if err != nil {
			return 0, err
		}
		others += v
		n++
	}
	if n == 0 {
		return own, nil
	}
	return own - others/float64(n), nil
}

// RulesPoints returns what the rules' (evaluation ...) says engine player
// p's position in state s is worth, in points (0 when they say nothing
// of p).
func (e *Evaluator) RulesPoints(s *State, p int) (float64, error) {
	x := e.g.evaluation
	if p >= len(x) || x[p] == nil {
		return 0, nil
	}
	gn := s.generator()
	v := gn.evalTop(x[p], &ectx{side: p, cur: -1})
	return float64(v), gn.takeErr()
}

// Score returns engine player p's points in state s against the average
// of its opponents (material, goal lines and, unless Mobility is 0,
// mobility).
func (e *Evaluator) Score(s *State, p int) (float64, error) {
	var mob []int
	if e.Mobility != 0 {
		var ml MoveList
		mob = make([]int, e.g.nplayers)
		for o := range mob {
			if e.g.randomPlayer[o] {
				continue
			}
			n, err := s.movesAs(o, &ml)
			if err != nil {
				return 0, err
			}
			mob[o] = n
		}
	}
	return e.score(s, p, mob)
}

// WinChance maps points to [0, 1] as chess programs map centipawns to an
// expected score: Scale points ahead is ten to one.
func (e *Evaluator) WinChance(points float64) float64 {
	return 1 / (1 + math.Pow(10, -points/e.Scale))
}

// movesAs counts the legal moves engine player p would have if it were
// its turn (its next turn in the turn order).
func (s *State) movesAs(p int, ml *MoveList) (int, error) {
	saved := s.turn
	t := s.turn
	for range s.g.turns {
		if s.g.turns[t].Player == p {
			break
		}
		t = s.g.nextTurn(t)
	}
	if s.g.turns[t].Player != p {
		return 0, nil // p never moves
	}
	s.turn = t
	ms, err := s.Moves(ml)
	s.turn = saved
	return len(ms), err
}
