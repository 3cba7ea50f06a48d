// Package summary writes what the engine read of a rules file, for people:
// the "ludus rules" report of players, turn order, board, pieces and their
// move programs, evaluation, options and goals, and the notes on what is
// missing or suspicious. It is presentation only: nothing here plays.
package summary

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/rules"
)

// Write writes what was read of a game: players and turn order, board,
// pieces with their programs by move type, the evaluation, options and
// goals, what the engine does not apply and what the reader warns about.
func Write(w io.Writer, g *engine.Game) {
	r := g.Rules
	fmt.Fprintf(w, "%s\n", r.Title)
	var players []string
	for _, p := range r.Players {
		s := p.Name
		if p.Random {
			s += " (random)"
		}
		players = append(players, s)
	}
	fmt.Fprintf(w, "players: %s\n", strings.Join(players, ", "))
	writeCoalitions(w, r)
	var turns []string
	order, repeat := g.TurnOrder()
	for i, t := range order {
		s := r.Players[t.Player].Name
		if t.Side != t.Player {
			s += " moving " + r.Players[t.Side].Name
		}
		if len(t.MoveTypes) > 0 {
			var mts []string
			for _, m := range t.MoveTypes {
				mts = append(mts, r.MoveTypes[m])
			}
			s += " (" + strings.Join(mts, " ") + ")"
		}
		if i == repeat && repeat > 0 {
			turns = append(turns, "repeat")
		}
		for _, l := range r.TurnLabels {
			if l.Turn != i {
				continue
			}
			if l.Player >= 0 {
				turns = append(turns, "label "+r.Labels[l.Label]+" (after "+r.Players[l.Player].Name+")")
			} else {
				turns = append(turns, "label "+r.Labels[l.Label])
			}
		}
		if t.Next > 0 {
			s += fmt.Sprintf(" (then entry %d)", t.Next-1)
		}
		turns = append(turns, s)
	}
	fmt.Fprintf(w, "turn order: %s\n", strings.Join(turns, ", "))
	fmt.Fprintf(w, "board: %d positions, directions %s", len(r.Board.Positions), strings.Join(r.Board.Dirs, " "))
	for _, gr := range r.Board.Grids {
		var dims []string
		for _, d := range gr.Dims {
			dims = append(dims, fmt.Sprint(len(d)))
		}
		fmt.Fprintf(w, "; grid %s", strings.Join(dims, "x"))
	}
	fmt.Fprintln(w)
	for _, z := range r.Board.Zones {
		fmt.Fprintf(w, "zone %s\n", z.Name)
	}
	for _, a := range r.PosAttrs {
		fmt.Fprintf(w, "position attribute %s (default %d)\n", a.Name, a.Default)
	}
	for _, v := range r.Vars {
		fmt.Fprintf(w, "variable %s (start %d)\n", v.Name, v.Init)
	}
	for t, pt := range r.Pieces {
		fmt.Fprintf(w, "piece %s:", pt.Name)
		if n := countSetup(r, t); n > 0 {
			fmt.Fprintf(w, " %d on the board at the start;", n)
		}
		fmt.Fprintf(w, " %d move and %d drop programs\n", len(pt.Moves), len(pt.Drops))
		byType := map[string][]string{}
		var order []string
		for _, b := range append(append([]rules.Block(nil), pt.Moves...), pt.Drops...) {
			mt := r.MoveTypes[b.MoveType]
			if _, ok := byType[mt]; !ok {
				order = append(order, mt)
			}
			byType[mt] = append(byType[mt], strings.TrimSpace(b.Name+" "+strings.Join(b.Params, " ")))
		}
		for _, mt := range order {
			label := mt
			if label == "" {
				label = "(untyped)"
			}
			fmt.Fprintf(w, "  %s: %s\n", label, strings.Join(byType[mt], ", "))
		}
	}
	e := g.Evaluator()
	var from []string
	for _, src := range e.Sources {
		if src != "none" && !slices.Contains(from, src) {
			from = append(from, src)
		}
	}
	if len(from) == 0 {
		from = []string{"no piece counts"}
	}
	fmt.Fprintf(w, "evaluation: %s (values: %s)\n", e, strings.Join(from, ", "))
	if len(r.Priorities) > 0 {
		var ps []string
		for _, p := range r.Priorities {
			ps = append(ps, r.MoveTypes[p])
		}
		fmt.Fprintf(w, "move priorities: %s\n", strings.Join(ps, " > "))
	}
	for _, o := range sortedOptions(r.Options.Other) {
		fmt.Fprintf(w, "option %s\n", o)
	}
	if r.StackHeight > 1 {
		fmt.Fprintf(w, "stacks: columns of up to %d pieces\n", r.StackHeight)
	}
	for _, iv := range r.Invariants {
		kind := "invariant"
		if iv.Acc >= 0 {
			kind = "accumulator"
		}
		fmt.Fprintf(w, "%s: %s\n", kind, iv.Text)
	}
	for _, goal := range r.Goals {
		var ps []string
		for _, p := range goal.Players {
			ps = append(ps, r.Players[p].Name)
		}
		prio := ""
		if goal.Priority != 0 {
			prio = fmt.Sprintf(" (priority %d)", goal.Priority)
		}
		fmt.Fprintf(w, "%s for %s%s: %s\n", goal.Kind, strings.Join(ps, " "), prio, goalText(r, goal.Cond))
	}
	if r.Score != nil {
		fmt.Fprintf(w, "score: %s\n", exprText(r, r.Score))
	}
	for p, k := range r.Komi {
		if k != 0 {
			fmt.Fprintf(w, "komi %s %g\n", r.Players[p].Name, k)
		}
	}
	for p, x := range r.Evaluation {
		if x != nil {
			fmt.Fprintf(w, "evaluation of %s: %s\n", r.Players[p].Name, exprText(r, x))
		}
	}
	for _, n := range r.Shims {
		fmt.Fprintf(w, "shim: %s\n", n)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "incomplete: %s\n", n)
	}
	for _, n := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", n)
	}
}

