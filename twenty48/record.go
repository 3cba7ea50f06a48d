package twenty48

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
)

// A record file is JSON lines (docs/2048.md): for each game a header line,
// one line per move and a summary line. Only the move lines are required;
// a file of move lines alone is one game.

// RecordHeader opens a game.
type RecordHeader struct {
	Game   uint64  `json:"game"`
	Seed   uint64  `json:"seed"`
	Player string  `json:"player,omitempty"`
	Start  [16]int `json:"start"`
}

// RecordSpawn is the tile that appeared after a move.
type RecordSpawn struct {
	Index int `json:"index"`
	Value int `json:"value"`
}

// RecordMove is one move: boards row-major with row 0 at the top, 0 for
// empty; After is the board after the slide and merges, before the spawn.
type RecordMove struct {
	Before [16]int      `json:"before"`
	Move   string       `json:"move"`
	After  [16]int      `json:"after"`
	Gain   int          `json:"gain"`
	Spawn  *RecordSpawn `json:"spawn,omitempty"`
}

// RecordSummary closes a game.
type RecordSummary struct {
	Game    uint64 `json:"game"`
	Score   int    `json:"score"`
	Moves   int    `json:"moves"`
	MaxTile int    `json:"max_tile"`
	Over    bool   `json:"over"`
}

// Record is one game read from a record file.
type Record struct {
	Header  *RecordHeader // nil when the file has none
	Moves   []RecordMove
	Summary *RecordSummary // nil when the file has none
	Line    int            // line of the game's first line
}

// moveRecord turns a Step into its record line.
func moveRecord(st Step) RecordMove {
	r := RecordMove{Before: st.BeforeTiles, Move: st.Move.String(), After: st.After, Gain: st.Gain}
	if st.SpawnValue != 0 {
		r.Spawn = &RecordSpawn{Index: st.SpawnCell, Value: st.SpawnValue}
	}
	return r
}

// appendJSONLine appends v as one line of JSON.
func appendJSONLine(buf *bytes.Buffer, v any) error {
	data, err := json.Marshal(v)
	if err != nil {
		return err
	}
	buf.Write(data)
	buf.WriteByte('\n')
	return nil
}

// Start returns the board before the first move.
func (r *Record) Start() [16]int {
	if r.Header != nil {
		return r.Header.Start
	}
	if len(r.Moves) > 0 {
		return r.Moves[0].Before
	}
	return [16]int{}
}

// Board returns the board after n moves and their spawns (0: the start;
// n past the last move: the final board) and the score at that point.
func (r *Record) Board(n int) (board [16]int, score int) {
	board = r.Start()
	for i := 0; i < n && i < len(r.Moves); i++ {
		board = r.Moves[i].After
		score += r.Moves[i].Gain
		if sp := r.Moves[i].Spawn; sp != nil {
			board[sp.Index] = sp.Value
		}
	}
	return board, score
}

// Score returns the final score.
func (r *Record) Score() int {
	_, s := r.Board(len(r.Moves))
	return s
}

// rawLine holds any line of a record file; the keys present say which kind
// it is.
type rawLine struct {
	Before  []int        `json:"before"`
	Move    *string      `json:"move"`
	After   []int        `json:"after"`
	Gain    *int         `json:"gain"`
	Spawn   *RecordSpawn `json:"spawn"`
	Start   []int        `json:"start"`
	Game    *uint64      `json:"game"`
	Seed    uint64       `json:"seed"`
	Player  string       `json:"player"`
	Score   *int         `json:"score"`
	Moves   *int         `json:"moves"`
	MaxTile *int         `json:"max_tile"`
	Over    bool         `json:"over"`
}

// maxRecordLine bounds a line, so that a file with no newlines cannot make
// the reader swallow it whole.
const maxRecordLine = 1 << 16

