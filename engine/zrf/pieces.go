package zrf

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/rules"
	"github.com/ludus-games/ludus/engine/sexp"
)

func pieceName(s *sexp.Node) (string, *sexp.Node) {
	for _, a := range s.Args() {
		if a.Head() == "name" && len(a.Args()) == 1 {
			if v, ok := atomText(a.Args()[0]); ok {
				return v, a.Args()[0]
			}
		}
	}
	return "", s
}

// declarePieces names every piece type and attribute first, so that move
// programs may refer to pieces defined after them (promotions), and returns
// the definitions to translate. A name defined again (a macro that expands
// to a piece an earlier section already defines) keeps its first
// definition, as Dagaz does (its pieces are found by name, and the first
// of that name is found); the later one is ignored with a warning, but its
// attributes are declared like every other piece's.
func (b *builder) declarePieces(pieces []*sexp.Node) []*sexp.Node {
	var kept []*sexp.Node
	first := map[string]*sexp.Node{}
	for _, s := range pieces {
		name, at := pieceName(s)
		if name == "" {
			b.errs.Addf(s, "piece without (name ...)")
			continue
		}
		b.declareAttrs(s)
		if f, dup := first[name]; dup {
			b.warns.Addf(at, "piece %s is defined again: the first definition (%s) is used and this one is ignored",
				name, src(f))
			continue
		}
		first[name] = at
		kept = append(kept, s)
		b.types[name] = len(b.r.Pieces)
		b.r.Pieces = append(b.r.Pieces, rules.PieceType{Name: name})
	}
	for i := range b.r.Pieces {
		b.r.Pieces[i].Defaults = make([]rules.Value, len(b.r.Attrs))
	}
	return kept
}

// declareAttrs declares the attributes a piece definition names.
func (b *builder) declareAttrs(s *sexp.Node) {
	for _, a := range s.Args() {
		if a.Head() != "attribute" {
			continue
		}
		if len(a.Args()) != 2 {
			b.errs.Addf(a, "attribute wants a name and a value")
			continue
		}
		an, ok := atomText(a.Args()[0])
		if !ok {
			b.errs.Addf(a, "attribute wants a name")
			continue
		}
		b.noteAttrKind(an, attrValue(a.Args()[1]))
		if _, ok := b.attrs[an]; !ok {
			if _, clash := b.vars[an]; clash {
				b.errs.Addf(a.Args()[0], "piece attribute %s has the name of a variable", an)
				continue
			}
			if _, clash := b.posAttrs[an]; clash {
				b.errs.Addf(a.Args()[0], "piece attribute %s has the name of a position attribute", an)
				continue
			}
			b.attrs[an] = len(b.r.Attrs)
			b.r.Attrs = append(b.r.Attrs, rules.AttrDef{Name: an})
		}
	}
}

func attrValue(n *sexp.Node) rules.Value {
	s, _ := n.Value()
	switch s {
	case "true":
		return rules.Value{Kind: rules.BoolValue, Bool: true}
	case "false":
		return rules.Value{Kind: rules.BoolValue}
	}
	if i, err := strconv.Atoi(s); err == nil && n.Kind == sexp.Atom {
		return rules.Value{Kind: rules.IntValue, Int: i}
	}
	return rules.Value{Kind: rules.StrValue, Str: s}
}

func (b *builder) pieceSection(s *sexp.Node) {
	name, _ := pieceName(s)
	t, ok := b.types[name]
	if !ok {
		return
	}
	pt := &b.r.Pieces[t]
	for _, a := range s.Args() {
		switch a.Head() {
		case "name":
		case "notation":
			if len(a.Args()) == 1 {
				pt.Notation, _ = a.Args()[0].Value()
			}
		case "help", "description":
			var parts []string
			for _, x := range a.Args() {
				if v, ok := x.Value(); ok {
					parts = append(parts, v)
				}
			}
			b.v.PieceHelp[name] = strings.Join(parts, " ")
		case "image":
			b.pieceImages(name, a)
		case "attribute":
			if len(a.Args()) == 2 {
				an, _ := atomText(a.Args()[0])
				if i, ok := b.attrs[an]; ok {
					pt.Defaults[i] = attrValue(a.Args()[1])
				}
			}
		case "dummy":
		case "value":
			b.pieceValue(pt, a)
		case "captured-as":
			b.capturedAs(pt, a)
		case "moves":
			pt.Moves = b.blocks(name, a, false)
		case "drops":
			pt.Drops = b.blocks(name, a, true)
		default:
			b.errs.Addf(a, "unknown piece item %s", describe(a))
		}
	}
}

// pieceValue reads (value N), the piece's worth for evaluations (a ludus
// extension of ZRF).
func (b *builder) pieceValue(pt *rules.PieceType, a *sexp.Node) {
	args := a.Args()
	if len(args) != 1 || args[0].Kind != sexp.Atom {
		b.errs.Addf(a, "value wants one number")
		return
	}
	v, err := strconv.ParseFloat(args[0].Text, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		b.errs.Addf(args[0], "value wants a number 0 or more, got %s", args[0].Text)
		return
	}
	pt.Points, pt.Valued = v, true
}

// pieceImages reads (image Player "file"... Player "file"...).
func (b *builder) pieceImages(piece string, a *sexp.Node) {
	player := ""
	for _, x := range a.Args() {
		if x.Kind == sexp.Atom {
			player = x.Text
			continue
		}
		if x.Kind == sexp.String {
			k := piece + " " + player
			b.v.PieceImages[k] = append(b.v.PieceImages[k], x.Text)
		}
	}
}

// blocks reads the move (or drop) programs of a piece: (move-type t) tags
// the programs after it.
func (b *builder) blocks(piece string, list *sexp.Node, drop bool) []rules.Block {
	var out []rules.Block
	mt := 0
	for _, n := range list.Args() {
		if n.Head() == "move-type" {
			if len(n.Args()) != 1 || n.Args()[0].Kind != sexp.Atom {
				b.errs.Addf(n, "move-type wants one name")
				continue
			}
			mt = b.moveType(n.Args()[0].Text)
			continue
		}
		if n.Kind != sexp.List {
			b.errs.Addf(n, "a move program is a list, got %s", describe(n))
			continue
		}
		blk := rules.Block{MoveType: mt, Src: src(n)}
		if n.Call != nil {
			blk.Name = n.Call.Head()
			for _, p := range n.Call.Args() {
				blk.Params = append(blk.Params, p.String())
			}
		} else {
			blk.Name = fmt.Sprintf("%s-%d", strings.ToLower(piece), len(out)+1)
		}
		blk.Body = b.stmts(n.List)
		out = append(out, blk)
	}
	return out
}

// capturedAs reads (captured-as T): a piece of this type taken under
// "recycle captures" joins the capturer's reserve as a T (native
// dialect).
func (b *builder) capturedAs(pt *rules.PieceType, a *sexp.Node) {
	args := a.Args()
	if len(args) != 1 || args[0].Kind != sexp.Atom {
		b.errs.Addf(a, "captured-as wants one piece type")
		return
	}
	t, ok := b.types[args[0].Text]
	if !ok {
		b.errs.Addf(args[0], "unknown piece %s", args[0].Text)
		return
	}
	pt.Demotes, pt.CapturedAs = true, t
}
