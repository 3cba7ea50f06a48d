package arena

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ludus-games/ludus/game"
)

// BalanceReport describes a game from self-play: the statistics a
// designer asks of a new game. Is the first move an advantage? How often
// are games drawn? How long do they last, how many choices does a player
// have along the way, how do they end?
type BalanceReport struct {
	Game  string `json:"game"`
	Bot   string `json:"bot"`
	Seed  uint64 `json:"seed"`
	Games int    `json:"games"`
	// Seats are the results of each seat, the first player's first.
	Seats []Advantage `json:"seats"`
	// SeatNames are the players' names when the game gives them.
	SeatNames []string `json:"seat_names,omitempty"`
	// FirstPlayerWinRate is the share of games the first player won, with
	// its Wilson interval; DrawRate likewise.
	FirstPlayerWinRate float64  `json:"first_player_win_rate"`
	FirstPlayerWinCI   Interval `json:"first_player_win_ci"`
	DrawRate           float64  `json:"draw_rate"`
	DrawRateCI         Interval `json:"draw_rate_ci"`
	Length             Summary  `json:"length"` // plies
	Endings            []Ending `json:"endings"`
	// Branching summarises the number of legal moves at every decision of
	// every game; BranchingByMove[k] is its mean at the k-th decision of a
	// game, over the games that lasted that long.
	Branching       Summary   `json:"branching"`
	BranchingByMove []float64 `json:"branching_by_move"`
	TimePerMove     float64   `json:"time_per_move_ms"`

	records []*Record
}

// Balance plays o.Games games of g in which one bot plays every seat, and
// reports the game's balance.
func Balance[M any, P game.Position[M]](ctx context.Context, g Game[M, P], e Entrant[M, P], o Options) (*BalanceReport, error) {
	r, err := balanceRun(g, e, o)
	if err != nil {
		return nil, err
	}
	recs, err := r.play(ctx)
	if err != nil {
		return nil, err
	}
	b := NewBalanceReport(g.Name, e.Name, o.Seed, recs)
	b.SeatNames = g.Players
	return b, nil
}

// balanceRun schedules self-play games.
func balanceRun[M any, P game.Position[M]](g Game[M, P], e Entrant[M, P], o Options) (*run[M, P], error) {
	if o.Games < 1 {
		return nil, fmt.Errorf("balance: %d games", o.Games)
	}
	if g.New == nil {
		return nil, fmt.Errorf("game %q: no New function", g.Name)
	}
	players := g.New().Players()
	schedule := make([][]int, o.Games)
	for i := range schedule {
		schedule[i] = make([]int, players)
	}
	return &run[M, P]{g: g, entrants: []Entrant[M, P]{e}, opts: o, schedule: schedule,
		label: "self-play by " + e.Name,
		summary: func(recs []*Record) any {
			return NewBalanceReport(g.Name, e.Name, o.Seed, recs)
		}}, nil
}

// NewBalanceReport computes a game's balance from self-play records.
func NewBalanceReport(gameName, bot string, seed uint64, recs []*Record) *BalanceReport {
	b := &BalanceReport{Game: gameName, Bot: bot, Seed: seed, Games: len(recs), records: recs}
	var lengths, branching []float64
	var byMove []float64
	var reached []int
	var decisions int
	var spent time.Duration
	draws := 0
	for _, r := range recs {
		for len(b.Seats) < len(r.Seats) {
			b.Seats = append(b.Seats, Advantage{})
		}
		for s := range r.Seats {
			b.Seats[s].add(r, s)
			decisions += r.Decisions[s]
			spent += r.Time[s]
		}
		if r.Winner() < 0 {
			draws++
		}
		lengths = append(lengths, float64(r.Plies()))
		for k, n := range r.Branching {
			branching = append(branching, float64(n))
			if k == len(byMove) {
				byMove, reached = append(byMove, 0), append(reached, 0)
			}
			byMove[k] += float64(n)
			reached[k]++
		}
	}
	for s := range b.Seats {
		b.Seats[s].finish()
	}
	for k := range byMove {
		byMove[k] /= float64(reached[k])
	}
	n := len(recs)
	if n > 0 && len(b.Seats) > 0 {
		b.FirstPlayerWinRate = float64(b.Seats[0].Wins) / float64(n)
		b.DrawRate = float64(draws) / float64(n)
		b.FirstPlayerWinCI = Wilson(float64(b.Seats[0].Wins), n, Z95)
		b.DrawRateCI = Wilson(float64(draws), n, Z95)
	}
	if decisions > 0 {
		b.TimePerMove = float64(spent) / float64(time.Millisecond) / float64(decisions)
	}
	b.Length, b.Endings = Summarize(lengths), endings(recs)
	b.Branching, b.BranchingByMove = Summarize(branching), byMove
	return b
}

// Records returns the games the report was computed from, in order.
func (b *BalanceReport) Records() []*Record { return b.records }

// WriteText writes the report as a table and a few lines of text.
func (b *BalanceReport) WriteText(w io.Writer) error {
	var s strings.Builder
	fmt.Fprintf(&s, "%s: self-play by %s, %d games (seed %d)\n\n", b.Game, b.Bot, b.Games, b.Seed)
	tw := tabwriter.NewWriter(&s, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "seat\twins\tdraws\tlosses\tscore\t95% CI")
	for i, a := range b.Seats {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\n", b.seatName(i), a.Wins, a.Draws, a.Losses, percent(a.Score), percentRange(a.ScoreCI))
	}
	tw.Flush()
	fmt.Fprintf(&s, "\nFirst player wins %s of games (95%% CI %s); draws %s (95%% CI %s)\n",
		percent(b.FirstPlayerWinRate), percentRange(b.FirstPlayerWinCI), percent(b.DrawRate), percentRange(b.DrawRateCI))
	writeLengths(&s, b.Length, b.Endings)
	fmt.Fprintf(&s, "Branching factor: mean %.1f legal moves, median %g, from %g to %g\n",
		b.Branching.Mean, b.Branching.Median, b.Branching.Min, b.Branching.Max)
	show := b.BranchingByMove[:min(len(b.BranchingByMove), 20)]
	parts := make([]string, len(show))
	for k, v := range show {
		parts[k] = fmt.Sprintf("%.1f", v)
	}
	more := ""
	if len(show) < len(b.BranchingByMove) {
		more = " ..."
	}
	fmt.Fprintf(&s, "By move: %s%s\n", strings.Join(parts, " "), more)
	fmt.Fprintf(&s, "Time per move: %s\n", millis(b.TimePerMove))
	_, err := io.WriteString(w, s.String())
	return err
}

func (b *BalanceReport) seatName(i int) string {
	if i < len(b.SeatNames) {
		return b.SeatNames[i]
	}
	return game.Player(i).String()
}
