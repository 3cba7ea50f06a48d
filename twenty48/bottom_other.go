//go:build !amd64

package twenty48

// bottomAsm is false: the assembly last ply exists only for amd64.
var bottomAsm = false

// bottomPext is never called without the assembly.
func bottomPext(x, t, empty uint64, rows, cols *[65536]int32) (sum, evals int64) {
	return 0, 0
}
