package arena

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func sampleRecord() *Record {
	return &Record{
		Game: "pig", Index: 4, Seed: 1 << 60, Seats: []string{"mcts:iterations=100,c=1.4", "random"},
		Scores: []float64{0, 1}, Reason: `reached "30"`, Opening: 1,
		Moves: []string{"roll", "3", "hold", "+ e3 x c5 man-jump nw +"}, Branching: []int{1, 2, 1},
		Decisions: []int{1, 1}, Time: []time.Duration{1500 * time.Microsecond, 12}, Nodes: []int64{100, 0},
	}
}

func TestRecordRoundTrip(t *testing.T) {
	r := sampleRecord()
	var b strings.Builder
	if err := r.Write(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`[Game "pig"]`, `[Round "5"]`, `[Player1 "mcts:iterations=100,c=1.4"]`, `[Result "0-1"]`, `[Reason "reached \"30\""]`, "4. + e3 x c5 man-jump nw +\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
	back, err := ReadRecord("game.txt", strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, r) {
		t.Errorf("read back\n%+v\nwrote\n%+v", back, r)
	}
}

func TestRecordResults(t *testing.T) {
	for _, tt := range []struct {
		scores []float64
		winner int
		text   string
	}{
		{[]float64{1, 0}, 0, "1-0"},
		{[]float64{0, 1}, 1, "0-1"},
		{[]float64{0.5, 0.5}, -1, "1/2-1/2"},
		{[]float64{0, 0, 1}, 2, "0 0 1"},
		{[]float64{0.5, 0.5, 0}, -1, "0.5 0.5 0"},
	} {
		r := Record{Scores: tt.scores}
		if r.Winner() != tt.winner || r.ResultText() != tt.text {
			t.Errorf("%v: winner %d %q, want %d %q", tt.scores, r.Winner(), r.ResultText(), tt.winner, tt.text)
		}
	}
}

func TestReadRecordErrors(t *testing.T) {
	var good strings.Builder
	sampleRecord().Write(&good)
	for _, tt := range []struct{ edit, want string }{
		{strings.Replace(good.String(), `[Game "pig"]`, `[Game pig]`, 1), `game.txt:1: tag "[Game pig]": the value must be a quoted string`},
		{strings.Replace(good.String(), `[Game "pig"]`, `[Game "pig"`, 1), `game.txt:1: tag "[Game \"pig\"" does not end with ]`},
		{strings.Replace(good.String(), `[Game "pig"]`, `[Game]`, 1), `game.txt:1: tag "[Game]" has no value`},
		{strings.Replace(good.String(), "2. 3", "two 3", 1), `is neither a tag nor a numbered move`},
		{strings.Replace(good.String(), `[Plies "4"]`, `[Plies "5"]`, 1), `tag Plies "5" but 4 moves`},
		{strings.Replace(good.String(), `[Seed "1152921504606846976"]`, `[Seed "-1"]`, 1), `game.txt: tag Seed "-1"`},
		{strings.Replace(good.String(), `[Nodes "100 0"]`, `[Nodes "100"]`, 1), `2 players but 2 scores, 2 decisions, 2 times, 1 node counts`},
		{strings.Replace(good.String(), `[Round "5"]`, `[Round "five"]`, 1), `tag Round "five"`},
	} {
		_, err := ReadRecord("game.txt", strings.NewReader(tt.edit))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("error %v, want %q", err, tt.want)
		}
	}
}

func TestLoadRecords(t *testing.T) {
	dir := t.TempDir()
	if recs, err := LoadRecords(dir); err != nil || len(recs) != 0 {
		t.Fatalf("empty directory: %v %v", recs, err)
	}
	os.MkdirAll(filepath.Join(dir, "games"), 0o755)
	for _, i := range []int{2, 0, 1} {
		r := sampleRecord()
		r.Index = i
		if err := saveRecord(dir, r); err != nil {
			t.Fatal(err)
		}
	}
	recs, err := LoadRecords(dir)
	if err != nil || len(recs) != 3 || recs[0].Index != 0 || recs[2].Index != 2 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	os.Rename(filepath.Join(dir, "games", "000003.txt"), filepath.Join(dir, "games", "000009.txt"))
	if _, err := LoadRecords(dir); err == nil || !strings.Contains(err.Error(), "000009.txt: holds round 3") {
		t.Errorf("misplaced record: %v", err)
	}
}

// FuzzReadRecord checks that no input makes the reader panic, and that
// what it accepts writes back to text it reads the same.
func FuzzReadRecord(f *testing.F) {
	var b strings.Builder
	sampleRecord().Write(&b)
	f.Add(b.String())
	f.Add("[Player1 \"a\"]\n[Scores \"1\"]\n[Decisions \"0\"]\n[TimeNs \"0\"]\n[Nodes \"0\"]\n[Plies \"0\"]\n")
	f.Add("; comment\n\n[Game \"x\"]\n1. a\n")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ReadRecord("fuzz.txt", strings.NewReader(text))
		if err != nil {
			return
		}
		var out strings.Builder
		if err := r.Write(&out); err != nil {
			t.Fatal(err)
		}
		again, err := ReadRecord("again.txt", strings.NewReader(out.String()))
		if err != nil {
			t.Fatalf("%v reading back\n%s", err, out.String())
		}
		if !reflect.DeepEqual(again, r) {
			t.Fatalf("read back %+v, wrote %+v", again, r)
		}
	})
}
