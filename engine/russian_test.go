package engine_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/internal/testenv"
)

// The Russian draughts of games/russian-draughts.zrf written directly, as
// its players state the rules, to check the rules file by perft where the
// published table stops (depth 9) or may disagree: men step forward and
// capture both ways; kings fly, and after a capture land where they can go
// on capturing if any such square exists; a man crowned in the middle of
// a capture goes on as a king; captured pieces are lifted at the end of the
// move, so they block and are never taken twice; capturing is compulsory,
// any chain may be chosen; a player without a move loses.
type rusBoard [8][8]int8 // [rank][file]: 1 a White man, 2 a White king, -1 and -2 Black's

var rusDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

func rusOn(r, c int) bool { return r >= 0 && r < 8 && c >= 0 && c < 8 }

// rusChain follows the capture chains of one piece; the squares of the
// pieces it has taken so far are in taken.
type rusChain struct {
	b     *rusBoard
	side  int8
	taken uint64
	out   []rusBoard
}

// jump finds the capture of a piece at (r, c) in direction d: the square
// of the enemy taken and the squares it may land on.
func (ch *rusChain) jump(r, c int, king bool, d [2]int) (victim [2]int, lands [][2]int) {
	rr, cc := r+d[0], c+d[1]
	if king {
		for rusOn(rr, cc) && ch.b[rr][cc] == 0 {
			rr, cc = rr+d[0], cc+d[1]
		}
	}
	if !rusOn(rr, cc) || ch.b[rr][cc]*ch.side >= 0 || ch.taken&(1<<(rr*8+cc)) != 0 {
		return victim, nil
	}
	for lr, lc := rr+d[0], cc+d[1]; rusOn(lr, lc) && ch.b[lr][lc] == 0; lr, lc = lr+d[0], lc+d[1] {
		lands = append(lands, [2]int{lr, lc})
		if !king {
			break
		}
	}
	return [2]int{rr, cc}, lands
}

func (ch *rusChain) canCapture(r, c int, king bool) bool {
	for _, d := range rusDirs {
		if _, lands := ch.jump(r, c, king, d); lands != nil {
			return true
		}
	}
	return false
}

// follow adds every capture chain of the piece at (r, c) to ch.out.
func (ch *rusChain) follow(r, c int, king bool) {
	for _, d := range rusDirs {
		v, lands := ch.jump(r, c, king, d)
		bit := uint64(1) << (v[0]*8 + v[1])
		ch.taken |= bit
		var goOn [][2]int
		for _, l := range lands {
			crowned := king || l[0] == 7 && ch.side == 1 || l[0] == 0 && ch.side == -1
			if ch.canCapture(l[0], l[1], crowned) {
				goOn = append(goOn, l)
			}
		}
		for _, l := range lands {
			crowned := king || l[0] == 7 && ch.side == 1 || l[0] == 0 && ch.side == -1
			switch {
			case len(goOn) > 0 && ch.canCapture(l[0], l[1], crowned):
				ch.follow(l[0], l[1], crowned)
			case len(goOn) == 0:
				ch.end(l[0], l[1], crowned)
			}
		}
		ch.taken &^= bit
	}
}

func (ch *rusChain) end(r, c int, king bool) {
	nb := *ch.b
	for i := range 64 {
		if ch.taken&(1<<i) != 0 {
			nb[i/8][i%8] = 0
		}
	}
	nb[r][c] = ch.side
	if king {
		nb[r][c] *= 2
	}
	ch.out = append(ch.out, nb)
}

