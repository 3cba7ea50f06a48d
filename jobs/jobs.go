// Package jobs holds the work ludus can spread over machines as queued
// jobs (package queue): the games of a match, tournament or balance run,
// 2048 games, Linjat puzzles and the epochs of GA islands. Each task is the same code a run on one
// machine plays, keyed by the job's index and seed, so a queued run's
// results equal the one-machine run's.
package jobs

import (
	"context"
	"encoding/json"

	"github.com/ludus-games/ludus/queue"
)

// Noop is a trivial task, for measuring the queue itself: its result is
// its seed.
const Noop = "noop"

// Tasks are the tasks a ludus worker knows.
func Tasks() map[string]queue.Func {
	return map[string]queue.Func{
		ArenaGame:    arenaGame,
		Twenty48Game: twenty48Game,
		LinjatPuzzle: linjatPuzzle,
		TilesIsland:  tilesIsland,
		TilesFinal:   tilesFinal,
		Noop:         noop,
	}
}

func noop(_ context.Context, j queue.Job) (queue.Output, error) {
	data, err := json.Marshal(map[string]uint64{"seed": j.Seed})
	return queue.Output{Kind: "noop", Data: data}, err
}
