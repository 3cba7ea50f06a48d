#include "textflag.h"

// The masks of the four columns of a board, for PEXTQ.
DATA colmask<>+0(SB)/8, $0x000F000F000F000F
DATA colmask<>+8(SB)/8, $0x00F000F000F000F0
DATA colmask<>+16(SB)/8, $0x0F000F000F000F00
DATA colmask<>+24(SB)/8, $0xF000F000F000F000
GLOBL colmask<>(SB), RODATA|NOPTR, $32

// LINES splits the board in src into its four lines, R10 to R13.
#define LINES(src) \
	MOVQ src, R10 \
	MOVQ R10, R11 \
	MOVQ R10, R12 \
	MOVQ R10, R13 \
	MOVWQZX R10, R10 \
	SHRQ $16, R11 \
	MOVWQZX R11, R11 \
	SHRQ $32, R12 \
	MOVWQZX R12, R12 \
	SHRQ $48, R13

// MOVE slides the lines R10-R13 through table slide into AX, adds table
// along over the slid lines and table over over its columns into DX, and
// raises BX to that value when AX differs from same (a legal move),
// counting it in X1.
#define MOVE(slide, along, over, same) \
	MOVWQZX (slide)(R10*2), AX \
	MOVL (along)(AX*4), DX \
	MOVWQZX (slide)(R11*2), CX \
	ADDL (along)(CX*4), DX \
	SHLQ $16, CX \
	ORQ CX, AX \
	MOVWQZX (slide)(R12*2), CX \
	ADDL (along)(CX*4), DX \
	SHLQ $32, CX \
	ORQ CX, AX \
	MOVWQZX (slide)(R13*2), CX \
	ADDL (along)(CX*4), DX \
	SHLQ $48, CX \
	ORQ CX, AX \
	PEXTQ colmask<>+0(SB), AX, CX \
	ADDL (over)(CX*4), DX \
	PEXTQ colmask<>+8(SB), AX, CX \
	ADDL (over)(CX*4), DX \
	PEXTQ colmask<>+16(SB), AX, CX \
	ADDL (over)(CX*4), DX \
	PEXTQ colmask<>+24(SB), AX, CX \
	ADDL (over)(CX*4), DX \
	XORL CX, CX \
	CMPQ AX, same \
	SETNE CX \
	NEGQ CX \
	MOVQ CX, X0 \
	PSUBQ X0, X1 \
	ANDL CX, DX \
	CMPL DX, BX \
	CMOVLGT DX, BX

// LEAF sets BX to the best evaluation over the legal moves of the board
// at 24(SP), whose transpose is at 32(SP), and at least 0.
#define LEAF \
	XORL BX, BX \
	LINES(24(SP)) \
	MOVE(R8, SI, DI, 24(SP)) \
	MOVE(R9, SI, DI, 24(SP)) \
	LINES(32(SP)) \
	MOVE(R8, DI, SI, 32(SP)) \
	MOVE(R9, DI, SI, 32(SP))

// func bottomPext(x, t, empty uint64, rows, cols *[65536]int32) (sum, evals int64)
//
// Frame: 0(SP) empty cells left, 8(SP) and 16(SP) the spawned 2's bit on
// the board and on its transpose, 24(SP) and 32(SP) the spawned board and
// its transpose.
TEXT ·bottomPext(SB), NOSPLIT, $40-56
	MOVQ $0, sum+40(FP)
	PXOR X1, X1
	MOVQ rows+24(FP), SI
	MOVQ cols+32(FP), DI
	LEAQ ·rowLeft(SB), R8
	LEAQ ·rowRight(SB), R9
	MOVQ empty+16(FP), AX
	MOVQ AX, 0(SP)

loop:
	MOVQ 0(SP), AX
	TESTQ AX, AX
	JZ done
	BSFQ AX, CX // the cell's bit: 4 times its index
	LEAQ -1(AX), DX
	ANDQ DX, AX
	MOVQ AX, 0(SP)
	MOVQ $1, DX
	SHLQ CX, DX
	MOVQ DX, 8(SP)
	// The same cell in the transpose: row r, column c at bit 16c+4r.
	SHRQ $2, CX
	MOVQ CX, BX
	ANDQ $3, BX
	SHLQ $4, BX
	SHRQ $2, CX
	LEAQ (BX)(CX*4), CX
	MOVQ $1, DX
	SHLQ CX, DX
	MOVQ DX, 16(SP)

	// A 2, weighted 9.
	MOVQ x+0(FP), AX
	ORQ 8(SP), AX
	MOVQ AX, 24(SP)
	MOVQ t+8(FP), AX
	ORQ 16(SP), AX
	MOVQ AX, 32(SP)
	LEAF
	LEAQ (BX)(BX*8), BX
	ADDQ BX, sum+40(FP)

	// A 4, weighted 1.
	MOVQ 8(SP), AX
	SHLQ $1, AX
	ORQ x+0(FP), AX
	MOVQ AX, 24(SP)
	MOVQ 16(SP), AX
	SHLQ $1, AX
	ORQ t+8(FP), AX
	MOVQ AX, 32(SP)
	LEAF
	ADDQ BX, sum+40(FP)
	JMP loop

done:
	MOVQ X1, evals+48(FP)
	RET

// func cpuid(leaf uint32) (a, b, c, d uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	XORL CX, CX
	CPUID
	MOVL AX, a+8(FP)
	MOVL BX, b+12(FP)
	MOVL CX, c+16(FP)
	MOVL DX, d+20(FP)
	RET
