package server

// A bot's view of a position of a session: its score for the side to
// move and the line it expects, for the page's analysis panel. The
// search runs on the bounded work pool, never under the session's lock,
// at most --move-time, one at a time for each client.

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/games"
	"github.com/ludus-games/ludus/search"
)

const (
	// defaultAnalyseTime is how long a search thinks when the request
	// does not say.
	defaultAnalyseTime = time.Second
	// analyseNodes bounds an MCTS tree of an analysis (a quarter of a
	// seated bot's), so that the analyses of many clients at once stay
	// within memory.
	analyseNodes = 1 << 18
)

// AnalyseRequest is the body of POST /api/sessions/{id}/analyse.
type AnalyseRequest struct {
	// Position is the position to analyse, in the position format ("":
	// the session's current position).
	Position string `json:"position,omitempty"`
	// Bot is an alphabeta or mcts spec ("": alphabeta), searching on one
	// thread.
	Bot string `json:"bot,omitempty"`
	// MS is the time to think, in milliseconds (0: one second), held to
	// the server's --move-time.
	MS int `json:"ms,omitempty"`
}

// Analysis is the answer of POST /api/sessions/{id}/analyse.
type Analysis struct {
	// Bot is the spec the search ran with.
	Bot string `json:"bot"`
	// Player names the side to move, whose view the score is.
	Player string `json:"player"`
	// Score is the side to move's expected result, from 0 (a loss) to 1
	// (a win).
	Score float64 `json:"score"`
	// Proven is set when the score is the result with best play, not an
	// estimate; Plies then counts the moves to a forced win or loss.
	Proven bool `json:"proven"`
	Plies  int  `json:"plies,omitempty"`
	// Words says the score as people do: "White wins in 2 moves
	// (checkmate)", "White is better (64%)".
	Words string `json:"words"`
	// PV is the line the bot expects, the move it would play first, in
	// the universal notation; Text writes it as the game's players do,
	// where the game has such a notation.
	PV   []string `json:"pv"`
	Text []string `json:"text,omitempty"`
	// Depth is the plies of the deepest search finished (alpha-beta) or
	// of the deepest line tried (MCTS); Nodes the positions visited.
	Depth int   `json:"depth"`
	Nodes int64 `json:"nodes"`
	// MS is the time the search took.
	MS int64 `json:"ms"`
}

// serveAnalyse answers POST /api/sessions/{id}/analyse.
func (s *Server) serveAnalyse(w http.ResponseWriter, r *http.Request, ss *session) error {
	var req AnalyseRequest
	if err := readJSON(w, r, &req); err != nil {
		return err
	}
	spec, think, err := s.analyseSpec(req)
	if err != nil {
		return err
	}
	bot, err := ss.eng.Bots.Bot(spec)
	if err != nil {
		return failf(http.StatusUnprocessableEntity, "%v", err)
	}
	an, ok := bot.(search.Analyser[engine.Ply, *engine.Position])
	if !ok {
		return failf(http.StatusUnprocessableEntity, "bot %s gives no analysis: use alphabeta or mcts", spec)
	}
	st, err := s.analysed(r.Context(), ss, req.Position)
	if err != nil {
		return err
	}
	client := requestClient(r)
	if !s.limits.analyses.acquire(client) {
		return tooMany(http.StatusTooManyRequests, think, "an analysis of yours is running: ask again when it is done")
	}
	defer s.limits.analyses.release(client)
	var out *Analysis
	// The search stops itself at its time; the pool's limit, a second
	// later, stops one that does not.
	err = s.work(r.Context(), think+time.Second, func(ctx context.Context) error {
		out, err = analyse(ctx, ss.eng, st, an)
		return err
	})
	if err != nil {
		return err
	}
	out.Bot = spec
	return writeJSON(w, http.StatusOK, out)
}

// analyseSpec holds a request's bot spec to what an analysis may use:
// alpha-beta or MCTS on one thread, thinking for the request's time
// within --move-time, within the caps of seated bots. It returns the spec
// and the time.
func (s *Server) analyseSpec(req AnalyseRequest) (string, time.Duration, error) {
	text := req.Bot
	if text == "" {
		text = "alphabeta"
	}
	sp, err := search.ParseSpec(text)
	if err != nil {
		return "", 0, failf(http.StatusUnprocessableEntity, "%v", err)
	}
	if sp.Kind != "alphabeta" && sp.Kind != "mcts" {
		return "", 0, failf(http.StatusUnprocessableEntity, "bot %s: an analysis is made by alphabeta or mcts", sp.Kind)
	}
	if req.MS < 0 {
		return "", 0, failf(http.StatusBadRequest, "ms=%d: a time to think is positive", req.MS)
	}
	think := min(time.Duration(req.MS)*time.Millisecond, s.cfg.MoveTime)
	if req.MS == 0 {
		think = min(defaultAnalyseTime, s.cfg.MoveTime)
	}
	nodes := false
	for _, p := range sp.Params {
		switch p.Name {
		case "time":
			return "", 0, failf(http.StatusUnprocessableEntity, "bot %s: give the time to think as ms", text)
		case "threads", "workers", "trees":
			if p.Value != "1" {
				return "", 0, failf(http.StatusUnprocessableEntity, "bot %s: an analysis runs on one thread", text)
			}
		case "nodes":
			nodes = true
		}
	}
	sp = sp.With("time", think.String())
	if sp.Kind == "mcts" && !nodes {
		sp = sp.With("nodes", strconv.Itoa(analyseNodes))
	}
	if err := s.checkSpec(sp.String()); err != nil {
		return "", 0, failf(http.StatusUnprocessableEntity, "%v", err)
	}
	return sp.String(), think, nil
}

