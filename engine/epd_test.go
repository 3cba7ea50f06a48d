package engine_test

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/internal/shareddata"
	"github.com/ludus-games/ludus/internal/testenv"
)

var epdNames = map[byte]string{'p': "Pawn", 'n': "Knight", 'b': "Bishop", 'r': "Rook", 'q': "Queen", 'k': "King"}

// epdPosition converts the board, side, castling and en-passant fields of
// an EPD line into the position format of games/chess.zrf: kings and rooks
// that may no longer castle get never-moved? false.
func epdPosition(epd string) (string, error) {
	f := strings.Fields(epd)
	if len(f) < 4 {
		return "", fmt.Errorf("short EPD %q", epd)
	}
	pieces := map[string]map[string][]string{"White": {}, "Black": {}}
	rank := 8
	for _, row := range strings.Split(f[0], "/") {
		file := 0
		for i := 0; i < len(row); i++ {
			c := row[i]
			if c >= '1' && c <= '8' {
				file += int(c - '0')
				continue
			}
			player := "White"
			if c >= 'a' {
				player = "Black"
			} else {
				c += 'a' - 'A'
			}
			sq := fmt.Sprintf("%c%d", 'a'+file, rank)
			pieces[player][epdNames[c]] = append(pieces[player][epdNames[c]], sq)
			file++
		}
		rank--
	}
	var b strings.Builder
	turn := map[string]string{"w": "White", "b": "Black"}[f[1]]
	fmt.Fprintf(&b, "(turn %s)\n", turn)
	for _, pl := range []string{"White", "Black"} {
		fmt.Fprintf(&b, "(%s", pl)
		for _, t := range []string{"Pawn", "Knight", "Bishop", "Rook", "Queen", "King"} {
			if ps := pieces[pl][t]; len(ps) > 0 {
				fmt.Fprintf(&b, " (%s %s)", t, strings.Join(ps, " "))
			}
		}
		b.WriteString(")\n")
	}
	castle := map[string]bool{}
	for _, c := range f[2] {
		switch c {
		case 'K':
			castle["e1"], castle["h1"] = true, true
		case 'Q':
			castle["e1"], castle["a1"] = true, true
		case 'k':
			castle["e8"], castle["h8"] = true, true
		case 'q':
			castle["e8"], castle["a8"] = true, true
		}
	}
	var moved []string
	for _, pl := range []string{"White", "Black"} {
		for _, t := range []string{"Rook", "King"} {
			for _, sq := range pieces[pl][t] {
				if !castle[sq] {
					moved = append(moved, sq)
				}
			}
		}
	}
	if len(moved) > 0 {
		fmt.Fprintf(&b, "(attribute never-moved? false %s)\n", strings.Join(moved, " "))
	}
	if ep := f[3]; ep != "-" {
		file, r := ep[0], ep[1]
		from, to := "7", "5"
		if r == '3' {
			from, to = "2", "4"
		}
		fmt.Fprintf(&b, "(last-move %c%s %c%s)\n", file, from, file, to)
	}
	return b.String(), nil
}

type epdCase struct {
	epd    string
	counts []int64
}

func readEPD(t *testing.T) []epdCase {
	path := shareddata.Path(t, "engine", "perft", "chess.epd")
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var out []epdCase
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, ";")
		c := epdCase{epd: strings.TrimSpace(parts[0])}
		for _, p := range parts[1:] {
			var d int
			var n int64
			if _, err := fmt.Sscanf(strings.TrimSpace(p), "D%d %d", &d, &n); err == nil && d == len(c.counts)+1 {
				c.counts = append(c.counts, n)
			}
		}
		out = append(out, c)
	}
	return out
}

// TestChessEPD sets up the classic test positions (Kiwipete and
// positions 3 to 6) in the position format and checks their perft.
func TestChessEPD(t *testing.T) {
	g := game(t, "chess.zrf", "")
	// Leaf budget per position: about a second normally, minutes long.
	budget := int64(100000)
	if testenv.Long() {
		budget = 200000000
	}
	cases := readEPD(t)
	if len(cases) < 5 {
		t.Fatalf("chess.epd has %d positions", len(cases))
	}
	for i, c := range cases {
		t.Run(strconv.Itoa(i+1), func(t *testing.T) {
			text, err := epdPosition(c.epd)
			if err != nil {
				t.Fatal(err)
			}
			s, err := engine.ParsePosition(g, c.epd, []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			for d, want := range c.counts {
				if want > budget && d > 0 {
					break
				}
				n, err := engine.Perft(s, d+1)
				if err != nil {
					t.Fatal(err)
				}
				if n != want {
					t.Fatalf("%s: perft(%d) = %d, want %d", c.epd, d+1, n, want)
				}
			}
		})
	}
}
