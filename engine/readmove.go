package engine

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// ReadMove reads a move as a person types it: as ParseMove does, or
// failing that as the start of exactly one legal move ("b2" for "b2
// drop-on-empty X Mark", "e2 - e4" for "e2 - e4 pawn-push", "e2e4" too),
// so that nobody need write the names of the rules' programs. Several
// moves that start so are an error naming them.
func (p *Position) ReadMove(text string) (Ply, error) {
	ply, err := p.ParseMove(text)
	if err == nil {
		return ply, nil
	}
	want := moveWords(text)
	if len(want) == 0 {
		return ply, err
	}
	var found []Ply
	for _, m := range p.Moves(nil) {
		have := moveWords(p.Notation(m))
		if len(have) >= len(want) && slices.Equal(have[:len(want)], want) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return ply, err
	}
	var names []string
	for _, m := range found {
		names = append(names, p.Notation(m))
	}
	return ply, fmt.Errorf("%q could be any of %d moves: %s", text, len(found), strings.Join(names, ", "))
}

// moveWords splits a move into its words without the separators that do
// not tell moves apart ("-", "x", "+"), and splits run-together squares
// ("e2e4").
func moveWords(text string) []string {
	var out []string
	for _, w := range strings.Fields(strings.NewReplacer(" x ", " ", " - ", " ", "+", " ").Replace(" " + text + " ")) {
		if w == "-" || w == "x" {
			continue
		}
		if m := runTogether.FindStringSubmatch(w); m != nil {
			out = append(out, m[1], m[2])
			continue
		}
		out = append(out, w)
	}
	return out
}

var runTogether = regexp.MustCompile(`^([a-z][0-9]+)[-x]?([a-z][0-9]+)$`)
