// Package arena is the control module that plays bots against each other:
// matches between two bots (or one per seat of a larger game), round-robin
// tournaments, and self-play runs that measure a game's balance. Every run
// is a set of seeded games played on a pool of workers; each finished game
// is saved as a record, so an interrupted run resumes where it stopped, and
// the statistics come from the records: wins, draws and losses with 95%
// confidence intervals, Elo differences and ratings, first-player
// advantage, game lengths, how games ended, branching factors and time per
// move.
//
// The arena knows games only through game.Position and a few functions
// (Game), and bots only through search.Bot, so the board-game engine, the
// test games and any other implementation play alike.
package arena

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/ludus-games/ludus/batch"
	"github.com/ludus-games/ludus/evolve"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/search"
)

// Game describes a game to the arena.
type Game[M any, P game.Position[M]] struct {
	// Name is written in records and reports.
	Name string
	// File, when set, names the rules file in records (their File tag), so
	// that a record can be replayed or drawn without naming it again.
	File string
	// New returns a fresh start position; it is called once per game, on
	// any goroutine.
	New func() P
	// Notation writes move m, about to be played in pos, for the record.
	// Nil uses the position's Notation(M) string method when it has one,
	// else fmt's %v of the move.
	Notation func(pos P, m M) string
	// Reason says how a finished game ended ("checkmate", "three in a
	// row"). Nil uses the position's EndReason() string method when it has
	// one, else the winner.
	Reason func(pos P) string
	// MaxPlies ends a game that runs this long as a draw (0: 2000).
	MaxPlies int
	// Players names the seats, first player first, in balance reports
	// (nil: player 1, player 2, ...).
	Players []string
}

// Entrant is a bot and the name it plays under, usually its spec.
type Entrant[M any, P game.Position[M]] struct {
	Name string
	Bot  search.Bot[M, P]
}

// Entrants builds bots from specs with a registry. The names are the
// specs, numbered when one is given twice ("random", "random#2").
func Entrants[M any, P game.Position[M]](r *search.Registry[M, P], specs ...string) ([]Entrant[M, P], error) {
	var es []Entrant[M, P]
	seen := map[string]int{}
	for _, spec := range specs {
		b, err := r.Bot(spec)
		if err != nil {
			return nil, err
		}
		name := spec
		if seen[spec]++; seen[spec] > 1 {
			name = fmt.Sprintf("%s#%d", spec, seen[spec])
		}
		es = append(es, Entrant[M, P]{Name: name, Bot: b})
	}
	return es, nil
}

// Options are the settings of a run.
type Options struct {
	// Games is the number of games of a match or a balance run, and of each
	// pairing of a tournament.
	Games int
	// Seed fixes every game: its chance moves, random openings and the
	// seeds of the bots' sessions. Game i's seed is derived from Seed and
	// i, so results do not depend on Workers.
	Seed uint64
	// Workers is the number of games played at once (0: one per core).
	Workers int
	// Dir, when set, receives a record of each game as it finishes
	// (games/000001.txt, ...) and results.json, the summary so far.
	Dir string
	// Resume continues the run saved in Dir: games already recorded there
	// are read back, not played again. Without it, a Dir holding records
	// is an error.
	Resume bool
	// Openings plays this many random plies at the start of every game
	// before the bots take over, so that deterministic bots do not play
	// the same game over and over.
	Openings int
	// Settings names whatever else fixes how the bots play (the engine's
	// evaluation, say). It is written into every record, and a run resumes
	// only over records made with the same settings.
	Settings string
	// OnGame, when set, is called with each finished game, one call at a
	// time.
	OnGame func(r *Record)
	// Played are games of this run played before and kept elsewhere (in
	// the store): they are checked as resumed records are and not played
	// again, and written to Dir when it lacks them.
	Played []*Record
}

// run is a scheduled set of games: schedule[i] lists the entrant playing
// each seat of game i.
type run[M any, P game.Position[M]] struct {
	g        Game[M, P]
	entrants []Entrant[M, P]
	opts     Options
	schedule [][]int
	label    string
	// summary builds the results file from the records so far.
	summary func(recs []*Record) any
}

// errNoDir is returned by writeSummary when there is nowhere to write.
var errNoDir = errors.New("no directory")