// ReadRecords reads and checks a record file: every board must hold tiles,
// every move must be legal and give the recorded board and gain, every
// spawn must go to an empty cell, each move must start from the previous
// board plus its spawn, and summaries must agree with the moves. name is
// used in errors, which give the line number.
func ReadRecords(r io.Reader, name string) ([]Record, error) {
	rd := &recordReader{name: name}
	br := bufio.NewReaderSize(r, maxRecordLine)
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			rd.line++
			return nil, rd.errorf("line longer than %d bytes", maxRecordLine)
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if len(line) > 0 {
			rd.line++
			line = bytes.Clone(line) // Peek may reuse the buffer
			last := errors.Is(err, io.EOF)
			if !last {
				_, perr := br.Peek(1)
				last = errors.Is(perr, io.EOF)
			}
			if err := rd.parse(bytes.TrimSpace(line), last); err != nil {
				return nil, err
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
	}
	return rd.finish()
}

type recordReader struct {
	name    string
	line    int
	records []Record
	cur     *Record
	closed  bool    // cur has its summary
	board   [16]int // cur's board after its last move and spawn
	score   int
}

// open starts a new game in the file.
func (rd *recordReader) open(r Record) {
	rd.records = append(rd.records, r)
	rd.cur, rd.closed = &rd.records[len(rd.records)-1], false
	rd.board, rd.score = r.Start(), 0
}

func (rd *recordReader) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", rd.name, rd.line, fmt.Sprintf(format, args...))
}

func (rd *recordReader) parse(line []byte, last bool) error {
	if len(line) == 0 {
		return nil
	}
	var raw rawLine
	if err := json.Unmarshal(line, &raw); err != nil {
		if last {
			return rd.errorf("truncated or malformed last line: %v", err)
		}
		return rd.errorf("malformed line: %v", err)
	}
	switch {
	case raw.Move != nil:
		return rd.move(&raw)
	case raw.Start != nil:
		return rd.header(&raw)
	case raw.Score != nil:
		return rd.summary(&raw)
	}
	return rd.errorf(`line is neither a move ("move"), a header ("start") nor a summary ("score")`)
}

func (rd *recordReader) header(raw *rawLine) error {
	if rd.cur != nil && !rd.closed {
		return rd.errorf("new game starts but the game of line %d has no summary (truncated?)", rd.cur.Line)
	}
	start, err := tilesOf(raw.Start, "start")
	if err != nil {
		return rd.errorf("%v", err)
	}
	h := &RecordHeader{Seed: raw.Seed, Player: raw.Player, Start: start}
	if raw.Game != nil {
		h.Game = *raw.Game
	}
	rd.open(Record{Header: h, Line: rd.line})
	return nil
}

func (rd *recordReader) move(raw *rawLine) error {
	if rd.cur == nil || rd.closed {
		if rd.closed && rd.cur.Header != nil {
			return rd.errorf("move after the summary of the game of line %d", rd.cur.Line)
		}
		rd.open(Record{Line: rd.line})
		if b, err := tilesOf(raw.Before, "before"); err == nil {
			rd.board = b // a file without header starts where its first move does
		}
	}
	m, err := checkMove(raw, rd.board)
	if err == nil && len(rd.cur.Moves) > 0 && rd.cur.Moves[len(rd.cur.Moves)-1].Spawn == nil {
		err = errors.New("a move follows a move that spawned nothing")
	}
	if err != nil {
		return rd.errorf("move %d: %v", len(rd.cur.Moves)+1, err)
	}
	rd.cur.Moves = append(rd.cur.Moves, m)
	rd.board, rd.score = m.After, rd.score+m.Gain
	if m.Spawn != nil {
		rd.board[m.Spawn.Index] = m.Spawn.Value
	}
	return nil
}

func (rd *recordReader) summary(raw *rawLine) error {
	if rd.cur == nil || rd.closed {
		return rd.errorf("summary without a game")
	}
	r := rd.cur
	board, score := rd.board, rd.score
	s := &RecordSummary{Score: *raw.Score, Over: raw.Over}
	if raw.Game != nil {
		s.Game = *raw.Game
	}
	if raw.Moves != nil {
		s.Moves = *raw.Moves
	}
	if raw.MaxTile != nil {
		s.MaxTile = *raw.MaxTile
	}
	maxTile := 0
	for _, v := range board {
		maxTile = max(maxTile, v)
	}
	switch {
	case s.Score != score:
		return rd.errorf("summary score %d, but the moves score %d", s.Score, score)
	case raw.Moves != nil && s.Moves != len(r.Moves):
		return rd.errorf("summary says %d moves, the game has %d", s.Moves, len(r.Moves))
	case raw.MaxTile != nil && s.MaxTile != maxTile:
		return rd.errorf("summary max tile %d, the final board's is %d", s.MaxTile, maxTile)
	case s.Over && !finished(board, legacyEnd(r.Moves)):
		return rd.errorf("summary says the game is over, but a move is still legal")
	}
	r.Summary, rd.closed = s, true
	return nil
}

