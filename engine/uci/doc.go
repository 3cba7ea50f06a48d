// Package uci speaks the Universal Chess Interface both ways, for the
// games of the engine that it can describe: chess on an 8x8 board with
// the six standard pieces.
//
// Chess is how UCI sees a game: moves in long algebraic notation (e2e4,
// e7e8q, castling as the king's move e1g1) and positions as FEN. A Client
// talks to a program that speaks UCI (Stockfish) over its standard input
// and output; an Engine serves UCI on a reader and a writer, so that chess
// front-ends play against the bots of package search.
package uci
