package server

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
)

// serveRecord answers the session's record with every variation, in the
// universal notation's record format, PGN, SGF or PDN (engine/notation).
func (s *Server) serveRecord(w http.ResponseWriter, r *http.Request, ss *session) error {
	format := r.URL.Query().Get("format")
	f, err := notation.ByName(format)
	if err != nil {
		return failf(http.StatusBadRequest, "format=%q: want %s", format, notation.Names())
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	var buf bytes.Buffer
	start := ss.startState()
	defer s.budget().start(start)()
	rec := ss.record(f)
	if err := ss.recordStart(f, rec); err != nil {
		return err
	}
	if err := f.Encode(&buf, start, rec); err != nil {
		if errors.Is(err, notation.ErrUnsupported) {
			return failf(http.StatusUnprocessableEntity, "%v: use format=ludus or sgf", err)
		}
		if r := s.budget().refusal(err); r != nil {
			return r
		}
		return err
	}
	w.Header().Set("Content-Type", f.MediaType)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s%s"`, ss.id, f.Ext))
	_, err = w.Write(buf.Bytes())
	return err
}

// record returns the session's tree as a record with the tags of format
// f: the game, its rules file and how it ended for the universal format;
// the event, date, players and result for the others. The caller holds
// ss.mu.
func (ss *session) record(f notation.Format) *engine.Record {
	rec := &engine.Record{}
	rec.SetTag("Game", ss.eng.Name)
	st := ss.state()
	if f.Name == notation.Universal.Name {
		rec.SetTag("File", ss.game)
		if st.Result != nil {
			rec.SetTag("Result", st.Result.Reason)
		}
	} else {
		rec.SetTag("Event", ss.eng.Name+" (ludus session "+ss.id+")")
		rec.SetTag("Site", "ludus")
		rec.SetTag("Date", ss.created.UTC().Format("2006.01.02"))
		rec.SetTag("Round", "-")
		for i, p := range st.Players {
			rec.SetTag(p, seatName(st, i))
		}
		if st.Result != nil {
			rec.SetTag("Result", notation.ResultOf(st.Result.Scores))
		}
	}
	rec.Root = *ss.toRecordNode(ss.root)
	return rec
}

// seatName names who sits in seat i: the bot, or the player.
func seatName(st *State, i int) string {
	if i >= len(st.Seats) {
		return "?"
	}
	if st.Seats[i].Kind == "bot" {
		return "ludus " + st.Seats[i].Spec
	}
	return st.Players[i]
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
