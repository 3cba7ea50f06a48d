//go:build linux

package cputime

import (
	"syscall"
	"time"
)

func thread() (time.Duration, bool) { return rusage(syscall.RUSAGE_THREAD) }
