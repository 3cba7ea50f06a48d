//go:build !unix

package extbot

import (
	"os"
	"syscall"
)

// ownGroup asks nothing special where process groups are not Unix's.
func ownGroup() *syscall.SysProcAttr { return nil }

// killGroup kills the program.
func killGroup(p *os.Process) { p.Kill() }
