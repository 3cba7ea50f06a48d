package arena

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/ludus-games/ludus/game"
)

// MatchReport is the outcome of a match. Its JSON form is the summary
// tools read: games, wins per bot (in the order the bots were given),
// draws, elo and elo_ci among others.
type MatchReport struct {
	Game  string   `json:"game"`
	Bots  []string `json:"bots"`
	Seed  uint64   `json:"seed"`
	Games int      `json:"games"`
	// Wins, Losses and Points are per bot; Draws are games without a
	// single winner.
	Wins   []int     `json:"wins"`
	Draws  int       `json:"draws"`
	Losses []int     `json:"losses"`
	Points []float64 `json:"points"`
	// Score is each bot's mean result, with its 95% interval (Wilson's,
	// with draws, see ScoreInterval); WinRateCI the Wilson interval of its
	// share of wins, DrawRateCI that of draws.
	Score      []float64  `json:"score"`
	ScoreCI    []Interval `json:"score_ci"`
	WinRateCI  []Interval `json:"win_rate_ci"`
	DrawRateCI Interval   `json:"draw_rate_ci"`
	// Elo is the first bot's rating over the second, from its score, with
	// the interval mapped from the score's; LOS the likelihood that the
	// first is the stronger. Zero unless exactly two bots play.
	Elo   float64  `json:"elo"`
	EloCI Interval `json:"elo_ci"`
	LOS   float64  `json:"los"`
	// BySeat[b][s] counts bot b's games in seat s.
	BySeat [][]Tally `json:"by_seat"`
	// FirstPlayer counts the games from the first seat's side, whoever
	// sat there: the first-move advantage.
	FirstPlayer Advantage `json:"first_player"`
	Length      Summary   `json:"length"` // plies
	Endings     []Ending  `json:"endings"`
	// TimePerMove (milliseconds) and NodesPerMove are each bot's means
	// over the moves it chose.
	TimePerMove  []float64 `json:"time_per_move_ms"`
	NodesPerMove []float64 `json:"nodes_per_move"`

	records []*Record
}

// Advantage describes the results of one seat over all games.
type Advantage struct {
	Tally
	Score   float64  `json:"score"`
	ScoreCI Interval `json:"score_ci"`
	Elo     float64  `json:"elo"`
	EloCI   Interval `json:"elo_ci"`
}

