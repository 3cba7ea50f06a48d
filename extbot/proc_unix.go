//go:build unix

package extbot

import (
	"os"
	"syscall"
)

// ownGroup puts the program in a process group of its own: a Ctrl-C at
// the terminal reaches ludus, which ends it, and killing the group ends
// what it started too.
func ownGroup() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the program's process group.
func killGroup(p *os.Process) {
	if err := syscall.Kill(-p.Pid, syscall.SIGKILL); err != nil {
		p.Kill()
	}
}
