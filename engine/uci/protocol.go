package uci

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"
)

// MaxLine bounds a line of the protocol read from the other side: a
// longer one is an error, not memory spent.
const MaxLine = 64 << 10

// ErrLineTooLong is returned for a line over MaxLine bytes.
var ErrLineTooLong = errors.New("uci: line too long")

// ReadLine reads a line without its end (\n or \r\n), at most MaxLine
// bytes; io.EOF only when nothing was left.
func ReadLine(r *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(b)+len(chunk) > MaxLine+2 {
			return "", ErrLineTooLong
		}
		b = append(b, chunk...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && len(b) > 0:
			err = nil
		}
		if err != nil {
			return "", err
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

// Limits are the arguments of "go": how long or how deep to search.
// Zero fields are not given.
type Limits struct {
	MoveTime     time.Duration
	WTime, BTime time.Duration
	WInc, BInc   time.Duration
	MovesToGo    int
	Depth        int
	Nodes        int64
	Infinite     bool
	Ponder       bool
}

// maxMillis bounds the times a go command gives (a year), so that they
// fit a time.Duration.
const maxMillis = 365 * 24 * 3600 * 1000

// ParseGo reads the arguments of a go command. Arguments it does not know
// (searchmoves, mate) are skipped with theirs.
func ParseGo(args []string) (Limits, error) {
	var l Limits
	num := func(i int) (int64, error) {
		if i+1 >= len(args) {
			return 0, fmt.Errorf("go %s: no value", args[i])
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("go %s %s: not a number", args[i], args[i+1])
		}
		return n, nil
	}
	ms := func(n int64) time.Duration {
		return time.Duration(min(max(n, 0), maxMillis)) * time.Millisecond
	}
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "infinite":
			l.Infinite = true
		case "ponder":
			l.Ponder = true
		case "movetime", "wtime", "btime", "winc", "binc", "movestogo", "depth", "nodes", "mate":
			n, err := num(i)
			if err != nil {
				return Limits{}, err
			}
			i++
			switch a {
			case "movetime":
				l.MoveTime = ms(n)
			case "wtime":
				l.WTime = ms(n)
			case "btime":
				l.BTime = ms(n)
			case "winc":
				l.WInc = ms(n)
			case "binc":
				l.BInc = ms(n)
			case "movestogo":
				l.MovesToGo = int(min(max(n, 0), 1000))
			case "depth":
				l.Depth = int(min(max(n, 0), 1000))
			case "nodes":
				l.Nodes = max(n, 0)
			}
		case "searchmoves":
			for i+1 < len(args) && len(args[i+1]) >= 4 && args[i+1][0] >= 'a' && args[i+1][0] <= 'h' {
				i++
			}
		}
	}
	return l, nil
}

// Args writes the limits as the arguments of a go command.
func (l Limits) Args() []string {
	var out []string
	add := func(name string, v int64) {
		if v > 0 {
			out = append(out, name, strconv.FormatInt(v, 10))
		}
	}
	add("wtime", l.WTime.Milliseconds())
	add("btime", l.BTime.Milliseconds())
	add("winc", l.WInc.Milliseconds())
	add("binc", l.BInc.Milliseconds())
	add("movestogo", int64(l.MovesToGo))
	add("depth", int64(l.Depth))
	add("nodes", l.Nodes)
	add("movetime", l.MoveTime.Milliseconds())
	if l.Infinite {
		out = append(out, "infinite")
	}
	if l.Ponder {
		out = append(out, "ponder")
	}
	return out
}

// Position is the argument of a position command: a FEN ("" for the
// start position) and the moves played from it.
type Position struct {
	FEN   string
	Moves []string
}

// String writes the command: "position startpos moves e2e4 e7e5".
func (p Position) String() string {
	s := "position startpos"
	if p.FEN != "" {
		s = "position fen " + p.FEN
	}
	if len(p.Moves) > 0 {
		s += " moves " + strings.Join(p.Moves, " ")
	}
	return s
}

// ParsePosition reads the arguments of a position command.
func ParsePosition(args []string) (Position, error) {
	var p Position
	if len(args) == 0 {
		return p, errors.New("position: want startpos or fen")
	}
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		if i == 0 {
			return p, errors.New("position fen: no FEN")
		}
		p.FEN, rest = strings.Join(rest[:i], " "), rest[i:]
	default:
		return p, fmt.Errorf("position %s: want startpos or fen", args[0])
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return p, fmt.Errorf("position: %q after the position, want moves", rest[0])
		}
		if len(rest) > 1 {
			p.Moves = rest[1:]
		}
	}
	return p, nil
}

// Info is what an engine's info lines said of its search: the last value
// given of each.
type Info struct {
	Depth int
	// Score is in centipawns for the side to move; Mate, when not 0, is
	// the moves to mate (negative: the side to move is mated).
	Score    int
	Mate     int
	HasScore bool
	Nodes    int64
	Time     time.Duration
	PV       []string
}

// Value returns the score as the chance that the side to move wins, on
// the scale of game results: a mate is 1 or 0, centipawns map by the
// logistic curve of Elo (400 centipawns: 10 to 1).
func (i Info) Value() float64 {
	switch {
	case !i.HasScore:
		return 0.5
	case i.Mate > 0:
		return 1
	case i.Mate < 0:
		return 0
	}
	return 1 / (1 + math.Pow(10, -float64(i.Score)/400))
}

// ParseInfo adds what an info line says to i. Fields it does not know
// are skipped.
func ParseInfo(line string, i *Info) {
	f := strings.Fields(line)
	if len(f) == 0 || f[0] != "info" {
		return
	}
	num := func(k int) int64 {
		if k >= len(f) {
			return 0
		}
		n, _ := strconv.ParseInt(f[k], 10, 64)
		return n
	}
	for k := 1; k < len(f); k++ {
		switch f[k] {
		case "depth":
			i.Depth = int(min(max(num(k+1), 0), 1<<20))
			k++
		case "nodes":
			i.Nodes = max(num(k+1), 0)
			k++
		case "time":
			i.Time = time.Duration(min(max(num(k+1), 0), maxMillis)) * time.Millisecond
			k++
		case "score":
			if k+2 < len(f) {
				n := int(min(max(num(k+2), -1e6), 1e6))
				switch f[k+1] {
				case "cp":
					i.Score, i.Mate, i.HasScore = n, 0, true
				case "mate":
					i.Mate, i.HasScore = n, true
					if n == 0 {
						i.Mate = -1 // mated now
					}
				}
				k += 2
			}
		case "pv":
			i.PV = append([]string(nil), f[k+1:]...)
			return
		case "string":
			return // the rest is text
		}
	}
}

// ParseBestMove reads a bestmove line: the move and the move to ponder
// on, if given.
func ParseBestMove(line string) (best, ponder string, ok bool) {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		return "", "", false
	}
	if len(f) >= 4 && f[2] == "ponder" {
		ponder = f[3]
	}
	return f[1], ponder, true
}
