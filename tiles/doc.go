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
// genetic algorithm of package evolve on the post's genome, under hard
// Constraints on any term if asked; Polish climbs from a set by local
// search over side layouts; Front finds the Pareto front of path
// probability against bridged sides and DupScore with NSGA-II; UpperBound
// bounds the objective.
//
// Tile sets are read and written in a line format ("N,S|NE|SE,SW,NW /
// N,NE,SE,S,SW,NW"), boards in a keyword format (ReadBoard); SeedBoard is
// the post's board and NewBoard builds boards of other shapes (hex:3,
// rect:5x4). For a page that shows a set: DrawSet draws its tiles,
// Scorer.Deal and DrawBoard (or Pictures, both at once) a random board of
// it, each a render.Drawing to write with WriteSVG, and Scorer.Score gives
// every term with its standard error. PrintSheets lays a set out on pages
// to print and cut, written by WritePrintPDF or WritePrintSVG.
package tiles
