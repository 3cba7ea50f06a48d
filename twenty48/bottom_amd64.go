package twenty48

import "golang.org/x/sys/cpu"

// bottomAsm reports whether bottom runs on bottomPext (bottom_amd64.s):
// the last ply in assembly, which extracts each column of a slid board
// with one PEXT instruction and keeps the loop's values in registers. It
// needs BMI2, and a processor that does PEXT in hardware: AMD's before
// Zen 3 (family 0x19) do it in microcode, a hundred times slower.
var bottomAsm = cpu.X86.HasBMI2 && fastPEXT()

func fastPEXT() bool {
	_, b, c, d := cpuid(0)
	amd := b == 0x68747541 && d == 0x69746e65 && c == 0x444d4163 // "AuthenticAMD"
	if !amd {
		return true
	}
	a, _, _, _ := cpuid(1)
	family := a >> 8 & 0xf
	if family == 0xf {
		family += a >> 20 & 0xff
	}
	return family >= 0x19
}

// bottomPext returns the sum over the empty cells of 9 times leafMaxT of
// the board with a 2 spawned there plus leafMaxT with a 4, given the board
// x, its transpose t and the mask of its empty cells (emptyMask), and the
// number of legal moves evaluated.
//
//go:noescape
func bottomPext(x, t, empty uint64, rows, cols *[65536]int32) (sum, evals int64)

func cpuid(leaf uint32) (a, b, c, d uint32)
