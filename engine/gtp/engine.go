package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/search"
)

// Engine serves GTP for a game of the engine: a front-end (Sabaki, GoGui,
// a match runner) sets up the game, plays its moves and asks the bot for
// its own. Set the fields, then call Serve.
type Engine struct {
	// Name and Version answer the commands of those names.
	Name, Version string
	// Game is the game played, Eval its evaluation (nil: the rules').
	Game *engine.Game
	Eval *engine.Evaluator
	// Resize, when set, returns the game of another board size for the
	// boardsize command (a variant of the same rules file); without it
	// only the game's own size is accepted.
	Resize func(size int) (*engine.Game, *engine.Evaluator, error)
	// Bots builds the bot that answers genmove from the spec Bot. When
	// the front-end sends time_settings and time_left, the bot's time
	// parameter, if its kind has one, is set to fit the clock.
	Bots *search.Registry[engine.Ply, *engine.Position]
	Bot  string
	// Seed seeds the bot's session (its randomness from game to game).
	Seed uint64
}

// commands are the commands an Engine knows, as list_commands lists them.
var commands = []string{
	"protocol_version", "name", "version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "komi", "play", "genmove", "reg_genmove", "undo",
	"final_score", "showboard", "time_settings", "time_left",
}

// served is the state of one connection.
type served struct {
	e     *Engine
	g     *engine.Game
	ev    *engine.Evaluator
	board *Board
	komi  *float64 // set by the komi command
	pos   *engine.Position
	moves []played
	bot   search.Session[engine.Ply, *engine.Position]
	games uint64
	clock clock
}

// played is a move of the game: who and what, and whether the engine
// put it there (a pass so that the front-end's colour could move).
type played struct {
	player int
	text   string
	filler bool
}

// clock is what time_settings and time_left said.
type clock struct {
	main, byo time.Duration
	stones    int
	left      map[int]time.Duration
	leftStone map[int]int
}

// errQuit ends Serve after the answer to quit.
var errQuit = errors.New("quit")

// Serve reads commands from r and writes the answers to w until quit, the
// end of r or of ctx. A command that fails is answered "? reason" and the
// session goes on; only a bot that fails for want of ctx, or a reader or
// writer that fails, ends it with an error.
func (e *Engine) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	if e.Game == nil || e.Bots == nil {
		return errors.New("gtp: an engine needs a game and bots")
	}
	s := &served{e: e}
	if err := s.load(e.Game, e.Eval); err != nil {
		return err
	}
	defer func() { s.bot.Close() }()
	if _, err := e.Bots.Bot(e.Bot); err != nil {
		return err
	}
	br := bufio.NewReaderSize(r, 4096)
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		c, err := ReadCommand(br)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		text, err := s.do(ctx, c)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		resp := Response{OK: err == nil || errors.Is(err, errQuit), ID: c.ID, Text: text}
		if err != nil && !errors.Is(err, errQuit) {
			resp.Text = err.Error()
		}
		if werr := WriteResponse(w, resp); werr != nil {
			return werr
		}
		if errors.Is(err, errQuit) {
			return nil
		}
	}
}

// load makes g the game played, from its start.
func (s *served) load(g *engine.Game, ev *engine.Evaluator) error {
	b, err := NewBoard(g)
	if err != nil {
		return err
	}
	if ev == nil {
		ev = g.Evaluator()
	}
	s.g, s.ev, s.board = g, ev, b
	s.clear()
	return nil
}

// clear starts a new game.
func (s *served) clear() {
	s.pos = engine.NewPosition(engine.NewState(s.g), s.ev)
	s.moves = nil
	s.newSession()
}

// newSession starts the bot afresh: a new game, or one taken back.
func (s *served) newSession() {
	if s.bot != nil {
		s.bot.Close()
	}
	b, _ := s.e.Bots.Bot(s.e.Bot) // checked by Serve
	s.games++
	s.bot = search.NewSession(b, s.e.Seed+s.games)
}

