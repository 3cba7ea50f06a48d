package notation_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
)

// fuzzDecoder reads arbitrary text with format f from the start of game:
// no panic, and a record that reads is written, read back to the same
// moves, and written again to the same text.
func fuzzDecoder(f *testing.F, format notation.Format, game string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	g := open(f, game, "")
	f.Fuzz(func(t *testing.T, text string) {
		start := engine.NewState(g)
		rec, err := format.Decode(strings.NewReader(text), start)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := format.Encode(&out, start, rec); err != nil {
			t.Fatalf("a record read does not write: %v", err)
		}
		back, err := format.Decode(bytes.NewReader(out.Bytes()), start)
		if err != nil {
			t.Fatalf("written record does not read back: %v\n%s", err, out.String())
		}
		if !reflect.DeepEqual(moves(&back.Root), moves(&rec.Root)) {
			t.Fatalf("moves changed on the way back:\n%s", out.String())
		}
		var again bytes.Buffer
		if err := format.Encode(&again, start, back); err != nil || again.String() != out.String() {
			t.Fatalf("written again differently (%v):\n%s\nthen\n%s", err, out.String(), again.String())
		}
	})
}

func FuzzDecodeUniversal(f *testing.F) {
	fuzzDecoder(f, notation.Universal, "checkers",
		"[Game \"Checkers\"]\n1. c3 - d4 man-step ne\n2. f6 - e5 man-step ne\n(\n  2. b6 - a5 man-step ne\n)\n3. + d4 x f6 man-jump ne +\n")
}

func FuzzDecodePGN(f *testing.F) {
	fuzzDecoder(f, notation.PGN, "chess",
		"[Event \"?\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
		"1. e4 e5 2. Nf3 d6 (2... Nc6 3. Bc4 {a comment} (3. Bb5 a6) 3... Nf6) 3. d4 $1 Bg4 *",
		"1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O 0-0-0 *")
}

func FuzzDecodeSGF(f *testing.F) {
	fuzzDecoder(f, notation.SGF, "go",
		"(;FF[4]GM[1]SZ[9]KM[7.5];B[ee];W[cc];B[];W[])",
		"(;FF[4]GM[1]SZ[9]PB[A\\]b]DT[2026-11-03];B[ee]\n(;W[cc];B[gc])\n(;W[gg]C[x];B[cg]))",
		"(;B[e5 drop Black Stone];W[tt])")
}

func FuzzDecodePDN(f *testing.F) {
	fuzzDecoder(f, notation.PDN, "international-draughts",
		"[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 (2... 13x24) 3. 33-28 *\n",
		"1. d4-e5 19-23 2. 28x19 14x23 2-0")
}
