package arena

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/ludus-games/ludus/game"
)

// TournamentReport is the outcome of a round robin.
type TournamentReport struct {
	Game         string   `json:"game"`
	Bots         []string `json:"bots"`
	Seed         uint64   `json:"seed"`
	GamesPerPair int      `json:"games_per_pair"`
	Games        int      `json:"games"`
	// Points[i][j] is what bot i scored against bot j in Played[i][j]
	// games: the cross table.
	Points [][]float64 `json:"points"`
	Played [][]int     `json:"played"`
	// Totals are each bot's games over the whole tournament; Elo its
	// rating fitted to the cross table (see Ratings), averaging 0.
	Totals       []Tally   `json:"totals"`
	Elo          []float64 `json:"elo"`
	FirstPlayer  Advantage `json:"first_player"`
	Length       Summary   `json:"length"`
	Endings      []Ending  `json:"endings"`
	TimePerMove  []float64 `json:"time_per_move_ms"`
	NodesPerMove []float64 `json:"nodes_per_move"`

	records []*Record
}

// Tournament plays a round robin of a two-player game: o.Games games
// between every pair of entrants, alternating who starts. Games are
// scheduled round by round, so that a run stopped half-way has about as
// many games of every pair.
func Tournament[M any, P game.Position[M]](ctx context.Context, g Game[M, P], entrants []Entrant[M, P], o Options) (*TournamentReport, error) {
	r, err := tournamentRun(g, entrants, o)
	if err != nil {
		return nil, err
	}
	recs, err := r.play(ctx)
	if err != nil {
		return nil, err
	}
	return NewTournamentReport(g.Name, entrantNames(entrants), o.Seed, o.Games, recs), nil
}

// tournamentRun schedules a round robin.
func tournamentRun[M any, P game.Position[M]](g Game[M, P], entrants []Entrant[M, P], o Options) (*run[M, P], error) {
	if len(entrants) < 2 {
		return nil, fmt.Errorf("tournament: %d bots, want at least 2", len(entrants))
	}
	if o.Games < 1 {
		return nil, fmt.Errorf("tournament: %d games per pair", o.Games)
	}
	var pairs [][2]int
	for a := range entrants {
		for b := a + 1; b < len(entrants); b++ {
			pairs = append(pairs, [2]int{a, b})
		}
	}
	var schedule [][]int
	for k := 0; k < o.Games; k++ {
		for _, p := range pairs {
			if k%2 == 0 {
				schedule = append(schedule, []int{p[0], p[1]})
			} else {
				schedule = append(schedule, []int{p[1], p[0]})
			}
		}
	}
	names := entrantNames(entrants)
	return &run[M, P]{g: g, entrants: entrants, opts: o, schedule: schedule,
		label: fmt.Sprintf("tournament of %d bots", len(names)),
		summary: func(recs []*Record) any {
			return NewTournamentReport(g.Name, names, o.Seed, o.Games, recs)
		}}, nil
}

// NewTournamentReport computes a round robin's cross table and ratings
// from its records; bots are the names the records seat.
func NewTournamentReport(gameName string, bots []string, seed uint64, perPair int, recs []*Record) *TournamentReport {
	n := len(bots)
	t := &TournamentReport{Game: gameName, Bots: bots, Seed: seed, GamesPerPair: perPair, Games: len(recs), records: recs,
		Points: square[float64](n), Played: square[int](n), Totals: make([]Tally, n)}
	// The per-bot figures are a match report's over the same games.
	m := NewMatchReport(gameName, bots, seed, recs)
	t.FirstPlayer, t.Length, t.Endings = m.FirstPlayer, m.Length, m.Endings
	t.TimePerMove, t.NodesPerMove = m.TimePerMove, m.NodesPerMove
	games := square[float64](n)
	for _, r := range recs {
		if len(r.Seats) != 2 {
			continue
		}
		a, b := slices.Index(bots, r.Seats[0]), slices.Index(bots, r.Seats[1])
		if a < 0 || b < 0 {
			continue
		}
		t.Points[a][b] += r.Scores[0]
		t.Points[b][a] += r.Scores[1]
		t.Played[a][b]++
		t.Played[b][a]++
		games[a][b]++
		games[b][a]++
		t.Totals[a].add(r, 0)
		t.Totals[b].add(r, 1)
	}
	t.Elo = Ratings(t.Points, games)
	return t
}

func square[T any](n int) [][]T {
	m := make([][]T, n)
	for i := range m {
		m[i] = make([]T, n)
	}
	return m
}

// Records returns the games the report was computed from, in order.
func (t *TournamentReport) Records() []*Record { return t.records }

// WriteText writes the cross table, best rated first, and a summary.
func (t *TournamentReport) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: round robin of %d bots, %d games per pair, %d games (seed %d)\n\n",
		t.Game, len(t.Bots), t.GamesPerPair, t.Games, t.Seed)
	order := make([]int, len(t.Bots))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return cmpDesc(t.Elo[x], t.Elo[y]) })
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "#\tbot\tElo\tscore\t95% CI\ttime/move\t")
	for k := range order {
		fmt.Fprintf(tw, "%d\t", k+1)
	}
	fmt.Fprintln(tw)
	for k, i := range order {
		tot := t.Totals[i]
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t", k+1, t.Bots[i], signed(t.Elo[i]), percent(tot.Score()),
			percentRange(tot.ScoreInterval()), millis(t.TimePerMove[i]))
		for _, j := range order {
			if i == j {
				fmt.Fprint(tw, "-\t")
			} else {
				fmt.Fprintf(tw, "%g/%d\t", t.Points[i][j], t.Played[i][j])
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	b.WriteString("\nCells: points of the row's bot against the column's, out of the games played.\n")
	writeAdvantage(&b, t.FirstPlayer)
	writeLengths(&b, t.Length, t.Endings)
	_, err := io.WriteString(w, b.String())
	return err
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}
