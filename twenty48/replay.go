package twenty48

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// ReplayOptions say how Replay shows a game.
type ReplayOptions struct {
	From, To int           // first and last position (move counts); To 0: the end
	Delay    time.Duration // pause between positions (animation)
	Clear    bool          // clear the terminal before each position
	Color    bool          // colour tiles with ANSI escapes
	// Step, when set, waits for a line on it before each position; "q"
	// stops the replay.
	Step io.Reader
}

// Replay shows the positions of a recorded game one after the other:
// the board after each move and its spawn, with the move and the score.
func Replay(ctx context.Context, w io.Writer, r *Record, opt ReplayOptions) error {
	last := len(r.Moves)
	if opt.To > 0 && opt.To < last {
		last = opt.To
	}
	if opt.From < 0 || opt.From > last {
		return fmt.Errorf("first position %d is not in 0..%d", opt.From, last)
	}
	var step *bufio.Reader
	if opt.Step != nil {
		step = bufio.NewReader(opt.Step)
	}
	board, score := r.Board(opt.From)
	for n := opt.From; n <= last; n++ {
		if n > opt.From {
			m := r.Moves[n-1]
			board, score = m.After, score+m.Gain
			if m.Spawn != nil {
				board[m.Spawn.Index] = m.Spawn.Value
			}
		}
		var sb strings.Builder
		if opt.Clear {
			sb.WriteString("\x1b[H\x1b[2J")
		}
		sb.WriteString(frameTitle(r, n, score))
		writeTiles(&sb, board, opt.Color)
		if _, err := io.WriteString(w, sb.String()+"\n"); err != nil {
			return err
		}
		if n == last {
			break
		}
		if step != nil {
			line, err := step.ReadString('\n')
			if strings.TrimSpace(line) == "q" || err != nil {
				return nil
			}
		} else if opt.Delay > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(opt.Delay):
			}
		}
	}
	return nil
}

func frameTitle(r *Record, n, score int) string {
	game := ""
	if r.Header != nil {
		game = fmt.Sprintf("game %d, ", r.Header.Game)
	}
	what := "start"
	if n > 0 {
		m := r.Moves[n-1]
		what = fmt.Sprintf("%s (+%d)", m.Move, m.Gain)
	}
	return fmt.Sprintf("%smove %d/%d: %s, score %d\n", game, n, len(r.Moves), what, score)
}

// ansiTile are 256-colour background codes near the original's colours.
var ansiTile = map[int]int{2: 255, 4: 230, 8: 215, 16: 209, 32: 203, 64: 196,
	128: 222, 256: 221, 512: 220, 1024: 214, 2048: 178}

func writeTiles(sb *strings.Builder, t [16]int, color bool) {
	for r := 0; r < 4; r++ {
		for c := 0; c < 4; c++ {
			v := t[4*r+c]
			cell := "     ."
			if v > 0 {
				cell = fmt.Sprintf("%6d", v)
			}
			if color && v > 0 {
				bg, ok := ansiTile[v]
				if !ok {
					bg = 237
				}
				fg := 231
				if v <= 4 {
					fg = 242
				}
				cell = fmt.Sprintf("\x1b[1;38;5;%d;48;5;%dm%s\x1b[0m", fg, bg, cell)
			}
			sb.WriteString(cell)
			if c < 3 {
				sb.WriteByte(' ')
			}
		}
		sb.WriteByte('\n')
	}
}

// FindRecord picks a game of a record file by its number (the header's
// game, which is its seed).
func FindRecord(recs []Record, game uint64, name string) (*Record, error) {
	for i := range recs {
		if recs[i].Header != nil && recs[i].Header.Game == game {
			return &recs[i], nil
		}
	}
	return nil, fmt.Errorf("%s: no game %d in the file (it has %s)", name, game, gameNumbers(recs))
}

// gameNumbers lists the games of a record file for a message: "game 7",
// "games 1001-1020" when they follow each other, or the first few.
func gameNumbers(recs []Record) string {
	var ns []uint64
	for _, r := range recs {
		if r.Header != nil {
			ns = append(ns, r.Header.Game)
		}
	}
	switch {
	case len(ns) == 0:
		return "no numbered games"
	case len(ns) == 1:
		return fmt.Sprintf("game %d", ns[0])
	}
	run := true
	for i := 1; i < len(ns); i++ {
		run = run && ns[i] == ns[i-1]+1
	}
	if run {
		return fmt.Sprintf("games %d-%d", ns[0], ns[len(ns)-1])
	}
	var parts []string
	for i, n := range ns {
		if i == 5 {
			parts = append(parts, "...")
			break
		}
		parts = append(parts, strconv.FormatUint(n, 10))
	}
	return "games " + strings.Join(parts, ", ")
}
