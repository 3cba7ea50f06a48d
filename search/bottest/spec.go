package bottest

import (
	"slices"
	"strconv"

	"github.com/ludus-games/ludus/game"
	"github.com/ludus-games/ludus/search"
)

// FromSpec returns a Maker of the bots r builds from spec, the budget
// written as the spec's parameters in place of any budget it gives: the
// nodes as "iterations" for kinds that count iterations (MCTS, whose
// "nodes" bounds its tree) or else as "nodes", the time as "time". A
// kind with no such parameter (random) is built as spec says.
func FromSpec[M any, P game.Position[M]](r *search.Registry[M, P], spec string) Maker[M, P] {
	return func(b search.Budget) (search.Bot[M, P], error) {
		s, err := search.ParseSpec(spec)
		if err != nil {
			return nil, err
		}
		kinds := r.Kinds()
		i := slices.IndexFunc(kinds, func(k search.Kind) bool { return k.Name == s.Kind })
		if i < 0 {
			return r.Bot(spec) // which says what kinds there are
		}
		has := func(name string) bool {
			return slices.ContainsFunc(kinds[i].Params, func(p search.Param) bool { return p.Name == name })
		}
		nodes := "nodes"
		if has("iterations") {
			nodes = "iterations"
		}
		s.Params = slices.DeleteFunc(s.Params, func(p search.SpecParam) bool { return p.Name == nodes || p.Name == "time" })
		if b.Nodes > 0 && has(nodes) {
			s.Params = append(s.Params, search.SpecParam{Name: nodes, Value: strconv.FormatInt(b.Nodes, 10)})
		}
		if b.Time > 0 && has("time") {
			s.Params = append(s.Params, search.SpecParam{Name: "time", Value: b.Time.String()})
		}
		return r.Bot(s.String())
	}
}
