package runs

import (
	"context"
	"io"

	"github.com/ludus-games/ludus/store"
)

// Kind is a kind of run, by the name the store gives it (store.Run.Kind):
// how "ludus runs show" prints a run of it, and which files "ludus runs
// export" writes for it, both as the command that made the run does. Show
// and Export are given a run's results, at least one.
type Kind struct {
	Name string
	// Show prints the run's results; without it each result's JSON is
	// printed.
	Show func(w io.Writer, ri store.RunInfo, results []store.Result) error
	// Export writes the command's files for the run into dir and returns
	// how many; without it only run.json and the stored files are written.
	Export func(ctx context.Context, dir string, ri store.RunInfo, results []store.Result) (files int, err error)
}

// kinds are the kinds of run ludus keeps: a new kind of run is added here,
// its functions in the file of its domain. Runs of other kinds (benchmarks
// of the queue) are shown and exported result by result.
var kinds = []Kind{
	{Name: KindMatch, Show: showArena, Export: exportArena},
	{Name: KindTournament, Show: showArena, Export: exportArena},
	{Name: KindBalance, Show: showArena, Export: exportArena},
	{Name: Kind2048, Show: show2048, Export: export2048},
	{Name: KindLinjatGenerate, Show: showPuzzles, Export: exportPuzzles},
	{Name: KindLinjatPack, Show: showPack, Export: exportPack},
	{Name: KindDungeon, Show: showDungeon, Export: exportDungeon},
	{Name: KindTiles, Show: showTiles},
	{Name: KindTilesPolish, Show: showPolish},
	{Name: KindTilesFront, Show: showFront, Export: exportFront},
}

// Kinds returns the kinds of run ludus keeps.
func Kinds() []Kind { return append([]Kind(nil), kinds...) }

// kindOf returns the kind of run named name.
func kindOf(name string) (Kind, bool) {
	for _, k := range kinds {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}
