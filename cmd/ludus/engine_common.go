package main

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// gameFlags are the flags every engine command shares: which game of the
// file, and which position to start from.
type gameFlags struct {
	variant  string
	position string
}

func (f *gameFlags) register(c *cobra.Command, withPosition bool) {
	c.Flags().StringVar(&f.variant, "variant", "", "game or variant of the file, by title or number (default: the file's default)")
	if withPosition {
		c.Flags().StringVar(&f.position, "position", "", "start from the position in this file (position format)")
	}
}

// open loads the game and its start (or given) position.
func (f *gameFlags) open(path string) (*games.Game, *engine.State, error) {
	g, err := games.Open(path, games.Options{Variant: f.variant})
	if err != nil {
		return nil, nil, rulesNotFound(err)
	}
	if f.position == "" {
		return g, engine.NewState(g.Compiled), nil
	}
	s, err := engine.ReadPosition(g.Compiled, f.position)
	return g, s, err
}

// rulesNotFound adds to the error of a rules file that is not there that
// the name is not one of a bundled game either.
func rulesNotFound(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w (nor the name of a bundled game: ludus games lists them)", err)
	}
	return err
}
