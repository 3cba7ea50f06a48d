// Package engine is the universal board-game engine. It compiles the
// syntax-free rules of a game (package engine/rules: board topology,
// pieces, move programs, turn order, goals) into a compact bytecode and
// plays it: the game state with move generation, make/unmake, Zobrist
// hashing and repetition history, goals and evaluation. Rule files are read
// into the model by engine/zrf and engine/sexp; nothing here knows any file
// syntax.
//
// A move returned by the generator is a whole composite move (a capture
// chain is one move); its partial steps stay available in Move.Steps for
// interfaces that play step by step.
package engine
