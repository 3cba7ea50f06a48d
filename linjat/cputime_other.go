//go:build !unix

package linjat

import "time"

var processStart = time.Now()

// CPUTime returns the processor time this process has used; where the
// system does not tell, the time since the program started.
func CPUTime() time.Duration { return time.Since(processStart) }
