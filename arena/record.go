package arena

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/engine/notation"
	"github.com/ludus-games/ludus/internal/atomicfile"
)

// Record is one game played by the arena: who sat where, the seed, the
// moves in the game's notation, the result and what the bots spent. It is
// saved as a game record in the text format of the board-game engine
// (tags, then numbered moves), which the engine can replay; its tags carry
// everything the statistics need, so an interrupted run resumes from its
// records.
type Record struct {
	Game  string
	File  string // the rules file, when the game has one
	Index int    // the game's number in its run, from 0
	Seed  uint64 // the game's own seed
	// Seats names the bot in each seat, first player first.
	Seats []string
	// Scores is the result of each seat: 1 a win, 0 a loss, 1/2 a draw of
	// two in board games.
	Scores []float64
	Reason string // how the game ended
	// Fault is what a bot that forfeited the game said or did (an
	// external engine's illegal answer), when one did.
	Fault string
	// Opening is the number of random plies played before the bots (see
	// Options.Openings).
	Opening int
	// Settings are the run's Options.Settings.
	Settings string
	Moves    []string // every ply, chance moves included
	// Branching is the number of legal moves at each ply where a player
	// chose (chance plies left out).
	Branching []int
	// Per seat: decisions made, their summed time and nodes searched.
	Decisions []int
	Time      []time.Duration
	Nodes     []int64
}

// Plies returns the length of the game.
func (r *Record) Plies() int { return len(r.Moves) }

// Winner returns the seat with the best score, or -1 when the best score
// is shared (a draw).
func (r *Record) Winner() int {
	who := -1
	for s, v := range r.Scores {
		if who < 0 || v > r.Scores[who] {
			who = s
		}
	}
	for s, v := range r.Scores {
		if s != who && v == r.Scores[who] {
			return -1
		}
	}
	return who
}

// ResultText writes the result the way records usually do: "1-0", "0-1",
// "1/2-1/2" for two players, the scores otherwise.
func (r *Record) ResultText() string {
	if len(r.Scores) == 2 {
		switch r.Winner() {
		case 0:
			return "1-0"
		case 1:
			return "0-1"
		}
		return "1/2-1/2"
	}
	return joinFloats(r.Scores)
}

// tags returns the record's tags in the order they are written.
func (r *Record) tags() [][2]string {
	t := [][2]string{{"Game", r.Game}}
	if r.File != "" {
		t = append(t, [2]string{"File", r.File})
	}
	t = append(t,
		[2]string{"Round", strconv.Itoa(r.Index + 1)},
		[2]string{"Seed", strconv.FormatUint(r.Seed, 10)},
	)
	for s, name := range r.Seats {
		t = append(t, [2]string{"Player" + strconv.Itoa(s+1), name})
	}
	t = append(t,
		[2]string{"Result", r.ResultText()},
		[2]string{"Scores", joinFloats(r.Scores)},
		[2]string{"Reason", r.Reason},
	)
	if r.Fault != "" {
		t = append(t, [2]string{"Fault", r.Fault})
	}
	t = append(t,
		[2]string{"Plies", strconv.Itoa(r.Plies())},
		[2]string{"Opening", strconv.Itoa(r.Opening)},
		[2]string{"Settings", r.Settings},
		[2]string{"Decisions", joinInts(r.Decisions)},
		[2]string{"TimeNs", joinInts(r.Time)},
		[2]string{"Nodes", joinInts(r.Nodes)},
		[2]string{"Branching", joinInts(r.Branching)},
	)
	return t
}

// Write writes the record as text: tags, then one numbered move a line,
// in the universal notation's record format (engine/notation).
func (r *Record) Write(w io.Writer) error {
	rec := &engine.Record{Tags: r.tags()}
	n := &rec.Root
	for _, m := range r.Moves {
		c := &engine.RecordNode{Move: m}
		n.Children = []*engine.RecordNode{c}
		n = c
	}
	return notation.WriteRecord(w, rec)
}

// ReadRecord reads a record written by Write; name is used in errors.
func ReadRecord(name string, rd io.Reader) (*Record, error) {
	tags := map[string]string{}
	var moves []string
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == "" || strings.HasPrefix(text, ";"):
		case strings.HasPrefix(text, "["):
			k, v, err := parseTag(text)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %w", name, line, err)
			}
			tags[k] = v
		default:
			num, move, ok := strings.Cut(text, ". ")
			if _, err := strconv.Atoi(num); !ok || err != nil || strings.TrimSpace(move) == "" {
				return nil, fmt.Errorf("%s:%d: %q is neither a tag nor a numbered move", name, line, text)
			}
			moves = append(moves, strings.TrimSpace(move))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	r, err := recordFromTags(tags)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	r.Moves = moves
	if p, err := strconv.Atoi(tags["Plies"]); err != nil || p != len(moves) {
		return nil, fmt.Errorf("%s: tag Plies %q but %d moves", name, tags["Plies"], len(moves))
	}
	return r, nil
}

