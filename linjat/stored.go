package linjat

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// Summary lists the layers per rule used, as Rating.Summary does.
func (r RatingJSON) Summary() string {
	var parts []string
	for k := range NumRules {
		if u := r.Rules[k.String()]; u.Steps > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", k, u.Steps))
		}
	}
	if len(parts) == 0 {
		return "no steps"
	}
	return strings.Join(parts, ", ")
}

// WriteText prints a generated puzzle as "ludus linjat generate" does: a
// header with its seed, score and cost (elapsed, 0 when not known, as for
// a puzzle found in a store; id is its id in a store, 0 for none), then the
// puzzle in the text format.
func (g GeneratedJSON) WriteText(w io.Writer, elapsed time.Duration, id int64) error {
	r := g.Rating
	var b strings.Builder
	fmt.Fprintf(&b, "# seed %d, %s, score %g, depth %d, widest step %d, %d iterations",
		g.Seed, g.Difficulty, r.Score, r.Depth, r.Width, g.Iterations)
	if elapsed > 0 {
		fmt.Fprintf(&b, " in %.3fs", elapsed.Seconds())
	}
	if id != 0 {
		fmt.Fprintf(&b, ", stored as %d", id)
	}
	fmt.Fprintf(&b, "\n# %s\n%s\n", r.Summary(), g.Puzzle)
	_, err := io.WriteString(w, b.String())
	return err
}

// settingsJSON is how a batch's settings are recorded: everything that
// decides the result (not the number of workers).
type settingsJSON struct {
	Rows       int     `json:"rows"`
	Cols       int     `json:"cols"`
	Numbers    int     `json:"numbers"`
	Difficulty string  `json:"difficulty"`
	Weights    Weights `json:"weights"`
	Iterations int64   `json:"iterations"`
	TimeMS     int64   `json:"time_ms,omitempty"`
	Pool       int     `json:"pool,omitempty"`
}

// SettingsJSON is how a batch's settings are recorded with its puzzles:
// everything that decides the result (not the number of workers).
func (s *Settings) SettingsJSON() json.RawMessage {
	data, _ := json.Marshal(settingsJSON{s.Rows, s.Cols, s.Numbers, s.Difficulty.Name, s.Difficulty.Weights, s.Iterations,
		s.Time.Milliseconds(), s.Pool})
	return data
}

// SettingsFromJSON reads what SettingsJSON writes back into settings (with
// no seed, workers or checkpoint): the difficulty preset of that name with
// the recorded weights.
func SettingsFromJSON(data []byte) (Settings, error) {
	var j settingsJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return Settings{}, fmt.Errorf("linjat settings: %w", err)
	}
	d, err := DifficultyByName(j.Difficulty)
	if err != nil {
		return Settings{}, fmt.Errorf("linjat settings: %w", err)
	}
	d.Weights = j.Weights
	return Settings{Rows: j.Rows, Cols: j.Cols, Numbers: j.Numbers, Difficulty: d, Iterations: j.Iterations,
		Time: time.Duration(j.TimeMS) * time.Millisecond, Pool: j.Pool}, nil
}
