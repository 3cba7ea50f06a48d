package twenty48

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/ludus-games/ludus/internal/atomicfile"
)

// A results file is JSON lines: a header with the run's settings, then one
// GameResult per finished game. It is rewritten atomically after every
// game, so an interrupted run loses at most the games in progress.

const resultsKind = "ludus 2048 results"

type resultsHeader struct {
	Kind   string    `json:"results"`
	Config RunConfig `json:"config"`
}

type resultsFile struct {
	path   string
	header resultsHeader
	games  []GameResult
}

// openResults loads a results file, or starts an empty one if there is
// none. A file written with other settings (player, seed, move limit) is an
// error: its games would not be the games asked for.
func openResults(path string, cfg RunConfig) (*resultsFile, error) {
	rf := &resultsFile{path: path, header: resultsHeader{Kind: resultsKind, Config: cfg}}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return rf, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, hdr, err := readResults(f, path)
	if err != nil {
		return nil, err
	}
	if marshalConfig(hdr.Config) != marshalConfig(cfg) {
		return nil, fmt.Errorf("%s: written with other settings %s; these are %s (use another file)",
			path, marshalConfig(hdr.Config), marshalConfig(cfg))
	}
	rf.games = games
	return rf, nil
}

// ReadResults reads a results file: the settings of its run and its games.
func ReadResults(r io.Reader, name string) ([]GameResult, RunConfig, error) {
	games, hdr, err := readResults(r, name)
	return games, hdr.Config, err
}

func readResults(r io.Reader, name string) ([]GameResult, resultsHeader, error) {
	var hdr resultsHeader
	var games []GameResult
	seen := map[uint64]bool{}
	sc := bufio.NewScanner(r)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if len(text) == 0 {
			continue
		}
		if line == 1 {
			if err := json.Unmarshal(text, &hdr); err != nil || hdr.Kind != resultsKind {
				return nil, hdr, fmt.Errorf("%s:1: not a 2048 results file (header %.60q)", name, text)
			}
			continue
		}
		var g GameResult
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&g); err != nil {
			return nil, hdr, fmt.Errorf("%s:%d: malformed game result: %v", name, line, err)
		}
		if seen[g.Game] {
			return nil, hdr, fmt.Errorf("%s:%d: game %d appears twice", name, line, g.Game)
		}
		seen[g.Game] = true
		games = append(games, g)
	}
	if err := sc.Err(); err != nil {
		return nil, hdr, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	if line == 0 {
		return nil, hdr, fmt.Errorf("%s: empty results file", name)
	}
	return games, hdr, nil
}

// add records a finished game and rewrites the file.
func (rf *resultsFile) add(g GameResult) error {
	rf.games = append(rf.games, g)
	return atomicfile.Write(rf.path, func(w io.Writer) error { return writeResults(w, rf.header.Config, rf.games) })
}

// writeResults writes a results file: the header, then the games.
func writeResults(w io.Writer, cfg RunConfig, games []GameResult) error {
	enc := json.NewEncoder(w)
	if err := enc.Encode(resultsHeader{Kind: resultsKind, Config: cfg}); err != nil {
		return err
	}
	for _, g := range games {
		if err := enc.Encode(g); err != nil {
			return err
		}
	}
	return nil
}