func (rd *recordReader) finish() ([]Record, error) {
	if rd.cur != nil && !rd.closed && rd.cur.Header != nil {
		return nil, fmt.Errorf("%s:%d: the game of line %d ends without a summary (truncated?)",
			rd.name, rd.line, rd.cur.Line)
	}
	if len(rd.records) == 0 {
		return nil, fmt.Errorf("%s: no games in the file", rd.name)
	}
	return rd.records, nil
}

// legacyEnd reports whether a game ends as ludus's records did before
// games went on past 65536: with a move that made the 65536 and spawned
// nothing.
func legacyEnd(moves []RecordMove) bool {
	if len(moves) == 0 || moves[len(moves)-1].Spawn != nil {
		return false
	}
	return slices.Contains(moves[len(moves)-1].After[:], 65536)
}

// finished reports whether no move changes the board, or the game ended
// as older records end a game at 65536 (legacy).
func finished(board [16]int, legacy bool) bool {
	if legacy {
		return true
	}
	for _, m := range Moves {
		if after, _ := SlideTiles(board, m); after != board {
			return false
		}
	}
	return true
}

// checkMove checks one move line against the rules and the board it must
// start from.
func checkMove(raw *rawLine, board [16]int) (RecordMove, error) {
	var m RecordMove
	var err error
	if m.Before, err = tilesOf(raw.Before, "before"); err != nil {
		return m, err
	}
	if m.After, err = tilesOf(raw.After, "after"); err != nil {
		return m, err
	}
	if raw.Gain == nil {
		return m, errors.New(`missing "gain"`)
	}
	m.Move, m.Gain, m.Spawn = *raw.Move, *raw.Gain, raw.Spawn
	mv, err := ParseMove(m.Move)
	if err != nil {
		return m, err
	}
	if m.Before != board {
		return m, fmt.Errorf(`"before" %v is not the previous board plus its spawn %v`, m.Before, board)
	}
	after, gain := SlideTiles(m.Before, mv)
	switch {
	case after == m.Before:
		return m, fmt.Errorf("illegal move: %s changes nothing", m.Move)
	case after != m.After:
		return m, fmt.Errorf(`"after" %v, but %s gives %v`, m.After, m.Move, after)
	case gain != m.Gain:
		return m, fmt.Errorf(`"gain" %d, but %s scores %d`, m.Gain, m.Move, gain)
	}
	if sp := m.Spawn; sp != nil {
		if sp.Index < 0 || sp.Index > 15 {
			return m, fmt.Errorf("spawn index %d is not a cell (0-15)", sp.Index)
		}
		if sp.Value != 2 && sp.Value != 4 {
			return m, fmt.Errorf("spawn value %d (want 2 or 4)", sp.Value)
		}
		if m.After[sp.Index] != 0 {
			return m, fmt.Errorf("spawn on cell %d, which holds %d", sp.Index, m.After[sp.Index])
		}
	}
	return m, nil
}

// tilesOf checks that a board has 16 tile values.
func tilesOf(v []int, key string) ([16]int, error) {
	var t [16]int
	if v == nil {
		return t, fmt.Errorf("missing %q", key)
	}
	if len(v) != 16 {
		return t, fmt.Errorf("%q has %d cells, want 16", key, len(v))
	}
	for i, x := range v {
		if _, err := rankOf(x); err != nil {
			return t, fmt.Errorf("%q cell %d: %v", key, i, err)
		}
		t[i] = x
	}
	return t, nil
}
