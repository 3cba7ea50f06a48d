//go:build unix

package server

import "syscall"

// fdLimit returns how many files the process may hold open (0: unknown).
// Go raises the soft limit to the hard one at start-up; this is what is
// left to live with.
func fdLimit() int {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur > 1<<30 {
		return 0
	}
	return int(rl.Cur)
}
