// Package notation writes and reads game records of engine games in the
// notations players use: the universal notation's record format of ludus,
// PGN with standard algebraic moves for chess-like games, SGF, and PDN for
// draughts.
//
// A record is an engine.Record: tags and a tree of moves written in the
// universal notation, whose first child goes on with the main line. An
// Encoder turns it into text, replaying its moves from the position they
// start from; a Decoder reads text back into a record by matching what
// it reads with the legal moves of that position, so that every record a
// decoder returns is legal and in the universal notation, whatever the
// notation it came from.
//
// Tags are shared across notations by name: "Event", "Site", "Date" (in
// PGN's form 2006.01.02), "Round", "Game" (the game's name), "Result" and,
// for each player, a tag named after the player ("White", "Black", "X")
// naming who played it (or else "Player1", "Player2", as the arena's
// records name seats). "Result" holds a result in any of the forms the
// notations use ("1-0", "0-1", "1/2-1/2", "*", "B+R", "W+7.5", "0"); each
// encoder writes it in its own form, and the end of a main line whose
// game is over has the last word.
package notation

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ludus-games/ludus/engine"
)

// Encoder writes game records in one notation.
type Encoder interface {
	// Encode writes rec, whose moves are played from start; start is
	// left as it was.
	Encode(w io.Writer, start *engine.State, rec *engine.Record) error
}

// Decoder reads game records in one notation.
type Decoder interface {
	// Decode reads the first game record of r, whose moves are played
	// from start, into a record of moves in the universal notation;
	// start is left as it was.
	Decode(r io.Reader, start *engine.State) (*engine.Record, error)
}

// ErrUnsupported matches, with errors.Is, the error of an encoder or a
// decoder given a game its notation cannot write (PGN for tic-tac-toe);
// the error's own text says why.
var ErrUnsupported = errors.New("the notation cannot write this game")

// unsupported is an error that says why a notation cannot write a game.
type unsupported string

func (e unsupported) Error() string        { return string(e) }
func (e unsupported) Is(target error) bool { return target == ErrUnsupported }

func unsupportedf(format string, args ...any) error {
	return unsupported(fmt.Sprintf(format, args...))
}

// Format is a notation: its name, the file extension and media type of
// its files, and the encoder and decoder of its records.
type Format struct {
	Name      string // "ludus", "pgn", "sgf", "pdn"
	Ext       string // with the dot: ".pgn"
	MediaType string // for HTTP: "application/x-chess-pgn"
	encode    func(w io.Writer, start *engine.State, rec *engine.Record) error
	decode    func(r io.Reader, start *engine.State) (*engine.Record, error)
	tags      func(r io.Reader) ([][2]string, error)
	writes    func(g *engine.Game) error // nil: every game
}

// Writes reports why the format cannot write records of g, an error that
// matches ErrUnsupported, or nil when it can: a program offers a game's
// records in the formats that write it, without encoding one first.
func (f Format) Writes(g *engine.Game) error {
	if f.encode == nil {
		return fmt.Errorf("no record format (use one of notation.Formats)")
	}
	if f.writes == nil {
		return nil
	}
	return f.writes(g)
}

// Encode writes rec in the format (see Encoder).
func (f Format) Encode(w io.Writer, start *engine.State, rec *engine.Record) error {
	if f.encode == nil {
		return fmt.Errorf("no record format (use one of notation.Formats)")
	}
	if start == nil && f.Name != Universal.Name {
		return fmt.Errorf("%s: no start position", f.Name)
	}
	return f.encode(w, start, rec)
}

// Decode reads a record in the format (see Decoder).
func (f Format) Decode(r io.Reader, start *engine.State) (*engine.Record, error) {
	if f.decode == nil {
		return nil, fmt.Errorf("no record format (use one of notation.Formats)")
	}
	if start == nil {
		return nil, fmt.Errorf("%s: no start position", f.Name)
	}
	return f.decode(r, start)
}