// moves lists the positions the side's moves lead to, one a move.
func (b *rusBoard) moves(side int8) []rusBoard {
	var out []rusBoard
	for r := range 8 {
		for c := range 8 {
			if p := b[r][c]; p*side > 0 {
				nb := *b
				nb[r][c] = 0
				ch := rusChain{b: &nb, side: side}
				ch.follow(r, c, p == 2 || p == -2)
				out = append(out, ch.out...)
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	for r := range 8 {
		for c := range 8 {
			p := b[r][c]
			if p*side <= 0 {
				continue
			}
			king := p == 2 || p == -2
			for _, d := range rusDirs {
				if !king && d[0] != int(side) {
					continue
				}
				for rr, cc := r+d[0], c+d[1]; rusOn(rr, cc) && b[rr][cc] == 0; rr, cc = rr+d[0], cc+d[1] {
					nb := *b
					nb[r][c], nb[rr][cc] = 0, p
					if !king && (rr == 7 || rr == 0) {
						nb[rr][cc] = 2 * side
					}
					out = append(out, nb)
					if !king {
						break
					}
				}
			}
		}
	}
	return out
}

func (b *rusBoard) perft(side int8, depth int) int64 {
	ms := b.moves(side)
	if depth == 1 {
		return int64(len(ms))
	}
	var n int64
	for i := range ms {
		n += ms[i].perft(-side, depth-1)
	}
	return n
}

// position writes the board in the engine's position format.
func (b *rusBoard) position(side int8) string {
	var white, black [2][]string // men, kings
	for r := range 8 {
		for c := range 8 {
			sq := fmt.Sprintf("%c%d", 'a'+c, r+1)
			switch b[r][c] {
			case 1:
				white[0] = append(white[0], sq)
			case 2:
				white[1] = append(white[1], sq)
			case -1:
				black[0] = append(black[0], sq)
			case -2:
				black[1] = append(black[1], sq)
			}
		}
	}
	pieces := func(ps [2][]string) string {
		var parts []string
		for i, name := range []string{"Man", "King"} {
			if len(ps[i]) > 0 {
				parts = append(parts, fmt.Sprintf("(%s %s)", name, strings.Join(ps[i], " ")))
			}
		}
		return strings.Join(parts, " ")
	}
	turn := "White"
	if side < 0 {
		turn = "Black"
	}
	return fmt.Sprintf("(position (turn %s) (White %s) (Black %s))", turn, pieces(white), pieces(black))
}

// TestRussianAgainstDirect counts the move tree of russian-draughts.zrf
// against the direct rules: from the start (LUDUS_LONG=1 to depth 10,
// past the published table, which says 22,461,267 there where both count
// 22,450,647), and from random positions with kings of both sides, where
// flying captures, crowning in a chain and "land to continue" meet.
func TestRussianAgainstDirect(t *testing.T) {
	g := bundled("russian-draughts.zrf")(t)
	var start rusBoard
	for r := range 8 {
		for c := range 8 {
			if (r+c)%2 == 0 && r < 3 {
				start[r][c] = 1
			} else if (r+c)%2 == 0 && r > 4 {
				start[r][c] = -1
			}
		}
	}
	depth := testenv.Pick(6, 10)
	got, err := engine.Perft(engine.NewState(g), depth)
	if want := start.perft(1, depth); err != nil || got != want {
		t.Fatalf("perft(%d) from the start = %d (%v), the direct rules count %d", depth, got, err, want)
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range testenv.Pick(60, 400) {
		b, side := randomRussian(rng), int8(1-2*(i%2))
		text := b.position(side)
		s, err := engine.ParsePosition(g, "random", []byte(text))
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		for d := 1; d <= 3; d++ {
			got, err := engine.Perft(s, d)
			if want := b.perft(side, d); err != nil || got != want {
				t.Fatalf("%s: perft(%d) = %d (%v), the direct rules count %d", text, d, got, err, want)
			}
		}
	}
}

// randomRussian places a few men and kings of each side on dark squares,
// men never on the rank where they would be crowned.
func randomRussian(rng *rand.Rand) rusBoard {
	var b rusBoard
	for _, side := range []int8{1, -1} {
		for range 2 + rng.IntN(7) {
			r, c := rng.IntN(8), rng.IntN(8)
			if (r+c)%2 != 0 || b[r][c] != 0 {
				continue
			}
			p := side
			if rng.IntN(3) == 0 || side == 1 && r == 7 || side == -1 && r == 0 {
				p = 2 * side
			}
			b[r][c] = p
		}
	}
	return b
}
