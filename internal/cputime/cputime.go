// Package cputime reads the processor time a process or a thread has used,
// so that benchmarks can report the work done even on a machine busy with
// other processes, where wall times grow.
package cputime

import "time"

// Process returns the processor time (user and system) this process has
// used; where the system does not tell, the time since the program
// started.
func Process() time.Duration {
	if d, ok := process(); ok {
		return d
	}
	return time.Since(started)
}

// Thread returns the processor time the calling OS thread has used, and
// whether the system tells it. A goroutine that measures itself must stay
// on its thread (runtime.LockOSThread) between two readings.
func Thread() (time.Duration, bool) { return thread() }

var started = time.Now()

// Measured reports whether the system tells the processor time of the
// process, so that Process is not the time since the program started.
func Measured() bool {
	_, ok := process()
	return ok
}
