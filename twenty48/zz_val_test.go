package twenty48

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"testing"
)

func TestValidate(t *testing.T) {
	if os.Getenv("VAL") == "" { t.Skip() }
	var w LineWeights
	if err := json.Unmarshal([]byte(os.Getenv("VAL")), &w); err != nil { t.Fatal(err) }
	games, _ := strconv.Atoi(os.Getenv("GAMES"))
	depth, _ := strconv.Atoi(os.Getenv("DEPTH"))
	seed, _ := strconv.Atoi(os.Getenv("SEED"))
	RegisterEval("cand", func() *Eval { return NewEval("cand", "", w.Line) })
	res, err := Run(context.Background(), RunConfig{Player: PlayerSpec{Kind: "expectimax", Eval: "cand", Depth: depth}, Seed: uint64(seed), Games: games}, RunOptions{Workers: 2})
	if err != nil { t.Fatal(err) }
	s := Summarize(res)
	t.Logf("RESULT %s depth %d: mean %.0f median %.0f 8192 %.3f 16384 %.3f 32768 %.3f ms/move %.3f", os.Getenv("VAL"), depth, s.MeanScore, s.MedianScore, s.Reach["8192"], s.Reach["16384"], s.Reach["32768"], s.MsPerMove["all"])
}
