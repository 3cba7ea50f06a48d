//go:build unix

package pgcluster

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"strconv"
	"syscall"
)

// owner returns what sets up PostgreSQL's programs to run as their user:
// PostgreSQL refuses to run as root, so root hands the directory to the
// postgres (or nobody) user and runs them as that user.
func owner(dir string) (func(*exec.Cmd), error) {
	if os.Geteuid() != 0 {
		return func(*exec.Cmd) {}, nil
	}
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, err
		}
		cred := &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		return func(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred} }, nil
	}
	return nil, fmt.Errorf("running as root and no postgres or nobody user to run the server as")
}
