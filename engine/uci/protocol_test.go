package uci_test

import (
	"bufio"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/engine/uci"
)

func TestParseGo(t *testing.T) {
	for _, tt := range []struct {
		args string
		want uci.Limits
	}{
		{"movetime 250", uci.Limits{MoveTime: 250 * time.Millisecond}},
		{"wtime 60000 btime 50000 winc 1000 binc 1000 movestogo 20", uci.Limits{WTime: time.Minute, BTime: 50 * time.Second, WInc: time.Second, BInc: time.Second, MovesToGo: 20}},
		{"depth 6 nodes 1000", uci.Limits{Depth: 6, Nodes: 1000}},
		{"infinite", uci.Limits{Infinite: true}},
		{"ponder searchmoves e2e4 d2d4 movetime 5", uci.Limits{Ponder: true, MoveTime: 5 * time.Millisecond}},
		{"wtime -50", uci.Limits{}},
		{"", uci.Limits{}},
	} {
		got, err := uci.ParseGo(strings.Fields(tt.args))
		if err != nil || got != tt.want {
			t.Errorf("go %s: %+v (%v), want %+v", tt.args, got, err, tt.want)
		}
		if err == nil && tt.args != "" {
			again, _ := uci.ParseGo(got.Args())
			if again != got {
				t.Errorf("go %s: written as %v, read back as %+v", tt.args, got.Args(), again)
			}
		}
	}
	for _, bad := range []string{"movetime", "depth x", "wtime 1e3"} {
		if _, err := uci.ParseGo(strings.Fields(bad)); err == nil {
			t.Errorf("go %s read", bad)
		}
	}
}

func TestParsePosition(t *testing.T) {
	for _, tt := range []struct {
		args string
		want uci.Position
	}{
		{"startpos", uci.Position{}},
		{"startpos moves e2e4 e7e5", uci.Position{Moves: []string{"e2e4", "e7e5"}}},
		{"fen " + startFEN + " moves e2e4", uci.Position{FEN: startFEN, Moves: []string{"e2e4"}}},
		{"fen 4k3/8/8/8/8/8/8/4K3 w - -", uci.Position{FEN: "4k3/8/8/8/8/8/8/4K3 w - -"}},
	} {
		got, err := uci.ParsePosition(strings.Fields(tt.args))
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("position %s: %+v (%v), want %+v", tt.args, got, err, tt.want)
		}
		if got.String() != "position "+tt.args {
			t.Errorf("position %s written as %q", tt.args, got.String())
		}
	}
	for _, bad := range []string{"", "fen", "fen moves e2e4", "startpos e2e4", "kiwipete"} {
		if _, err := uci.ParsePosition(strings.Fields(bad)); err == nil {
			t.Errorf("position %s read", bad)
		}
	}
}

func TestParseInfo(t *testing.T) {
	var i uci.Info
	uci.ParseInfo("info depth 12 seldepth 18 multipv 1 score cp -35 nodes 123456 nps 900000 time 137 pv e7e5 g1f3", &i)
	if i.Depth != 12 || i.Score != -35 || !i.HasScore || i.Nodes != 123456 || i.Time != 137*time.Millisecond || len(i.PV) != 2 {
		t.Errorf("info: %+v", i)
	}
	if v := i.Value(); v >= 0.5 || v < 0.4 {
		t.Errorf("value of -35 cp: %v", v)
	}
	uci.ParseInfo("info depth 13 score mate 3 pv e7e5", &i)
	if i.Mate != 3 || i.Value() != 1 || i.Depth != 13 {
		t.Errorf("mate: %+v", i)
	}
	uci.ParseInfo("info string NNUE evaluation using nn.nnue depth 99", &i)
	if i.Depth != 13 {
		t.Errorf("info string changed the depth: %d", i.Depth)
	}
	best, ponder, ok := uci.ParseBestMove("bestmove e2e4 ponder e7e5")
	if !ok || best != "e2e4" || ponder != "e7e5" {
		t.Errorf("bestmove: %q %q %v", best, ponder, ok)
	}
	if _, _, ok := uci.ParseBestMove("bestmove"); ok {
		t.Error("bestmove without a move")
	}
}

// FuzzParseLines checks that any lines, as commands of a front-end or as
// an engine's output, are read without a panic, and that what reads as a
// go or position command writes back to the same.
func FuzzParseLines(f *testing.F) {
	for _, s := range []string{
		"position startpos moves e2e4 e7e5\ngo wtime 1000 btime 1000\n",
		"position fen " + startFEN + " moves e2e4\ngo infinite\nstop\n",
		"info depth 5 score mate -2 nodes 10 time 3 pv e2e4\nbestmove e2e4 ponder e7e5\n",
		"go movetime 99999999999999999999\n", "info score cp\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r := bufio.NewReader(strings.NewReader(in))
		var info uci.Info
		for range 100 {
			line, err := uci.ReadLine(r)
			if err != nil {
				return
			}
			fields := strings.Fields(line)
			uci.ParseInfo(line, &info)
			_ = info.Value()
			uci.ParseBestMove(line)
			if len(fields) == 0 {
				continue
			}
			switch fields[0] {
			case "go":
				if l, err := uci.ParseGo(fields[1:]); err == nil {
					if again, err := uci.ParseGo(l.Args()); err != nil || again != l {
						t.Fatalf("%q: %+v written as %v read back as %+v (%v)", line, l, l.Args(), again, err)
					}
				}
			case "position":
				if p, err := uci.ParsePosition(fields[1:]); err == nil {
					if again, err := uci.ParsePosition(strings.Fields(p.String())[1:]); err != nil || !reflect.DeepEqual(again, p) {
						t.Fatalf("%q: %+v read back as %+v (%v)", line, p, again, err)
					}
				}
			}
		}
	})
}