// play plays the games not yet recorded and returns every record in game
// order.
func (r *run[M, P]) play(ctx context.Context) ([]*Record, error) {
	if r.g.New == nil {
		return nil, fmt.Errorf("game %q: no New function", r.g.Name)
	}
	players := r.g.New().Players()
	for _, seats := range r.schedule {
		if len(seats) != players {
			return nil, fmt.Errorf("game %q has %d players, but %d bots were seated", r.g.Name, players, len(seats))
		}
	}
	if r.opts.Dir != "" {
		if err := os.MkdirAll(filepath.Join(r.opts.Dir, "games"), 0o755); err != nil {
			return nil, err
		}
	}
	recs := make([]*Record, len(r.schedule))
	pending, err := r.resume(recs)
	if err != nil {
		return nil, err
	}
	bar := progress.New(int64(len(r.schedule)), r.label)
	defer bar.Finish()
	bar.Add(len(r.schedule) - len(pending))
	var lastWrite time.Time
	err = batch.Run(ctx, r.opts.Workers, pending,
		func(ctx context.Context, i int) (*Record, error) { return r.playGame(ctx, i) },
		func(i int, rec *Record) error {
			recs[i] = rec
			bar.Add(1)
			if r.opts.Dir != "" {
				if err := saveRecord(r.opts.Dir, rec); err != nil {
					return err
				}
				if time.Since(lastWrite) > time.Second {
					lastWrite = time.Now()
					if err := r.writeSummary(recs); err != nil {
						return err
					}
				}
			}
			if r.opts.OnGame != nil {
				r.opts.OnGame(rec)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	if err := r.writeSummary(recs); err != nil && !errors.Is(err, errNoDir) {
		return nil, err
	}
	return recs, nil
}

// writeSummary writes results.json from the games finished so far.
func (r *run[M, P]) writeSummary(recs []*Record) error {
	if r.opts.Dir == "" || r.summary == nil {
		return errNoDir
	}
	var done []*Record
	for _, rec := range recs {
		if rec != nil {
			done = append(done, rec)
		}
	}
	return writeJSON(filepath.Join(r.opts.Dir, "results.json"), r.summary(done))
}

// resume fills recs from the records in Dir and returns the games left.
func (r *run[M, P]) resume(recs []*Record) ([]int, error) {
	var saved []*Record
	if r.opts.Dir != "" {
		var err error
		if saved, err = LoadRecords(r.opts.Dir); err != nil {
			return nil, err
		}
	}
	if len(saved) > 0 && !r.opts.Resume {
		return nil, fmt.Errorf("%s already holds %d games: resume the run or choose another directory", r.opts.Dir, len(saved))
	}
	for _, rec := range saved {
		if err := r.matches(rec); err != nil {
			return nil, fmt.Errorf("%s: %w: it belongs to another run", recordPath(r.opts.Dir, rec.Index), err)
		}
		recs[rec.Index] = rec
	}
	for _, rec := range r.opts.Played {
		if err := r.matches(rec); err != nil {
			return nil, fmt.Errorf("game %d played before: %w: it belongs to another run", rec.Index+1, err)
		}
		if recs[rec.Index] != nil {
			continue
		}
		recs[rec.Index] = rec
		if r.opts.Dir != "" {
			if err := saveRecord(r.opts.Dir, rec); err != nil {
				return nil, err
			}
		}
	}
	var pending []int
	for i, rec := range recs {
		if rec == nil {
			pending = append(pending, i)
		}
	}
	return pending, nil
}

// matches checks that a saved record is the game this run would play.
func (r *run[M, P]) matches(rec *Record) error {
	if rec.Index < 0 || rec.Index >= len(r.schedule) {
		return fmt.Errorf("round %d, but the run has %d games", rec.Index+1, len(r.schedule))
	}
	seats := r.seatNames(rec.Index)
	switch {
	case rec.Game != r.g.Name:
		return fmt.Errorf("game %q, not %q", rec.Game, r.g.Name)
	case fmt.Sprint(rec.Seats) != fmt.Sprint(seats):
		return fmt.Errorf("players %q, not %q", rec.Seats, seats)
	case rec.Seed != gameSeed(r.opts.Seed, rec.Index):
		return fmt.Errorf("seed %d, not %d", rec.Seed, gameSeed(r.opts.Seed, rec.Index))
	case rec.Opening != min(r.opts.Openings, len(rec.Branching)):
		return fmt.Errorf("%d random opening plies, not %d", rec.Opening, r.opts.Openings)
	case rec.Settings != r.opts.Settings:
		return fmt.Errorf("settings %q, not %q", rec.Settings, r.opts.Settings)
	}
	return nil
}

func (r *run[M, P]) seatNames(i int) []string {
	names := make([]string, len(r.schedule[i]))
	for s, e := range r.schedule[i] {
		names[s] = r.entrants[e].Name
	}
	return names
}

// writeJSON writes v as indented JSON to path atomically.
func writeJSON(path string, v any) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	})
}

// gameSeed derives game i's seed from the run's.
func gameSeed(seed uint64, i int) uint64 {
	return evolve.WorkerRand(seed, i).Uint64()
}

