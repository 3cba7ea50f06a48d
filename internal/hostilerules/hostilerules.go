// Package hostilerules writes rules files that cost a server dearly for
// their size, as a hostile client would upload them: the tests of the
// engine's and the server's budgets and the hostile load client share
// them.
package hostilerules

import (
	"fmt"
	"strings"
)

// Walker is a game of drops on an n by n board whose drop program walks
// the rest of the board from every empty position: 2 KB of rules for
// n = 141 whose every loop stays far under the engine's loop limit, but
// whose moves cost about n^4 steps (on small boards the compiler plans
// the walks instead).
func Walker(n int) string {
	var cols, rows []string
	for i := range n {
		cols = append(cols, fmt.Sprintf("c%d", i))
		rows = append(rows, fmt.Sprintf("r%d", i))
	}
	return fmt.Sprintf(`(game (title "Walker") (players A B) (turn-order A B)
 (board (grid (start-rectangle 0 0 10 10) (dimensions ("%s" (10 0)) ("%s" (0 10)))
  (directions (n 0 -1) (e 1 0) (s 0 1) (w -1 0))))
 (piece (name P) (drops ((verify empty?)
   (while (on-board? s) s (while (on-board? e) e) (while (on-board? w) w))
   add)))
 (board-setup (A (P off 9)) (B (P off 9))))`, strings.Join(cols, "/"), strings.Join(rows, "/"))
}
