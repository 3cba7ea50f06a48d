package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/extbot"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/server"
	"github.com/ludus-games/ludus/web"
)

// newServeCmd returns "ludus serve".
func newServeCmd() *cobra.Command {
	var addr, db, gamesDir string
	var engineDefs []string
	var botWorkers, maxCells int
	var maxSteps int64
	var moveTime, rulesTime time.Duration
	var open bool
	var hosts, proxies []string
	var rate float64
	var createRate, uploadRate, checkRate, analyseRate int
	var runWorkers, maxRuns, maxRunGames int
	var runTime, gamesPoll time.Duration
	lim := server.DefaultLimits
	var readTimeout, responseTimeout, idleTimeout time.Duration
	var sessionTTL time.Duration
	var maxEvents int
	c := &cobra.Command{
		Use:   "serve",
		Short: "Run the game server and the browser UI",
		Long: `serve runs the game server and its browser UI: sessions of any board game
(the bundled ones, every .zrf file under --games, or files uploaded in the
page) between humans and bots, kept in the store so that they survive a
restart; Linjat puzzles, 2048, dungeon layouts and tile sets. The JSON API
is described in docs/server.md.

The page's players never start programs: gtp: and uci: bot specs are
refused. --engine NAME=SPEC names an engine program (a gtp: or uci: spec,
as ludus match takes) that they may then seat by NAME, setting only what
bounds its play (time for GTP; movetime, depth, nodes, skill, elo for
UCI): "gnugo", "stockfish:skill=3". The programs run as the server's
children, a few at a time, and end with it.`,
		Example: `  ludus serve
  ludus serve --addr :9000 --db postgres://localhost/ludus --games ./my-games
  ludus serve --engine "gnugo=gtp:gnugo --mode gtp --level 1" --engine "stockfish=uci:stockfish,movetime=200ms"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			trust, err := parseProxies(proxies)
			if err != nil {
				return err
			}
			lim.Rate.PerSecond, lim.Create, lim.Upload = rate, server.PerMinute(createRate), server.PerMinute(uploadRate)
			lim.Check = server.PerMinute(checkRate)
			lim.Analyse = server.PerMinute(analyseRate)
			engines, err := extbot.NewEngines(engineDefs, 0)
			if err != nil {
				return err
			}
			st, where, err := runs.OpenStore(ctx, db, cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			defer st.Close()
			cfg := server.Config{Store: st, BotWorkers: botWorkers, MoveTime: moveTime, Web: web.Handler(),
				Hosts: append(hosts, addrName(addr)), TrustProxy: trust, Limits: lim,
				ReadTimeout: readTimeout, ResponseTimeout: responseTimeout, IdleTimeout: idleTimeout, Engines: engines,
				MaxCells: maxCells, MaxSteps: maxSteps, RulesTime: rulesTime,
				SessionTTL: sessionTTL, MaxEvents: maxEvents, GamesPoll: gamesPoll,
				RunWorkers: runWorkers, MaxRuns: maxRuns, MaxRunGames: maxRunGames, RunTime: runTime,
				Logf: log.New(cmd.ErrOrStderr(), "ludus serve: ", log.LstdFlags).Printf}
			if gamesPoll == 0 {
				cfg.GamesPoll = -1 // Config's zero is the default
			}
			if gamesDir != "" {
				if fi, err := os.Stat(gamesDir); err != nil || !fi.IsDir() {
					return fmt.Errorf("--games %s: not a directory of rules files", gamesDir)
				}
				cfg.Games = os.DirFS(gamesDir)
			}
			srv, err := server.New(ctx, cfg)
			if err != nil {
				return err
			}
			defer srv.Close()
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			url := "http://" + displayAddr(addr, ln.Addr().String())
			fmt.Fprintf(cmd.OutOrStdout(), "ludus serve: %s (store %s)\n", url, where)
			if names := engines.Names(); len(names) > 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "ludus serve: engines %s\n", strings.Join(names, ", "))
			}
			if open {
				openBrowser(url)
			}
			hs := srv.HTTPServer()
			go func() {
				<-ctx.Done()
				sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				hs.Shutdown(sctx)
			}()
			if err := hs.Serve(srv.Listener(ln)); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), "ludus serve: stopped")
			return nil
		},
	}
	// Connections get 5 s to finish when the server is stopped.
	c.Annotations = map[string]string{graceKey: "6s"}
	fl := c.Flags()
	fl.StringVar(&addr, "addr", "localhost:8080", "address to listen on")
	fl.StringVar(&db, "db", "", "store: a SQLite file or a postgres:// URL (default: ludus.db in the user's data directory)")
	fl.StringVar(&gamesDir, "games", "", "directory of more rules files to offer (every .zrf under it, read again when it changes)")
	fl.DurationVar(&gamesPoll, "games-poll", 2*time.Second, "how often the files of --games are looked at for changes (0: never)")
	fl.IntVar(&botWorkers, "bot-workers", 0, "bot moves computed at once (0: one per core)")
	fl.DurationVar(&moveTime, "move-time", 5*time.Second, "the most a bot may think about one move")
	fl.BoolVar(&open, "open", false, "open the page in a browser")
	fl.StringArrayVar(&hosts, "host", nil, "another name of the server that browsers may use (repeatable; * for any)")
	fl.StringArrayVar(&proxies, "trust-proxy", nil, "a proxy (address or network) whose X-Forwarded-For names the client (repeatable)")
	fl.Float64Var(&rate, "rate", lim.Rate.PerSecond, "requests a second per client (0: no limit)")
	fl.IntVar(&lim.Rate.Burst, "burst", lim.Rate.Burst, "requests a client may send at once, beyond --rate")
	fl.IntVar(&createRate, "create-rate", int(lim.Create.PerSecond*60+0.5), "sessions and 2048 games a minute per client (0: no limit)")
	fl.IntVar(&uploadRate, "upload-rate", int(lim.Upload.PerSecond*60+0.5), "rules files uploaded or replaced a minute per client (0: no limit)")
	fl.IntVar(&checkRate, "check-rate", int(lim.Check.PerSecond*60+0.5), "rules files checked in the editor a minute per client (0: no limit)")
	fl.IntVar(&runWorkers, "run-workers", 0, "balance and match runs played at once, a game at a time each (0: half the cores)")
	fl.IntVar(&maxRuns, "max-runs", 16, "balance and match runs under way at once, queued or playing")
	fl.IntVar(&lim.Runs, "max-runs-per-client", lim.Runs, "balance and match runs a client may have under way (0: no limit)")
	fl.IntVar(&maxRunGames, "max-run-games", 1000, "the most games of a balance or match run started in the page")
	fl.DurationVar(&runTime, "run-time", 5*time.Minute, "the most time a balance or match run plays")
	fl.IntVar(&analyseRate, "analyse-rate", int(lim.Analyse.PerSecond*60+0.5), "positions a client may ask a bot to analyse a minute, one at a time (0: no limit but that)")
	fl.IntVar(&lim.WatchersPerClient, "max-streams-per-client", lim.WatchersPerClient, "event streams a client may hold open (0: no limit)")
	fl.IntVar(&lim.ConnsPerClient, "max-conns-per-client", lim.ConnsPerClient, "connections a client may hold open (0: no limit)")
	fl.IntVar(&lim.Conns, "max-conns", 0, "connections open at once (0: three quarters of the open-file limit)")
	fl.IntVar(&lim.Sessions, "max-sessions-per-client", lim.Sessions, "live sessions a client may have created (0: no limit)")
	fl.DurationVar(&sessionTTL, "session-ttl", 24*time.Hour, "close a session without a move or a watcher for this long (0: never)")
	fl.IntVar(&maxEvents, "max-events", 10000, "events a session may have (moves, undos, offers)")
	fl.DurationVar(&readTimeout, "read-timeout", 30*time.Second, "the most a client may take to send a request's body")
	fl.DurationVar(&responseTimeout, "response-timeout", 2*time.Minute, "the most an answer may take, event streams aside")
	fl.DurationVar(&idleTimeout, "idle-timeout", 90*time.Second, "close a connection idle this long between requests")
	fl.StringArrayVar(&engineDefs, "engine", nil, `an engine program the page's players may seat by NAME: NAME=SPEC, SPEC a gtp: or uci: spec (repeatable)`)
	rangeFlag(c, "bot-workers", 0, 1024)
	rangeFlag(c, "move-time", float64(time.Millisecond), float64(time.Hour))
	rangeFlag(c, "burst", 1, 1e6)
	rangeFlag(c, "analyse-rate", 0, 1e6)
	rangeFlag(c, "max-events", 100, 1e7)
	rangeFlag(c, "session-ttl", 0, float64(365*24*time.Hour))
	rangeFlag(c, "games-poll", 0, float64(time.Hour))
	rangeFlag(c, "run-workers", 0, 1024)
	rangeFlag(c, "max-runs", 1, 1e4)
	rangeFlag(c, "max-run-games", 1, 1e6)
	rangeFlag(c, "run-time", float64(time.Second), float64(7*24*time.Hour))
	for _, name := range []string{"read-timeout", "response-timeout", "idle-timeout"} {
		rangeFlag(c, name, float64(time.Second), float64(24*time.Hour))
	}
	fl.IntVar(&maxCells, "max-cells", 10000, "the most positions a game's board may have")
	fl.Int64Var(&maxSteps, "max-steps", 20_000_000, "the most steps the rules may take on one piece of work: a move, a start position, a picture (program runs, loop steps, positions visited)")
	fl.DurationVar(&rulesTime, "rules-time", 5*time.Second, "the most time one piece of rules work may take (a check, a position's moves, a picture)")
	rangeFlag(c, "max-cells", 1, 1<<20)
	rangeFlag(c, "max-steps", 1000, 1<<50)
	rangeFlag(c, "rules-time", float64(10*time.Millisecond), float64(time.Hour))
	return c
}

// addrName returns the host name of --addr when it is a name (an address
// or an empty host is served anyway), for the names the server answers to.
func addrName(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil || host == "" {
		return ""
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return ""
	}
	return host
}

// parseProxies reads --trust-proxy values: networks, or single addresses.
func parseProxies(values []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, v := range values {
		p, err := netip.ParsePrefix(v)
		if err != nil {
			a, aerr := netip.ParseAddr(v)
			if aerr != nil {
				return nil, fmt.Errorf("--trust-proxy %q: want an address or a network such as 10.0.0.0/8", v)
			}
			p = netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen())
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// displayAddr makes a listening address fit for a browser: the host as
// --addr names it (localhost rather than 127.0.0.1; localhost for all
// interfaces), the port as listened on (--addr :0 picks one).
func displayAddr(flag, actual string) string {
	host, _, _ := net.SplitHostPort(flag)
	_, port, err := net.SplitHostPort(actual)
	if err != nil {
		return actual
	}
	if host == "" || host == "::" || host == "0.0.0.0" {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

func openBrowser(url string) {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err == nil {
		go cmd.Wait()
	}
}
