package linjat

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"

	"github.com/ludus-games/ludus/render/plot"
)

// PackLevel is one level of a pack.
type PackLevel struct {
	Puzzle *Puzzle    `json:"puzzle"`
	Score  float64    `json:"score"`
	Rating RatingJSON `json:"rating"`
	// ID is the level's identifier in the database it came from, if any.
	ID int64 `json:"id,omitempty"`
}

// Pack is a level pack: levels of one difficulty in the order of play.
type Pack struct {
	Difficulty string      `json:"difficulty"`
	Weights    Weights     `json:"weights"`
	Levels     []PackLevel `json:"levels"`
}

// Curve returns the scores of the levels in order of play.
func (p *Pack) Curve() []float64 {
	c := make([]float64, len(p.Levels))
	for i, l := range p.Levels {
		c[i] = l.Score
	}
	return c
}

// Candidate is a puzzle offered to MakePack, with an identifier to carry
// along.
type Candidate struct {
	ID     int64
	Puzzle *Puzzle
}

// Warmup is the number of easier levels a pack starts with.
const Warmup = 5

// MakePack builds a pack of count levels of difficulty d from the
// candidates, as the original game chose its levels: each is rated under
// the difficulty's collection weights (the leaks weigh heavily), those
// failing the difficulty's filters or without one solution are dropped,
// puzzles that need a uniqueness leak are dropped while enough others
// remain, the count-Warmup best are kept together with Warmup easier ones
// spread over the rest (see warmup), and all are ordered by score, easiest
// first, so the difficulty rises steadily through the pack. With fewer candidates than
// count, the pack holds them all.
func MakePack(cands []Candidate, d Difficulty, count int) (*Pack, error) {
	if count < 1 {
		return nil, fmt.Errorf("pack of %d levels", count)
	}
	w := d.Weights.Collection()
	var levels []PackLevel
	leaky := map[*Puzzle]bool{}
	var v Solver
	seen := map[string]bool{}
	for _, c := range cands {
		key := c.Puzzle.String()
		if seen[key] {
			continue
		}
		seen[key] = true
		n, err := v.Count(c.Puzzle, 2)
		if err != nil || n != 1 {
			continue
		}
		res, err := v.Rate(c.Puzzle, w)
		if err != nil || !d.Accepts(&res.Rating) {
			continue
		}
		levels = append(levels, PackLevel{Puzzle: c.Puzzle, Score: res.Score, Rating: res.Rating.JSON(w), ID: c.ID})
		leaky[c.Puzzle] = res.Steps[Uncontested]+res.Steps[SingleSolution] > 0
	}
	levels = dropLeaky(levels, count, leaky)
	sort.SliceStable(levels, func(i, j int) bool { return levels[i].Score > levels[j].Score })
	if len(levels) > count {
		top := count - min(Warmup, count-1)
		levels = append(levels[:top:top], warmup(levels[top:], count-top, leaky)...)
	}
	sort.SliceStable(levels, func(i, j int) bool { return levels[i].Score < levels[j].Score })
	return &Pack{Difficulty: d.Name, Weights: w, Levels: levels}, nil
}

// dropLeaky removes the levels that need a uniqueness leak when enough
// others remain to fill the pack: the collection weights make a leak costly,
// but a puzzle deep enough can still outscore clean ones, and a player who
// meets a leak is asked to guess.
func dropLeaky(levels []PackLevel, count int, leaky map[*Puzzle]bool) []PackLevel {
	var clean []PackLevel
	for _, l := range levels {
		if !leaky[l.Puzzle] {
			clean = append(clean, l)
		}
	}
	if len(clean) >= count {
		return clean
	}
	return levels
}