func (s *served) do(ctx context.Context, c Command) (string, error) {
	args := c.Args
	need := func(n int) error {
		if len(args) < n {
			return fmt.Errorf("syntax error: %s takes %d arguments", c.Name, n)
		}
		return nil
	}
	switch c.Name {
	case "protocol_version":
		return "2", nil
	case "name":
		return orDefault(s.e.Name, "ludus"), nil
	case "version":
		return s.e.Version, nil
	case "known_command":
		if err := need(1); err != nil {
			return "", err
		}
		return strconv.FormatBool(slices.Contains(commands, args[0])), nil
	case "list_commands":
		return strings.Join(commands, "\n"), nil
	case "quit":
		return "", errQuit
	case "boardsize":
		if err := need(1); err != nil {
			return "", err
		}
		return "", s.boardsize(args[0])
	case "clear_board":
		s.clear()
		return "", nil
	case "komi":
		if err := need(1); err != nil {
			return "", err
		}
		return "", s.setKomi(args[0])
	case "play":
		if err := need(2); err != nil {
			return "", err
		}
		return "", s.play(args[0], args[1])
	case "genmove", "reg_genmove":
		if err := need(1); err != nil {
			return "", err
		}
		return s.genmove(ctx, args[0], c.Name == "genmove")
	case "undo":
		return "", s.undo()
	case "final_score":
		return s.finalScore()
	case "showboard":
		return "\n" + s.showboard(), nil
	case "time_settings":
		return "", s.timeSettings(args)
	case "time_left":
		return "", s.timeLeft(args)
	}
	return "", errors.New("unknown command")
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// boardsize accepts the game's own size, or loads the game of another
// size through Resize.
func (s *served) boardsize(arg string) error {
	n, err := strconv.Atoi(arg)
	if err != nil {
		return errors.New("syntax error: boardsize takes a number")
	}
	if n == s.board.Size() {
		s.clear()
		return nil
	}
	if s.e.Resize == nil || n < 2 || n > MaxSize {
		return errors.New("unacceptable size")
	}
	g, ev, err := s.e.Resize(n)
	if err != nil {
		return fmt.Errorf("unacceptable size (%v)", err)
	}
	if b, err := NewBoard(g); err != nil || b.Size() != n {
		return errors.New("unacceptable size")
	}
	s.komi = nil
	return s.load(g, ev)
}

// setKomi recompiles the game with white's komi, in games that count a
// score; others take any komi and ignore it, as GTP asks.
func (s *served) setKomi(arg string) error {
	k, err := strconv.ParseFloat(arg, 64)
	if err != nil || k != k || k > 1e6 || k < -1e6 {
		return errors.New("syntax error: komi takes a number")
	}
	r := s.g.Rules
	if r.Score == nil && len(r.Komi) == 0 {
		return nil
	}
	if s.komi != nil && *s.komi == k || s.komi == nil && s.board.Komi() == k {
		return nil
	}
	rr := *r
	rr.Komi = make([]float64, len(r.Players))
	rr.Komi[s.board.white] = k
	g, err := engine.Compile(&rr)
	if err != nil {
		return fmt.Errorf("komi %s: %v", arg, err)
	}
	ev, err := engine.NewEvaluator(g, s.ev.String())
	if err != nil {
		ev = g.Evaluator()
	}
	moves := s.moves
	if err := s.load(g, ev); err != nil {
		return err
	}
	s.komi = &k
	for _, m := range moves {
		if err := s.apply(m); err != nil {
			return fmt.Errorf("komi %s: replaying the game: %v", arg, err)
		}
	}
	return nil
}

// turn makes player the one to move: a pass of the other, when the
// rules allow one, lets the front-end play two stones of one colour in a
// row (GTP allows it; handicap stones are placed so).
func (s *served) turn(player int) error {
	if game.Player(player) == s.pos.ToMove() {
		return nil
	}
	if _, over := s.pos.Result(); over {
		return errors.New("illegal move: the game is over")
	}
	for _, m := range s.pos.Moves(nil) {
		if m.Pass() {
			s.pos.Play(m)
			s.moves = append(s.moves, played{player: 1 - player, text: "pass", filler: true})
			return nil
		}
	}
	return fmt.Errorf("illegal move: %s is to move", s.board.Color(int(s.pos.ToMove())))
}

// apply plays a move of the history again (after a new komi).
func (s *served) apply(m played) error {
	if m.filler {
		return s.turn(1 - m.player)
	}
	return s.playAs(m.player, m.text)
}

func (s *served) play(color, vertex string) error {
	p, err := s.board.Player(color)
	if err != nil {
		return fmt.Errorf("syntax error: %v", err)
	}
	return s.playAs(p, vertex)
}

func (s *served) playAs(p int, vertex string) error {
	if _, over := s.pos.Result(); over {
		if strings.EqualFold(vertex, "pass") {
			return nil // a pass after the end changes nothing
		}
		return errors.New("illegal move: the game is over")
	}
	if err := s.turn(p); err != nil {
		return err
	}
	m, err := s.board.ParseMove(s.pos, vertex)
	if err != nil {
		s.dropFiller()
		return fmt.Errorf("illegal move: %v", err)
	}
	s.pos.Play(m)
	s.moves = append(s.moves, played{player: p, text: strings.ToUpper(vertex)})
	return nil
}

// dropFiller takes back a pass turn put in for a move that then failed.
func (s *served) dropFiller() {
	if n := len(s.moves); n > 0 && s.moves[n-1].filler {
		s.moves = s.moves[:n-1]
		s.pos.Undo()
	}
}

func (s *served) genmove(ctx context.Context, color string, keep bool) (string, error) {
	p, err := s.board.Player(color)
	if err != nil {
		return "", fmt.Errorf("syntax error: %v", err)
	}
	if _, over := s.pos.Result(); over {
		return "pass", nil
	}
	if err := s.turn(p); err != nil {
		return "", err
	}
	bot := s.bot
	if d := s.moveTime(p); d > 0 {
		if b, err := timed(s.e.Bots, s.e.Bot, d); err == nil && b != nil {
			bot = search.NewSession(b, s.e.Seed+s.games)
			defer bot.Close()
		}
	}
	d, err := bot.Choose(ctx, s.pos)
	if err != nil {
		s.dropFiller()
		return "", fmt.Errorf("the bot failed: %v", err)
	}
	text, err := s.board.MoveText(s.pos, d.Move)
	if err != nil {
		s.dropFiller()
		return "", err
	}
	if !keep {
		s.dropFiller()
		return text, nil
	}
	s.pos.Play(d.Move)
	s.moves = append(s.moves, played{player: p, text: text})
	return text, nil
}

// undo takes back the last move and the pass put in before it, if any.
func (s *served) undo() error {
	if len(s.moves) == 0 {
		return errors.New("cannot undo")
	}
	s.moves = s.moves[:len(s.moves)-1]
	s.pos.Undo()
	s.dropFiller()
	s.newSession()
	return nil
}

// finalScore writes the score as SGF's RE does: B+3.5, W+7.5, 0; B+ or
// W+ for a game won otherwise than by counting.
func (s *served) finalScore() (string, error) {
	r := s.g.Rules
	res, over := s.pos.Result()
	if r.Score != nil || len(r.Komi) > 0 {
		sc, err := s.pos.State().Scores()
		if err != nil {
			return "", fmt.Errorf("cannot score: %v", err)
		}
		diff := sc[s.board.black] - sc[s.board.white]
		switch {
		case diff > 0:
			return "B+" + strconv.FormatFloat(diff, 'f', -1, 64), nil
		case diff < 0:
			return "W+" + strconv.FormatFloat(-diff, 'f', -1, 64), nil
		}
		return "0", nil
	}
	if !over {
		return "", errors.New("cannot score: the game is not over")
	}
	switch {
	case res[s.board.black] > res[s.board.white]:
		return "B+", nil
	case res[s.board.white] > res[s.board.black]:
		return "W+", nil
	}
	return "0", nil
}

// showboard draws the board in GTP's coordinates: X black, O white.
func (s *served) showboard() string {
	n := s.board.Size()
	var b strings.Builder
	head := "   "
	for x := range n {
		head += " " + columns[x:x+1]
	}
	b.WriteString(head + "\n")
	for row := n; row >= 1; row-- {
		fmt.Fprintf(&b, "%3d", row)
		for x := range n {
			p, _ := s.board.Point(columns[x:x+1] + strconv.Itoa(row))
			switch v := s.pos.State().At(p); {
			case v.Empty():
				b.WriteString(" .")
			case v.Owner() == s.board.black:
				b.WriteString(" X")
			default:
				b.WriteString(" O")
			}
		}
		fmt.Fprintf(&b, " %d\n", row)
	}
	b.WriteString(head + "\n")
	if _, over := s.pos.Result(); over {
		b.WriteString("game over")
	} else {
		b.WriteString(s.board.Color(int(s.pos.ToMove())) + " to move")
	}
	return b.String()
}

func (s *served) timeSettings(args []string) error {
	if len(args) < 3 {
		return errors.New("syntax error: time_settings takes main time, byo-yomi time and stones")
	}
	main, err1 := strconv.Atoi(args[0])
	byo, err2 := strconv.Atoi(args[1])
	stones, err3 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil || err3 != nil || min(main, byo, stones) < 0 || max(main, byo) > 1e7 {
		return errors.New("syntax error: time_settings takes three numbers")
	}
	s.clock = clock{main: time.Duration(main) * time.Second, byo: time.Duration(byo) * time.Second, stones: stones}
	return nil
}

func (s *served) timeLeft(args []string) error {
	if len(args) < 3 {
		return errors.New("syntax error: time_left takes a colour, a time and stones")
	}
	p, err := s.board.Player(args[0])
	t, err1 := strconv.Atoi(args[1])
	stones, err2 := strconv.Atoi(args[2])
	if err != nil || err1 != nil || err2 != nil || t < 0 || stones < 0 || t > 1e7 {
		return errors.New("syntax error: time_left takes a colour and two numbers")
	}
	if s.clock.left == nil {
		s.clock.left, s.clock.leftStone = map[int]time.Duration{}, map[int]int{}
	}
	s.clock.left[p], s.clock.leftStone[p] = time.Duration(t)*time.Second, stones
	return nil
}

// moveTime is the time the clock leaves player p for one move, 0 when
// there is no clock: the time left over the stones of the byo-yomi
// period, or a thirtieth of the main time left, with a tenth kept back.
func (s *served) moveTime(p int) time.Duration {
	c := s.clock
	if c.main == 0 && c.byo > 0 && c.stones == 0 || c.main == 0 && c.byo == 0 && c.left == nil {
		return 0 // no limit
	}
	left, ok := c.left[p]
	stones := c.leftStone[p]
	if !ok { // no time_left yet: the clock as set
		left, stones = c.main, 0
		if left == 0 {
			left, stones = c.byo, c.stones
		}
	}
	d := left / 30
	if stones > 0 {
		d = left / time.Duration(stones)
	}
	return max(d*9/10, 20*time.Millisecond)
}

// timed builds the bot of spec with its time parameter set to d, when its
// kind has one; nil when it has not.
func timed(reg *search.Registry[engine.Ply, *engine.Position], spec string, d time.Duration) (search.Bot[engine.Ply, *engine.Position], error) {
	sp, err := search.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	for _, k := range reg.Kinds() {
		if k.Name != sp.Kind {
			continue
		}
		for _, p := range k.Params {
			if p.Name == "time" && p.Type == search.Duration {
				return reg.Bot(sp.With("time", d.String()).String())
			}
		}
	}
	return nil, nil
}