func parseTag(text string) (string, string, error) {
	body, ok := strings.CutSuffix(strings.TrimPrefix(text, "["), "]")
	if !ok {
		return "", "", fmt.Errorf("tag %q does not end with ]", text)
	}
	name, value, ok := strings.Cut(strings.TrimSpace(body), " ")
	if !ok {
		return "", "", fmt.Errorf("tag %q has no value", text)
	}
	v, err := strconv.Unquote(strings.TrimSpace(value))
	if err != nil {
		return "", "", fmt.Errorf("tag %q: the value must be a quoted string", text)
	}
	return name, v, nil
}

// recordFromTags rebuilds a record's data from its tags.
func recordFromTags(tags map[string]string) (*Record, error) {
	r := &Record{Game: tags["Game"], File: tags["File"], Reason: tags["Reason"], Fault: tags["Fault"], Settings: tags["Settings"]}
	var err error
	field := func(name string, parse func(string) error) {
		if err == nil {
			if e := parse(tags[name]); e != nil {
				err = fmt.Errorf("tag %s %q: %w", name, tags[name], e)
			}
		}
	}
	field("Round", func(s string) error { n, e := strconv.Atoi(s); r.Index = n - 1; return e })
	field("Seed", func(s string) (e error) { r.Seed, e = strconv.ParseUint(s, 10, 64); return e })
	field("Opening", func(s string) (e error) { r.Opening, e = strconv.Atoi(s); return e })
	field("Scores", func(s string) (e error) { r.Scores, e = splitNumbers(s, strconv.ParseFloat); return e })
	field("Decisions", func(s string) (e error) { r.Decisions, e = splitInts[int](s); return e })
	field("TimeNs", func(s string) (e error) { r.Time, e = splitInts[time.Duration](s); return e })
	field("Nodes", func(s string) (e error) { r.Nodes, e = splitInts[int64](s); return e })
	field("Branching", func(s string) (e error) { r.Branching, e = splitInts[int](s); return e })
	if err != nil {
		return nil, err
	}
	for s := 1; ; s++ {
		name, ok := tags["Player"+strconv.Itoa(s)]
		if !ok {
			break
		}
		r.Seats = append(r.Seats, name)
	}
	if r.Index < 0 {
		return nil, fmt.Errorf("tag Round %q: rounds count from 1", tags["Round"])
	}
	for _, v := range r.Scores {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("tag Scores %q: not a number", tags["Scores"])
		}
	}
	n := len(r.Seats)
	if n == 0 || len(r.Scores) != n || len(r.Decisions) != n || len(r.Time) != n || len(r.Nodes) != n {
		return nil, fmt.Errorf("%d players but %d scores, %d decisions, %d times, %d node counts",
			n, len(r.Scores), len(r.Decisions), len(r.Time), len(r.Nodes))
	}
	return r, nil
}

func joinFloats(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(parts, " ")
}

func joinInts[T ~int | ~int64](v []T) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatInt(int64(x), 10)
	}
	return strings.Join(parts, " ")
}

func splitNumbers[T any](s string, parse func(string, int) (T, error)) ([]T, error) {
	var out []T
	for _, f := range strings.Fields(s) {
		v, err := parse(f, 64)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func splitInts[T ~int | ~int64](s string) ([]T, error) {
	vs, err := splitNumbers(s, func(f string, bits int) (int64, error) { return strconv.ParseInt(f, 10, bits) })
	out := make([]T, len(vs))
	for i, v := range vs {
		out[i] = T(v)
	}
	return out, err
}

// recordPath is where game index of a run is saved under dir.
func recordPath(dir string, index int) string {
	return filepath.Join(dir, "games", fmt.Sprintf("%06d.txt", index+1))
}

// saveRecord writes a record to its file atomically.
func saveRecord(dir string, r *Record) error {
	return atomicfile.Write(recordPath(dir, r.Index), r.Write)
}

// SaveRecord writes a game's record under dir as a run does with that Dir
// (dir/games/000001.txt, ...).
func SaveRecord(dir string, r *Record) error {
	if err := os.MkdirAll(filepath.Join(dir, "games"), 0o755); err != nil {
		return err
	}
	return saveRecord(dir, r)
}

// LoadRecords reads the records saved under dir by a run, in game order.
// A directory without records gives none and no error.
func LoadRecords(dir string) ([]*Record, error) {
	names, err := filepath.Glob(filepath.Join(dir, "games", "*.txt"))
	if err != nil {
		return nil, err
	}
	var recs []*Record
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		r, err := ReadRecord(name, f)
		f.Close()
		if err != nil {
			return nil, err
		}
		if recordPath(dir, r.Index) != name {
			return nil, fmt.Errorf("%s: holds round %d", name, r.Index+1)
		}
		recs = append(recs, r)
	}
	slices.SortFunc(recs, func(a, b *Record) int { return a.Index - b.Index })
	return recs, nil
}
