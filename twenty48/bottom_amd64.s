// The last ply of the expectimax search (searcher.bottom) for amd64
// processors with fast BMI2: bottomPext computes exactly what the Go loop
// over leafMaxT does, a third faster (docs/bench-2048.md), and
// TestBottomAsmMatchesGo holds the two together. Read the Go version
// first.

#include "textflag.h"

// The masks of the four columns of a board, for PEXTQ.
DATA colmask<>+0(SB)/8, $0x000F000F000F000F
DATA colmask<>+8(SB)/8, $0x00F000F000F000F0
DATA colmask<>+16(SB)/8, $0x0F000F000F000F00
DATA colmask<>+24(SB)/8, $0xF000F000F000F000
GLOBL colmask<>(SB), RODATA|NOPTR, $32

// BASE slides the four lines of the board src through table slide, and
// stores the slid board at y(SP), table along over its lines at sum(SP),
// and each line's value at l0(SP) to l3(SP).
#define BASE(src, slide, along, y, sum, l0, l1, l2, l3) \
	MOVQ src, R10 \
	MOVQ R10, R11 \
	MOVQ R10, R12 \
	MOVQ R10, R13 \
	MOVWQZX R10, R10 \
	SHRQ $16, R11 \
	MOVWQZX R11, R11 \
	SHRQ $32, R12 \
	MOVWQZX R12, R12 \
	SHRQ $48, R13 \
	MOVWQZX (slide)(R10*2), AX \
	MOVL (along)(AX*4), BX \
	MOVL BX, l0(SP) \
	MOVWQZX (slide)(R11*2), CX \
	MOVL (along)(CX*4), DX \
	MOVL DX, l1(SP) \
	ADDL DX, BX \
	SHLQ $16, CX \
	ORQ CX, AX \
	MOVWQZX (slide)(R12*2), CX \
	MOVL (along)(CX*4), DX \
	MOVL DX, l2(SP) \
	ADDL DX, BX \
	SHLQ $32, CX \
	ORQ CX, AX \
	MOVWQZX (slide)(R13*2), CX \
	MOVL (along)(CX*4), DX \
	MOVL DX, l3(SP) \
	ADDL DX, BX \
	SHLQ $48, CX \
	ORQ CX, AX \
	MOVQ AX, y(SP) \
	MOVL BX, sum(SP)

// SPLICE evaluates one move of a spawned board from the node's BASE for
// that move: the spawned line (R10, at shift R11 under mask R12, line
// number R13) slides through table slide and replaces the node's slid
// line. It adds table along over the lines and table over over the
// columns (one PEXTQ each) into DX, and raises BX to that value when the
// slid board differs from same (a legal move), counting it in X1.
#define SPLICE(slide, along, over, y, sum, lines, same) \
	MOVWQZX (slide)(R10*2), AX \
	MOVL sum(SP), DX \
	SUBL lines(SP)(R13*4), DX \
	ADDL (along)(AX*4), DX \
	SHLXQ R11, AX, AX \
	ANDNQ y(SP), R12, CX \
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

// LEAF sets BX to the best evaluation over the legal moves of the spawned
// board at 200(SP), whose transpose is at 208(SP), and at least 0.
#define LEAF \
	XORL BX, BX \
	MOVQ 200(SP), CX \
	MOVQ 152(SP), R11 \
	SHRXQ R11, CX, R10 \
	MOVWQZX R10, R10 \
	MOVQ 160(SP), R12 \
	MOVQ 168(SP), R13 \
	SPLICE(R8, SI, DI, 0, 8, 16, 200(SP)) \
	SPLICE(R9, SI, DI, 32, 40, 48, 200(SP)) \
	MOVQ 208(SP), CX \
	MOVQ 176(SP), R11 \
	SHRXQ R11, CX, R10 \
	MOVWQZX R10, R10 \
	MOVQ 184(SP), R12 \
	MOVQ 192(SP), R13 \
	SPLICE(R8, DI, SI, 64, 72, 80, 208(SP)) \
	SPLICE(R9, DI, SI, 96, 104, 112, 208(SP))

// func bottomPext(x, t, empty uint64, rows, cols *[65536]int32) (sum, evals int64)
//
// Frame: at 32*M for the moves M = left, right, up, down, the node's BASE
// (slid board, sum, four line values); then the empty cells left (128),
// the cell's bit for a 2 on the board and on the transpose (136, 144), the
// cell's row as shift, mask and number (152, 160, 168), its column the same
// way (176, 184, 192), and the spawned board and its transpose (200, 208).
TEXT ·bottomPext(SB), NOSPLIT, $216-56
	MOVQ $0, sum+40(FP)
	PXOR X1, X1
	MOVQ rows+24(FP), SI
	MOVQ cols+32(FP), DI
	LEAQ ·rowLeft(SB), R8
	LEAQ ·rowRight(SB), R9
	BASE(x+0(FP), R8, SI, 0, 8, 16, 20, 24, 28)
	BASE(x+0(FP), R9, SI, 32, 40, 48, 52, 56, 60)
	BASE(t+8(FP), R8, DI, 64, 72, 80, 84, 88, 92)
	BASE(t+8(FP), R9, DI, 96, 104, 112, 116, 120, 124)
	MOVQ empty+16(FP), AX
	MOVQ AX, 128(SP)

loop:
	MOVQ 128(SP), AX
	TESTQ AX, AX
	JZ done
	BSFQ AX, CX // the cell's bit: 4 times its index
	LEAQ -1(AX), DX
	ANDQ DX, AX
	MOVQ AX, 128(SP)
	MOVQ $1, DX
	SHLQ CX, DX
	MOVQ DX, 136(SP)
	// Row i = bit/16: shift 16i, mask 0xffff<<16i.
	MOVQ CX, AX
	SHRQ $4, AX
	MOVQ AX, 168(SP)
	SHLQ $4, AX
	MOVQ AX, 152(SP)
	MOVQ $0xffff, DX
	SHLXQ AX, DX, DX
	MOVQ DX, 160(SP)
	// Column j = bit/4 mod 4, the same way.
	MOVQ CX, AX
	SHRQ $2, AX
	ANDQ $3, AX
	MOVQ AX, 192(SP)
	SHLQ $4, AX
	MOVQ AX, 176(SP)
	MOVQ $0xffff, DX
	SHLXQ AX, DX, DX
	MOVQ DX, 184(SP)
	// The cell in the transpose: bit 16j+4i.
	MOVQ 168(SP), DX
	LEAQ (AX)(DX*4), DX
	MOVQ $1, BX
	SHLXQ DX, BX, BX
	MOVQ BX, 144(SP)

	// A 2, weighted 9.
	MOVQ x+0(FP), AX
	ORQ 136(SP), AX
	MOVQ AX, 200(SP)
	MOVQ t+8(FP), AX
	ORQ 144(SP), AX
	MOVQ AX, 208(SP)
	LEAF
	LEAQ (BX)(BX*8), BX
	ADDQ BX, sum+40(FP)

	// A 4, weighted 1.
	MOVQ 136(SP), AX
	SHLQ $1, AX
	ORQ x+0(FP), AX
	MOVQ AX, 200(SP)
	MOVQ 144(SP), AX
	SHLQ $1, AX
	ORQ t+8(FP), AX
	MOVQ AX, 208(SP)
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
