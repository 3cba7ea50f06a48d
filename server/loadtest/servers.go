package loadtest

import (
	"context"
	"net/http"
	"time"

	"github.com/ludus-games/ludus/server"
)

// ServerReport is what a load run measured of one of its servers.
type ServerReport struct {
	URL         string        `json:"url"`
	Sessions    int           `json:"sessions"`      // sessions created on it
	Moves       int           `json:"moves"`         // client moves it accepted
	MovesPerSec float64       `json:"moves_per_sec"` // ... a second
	MoveP50     time.Duration `json:"move_p50"`      // POST of a move to it, to its answer
	MoveP99     time.Duration `json:"move_p99"`
	MoveMax     time.Duration `json:"move_max"`
	Conflicts   int           `json:"conflicts"` // legal moves it answered 409, sent again
	Failures    int           `json:"failures"`  // errors of requests to it
}

// serverStats are the figures of one server so far; loadRun.mu guards
// them.
type serverStats struct {
	sessions, moves, conflicts, failures int
	lat                                  latencies
}

func (s *serverStats) report(url string, elapsed time.Duration) ServerReport {
	return ServerReport{URL: url, Sessions: s.sessions, Moves: s.moves, MovesPerSec: float64(s.moves) / elapsed.Seconds(),
		MoveP50: s.lat.quantile(0.5), MoveP99: s.lat.quantile(0.99), MoveMax: s.lat.max,
		Conflicts: s.conflicts, Failures: s.failures}
}

// serverError is an error of a request to one of the run's servers, with
// the status it answered (0: none).
type serverError struct {
	server, status int
	err            error
}

func (e *serverError) Error() string { return e.err.Error() }
func (e *serverError) Unwrap() error { return e.err }

// maxConflicts is how many times a client sends a move that servers
// answer 409 before it counts as a failure.
const maxConflicts = 8

// move sends a client's move, legal at the version the client saw, to
// server srv. Behind a load balancer the server may not yet know that
// version (it has not heard of another server's move): a 409 is counted
// as a conflict and the move sent again a moment later.
func (l *loadRun) move(ctx context.Context, srv int, c server.Created, move string, version int, out *server.State) error {
	body := map[string]any{"token": c.Seats[0].Token, "move": move, "version": version}
	for try := 0; ; try++ {
		err := l.do(ctx, srv, "POST", "/api/sessions/"+c.ID+"/moves", body, out, http.StatusOK)
		se, _ := err.(*serverError)
		if err == nil || se == nil || se.status != http.StatusConflict || try == maxConflicts {
			return err
		}
		l.mu.Lock()
		l.rep.Conflicts++
		l.servers[srv].conflicts++
		l.mu.Unlock()
		select {
		case <-time.After(time.Duration(5<<try) * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
