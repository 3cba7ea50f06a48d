// Package tiles designs sets of two-sided hexagonal maze tiles, after Chris
// Smith's "Optimizing a maze with graph theory, genetic algorithms, and
// Haskell" (2020).
//
// The tiles of a set are shuffled over the slots of a Board, each flipped
// to a random side and turned by a random sixth of a turn; the trails
// printed on the sides join up into a maze. A Scorer measures a set as the
// post does: bridged sides, repeated designs (DupScore), fully connected
// tiles, and, over random boards, the cycles of the maze (extra edges) and
// the landmark pairs it joins. Optimize searches for good sets with the
// genetic algorithm of package evolve on the post's 480-bit genome.
//
// Tile sets are read and written in a line format ("N,S|NE|SE,SW,NW /
// N,NE,SE,S,SW,NW"), boards in a keyword format (ReadBoard); SeedBoard is
// the post's board, and DrawSet and DrawBoard draw sets and dealt boards.
package tiles
