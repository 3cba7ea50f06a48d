package zrf

import (
	"strings"
	"testing"
)

// TestPieceValue reads the (value N) extension and rejects bad values.
func TestPieceValue(t *testing.T) {
	g := build(t, `(game (title "V") (players A B) `+board+`
  (piece (name P) (value 3) (moves (n add)))
  (piece (name Q) (value 0.5) (moves (e add)))
  (piece (name R) (moves (w add))))`, nil)
	want := []struct {
		points float64
		valued bool
	}{{3, true}, {0.5, true}, {0, false}}
	for i, w := range want {
		pt := g.Rules.Pieces[i]
		if pt.Points != w.points || pt.Valued != w.valued {
			t.Errorf("%s: value %g (%v), want %g (%v)", pt.Name, pt.Points, pt.Valued, w.points, w.valued)
		}
	}
	for _, c := range []struct{ item, msg string }{
		{"(value)", "value wants one number"},
		{"(value 1 2)", "value wants one number"},
		{"(value -1)", "value wants a number 0 or more, got -1"},
		{"(value queen)", "value wants a number 0 or more, got queen"},
	} {
		_, err := build1(`(game (title "V") (players A B) ` + board + `
  (piece (name P) ` + c.item + ` (moves (n add))))`)
		if err == nil || !strings.Contains(err.Error(), "main.zrf:4:") || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want main.zrf:4:...: %s", c.item, err, c.msg)
		}
	}
}

// TestEvaluationScale reads (evaluation-scale N) and rejects bad ones.
func TestEvaluationScale(t *testing.T) {
	g := build(t, `(game (title "V") (players A B) `+board+`
  (piece (name P) (moves (n add)))
  (evaluation-scale 2500))`, nil)
	if g.Rules.EvalScale != 2500 {
		t.Errorf("scale %v, want 2500", g.Rules.EvalScale)
	}
	for _, c := range []struct{ item, msg string }{
		{"(evaluation-scale)", "evaluation-scale wants one number"},
		{"(evaluation-scale 1 2)", "evaluation-scale wants one number"},
		{"(evaluation-scale 0)", `evaluation-scale wants a number above 0, got "0"`},
		{"(evaluation-scale far)", `evaluation-scale wants a number above 0, got "far"`},
		{"(evaluation-scale 10) (evaluation-scale 20)", "a second evaluation-scale"},
	} {
		_, err := build1(`(game (title "V") (players A B) ` + board + `
  (piece (name P) (moves (n add)))
  ` + c.item + `)`)
		if err == nil || !strings.Contains(err.Error(), "main.zrf:5:") || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: error %v, want main.zrf:5:...: %s", c.item, err, c.msg)
		}
	}
}
