package main

import (
	"fmt"
	"io"
	"os"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/internal/atomicfile"
)

// Game records are written and read in the notation their file's
// extension names: .pgn, .sgf, .pdn, and any other the universal
// notation's record format (engine/notation).

// recordTags reads the tags of the record at path, which need no game:
// the File tag names the rules file to read the record with.
func recordTags(path string) (*engine.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tags, err := notation.ByPath(path).Tags(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &engine.Record{Tags: tags}, nil
}

// loadGameRecord reads the record at path whose moves start from start. A
// record in the universal format keeps its moves as written, for Replay
// to check; the others are read by matching the legal moves.
func loadGameRecord(path string, start *engine.State) (*engine.Record, error) {
	format := notation.ByPath(path)
	if format.Name == notation.Universal.Name {
		return notation.LoadRecord(path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rec, err := format.Decode(f, start)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return rec, nil
}

// fromRecord returns where rec's moves start: the position its Position
// tag sets up (a game started from a position), or start.
func fromRecord(rec *engine.Record, start *engine.State) (*engine.State, error) {
	if rec.Tag("Position") == "" {
		return start, nil
	}
	return rec.Start(start.Game())
}

// saveGameRecord writes rec, whose moves start from start, to path.
func saveGameRecord(path string, start *engine.State, rec *engine.Record) error {
	format := notation.ByPath(path)
	return atomicfile.Write(path, func(w io.Writer) error {
		return format.Encode(w, start, rec)
	})
}

// checkRecordFormat refuses, before a game is played, a record file
// whose notation cannot write the game (a .pgn of tic-tac-toe).
func checkRecordFormat(path string, start *engine.State) error {
	if err := notation.ByPath(path).Encode(io.Discard, start, &engine.Record{}); err != nil {
		return fmt.Errorf("--record %s: %w", path, err)
	}
	return nil
}
