package cputime

import (
	"runtime"
	"testing"
)

// Busy work shows up in both clocks, and neither runs backwards.
func TestClocksAdvance(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if !Measured() {
		t.Skip("processor time is not measured on this system")
	}
	p0 := Process()
	t0, ok := Thread()
	x := 0
	for i := range 50_000_000 {
		x ^= i * i
	}
	if x == 1 {
		t.Log(x) // keeps the loop
	}
	if p1 := Process(); p1 <= p0 {
		t.Errorf("process time %v then %v", p0, p1)
	}
	if t1, ok1 := Thread(); ok && ok1 && t1 <= t0 {
		t.Errorf("thread time %v then %v", t0, t1)
	}
}
