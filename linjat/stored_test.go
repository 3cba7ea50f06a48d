package linjat

import (
	"reflect"
	"testing"
	"time"
)

// Settings recorded as JSON read back into the same settings, custom
// weights included; unknown difficulties are errors.
func TestSettingsFromJSON(t *testing.T) {
	d, err := DifficultyByName("hard")
	if err != nil {
		t.Fatal(err)
	}
	d.Weights.Width = -7
	set := Settings{Rows: 6, Cols: 5, Numbers: 7, Difficulty: d, Iterations: 300, Time: 1500 * time.Millisecond, Pool: 12}
	back, err := SettingsFromJSON(set.SettingsJSON())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, set) {
		t.Fatalf("read back %+v\nwant %+v", back, set)
	}
	for _, bad := range []string{`{"difficulty":"impossible"}`, `{"rows":`} {
		if _, err := SettingsFromJSON([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
