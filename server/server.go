// Package server is the game server of ludus: sessions of any board game of
// the engine between any mix of humans and bots, kept as versioned event
// logs in the store so that they survive a restart, with a JSON API, a live
// event stream per session, and the browser UI of package web. It also
// serves the other parts of ludus to the browser: Linjat puzzles, 2048,
// dungeon layouts and tile sets.
//
// Bots hold no game state: one bot serves every session that seats it, and
// bot moves run on a bounded pool of workers with a time cap per move, so
// that a slow bot never blocks the server.
package server

import (
	"context"
	"io/fs"
	"net/http"
	"net/netip"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ludus-games/ludus/dungeon"
	"github.com/ludus-games/ludus/extbot"
	"github.com/ludus-games/ludus/store"
)

// Config sets up a Server.
type Config struct {
	// Store keeps sessions and their events (required).
	Store *store.Store
	// Games are rules files offered besides the bundled ones and those
	// uploaded: every *.zrf file of the file system (nil: none). Files
	// that do not read, or hold no playable game, are left out and
	// reported through Logf.
	Games fs.FS
	// GamesPoll is how often the files of Games are looked at for
	// changes, when Games is an operating system's directory or any file
	// system whose files tell their modification time (0: every 2 s;
	// negative: never). A file written, added or removed is offered
	// anew; see catalog.rescan.
	GamesPoll time.Duration
	// BotWorkers is the number of bot moves computed at once (0: one per
	// core).
	BotWorkers int
	// MoveTime caps a bot's thinking per move (0: 5 s).
	MoveTime time.Duration
	// MaxUpload bounds an uploaded rules file in bytes (0: 256 KiB).
	MaxUpload int64
	// MaxCells bounds the positions of a game's board (0: 10,000): a
	// rules file over it is refused before it is built.
	MaxCells int
	// MaxSteps bounds the rules' work on one piece of work (a move
	// played, a start position, a picture): runs of move programs,
	// iterations of their loops, positions their expressions visit (0:
	// 20,000,000).
	MaxSteps int64
	// RulesTime bounds the time of one piece of rules work done for a
	// client: checking and compiling a rules file, a position's moves, a
	// picture (0: 5 s).
	RulesTime time.Duration
	// RulesWorkers bounds the checks, compiles and pictures done at once
	// for clients (0: one fewer than the cores, at least one), so that
	// costly rules files leave processors to the other requests.
	RulesWorkers int
	// MaxEvents bounds the events of a session (0: 10,000): moves, undos
	// and offers over it are refused, so that no session's log grows
	// without end.
	MaxEvents int
	// SessionTTL closes a session that has had neither a move nor a
	// watcher for this long (0: never), and evicts it; its record stays
	// in the store, readable.
	SessionTTL time.Duration
	// MaxBacklog bounds the past events one event stream sends at once; a
	// client further behind fetches the state instead (0: 10,000).
	MaxBacklog int
	// WriteTimeout drops an event stream whose client has not taken an
	// event for this long (0: 10 s): a client that never reads costs the
	// server nothing after that, and it reconnects with ?since.
	WriteTimeout time.Duration
	// Hosts are more names of the server that a browser may use (the Host
	// header of its requests and the Origin of its pages): besides them,
	// localhost and any IP address are served. "*" serves every name.
	// Other names are answered 421, so that a page that rebinds its own
	// name to this server's address gets nothing.
	Hosts []string
	// TrustProxy lists the proxies (by network) whose X-Forwarded-For
	// header names the client; without it, the client is the peer.
	TrustProxy []netip.Prefix
	// Limits bound what one client may use (the zero value: none).
	Limits Limits
	// ReadTimeout bounds the arrival of a request's body (0: 30 s), so
	// that slow clients cannot hold connections.
	ReadTimeout time.Duration
	// ResponseTimeout bounds the writing of an answer, event streams
	// aside (0: 2 min); see HTTPServer.
	ResponseTimeout time.Duration
	// IdleTimeout closes a connection idle between requests (0: 90 s).
	IdleTimeout time.Duration
	// Engines are the engine programs (GTP, UCI) that sessions may seat
	// by name (nil: none). A client can never start a program of its
	// own: gtp: and uci: specs are refused.
	Engines *extbot.Engines
	// RunWorkers bounds the balance and match runs played at once, each
	// one game at a time on one processor (0: half the cores, at least
	// one); MaxRuns bounds the runs under way, queued or playing (0: 16);
	// a client has at most Limits.Runs of them.
	RunWorkers, MaxRuns int
	// MaxRunGames bounds the games of a run (0: 1,000); RunTime the time
	// a run plays, from when it takes its slot (0: 5 min).
	MaxRunGames int
	RunTime     time.Duration
	// Web serves the browser UI at / (nil: API only).
	Web http.Handler
	// Logf reports what goes wrong in the background (nil: discarded).
	Logf func(format string, args ...any)
}

