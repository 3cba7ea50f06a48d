package store_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ludus-games/ludus/store"
)

// A store is a SQLite file unless given a postgres:// URL; every puzzle is
// committed as soon as AddPuzzle returns.
func Example() {
	dir, _ := os.MkdirTemp("", "store-example")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	s, err := store.Open(ctx, filepath.Join(dir, "levels.db"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer s.Close()
	s.AddPuzzle(ctx, &store.Puzzle{Game: "linjat", Height: 1, Width: 3, Body: "o2.", Difficulty: "easy", Score: 2})
	s.AddPuzzle(ctx, &store.Puzzle{Game: "linjat", Height: 1, Width: 4, Body: "3o..", Difficulty: "easy", Score: 5})
	ps, _ := s.Puzzles(ctx, store.Query{Game: "linjat", Difficulty: "easy"})
	for _, p := range ps {
		fmt.Println(p.Body, p.Score)
	}
	// Output:
	// 3o.. 5
	// o2. 2
}
