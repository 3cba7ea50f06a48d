package arena

import (
	"context"

	"github.com/ludus-games/ludus/game"
)

// Plan is a run's schedule without its playing: the games of a match,
// tournament or balance run, each of which can be played alone, anywhere,
// with the same result (its seed follows from the run's seed and its
// index). A job queue plays a run's games on many machines through a Plan;
// the reports come from the records as for a run on one machine.
type Plan[M any, P game.Position[M]] struct {
	r *run[M, P]
}

// MatchPlan schedules the games Match would play.
func MatchPlan[M any, P game.Position[M]](g Game[M, P], entrants []Entrant[M, P], o Options) (*Plan[M, P], error) {
	return newPlan(matchRun(g, entrants, o))
}

// TournamentPlan schedules the games Tournament would play.
func TournamentPlan[M any, P game.Position[M]](g Game[M, P], entrants []Entrant[M, P], o Options) (*Plan[M, P], error) {
	return newPlan(tournamentRun(g, entrants, o))
}

// BalancePlan schedules the games Balance would play.
func BalancePlan[M any, P game.Position[M]](g Game[M, P], e Entrant[M, P], o Options) (*Plan[M, P], error) {
	return newPlan(balanceRun(g, e, o))
}

// Games is the number of games of the run.
func (p *Plan[M, P]) Games() int { return len(p.r.schedule) }

// Play plays game i (from 0) of the run and returns its record.
func (p *Plan[M, P]) Play(ctx context.Context, i int) (*Record, error) {
	return p.r.playGame(ctx, i)
}

func newPlan[M any, P game.Position[M]](r *run[M, P], err error) (*Plan[M, P], error) {
	if err != nil {
		return nil, err
	}
	return &Plan[M, P]{r}, nil
}