// playGame plays game i of the schedule.
func (r *run[M, P]) playGame(ctx context.Context, i int) (*Record, error) {
	pos := r.g.New()
	n := pos.Players()
	rec := &Record{
		Game: r.g.Name, File: r.g.File, Index: i, Seed: gameSeed(r.opts.Seed, i), Seats: r.seatNames(i),
		Settings:  r.opts.Settings,
		Decisions: make([]int, n), Time: make([]time.Duration, n), Nodes: make([]int64, n),
	}
	sessions := make([]search.Session[M, P], n)
	for s, e := range r.schedule[i] {
		sessions[s] = search.NewSession(r.entrants[e].Bot, rec.Seed+uint64(s)+1)
		defer sessions[s].Close()
	}
	rng := rand.New(rand.NewPCG(rec.Seed, 0x6172656e61))
	limit := r.g.MaxPlies
	if limit <= 0 {
		limit = 2000
	}
	var moves []M
	var outs []game.Outcome[M]
	for {
		where := fmt.Sprintf("game %d, ply %d", i+1, len(rec.Moves)+1)
		res, over := pos.Result()
		who := pos.ToMove()
		if !over {
			if who == game.Chance {
				outs = pos.Outcomes(outs[:0])
			} else {
				moves = pos.Moves(moves[:0])
			}
		}
		if err := game.Err(pos); err != nil {
			// The rules failed: the game has no result to score.
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		if over {
			rec.Scores = append([]float64(nil), res...)
			rec.Reason = r.reason(pos, res)
			return rec, nil
		}
		if len(rec.Moves) >= limit {
			rec.Scores, rec.Reason = game.Draw(n), fmt.Sprintf("move limit (%d plies)", limit)
			return rec, nil
		}
		m, err := r.nextMove(ctx, pos, rec, sessions, rng, moves, outs)
		if f, ok := search.AsForfeit(err); ok && ctx.Err() == nil {
			r.forfeit(rec, pos.ToMove(), f)
			return rec, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		rec.Moves = append(rec.Moves, r.notation(pos, m))
		pos.Play(m)
	}
}

// nextMove chooses the move of the player to move, given the position's
// moves (or the chance player's outcomes): a random opening move, a chance
// outcome or the seated bot's decision.
func (r *run[M, P]) nextMove(ctx context.Context, pos P, rec *Record, sessions []search.Session[M, P], rng *rand.Rand, moves []M, outs []game.Outcome[M]) (M, error) {
	var m M
	switch who := pos.ToMove(); {
	case who == game.Chance:
		if len(outs) == 0 {
			return m, fmt.Errorf("the chance player has no outcome")
		}
		return drawOutcome(rng, outs), nil
	case who < 0 || int(who) >= len(sessions):
		return m, fmt.Errorf("%v to move in a game of %d players", who, len(sessions))
	case len(moves) == 0:
		return m, fmt.Errorf("%v has no legal move but the game is not over", who)
	default:
		rec.Branching = append(rec.Branching, len(moves))
		if rec.Opening < r.opts.Openings {
			rec.Opening++
			return moves[rng.IntN(len(moves))], nil
		}
		start := time.Now()
		d, err := sessions[who].Choose(ctx, pos)
		if err != nil {
			return m, fmt.Errorf("%s: %w", rec.Seats[who], err)
		}
		rec.Decisions[who]++
		rec.Time[who] += time.Since(start)
		rec.Nodes[who] += d.Nodes
		return d.Move, nil
	}
}

// forfeit ends the game as lost by seat who, whose bot forfeited it (an
// external engine's illegal or missing answer): the other seats share
// the win.
func (r *run[M, P]) forfeit(rec *Record, who game.Player, f *search.Forfeit) {
	n := len(rec.Seats)
	rec.Scores = make([]float64, n)
	for s := range rec.Scores {
		if s != int(who) {
			rec.Scores[s] = 1 / float64(n-1)
		}
	}
	name := who.String()
	if int(who) < len(r.g.Players) {
		name = r.g.Players[who]
	}
	rec.Reason = fmt.Sprintf("%s forfeits: %s", name, f.Reason)
	rec.Fault = f.Detail
	if rec.Fault == "" {
		rec.Fault = f.Reason
	}
}

// drawOutcome draws a chance move by its probability.
func drawOutcome[M any](rng *rand.Rand, outs []game.Outcome[M]) M {
	x := rng.Float64()
	for _, o := range outs[:len(outs)-1] {
		if x -= o.Prob; x < 0 {
			return o.Move
		}
	}
	return outs[len(outs)-1].Move
}

func (r *run[M, P]) notation(pos P, m M) string {
	if r.g.Notation != nil {
		return r.g.Notation(pos, m)
	}
	if n, ok := any(pos).(interface{ Notation(M) string }); ok {
		return n.Notation(m)
	}
	return fmt.Sprint(m)
}

func (r *run[M, P]) reason(pos P, res game.Result) string {
	if r.g.Reason != nil {
		return r.g.Reason(pos)
	}
	if e, ok := any(pos).(interface{ EndReason() string }); ok {
		return e.EndReason()
	}
	rec := Record{Scores: res}
	if w := rec.Winner(); w >= 0 {
		return fmt.Sprintf("won by %v", game.Player(w))
	}
	return "draw"
}