// Ending counts the games that ended one way.
type Ending struct {
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// Match plays o.Games games of g between the entrants, one per seat, and
// reports the statistics. Seats rotate from game to game (with two bots,
// they alternate who starts), so that each bot plays each seat equally
// often when Games is a multiple of the number of seats.
func Match[M any, P game.Position[M]](ctx context.Context, g Game[M, P], entrants []Entrant[M, P], o Options) (*MatchReport, error) {
	r, err := matchRun(g, entrants, o)
	if err != nil {
		return nil, err
	}
	recs, err := r.play(ctx)
	if err != nil {
		return nil, err
	}
	return NewMatchReport(g.Name, entrantNames(entrants), o.Seed, recs), nil
}

// matchRun schedules a match.
func matchRun[M any, P game.Position[M]](g Game[M, P], entrants []Entrant[M, P], o Options) (*run[M, P], error) {
	if o.Games < 1 {
		return nil, fmt.Errorf("match: %d games", o.Games)
	}
	schedule := make([][]int, o.Games)
	for i := range schedule {
		schedule[i] = make([]int, len(entrants))
		for s := range entrants {
			schedule[i][s] = (s + i) % len(entrants)
		}
	}
	names := entrantNames(entrants)
	return &run[M, P]{g: g, entrants: entrants, opts: o, schedule: schedule,
		label: strings.Join(names, " vs "),
		summary: func(recs []*Record) any {
			return NewMatchReport(g.Name, names, o.Seed, recs)
		}}, nil
}

func entrantNames[M any, P game.Position[M]](es []Entrant[M, P]) []string {
	names := make([]string, len(es))
	for i, e := range es {
		names[i] = e.Name
	}
	return names
}

// NewMatchReport computes a match's statistics from its records; bots are
// the names the records seat.
func NewMatchReport(gameName string, bots []string, seed uint64, recs []*Record) *MatchReport {
	n := len(bots)
	m := &MatchReport{Game: gameName, Bots: bots, Seed: seed, Games: len(recs), records: recs,
		Wins: make([]int, n), Losses: make([]int, n), Points: make([]float64, n),
		Score: make([]float64, n), ScoreCI: make([]Interval, n), WinRateCI: make([]Interval, n),
		BySeat: make([][]Tally, n), TimePerMove: make([]float64, n), NodesPerMove: make([]float64, n)}
	totals := make([]Tally, n)
	decisions := make([]int, n)
	times := make([]time.Duration, n)
	nodes := make([]int64, n)
	var lengths []float64
	for _, r := range recs {
		if r.Winner() < 0 {
			m.Draws++
		}
		m.FirstPlayer.add(r, 0)
		lengths = append(lengths, float64(r.Plies()))
		for s, name := range r.Seats {
			b := slices.Index(bots, name)
			if b < 0 {
				continue
			}
			for len(m.BySeat[b]) < len(r.Seats) {
				m.BySeat[b] = append(m.BySeat[b], Tally{})
			}
			m.BySeat[b][s].add(r, s)
			totals[b].add(r, s)
			decisions[b] += r.Decisions[s]
			times[b] += r.Time[s]
			nodes[b] += r.Nodes[s]
		}
	}
	for b, t := range totals {
		m.Wins[b], m.Losses[b], m.Points[b] = t.Wins, t.Losses, t.Points
		m.Score[b], m.ScoreCI[b] = t.Score(), t.ScoreInterval()
		m.WinRateCI[b] = Wilson(float64(t.Wins), t.Games, Z95)
		if decisions[b] > 0 {
			m.TimePerMove[b] = float64(times[b]) / float64(time.Millisecond) / float64(decisions[b])
			m.NodesPerMove[b] = float64(nodes[b]) / float64(decisions[b])
		}
	}
	m.DrawRateCI = Wilson(float64(m.Draws), len(recs), Z95)
	if n == 2 && len(recs) > 0 {
		m.Elo, m.EloCI = Elo(m.Score[0]), EloInterval(m.ScoreCI[0])
		m.LOS = LOS(m.Wins[0], m.Wins[1])
	}
	m.FirstPlayer.finish()
	m.Length = Summarize(lengths)
	m.Endings = endings(recs)
	return m
}

// add counts a game from seat s's side.
func (a *Advantage) add(r *Record, s int) { a.Tally.add(r, s) }

func (a *Advantage) finish() {
	a.Score, a.ScoreCI = a.Tally.Score(), a.Tally.ScoreInterval()
	a.Elo, a.EloCI = Elo(a.Score), EloInterval(a.ScoreCI)
}

// endings counts the games by how they ended, most frequent first.
func endings(recs []*Record) []Ending {
	count := map[string]int{}
	for _, r := range recs {
		count[r.Reason]++
	}
	var es []Ending
	for reason, n := range count {
		es = append(es, Ending{reason, n})
	}
	slices.SortFunc(es, func(a, b Ending) int {
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		return strings.Compare(a.Reason, b.Reason)
	})
	return es
}

// Records returns the games the report was computed from, in order.
func (m *MatchReport) Records() []*Record { return m.records }

// WriteText writes the report as a table and a few lines of text.
func (m *MatchReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s, %d games (seed %d)\n\n", m.Game, strings.Join(m.Bots, " vs "), m.Games, m.Seed)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "bot\twins\tdraws\tlosses\tscore\t95% CI\ttime/move\tnodes/move")
	for i, name := range m.Bots {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\t%s\t%.0f\n", name, m.Wins[i], m.Draws, m.Losses[i],
			percent(m.Score[i]), percentRange(m.ScoreCI[i]), millis(m.TimePerMove[i]), m.NodesPerMove[i])
	}
	tw.Flush()
	b.WriteByte('\n')
	if len(m.Bots) == 2 {
		fmt.Fprintf(&b, "Elo difference: %s (95%% CI %s to %s), likelihood of superiority %s\n",
			signed(m.Elo), signed(m.EloCI[0]), signed(m.EloCI[1]), percent(m.LOS))
	}
	writeAdvantage(&b, m.FirstPlayer)
	writeLengths(&b, m.Length, m.Endings)
	_, err := io.WriteString(w, b.String())
	return err
}

func writeAdvantage(b *strings.Builder, a Advantage) {
	fmt.Fprintf(b, "First player: %d wins, %d draws, %d losses, score %s (95%% CI %s), Elo %s\n",
		a.Wins, a.Draws, a.Losses, percent(a.Score), percentRange(a.ScoreCI), signed(a.Elo))
}

func writeLengths(b *strings.Builder, l Summary, es []Ending) {
	fmt.Fprintf(b, "Game length: mean %.1f plies, median %g, from %g to %g\n", l.Mean, l.Median, l.Min, l.Max)
	parts := make([]string, len(es))
	for i, e := range es {
		// The count in words: a reason may end in a number of its own
		// (a rules file's line and column).
		parts[i] = fmt.Sprintf("%s (%s)", e.Reason, plural(e.Games, "game"))
	}
	fmt.Fprintf(b, "Endings: %s\n", strings.Join(parts, ", "))
}

// plural writes a count with its noun: "1 game", "2 games".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func percent(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func percentRange(iv Interval) string {
	return fmt.Sprintf("%.1f-%.1f%%", 100*iv[0], 100*iv[1])
}

func signed(x float64) string {
	if math.Abs(x) < 0.5 {
		return "0" // not "-0"
	}
	return fmt.Sprintf("%+.0f", x)
}

func millis(ms float64) string {
	if ms < 1 {
		return fmt.Sprintf("%.3fms", ms)
	}
	return fmt.Sprintf("%.1fms", ms)
}
