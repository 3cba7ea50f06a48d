package tiles

import (
	"testing"
	"time"
)

// TestSpanText: the start panel of a short run is not titled "The first 0
// seconds".
func TestSpanText(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{30 * time.Millisecond, "30ms"},
		{2500 * time.Millisecond, "2.5s"},
		{9*time.Second + 400*time.Millisecond, "9.4s"},
		{42 * time.Second, "42 seconds"},
		{10 * time.Minute, "600 seconds"},
	} {
		if got := spanText(tc.d); got != tc.want {
			t.Errorf("spanText(%v) = %q, want %q", tc.d, got, tc.want)
		}
	}
}
