package rules

// View is what a renderer needs and the rules never use: screen geometry of
// the positions, image and sound file names, help texts. Front ends fill it
// beside the Rules so that a game runs with no view at all.
type View struct {
	// Cells[p] is the screen rectangle of position p (HasRect false when
	// the file gives none).
	Cells       []Cell
	BoardImages []string
	// PieceImages maps "Piece Player" to the image files given for it.
	PieceImages map[string][]string
	Sounds      map[string]string
	Description string
	History     string
	Strategy    string
	PieceHelp   map[string]string
	// Grids gives, for each grid of the board, its start rectangle and the
	// screen step of each dimension.
	Grids []GridView
	// Labels[p], when given, is written small in the corner of position
	// p: the numbers of draughts' playing squares. The loader fills them
	// from the game's notation where the file gives none.
	Labels []string
}

// Cell is the screen place of one position.
type Cell struct {
	X1, Y1, X2, Y2 float64
	HasRect        bool
	Dummy          bool // declared with (dummy ...): not drawn
}

// GridView is the screen geometry of one grid.
type GridView struct {
	Start [4]float64
	Steps [][2]float64
}
