package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/ludus-games/ludus/engine"
)

// serveRecord answers the session's record with every variation, in the
// universal notation's record format, SGF or PGN.
func (s *Server) serveRecord(w http.ResponseWriter, r *http.Request, ss *session) error {
	format := r.URL.Query().Get("format")
	ss.mu.Lock()
	defer ss.mu.Unlock()
	var buf bytes.Buffer
	var ctype, ext string
	switch format {
	case "", "ludus":
		rec := &engine.Record{}
		rec.SetTag("Game", ss.eng.Name)
		rec.SetTag("File", ss.game)
		if st := ss.state(); st.Result != nil {
			rec.SetTag("Result", st.Result.Reason)
		}
		rec.Root = *ss.toRecordNode(ss.root)
		if err := rec.Write(&buf); err != nil {
			return err
		}
		ctype, ext = "text/plain; charset=utf-8", "txt"
	case "sgf":
		ss.writeSGF(&buf)
		ctype, ext = "application/x-go-sgf", "sgf"
	case "pgn":
		if err := ss.writePGN(&buf); err != nil {
			return err
		}
		ctype, ext = "application/x-chess-pgn", "pgn"
	default:
		return failf(http.StatusBadRequest, "format=%q: want ludus, sgf or pgn", format)
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s.%s"`, ss.id, ext))
	_, err := w.Write(buf.Bytes())
	return err
}

func (ss *session) toRecordNode(n *node) *engine.RecordNode {
	out := &engine.RecordNode{Move: n.move}
	for _, c := range ss.mainFirst(n) {
		out.Children = append(out.Children, ss.toRecordNode(c))
	}
	return out
}

// mainFirst returns a node's children with the one on the current line
// first: exports make the line the session is on the main line, and the
// moves taken back its variations.
func (ss *session) mainFirst(n *node) []*node {
	for c := ss.cur; c != nil && c.parent != nil; c = c.parent {
		if c.parent == n && n.children[0] != c {
			out := []*node{c}
			for _, o := range n.children {
				if o != c {
					out = append(out, o)
				}
			}
			return out
		}
	}
	return n.children
}

// writeSGF writes the tree as SGF (FF[4]): two-player games with B and W
// (the player called White, or else the second, is W), others with the
// private property MV and the seat in a comment; move values are the
// universal notation.
func (ss *session) writeSGF(w *bytes.Buffer) {
	names := ss.state().Players
	color := func(seat int) string {
		if len(names) != 2 || seat < 0 {
			return ""
		}
		white := 1
		if strings.EqualFold(names[0], "white") || strings.EqualFold(names[1], "black") {
			white = 0
		}
		if seat == white {
			return "W"
		}
		return "B"
	}
	fmt.Fprintf(w, "(;FF[4]CA[UTF-8]AP[ludus]GN[%s]DT[%s]", sgfEscape(ss.eng.Name), ss.created.UTC().Format(time.DateOnly))
	if len(names) == 2 {
		fmt.Fprintf(w, "P%s[%s]P%s[%s]", color(0), sgfEscape(names[0]), color(1), sgfEscape(names[1]))
	}
	if st := ss.state(); st.Result != nil {
		fmt.Fprintf(w, "RE[%s]", sgfEscape(st.Result.Reason))
	}
	var walk func(n *node)
	walk = func(n *node) {
		for len(n.children) == 1 {
			n = n.children[0]
			writeSGFMove(w, n, color(n.seat), names)
		}
		if len(n.children) > 1 {
			for _, c := range ss.mainFirst(n) {
				w.WriteString("\n(")
				writeSGFMove(w, c, color(c.seat), names)
				walk(c)
				w.WriteString(")")
			}
		}
	}
	walk(ss.root)
	w.WriteString(")\n")
}

func writeSGFMove(w *bytes.Buffer, n *node, color string, names []string) {
	if color != "" {
		fmt.Fprintf(w, ";%s[%s]", color, sgfEscape(n.move))
		return
	}
	who := "chance"
	if n.seat >= 0 && n.seat < len(names) {
		who = names[n.seat]
	}
	fmt.Fprintf(w, ";MV[%s]C[%s]", sgfEscape(n.move), sgfEscape(who))
}

func sgfEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `]`, `\]`).Replace(s)
}