// Tags reads the tags of the first record of r without knowing its game:
// every tag of the universal format, PGN and PDN; in SGF the game's name,
// event, round, place and date. A caller learns from them which game to
// decode the record with (the File tag that ludus writes).
func (f Format) Tags(r io.Reader) ([][2]string, error) {
	if f.tags == nil {
		return nil, fmt.Errorf("no record format (use one of notation.Formats)")
	}
	return f.tags(r)
}

// The formats. Universal is the record format of the universal notation
// (see WriteRecord); PGN writes chess-like games with standard algebraic
// moves; SGF writes any game, drops on a grid as points; PDN writes
// draughts with numbered squares.
var (
	Universal = Format{Name: "ludus", Ext: ".txt", MediaType: "text/plain; charset=utf-8", encode: encodeUniversal, decode: decodeUniversal, tags: universalTags}
	PGN       = Format{Name: "pgn", Ext: ".pgn", MediaType: "application/x-chess-pgn", encode: encodePGN, decode: decodePGN, tags: movetextTags, writes: ChessLike}
	SGF       = Format{Name: "sgf", Ext: ".sgf", MediaType: "application/x-go-sgf", encode: encodeSGF, decode: decodeSGF, tags: sgfTags}
	PDN       = Format{Name: "pdn", Ext: ".pdn", MediaType: "application/x-draughts-pdn", encode: encodePDN, decode: decodePDN, tags: movetextTags, writes: draughtsWrites}
)

// Every format is an encoder and a decoder.
var _ interface {
	Encoder
	Decoder
} = Format{}

// Formats lists every format, the universal one first.
func Formats() []Format { return []Format{Universal, PGN, SGF, PDN} }

// Names returns the formats' names, for messages: "ludus, pgn, sgf or pdn".
func Names() string {
	var names []string
	for _, f := range Formats() {
		names = append(names, f.Name)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// ByName returns the format of that name ("" is the universal one).
func ByName(name string) (Format, error) {
	if name == "" {
		return Universal, nil
	}
	for _, f := range Formats() {
		if strings.EqualFold(name, f.Name) {
			return f, nil
		}
	}
	return Format{}, fmt.Errorf("unknown record format %q: want %s", name, Names())
}

// ByPath returns the format of a file by its extension: .pgn, .sgf and
// .pdn name theirs, any other the universal format.
func ByPath(path string) Format {
	ext := strings.ToLower(filepath.Ext(path))
	for _, f := range Formats()[1:] {
		if ext == f.Ext {
			return f
		}
	}
	return Universal
}

// ResultOf writes scores (1 a win, 0 a loss, 1/2 a draw) as the Result tag
// of a two-player game: "1-0", "0-1" or "1/2-1/2"; "*" for other games.
func ResultOf(scores []float64) string {
	if len(scores) != 2 {
		return "*"
	}
	return outcomeOf(scores).pgn()
}

// MoveWriter writes a legal move of s in a notation.
type MoveWriter func(s *engine.State, m *engine.Move) (string, error)

// Moves returns the writer of single moves of g in the format's own
// notation, as its records write them: standard algebraic moves for PGN
// (Nf3, exd5, O-O, e8=Q+), numbered squares for PDN (32-28, 28x19x10),
// points for SGF (a drop on the grid: ee; a pass: the empty string), and
// the universal notation. A move list shows the moves as players write
// them with it. It is an ErrUnsupported error when the format cannot
// write g (see Writes).
func (f Format) Moves(g *engine.Game) (MoveWriter, error) {
	if err := f.Writes(g); err != nil {
		return nil, err
	}
	switch f.Name {
	case PGN.Name:
		return san, nil
	case PDN.Name:
		d, err := draughtsOf(g)
		if err != nil {
			return nil, err
		}
		return d.write, nil
	case SGF.Name:
		return sgfGameOf(g).value, nil
	}
	return func(s *engine.State, m *engine.Move) (string, error) { return s.Notation(m), nil }, nil
}
