package tiles

import (
	"strings"
	"sync"
)

// seedBoardText is the board of the seed, in the board file format; the
// same text ships as examples/tiles/hexmaze.board.
const seedBoardText = `
# The hex maze board of Chris Smith's tile game (2020): 20 slots for
# two-sided tiles, six landmarks, the 47 joins between tile edges (40 between
# neighbours, 7 printed along the rim) and the 15 landmark pairs that the
# score counts.

# slot NAME Q R: a place for a tile at axial hex coordinates (flat-top hexes;
# N of (q,r) is (q,r-1), SE is (q+1,r), NE is (q+1,r-1))
slot 1 0 0
slot 2 0 1
slot 3 0 2
slot 4 0 3
slot 5 1 0
slot 6 1 1
slot 7 1 2
slot 8 1 3
slot 9 2 -1
slot 10 2 0
slot 11 2 2
slot 12 2 3
slot 13 3 -1
slot 14 3 0
slot 15 3 1
slot 16 3 2
slot 17 4 -1
slot 18 4 0
slot 19 4 1
slot 20 4 2

# landmark NAME Q R: a place players must reach, drawn in that cell
landmark Well 2 1
landmark Hut 1 -1
landmark Spring 0 4
landmark Orchard 4 -2
landmark Lair 3 3
landmark Exit 5 1

# connect SLOT DIR SLOT DIR: a trail crosses from one tile edge to the other
connect 1 S 2 N
connect 1 SW 2 NW  # along the rim
connect 1 SE 5 NW
connect 2 NE 5 SW
connect 2 SE 6 NW
connect 2 S 3 N
connect 2 SW 3 NW  # along the rim
connect 3 NE 6 SW
connect 3 SE 7 NW
connect 3 S 4 N
connect 3 SW 4 NW  # along the rim
connect 4 NE 7 SW
connect 4 SE 8 NW
connect 5 NE 9 SW
connect 5 SE 10 NW
connect 5 S 6 N
connect 6 NE 10 SW
connect 6 S 7 N
connect 7 SE 11 NW
connect 7 S 8 N
connect 8 NE 11 SW
connect 8 SE 12 NW
connect 8 S 12 SW  # along the rim
connect 9 NE 13 N  # along the rim
connect 9 SE 13 NW
connect 9 S 10 N
connect 10 NE 13 SW
connect 10 SE 14 NW
connect 11 NE 15 SW
connect 11 SE 16 NW
connect 11 S 12 N
connect 12 NE 16 SW
connect 13 SE 17 NW
connect 13 S 14 N
connect 14 NE 17 SW
connect 14 SE 18 NW
connect 14 S 15 N
connect 15 NE 18 SW
connect 15 SE 19 NW
connect 15 S 16 N
connect 16 NE 19 SW
connect 16 SE 20 NW
connect 17 SE 18 NE  # along the rim
connect 17 S 18 N
connect 18 SE 19 NE  # along the rim
connect 18 S 19 N
connect 19 S 20 N

# touch LANDMARK SLOT DIR: the landmark is reached through that tile edge
touch Well 6 SE
touch Well 7 NE
touch Well 10 S
touch Well 11 N
touch Well 14 SW
touch Well 15 NW
touch Hut 1 NE
touch Hut 5 N
touch Hut 9 NW
touch Spring 4 S
touch Spring 8 SW
touch Orchard 13 NE
touch Orchard 17 N
touch Lair 12 SE
touch Lair 16 S
touch Lair 20 SW
touch Exit 19 SE
touch Exit 20 NE
touch Exit 20 SE

# wall SLOT DIR: the tile edge faces the outer wall
wall 1 N
wall 1 NW
wall 4 SW
wall 9 N
wall 12 S
wall 17 NE
wall 20 S

# pair LANDMARK LANDMARK: the score counts a path between the two
pair Hut Well
pair Hut Spring
pair Hut Lair
pair Hut Orchard
pair Hut Exit
pair Well Spring
pair Well Lair
pair Well Orchard
pair Well Exit
pair Spring Lair
pair Spring Orchard
pair Spring Exit
pair Lair Orchard
pair Lair Exit
pair Orchard Exit
`

var seedBoard = sync.OnceValue(func() *Board {
	b, err := ReadBoard(strings.NewReader(strings.TrimPrefix(seedBoardText, "\n")), "hexmaze.board")
	if err != nil {
		panic("tiles: built-in board: " + err.Error()) // a test keeps this unreachable
	}
	return b
})

// SeedBoard returns the board of Chris Smith's hex maze game: 20 slots,
// 47 connections (7 of them along the rim), six landmarks (Well, Hut,
// Spring, Orchard, Lair, Exit) and the 15 landmark pairs of the score. The
// caller may modify the returned board.
func SeedBoard() *Board {
	b := *seedBoard()
	b.Slots = append([]Slot(nil), b.Slots...)
	b.Landmarks = append([]Landmark(nil), b.Landmarks...)
	b.Conns = append([]Conn(nil), b.Conns...)
	b.Touches = append([]Touch(nil), b.Touches...)
	b.Walls = append([]Edge(nil), b.Walls...)
	b.Pairs = append([][2]int(nil), b.Pairs...)
	return &b
}
