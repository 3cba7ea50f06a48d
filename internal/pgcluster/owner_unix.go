//go:build unix

package pgcluster

import (
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
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
		if err := reachable(dir, uint32(uid), uint32(gid)); err != nil {
			return nil, err
		}
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, err
		}
		cred := &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		return func(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred} }, nil
	}
	return nil, fmt.Errorf("running as root and no postgres or nobody user to run the server as")
}

// reachable checks that a user may enter the folders above dir, as
// PostgreSQL's programs must: a private temporary folder (TMPDIR) of root
// is not, and the programs would fail with a bare "permission denied".
func reachable(dir string, uid, gid uint32) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	for p := filepath.Dir(abs); ; p = filepath.Dir(p) {
		fi, err := os.Stat(p)
		if err != nil {
			return err
		}
		st, ok := fi.Sys().(*syscall.Stat_t)
		mode := fi.Mode().Perm()
		if ok && !(mode&0o001 != 0 || st.Uid == uid && mode&0o100 != 0 || st.Gid == gid && mode&0o010 != 0) {
			return fmt.Errorf("the user PostgreSQL runs as (uid %d) may not enter %s, above %s: make the cluster under a folder others may enter (TMPDIR=/tmp)", uid, p, dir)
		}
		if p == filepath.Dir(p) {
			return nil
		}
	}
}
