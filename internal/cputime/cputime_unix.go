//go:build unix

package cputime

import (
	"syscall"
	"time"
)

func rusage(who int) (time.Duration, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

func process() (time.Duration, bool) { return rusage(syscall.RUSAGE_SELF) }
