//go:build unix

package linjat

import (
	"syscall"
	"time"
)

// CPUTime returns the processor time this process has used, so that
// benchmarks can report the work done even on a machine busy with other
// processes.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