// analysed returns a copy of the position to analyse: the one the
// client sends (checked as a session's setup is), or the session's
// current one.
func (s *Server) analysed(ctx context.Context, ss *session, text string) (*engine.State, error) {
	if text != "" {
		canon, err := s.readPosition(ctx, ss.eng, text)
		if err != nil {
			return nil, err
		}
		return engine.ParsePosition(ss.eng.Compiled, "position", []byte(canon))
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.err != nil || ss.over() {
		return nil, failf(http.StatusUnprocessableEntity, "the game is over: there is nothing to analyse")
	}
	return ss.pos.State().Clone(), nil
}

// analyse searches st with an, stopping when ctx ends, and says what it
// found in the game's words.
func analyse(ctx context.Context, eng *games.Game, st *engine.State, an search.Analyser[engine.Ply, *engine.Position]) (*Analysis, error) {
	pos := engine.NewPosition(st, eng.Eval)
	pos.SetBudget(engine.Budget{Stop: ctx.Done()})
	me := pos.ToMove()
	if me == game.Chance {
		return nil, failf(http.StatusUnprocessableEntity, "a chance move is due: there is no choice to analyse")
	}
	res, err := an.Analyse(ctx, pos)
	if err != nil {
		if e := pos.Err(); e != nil {
			return nil, failf(http.StatusUnprocessableEntity, "the rules fail in the search: %v", e)
		}
		return nil, err
	}
	out := &Analysis{Player: pos.PlayerName(me), Score: res.Value, Proven: res.Proven, Plies: res.Plies,
		Depth: res.Depth, Nodes: res.Nodes, MS: res.Time.Milliseconds(), PV: []string{}}
	write := moveWriter(eng.Compiled)
	end := pos.Copy()
	for i, m := range res.PV {
		text := end.Notation(m)
		out.PV = append(out.PV, text)
		if write != nil && len(out.Text) == i {
			// The move as the position lists it, with what it takes, for
			// the notation to write it.
			if mv, err := end.State().ParseMove(text); err == nil {
				if w, err := write(end.State(), &mv); err == nil && w != "" {
					out.Text = append(out.Text, w)
				}
			}
		}
		end.Play(m)
	}
	if len(out.Text) != len(out.PV) {
		out.Text = nil
	}
	out.Words = inWords(out, end)
	return out, nil
}

// inWords says an analysis's score as people do: a forced result with
// the moves to it (a move being one player's turn) and how the line ends
// there, or who stands better and by how much.
func inWords(a *Analysis, end *engine.Position) string {
	how := ""
	if _, over := end.Result(); over {
		if w := end.EndWords(); w != "" {
			how = " (" + w + ")"
		}
	}
	moves := func(n int) string {
		if n == 1 {
			return "1 move"
		}
		return fmt.Sprintf("%d moves", n)
	}
	switch {
	case a.Proven && a.Plies > 0 && a.Score > 0.5:
		return fmt.Sprintf("%s wins in %s%s", a.Player, moves((a.Plies+1)/2), how)
	case a.Proven && a.Plies > 0 && a.Score < 0.5:
		return fmt.Sprintf("%s loses in %s%s", a.Player, moves((a.Plies+1)/2), how)
	case a.Proven && a.Score == 0.5:
		return "A draw with best play"
	case a.Proven:
		return fmt.Sprintf("%s scores %.0f%% with best play", a.Player, 100*a.Score)
	case a.Score > 0.55:
		return fmt.Sprintf("%s is better (%.0f%%)", a.Player, 100*a.Score)
	case a.Score < 0.45:
		return fmt.Sprintf("%s is worse (%.0f%%)", a.Player, 100*a.Score)
	}
	return fmt.Sprintf("Even (%.0f%% for %s)", 100*a.Score, a.Player)
}

// moveWriter returns the writer of g's moves in the notation its players
// use (SAN, numbered squares, points), or nil when it has none but the
// universal notation.
func moveWriter(g *engine.Game) notation.MoveWriter {
	for _, f := range []notation.Format{notation.PGN, notation.PDN} {
		if w, err := f.Moves(g); err == nil {
			return w
		}
	}
	if len(g.Rules.Pieces) == 1 {
		return dropPoint
	}
	return nil
}
