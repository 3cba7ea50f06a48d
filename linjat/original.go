package linjat

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
)

// Level is one entry of a level collection in the original game's JSON
// format: rows as strings (space empty, '.' dot, digit number), an optional
// message, and the original collection score. Puzzle is nil for the entry
// that closes each difficulty ("you've solved all available puzzles").
type Level struct {
	Puzzle  *Puzzle
	Message string
	Score   float64
	// Classification is the original solver's rating: layers and widest
	// layer by its rule names ("cover", "cant_fit", "square", "dep",
	// "one_of", "all", ...).
	Classification map[string]RuleUse
}

// Collection is a set of levels by difficulty ("easy", "expert", ...), as in
// the original game's puzzles.json.
type Collection map[string][]Level

// Names returns the difficulties of c in a fixed order: tutorial, easy,
// medium, hard, expert, then any others alphabetically.
func (c Collection) Names() []string {
	rank := map[string]int{"tutorial": 0, "easy": 1, "medium": 2, "hard": 3, "expert": 4}
	var names []string
	for k := range c {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		ri, oki := rank[names[i]]
		rj, okj := rank[names[j]]
		if oki != okj {
			return oki
		}
		if ri != rj {
			return ri < rj
		}
		return names[i] < names[j]
	})
	return names
}

// ReadCollection parses a level collection in the original game's JSON
// format; name prefixes errors.
func ReadCollection(r io.Reader, name string) (Collection, error) {
	var raw map[string][]struct {
		Puzzle  []string        `json:"puzzle"`
		Message string          `json:"message"`
		Score   json.RawMessage `json:"score"`
		Class   map[string]struct {
			Depth json.RawMessage `json:"depth"`
			Width json.RawMessage `json:"max_width"`
		} `json:"classification"`
	}
	if err := json.NewDecoder(r).Decode(&raw); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	c := Collection{}
	for diff, entries := range raw {
		levels := make([]Level, len(entries))
		for i, e := range entries {
			levels[i].Message = e.Message
			levels[i].Score = parseLooseNumber(e.Score)
			if e.Class != nil {
				levels[i].Classification = map[string]RuleUse{}
				for k, u := range e.Class {
					levels[i].Classification[k] = RuleUse{Steps: int(parseLooseNumber(u.Depth)),
						Width: int(parseLooseNumber(u.Width))}
				}
			}
			if e.Puzzle == nil {
				continue
			}
			p, err := FromOriginalRows(e.Puzzle)
			if err != nil {
				return nil, fmt.Errorf("%s: %s level %d: %w", name, diff, i+1, err)
			}
			levels[i].Puzzle = p
		}
		c[diff] = levels
	}
	return c, nil
}

// parseLooseNumber reads a JSON number or a string holding one (the original
// data has both); anything else is 0.
func parseLooseNumber(raw json.RawMessage) float64 {
	var f float64
	if json.Unmarshal(raw, &f) == nil {
		return f
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		f, _ = strconv.ParseFloat(s, 64)
	}
	return f
}

// FromOriginalRows converts rows of the original game's format (space empty,
// '.' dot, '1'-'9' number) to a puzzle.
func FromOriginalRows(rows []string) (*Puzzle, error) {
	if len(rows) == 0 {
		return nil, fmt.Errorf("no rows")
	}
	p := New(len(rows), len(rows[0]))
	for r, row := range rows {
		if len(row) != p.Cols {
			return nil, fmt.Errorf("row %d has %d cells, want %d", r+1, len(row), p.Cols)
		}
		for c := 0; c < len(row); c++ {
			switch ch := row[c]; {
			case ch == ' ':
			case ch == '.':
				p.Set(r, c, Dot)
			case ch >= '1' && ch <= '9':
				p.Set(r, c, int(ch-'0'))
			default:
				return nil, fmt.Errorf("row %d, column %d: unexpected %q", r+1, c+1, rune(ch))
			}
		}
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}
