package testenv

import "testing"

func TestLong(t *testing.T) {
	for _, tt := range []struct {
		env  string
		long bool
	}{{"", false}, {"0", false}, {"1", true}, {"yes", true}} {
		t.Setenv("LUDUS_LONG", tt.env)
		if got := Long(); got != tt.long {
			t.Errorf("LUDUS_LONG=%q: Long() = %v, want %v", tt.env, got, tt.long)
		}
		if got, want := Pick(1, 2), map[bool]int{false: 1, true: 2}[tt.long]; got != want {
			t.Errorf("LUDUS_LONG=%q: Pick(1, 2) = %d, want %d", tt.env, got, want)
		}
	}
}