// warmup picks n easier levels from rest (sorted hardest first), evenly
// spread over its easier half. A level scores low under the collection
// weights either because it is easy or because it needs a uniqueness leak;
// only the first kind makes a good start, so leaky levels are passed over
// while there are enough others.
func warmup(rest []PackLevel, n int, leaky map[*Puzzle]bool) []PackLevel {
	rest = dropLeaky(rest, n, leaky)
	half := len(rest) / 2
	if len(rest)-half < n {
		half = len(rest) - n
	}
	out := make([]PackLevel, 0, n)
	for k := range n {
		out = append(out, rest[half+k*(len(rest)-half)/n])
	}
	return out
}

// CurveText describes the pack's difficulty curve: a summary line and the
// score of every level, ten to a line.
func (p *Pack) CurveText() string {
	c := p.Curve()
	if len(c) == 0 {
		return "empty pack\n"
	}
	sum := 0.0
	for _, x := range c {
		sum += x
	}
	s := fmt.Sprintf("%s pack: %d levels, score %g to %g (mean %.1f)\n", p.Difficulty, len(c), c[0], c[len(c)-1], sum/float64(len(c)))
	for i := 0; i < len(c); i += 10 {
		s += fmt.Sprintf("%3d-%-3d", i+1, min(i+10, len(c)))
		for _, x := range c[i:min(i+10, len(c))] {
			s += fmt.Sprintf(" %6g", x)
		}
		s += "\n"
	}
	return s
}

// CurveChart plots the score of each level against its place in the pack.
func (p *Pack) CurveChart() *plot.Chart {
	c := p.Curve()
	xs := make([]float64, len(c))
	for i := range xs {
		xs[i] = float64(i + 1)
	}
	return &plot.Chart{
		Title:  fmt.Sprintf("Linjat %s pack: difficulty curve", p.Difficulty),
		XLabel: "level", YLabel: "score (collection weights)",
		Series: []plot.Series{{Name: "score", X: xs, Y: c, Points: true}},
	}
}

// WriteJSON writes the pack in the JSON that ReadPack reads, as "ludus
// linjat pack -o" writes it.
func (p *Pack) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(p)
}

// ReadPack parses a level pack in the JSON that ludus writes (see Pack);
// name prefixes errors, which name the level at fault.
func ReadPack(r io.Reader, name string) (*Pack, error) {
	var raw struct {
		Difficulty string            `json:"difficulty"`
		Weights    Weights           `json:"weights"`
		Levels     []json.RawMessage `json:"levels"`
	}
	if err := json.NewDecoder(r).Decode(&raw); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if raw.Difficulty == "" {
		return nil, fmt.Errorf("%s: a pack names its difficulty", name)
	}
	p := &Pack{Difficulty: raw.Difficulty, Weights: raw.Weights, Levels: make([]PackLevel, len(raw.Levels))}
	for i, data := range raw.Levels {
		if err := json.Unmarshal(data, &p.Levels[i]); err != nil {
			return nil, fmt.Errorf("%s: level %d: %w", name, i+1, err)
		}
		if p.Levels[i].Puzzle == nil {
			return nil, fmt.Errorf("%s: level %d has no puzzle", name, i+1)
		}
	}
	return p, nil
}

// ReadLevels reads a JSON file of levels, either a pack that ludus wrote
// or a collection in the original game's format (see ReadCollection), as a
// Collection: a pack's levels are the difficulty it names.
func ReadLevels(r io.Reader, name string) (Collection, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var probe struct {
		Difficulty json.RawMessage `json:"difficulty"`
	}
	// A collection maps difficulties to arrays; a pack's "difficulty" is
	// a string.
	var diff string
	if json.Unmarshal(data, &probe) != nil || json.Unmarshal(probe.Difficulty, &diff) != nil {
		return ReadCollection(bytes.NewReader(data), name)
	}
	p, err := ReadPack(bytes.NewReader(data), name)
	if err != nil {
		return nil, err
	}
	levels := make([]Level, len(p.Levels))
	for i, l := range p.Levels {
		levels[i] = Level{Puzzle: l.Puzzle, Score: l.Score}
	}
	return Collection{p.Difficulty: levels}, nil
}
