package game_test

import (
	"testing"

	"github.com/ludus-games/ludus/game/gametest"
)

// TestExampleContract checks the example's game against the contract it
// illustrates.
func TestExampleContract(t *testing.T) {
	gametest.Run(t, "pig", func() *pig { return &pig{} }, gametest.Options[int]{Games: 10})
}