func countSetup(r *rules.Rules, t int) int {
	n := 0
	for _, p := range r.Setup {
		if p.Type == t {
			n++
		}
	}
	return n
}

func sortedOptions(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, fmt.Sprintf("%q %s", k, v))
	}
	sort.Strings(out)
	return out
}

func typeNames(r *rules.Rules, ts []int) string {
	var out []string
	for _, t := range ts {
		out = append(out, r.Pieces[t].Name)
	}
	return strings.Join(out, " ")
}

func goalText(r *rules.Rules, c rules.GoalCond) string {
	args := func() string {
		var out []string
		for _, a := range c.Args {
			out = append(out, goalText(r, a))
		}
		return strings.Join(out, " ")
	}
	switch c.Kind {
	case rules.GoalAnd:
		return "(and " + args() + ")"
	case rules.GoalOr:
		return "(or " + args() + ")"
	case rules.GoalNot:
		return "(not " + args() + ")"
	case rules.GoalStalemated:
		return "stalemated"
	case rules.GoalRepetition:
		return "repetition"
	case rules.GoalCheckmated:
		return "(checkmated " + typeNames(r, c.Types) + ")"
	case rules.GoalCaptured:
		return "(captured " + typeNames(r, c.Types) + ")"
	case rules.GoalPiecesRemaining:
		return strings.TrimSpace(fmt.Sprintf("(pieces-remaining %d %s", c.N, typeNames(r, c.Types))) + ")"
	case rules.GoalTotalPieceCount:
		return strings.TrimSpace(fmt.Sprintf("(total-piece-count %d %s", c.N, typeNames(r, c.Types))) + ")"
	case rules.GoalCompare, rules.GoalConnected:
		return c.Text
	case rules.GoalAbsoluteConfig:
		var parts []string
		for _, sp := range c.Specs {
			parts = append(parts, specText(r, sp))
		}
		return fmt.Sprintf("(absolute-config %s ... %d positions)", strings.Join(parts, " "), len(c.Positions))
	case rules.GoalRelativeConfig:
		var parts []string
		for i := range c.Specs {
			parts = append(parts, specText(r, c.Specs[i]))
			if i < len(c.Steps) {
				parts = append(parts, r.Board.Dirs[c.Steps[i]])
			}
		}
		return "(relative-config " + strings.Join(parts, " ") + ")"
	}
	return "?"
}

// specText writes a piece spec of a configuration goal as it is read.
func specText(r *rules.Rules, sp rules.PieceSpec) string {
	var s string
	switch {
	case sp.Owner == rules.EmptySquare || sp.Type < 0:
		s = "empty"
	case sp.Owner == rules.OpponentPiece:
		s = "(opponent " + r.Pieces[sp.Type].Name + ")"
	case sp.Owner == rules.AnyOwner:
		s = "(any-owner " + r.Pieces[sp.Type].Name + ")"
	default:
		s = r.Pieces[sp.Type].Name
	}
	if sp.Not {
		return "(not " + s + ")"
	}
	return s
}

// writeCoalitions writes the players of each coalition.
func writeCoalitions(w io.Writer, r *rules.Rules) {
	byNum := map[int][]string{}
	var nums []int
	for _, p := range r.Players {
		if p.Coalition == 0 {
			continue
		}
		if byNum[p.Coalition] == nil {
			nums = append(nums, p.Coalition)
		}
		byNum[p.Coalition] = append(byNum[p.Coalition], p.Name)
	}
	for _, n := range nums {
		fmt.Fprintf(w, "coalition: %s\n", strings.Join(byNum[n], ", "))
	}
}

// exprText writes an expression back in the dialect, for summaries.
func exprText(r *rules.Rules, e *rules.Expr) string {
	if e == nil {
		return ""
	}
	var parts []string
	for _, a := range e.Args {
		parts = append(parts, exprText(r, a))
	}
	switch e.Kind {
	case rules.ENum:
		return fmt.Sprint(e.N)
	case rules.EVar:
		return r.Vars[e.A].Name
	case rules.EAttr:
		return r.Attrs[e.A].Name
	case rules.EPosAttr:
		return r.PosAttrs[e.A].Name
	case rules.ECount:
		return "(count " + setText(e.Set) + ")"
	case rules.ESum:
		return "(sum " + setText(e.Set) + " " + strings.Join(parts, " ") + ")"
	case rules.ECountMoves:
		return "(count moves)"
	case rules.ECountPasses:
		return "(count passes)"
	case rules.EAccum:
		return r.Accumulators[e.A]
	case rules.EStackSize:
		return "stack-size"
	case rules.ECaptured, rules.EMoving, rules.EFirstCapture:
		name := map[rules.ExprKind]string{rules.ECaptured: "captured", rules.EMoving: "moving", rules.EFirstCapture: "first-capture"}[e.Kind]
		return strings.TrimSpace("("+name+" "+typeNames(r, e.Types)) + ")"
	}
	op := [...]string{rules.EAdd: "+", rules.ESub: "-", rules.EMul: "*", rules.EMin: "min", rules.EMax: "max"}[e.Kind]
	return "(" + op + " " + strings.Join(parts, " ") + ")"
}

func setText(s *rules.SetExpr) string {
	if s.Text != "" {
		return s.Text
	}
	names := [...]string{"pieces", "positions", "group", "liberties", "territory"}
	if int(s.Kind) < len(names) {
		return "(" + names[s.Kind] + " ...)"
	}
	return "(set)"
}
