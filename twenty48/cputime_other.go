//go:build !linux

package twenty48

import "time"

var clockStart = time.Now()

// threadCPU falls back to the wall clock where the thread's CPU clock is
// not available.
func threadCPU() time.Duration { return time.Since(clockStart) }