// Server is a running game server. Create it with New, serve Handler, and
// Close it to stop the bot workers.
type Server struct {
	cfg     Config
	catalog *catalog
	bots    *botPool
	writer  *eventWriter

	mu       sync.Mutex
	sessions map[string]*session // loaded sessions by id
	lastUsed map[string]time.Time

	// rules bounds the rules work done for clients; botCache keeps the
	// bots of game and spec; pictures the pictures of boards.
	rules    *rulesPool
	botCache *lru[botKey, *sharedBot]
	pictures *pictures

	// slots bound the heavy work of the puzzle routes done at once.
	slots      chan struct{}
	queueWait  time.Duration
	linjatMade *lru[string, *LinjatPuzzle]
	lastLinjat atomic.Pointer[LinjatPuzzle] // the puzzle generated last, for its curve
	// runs are the balance and match runs under way; runReports the
	// reports of stored runs made lately.
	runs       *runBoard
	runReports *lru[string, *runReport]
	games2048  *lru[string, *game2048]
	layouts    *lru[string, *dungeon.Layout]
	traces     *lru[string, *dungeon.Trace]
	specs      specs
	tileSets   tileSets

	hosts  *hosts
	limits *limiters
	// createMu makes counting a client's live sessions and storing a new
	// one a step, so that its quota holds under concurrent creates: a lock
	// for each stripe of clients, so that clients do not queue behind
	// each other's round trips to the store.
	createMu [createStripes]sync.Mutex
	// tasks are the server's background goroutines and timers, which
	// Close waits for; closeWait bounds that wait.
	tasks     tasks
	closeWait time.Duration
	closeOnce sync.Once
	// unlock lets another server use the store (see store.LockServer).
	unlock func()
	// owner names this server in its claims on bots' moves in a shared
	// store.
	owner string

	ctx    context.Context
	cancel context.CancelFunc
}

// New makes a server: it reads the games it offers (the bundled ones, those
// of cfg.Games and those uploaded earlier to the store) and starts the bot
// workers.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.BotWorkers <= 0 {
		cfg.BotWorkers = runtime.NumCPU()
	}
	if cfg.MoveTime <= 0 {
		cfg.MoveTime = 5 * time.Second
	}
	if cfg.MaxUpload <= 0 {
		cfg.MaxUpload = 256 << 10
	}
	if cfg.MaxEvents <= 0 {
		cfg.MaxEvents = defaultMaxEvents
	}
	if cfg.MaxBacklog <= 0 {
		cfg.MaxBacklog = 10000
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 10 * time.Second
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = 30 * time.Second
	}
	if cfg.ResponseTimeout <= 0 {
		cfg.ResponseTimeout = 2 * time.Minute
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 90 * time.Second
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	cfg = withRunDefaults(withBudgetDefaults(cfg))
	// A second server on a SQLite file would never see the first one's
	// moves, and play over them: it is refused before it does anything.
	unlock, err := cfg.Store.LockServer("ludus serve")
	if err != nil {
		return nil, err
	}
	s := &Server{unlock: unlock, owner: newID(), cfg: cfg, closeWait: closeWait, sessions: map[string]*session{}, lastUsed: map[string]time.Time{},
		rules: newRulesPool(cfg.RulesWorkers, queueWait), botCache: newLRU[botKey, *sharedBot](maxBots),
		pictures: newPictures(),
		slots:    make(chan struct{}, runtime.NumCPU()), queueWait: queueWait, linjatMade: newLRU[string, *LinjatPuzzle](256),
		games2048: newLRU[string, *game2048](max2048Games), layouts: newLRU[string, *dungeon.Layout](64), traces: newLRU[string, *dungeon.Trace](8),
		hosts: newHosts(cfg.Hosts), limits: newLimiters(cfg.Limits),
		runs: newRunBoard(cfg.RunWorkers), runReports: newLRU[string, *runReport](32)}
	s.botCache.evicted = (*sharedBot).close
	s.ctx, s.cancel = context.WithCancel(context.Background())
	var skipped []error
	if s.catalog, skipped, err = newCatalog(ctx, cfg.Store, cfg.Games, s.rules, s.budget()); err != nil {
		s.cancel()
		unlock()
		return nil, err
	}
	for _, err := range skipped {
		cfg.Logf("left out: %v", err)
	}
	s.writer = newEventWriter(s.ctx, cfg.Store)
	s.bots = newBotPool(s.ctx, cfg.BotWorkers)
	if cfg.SessionTTL > 0 {
		s.tasks.run(s.expireLoop)
	}
	if cfg.Store.Shared() {
		s.tasks.run(s.listenLoop)
	}
	if cfg.Games != nil && cfg.GamesPoll >= 0 {
		if cfg.GamesPoll == 0 {
			s.cfg.GamesPoll = defaultGamesPoll
		}
		s.tasks.run(s.watchGames)
	}
	return s, nil
}

// Close stops the bot workers; moves being thought about are dropped (the
// bot's seat is asked again when the session is next loaded). The
// programs of engine bots are ended. It waits (a few seconds at most) for
// the server's background work: listening to and catching up with other
// servers of a shared store, events being committed; once it returns the
// server uses its store no more, and the store may be closed. Calls after
// the first do nothing.
func (s *Server) Close() { s.closeOnce.Do(s.close) }

func (s *Server) close() {
	s.cancel()
	s.runs.wait()
	deadline := time.Now().Add(s.closeWait)
	stopped := s.tasks.close(s.closeWait)
	s.bots.wait()
	for _, sb := range s.botCache.values() {
		sb.close()
	}
	if stopped {
		select {
		case <-s.writer.stopped:
		case <-time.After(time.Until(deadline)):
			stopped = false
		}
	}
	if !stopped {
		s.cfg.Logf("closing: background work still under way after %v (a store that does not answer?)", s.closeWait)
	}
	s.unlock()
}

// Handler returns the server's routes: the JSON API under /api/ and the
// browser UI at /, behind the guard (see guard.go).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.routeGames(mux)
	s.routeSessions(mux)
	s.routePositions(mux)
	s.routeTable(mux)
	s.routePuzzles(mux)
	s.routeRuns(mux)
	if s.cfg.Web != nil {
		mux.Handle("/", s.cfg.Web)
	}
	return s.guard(mux)
}
