package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/server"
	"github.com/ludus-games/ludus/server/loadtest"
	"github.com/ludus-games/ludus/store"
)

func newBenchServeCmd() *cobra.Command {
	o := loadtest.Options{Sessions: 1000, Duration: time.Minute, Seed: 1}
	var db string
	var every time.Duration
	var hostile bool
	var processes int
	var ho loadtest.HostileOptions
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Load the game server: concurrent sessions of clients against bots",
		Long: `bench serve starts the game server on a loopback port (with a fresh SQLite
store unless --db says otherwise) and runs --sessions clients at once, each
playing random legal moves against a bot over the JSON API and following its
session's event stream, game after game. Every finished game is replayed by
the rules and compared with the server's record; now and then a client sends
a move with a wrong token or a stale version, which must be refused. It
prints moves per second, the latency of a move (POST to answer) and of the
bot's reply (POST to the reply's event), and the live heap every --every,
which stays flat in a long soak (--duration 1h).

With --hostile it runs hostile clients instead, each kind from a loopback
address of its own (Linux answers on all of 127.0.0.0/8): request bodies
that come a byte a second (--slow-bodies), a flood of requests
(--flooders), uploads of rules files whose moves cost billions of steps
(--uploaders), event streams on one session (--watchers); meanwhile a
bystander on 127.0.0.1 reads its own session's state every 10 ms. The
server has the bounds ludus serve has by default. It prints how each
kind was answered and the bystander's answer times.

With --processes N it starts N ludus serve processes on one PostgreSQL
store (--db postgres://..., or a throw-away cluster when initdb is
installed and --db is not given) and spreads the clients over them as a
load balancer would: each client creates its session on one process,
follows its events on the next, and sends its moves to each in turn. It
prints the figures of each process: sessions created, moves, move
latency p50, p99 and max, conflicts (409) and errors.`,
		Example: `  ludus bench serve --sessions 1000 --duration 1m
  ludus bench serve --processes 2 --sessions 1000 --duration 1m
  ludus bench serve --processes 2 --db postgres://localhost/ludus_bench`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			if processes > 1 {
				if hostile {
					return fmt.Errorf("--hostile runs against one server: leave out --processes")
				}
				return benchServeProcesses(ctx, cmd.OutOrStdout(), cmd.ErrOrStderr(), db, processes, every, o)
			}
			if db == "" {
				dir, err := os.MkdirTemp("", "ludus-bench-serve")
				if err != nil {
					return err
				}
				defer os.RemoveAll(dir)
				db = filepath.Join(dir, "bench.db")
			}
			if hostile {
				ho.Duration = o.Duration
				return benchHostile(ctx, cmd.OutOrStdout(), db, ho)
			}
			st, err := store.Open(ctx, db)
			if err != nil {
				return err
			}
			defer st.Close()
			srv, err := server.New(ctx, server.Config{Store: st})
			if err != nil {
				return err
			}
			defer srv.Close()
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				return err
			}
			hs := &http.Server{Handler: srv.Handler()}
			go hs.Serve(ln)
			defer hs.Close()
			o.URL = "http://" + ln.Addr().String()
			w := cmd.OutOrStdout()
			fmt.Fprintf(w, "%d sessions of %s against %s for %v on %d cores\n\n", o.Sessions, orDefault(o.Game, "tic-tac-toe.zrf"),
				orDefault(o.Bot, "random"), o.Duration, runtime.NumCPU())
			fmt.Fprintln(w, "| time | games | moves/s | live heap MiB | goroutines |\n| --- | --- | --- | --- | --- |")
			next := every
			o.Sample = func(r loadtest.Report) {
				if every > 0 && r.Elapsed >= next {
					next += every
					fmt.Fprintf(w, "| %v | %d | %.0f | %.1f | %d |\n", r.Elapsed.Round(time.Second), r.Games, r.MovesPerSec, liveHeapMiB(), runtime.NumGoroutine())
				}
			}
			r, err := loadtest.Run(ctx, o)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "\n| figure | value |\n| --- | --- |\n")
			fmt.Fprintf(w, "| games finished and replayed | %d |\n| client moves | %d |\n| moves per second (both seats) | %.0f |\n",
				r.Games, r.Moves, r.MovesPerSec)
			fmt.Fprintf(w, "| move round trip p50 / p99 | %v / %v |\n| bot reply p50 / p99 | %v / %v |\n",
				r.MoveP50.Round(10*time.Microsecond), r.MoveP99.Round(10*time.Microsecond), r.ReplyP50.Round(10*time.Microsecond), r.ReplyP99.Round(10*time.Microsecond))
			fmt.Fprintf(w, "| bad moves refused / accepted | %d / %d |\n| records not replaying | %d |\n| other failures | %d |\n| live heap at the end | %.1f MiB |\n",
				r.BadRefused, r.BadAccepted, r.Mismatched, r.Failures, liveHeapMiB())
			if r.BadAccepted > 0 || r.Mismatched > 0 || r.Failures > 0 {
				return fmt.Errorf("the server misbehaved: %d bad moves accepted, %d records not replaying, %d failures (first: %s)",
					r.BadAccepted, r.Mismatched, r.Failures, r.FirstFailure)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.IntVar(&o.Sessions, "sessions", o.Sessions, "concurrent clients, each in its own session")
	fl.DurationVar(&o.Duration, "duration", o.Duration, "how long to run")
	fl.IntVar(&o.Games, "games", 0, "stop after this many games (0: run for --duration)")
	fl.StringVar(&o.Game, "game", "tic-tac-toe.zrf", "bundled game to play")
	fl.StringVar(&o.Bot, "bot", "random", "bot spec of the server's seat")
	fl.Uint64Var(&o.Seed, "seed", o.Seed, "seed of the clients' moves")
	fl.StringVar(&db, "db", "", "store to use (default: a fresh SQLite file, removed after; with --processes, a throw-away PostgreSQL cluster)")
	fl.IntVar(&processes, "processes", 1, "ludus serve processes sharing one PostgreSQL store, the clients spread over them")
	fl.DurationVar(&every, "every", 10*time.Second, "print a row of figures this often (0: never)")
	fl.BoolVar(&hostile, "hostile", false, "run hostile clients and time a bystander's requests (see above)")
	fl.IntVar(&ho.SlowBodies, "slow-bodies", 1100, "with --hostile: connections sending a body a byte a second")
	fl.IntVar(&ho.Flooders, "flooders", 16, "with --hostile: clients sending requests as fast as answered")
	fl.IntVar(&ho.Uploaders, "uploaders", 2, "with --hostile: clients uploading costly rules files")
	fl.IntVar(&ho.Watchers, "watchers", 300, "with --hostile: event streams opened on one session")
	rangeFlag(cmd, "sessions", 1, 20000)
	rangeFlag(cmd, "processes", 1, 64)
	return cmd
}

// liveHeapMiB collects garbage and returns the heap still in use (server
// and clients together), the figure that must stay flat in a soak.
func liveHeapMiB() float64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return float64(ms.HeapAlloc) / (1 << 20)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
