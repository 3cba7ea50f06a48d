//go:build !unix

package pgcluster

import "os/exec"

// owner runs PostgreSQL's programs as the current user.
func owner(string) (func(*exec.Cmd), error) { return func(*exec.Cmd) {}, nil }
