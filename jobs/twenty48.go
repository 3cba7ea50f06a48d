package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/ludus-games/ludus/queue"
	"github.com/ludus-games/ludus/store"
	"github.com/ludus-games/ludus/twenty48"
)

// Twenty48Game is the task that plays one game of a "2048 play" run.
const Twenty48Game = "2048-game"

// Twenty48Jobs returns the jobs of a 2048 run: game i plays seed
// cfg.Seed+i, as "ludus 2048 play" does.
func Twenty48Jobs(cfg twenty48.RunConfig) ([]queue.Job, error) {
	if _, err := twenty48.NewPlayer(cfg.Player); err != nil {
		return nil, err
	}
	payload, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	js := make([]queue.Job, cfg.Games)
	for i := range js {
		js[i] = queue.Job{Index: i, Task: Twenty48Game, Seed: cfg.Seed + uint64(i), Payload: payload}
	}
	return js, nil
}

func twenty48Game(ctx context.Context, j queue.Job) (queue.Output, error) {
	var cfg twenty48.RunConfig
	if err := json.Unmarshal(j.Payload, &cfg); err != nil {
		return queue.Output{}, fmt.Errorf("payload: %w", err)
	}
	p, err := twenty48.NewPlayer(cfg.Player)
	if err != nil {
		return queue.Output{}, err
	}
	g, err := twenty48.PlayRecorded(ctx, p, j.Seed, twenty48.PlayOptions{MaxMoves: cfg.MaxMoves})
	if err != nil {
		return queue.Output{}, err
	}
	data, err := json.Marshal(g)
	return queue.Output{Kind: "2048 game", Data: data}, err
}

// Twenty48Games reads the games of a 2048 run's results, in seed order.
func Twenty48Games(results []store.Result) ([]twenty48.PlayedGame, error) {
	games := make([]twenty48.PlayedGame, 0, len(results))
	for _, r := range results {
		var g twenty48.PlayedGame
		if err := json.Unmarshal(r.Data, &g); err != nil {
			return nil, fmt.Errorf("result %d: %w", r.Index, err)
		}
		games = append(games, g)
	}
	return games, nil
}
