package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/dungeon"
	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/progress"
	"github.com/ludus-games/ludus/render"
	"github.com/ludus-games/ludus/runs"
)

// newDungeonCmd returns "ludus dungeon", which groups the dungeon layout tools.
func newDungeonCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "dungeon",
		Short: "Generate dungeon layouts from a level graph and room templates",
		Long: `dungeon lays out levels: every room of a level graph gets a shape from its
room templates and a place on a grid, so that rooms never overlap and
connected rooms share a door (or a corridor room). Specs are our YAML or
JSON format (see docs/dungeon.md) or the reference's legacy YAML maps.`,
	}
	c.PersistentFlags().StringVar(&dungeonRooms, "rooms", "", "folder of the room sets of legacy maps (default: the first rooms/ folder above the map)")
	c.AddCommand(newDungeonGenerateCmd(), newDungeonCheckCmd(), newDungeonConvertCmd(), newDungeonSynthCmd(), newDungeonBenchCmd())
	return c
}

// dungeonReadFlags are shared by every subcommand that reads specs.
var dungeonRooms string

func readDungeonSpec(path string) (*dungeon.Spec, error) {
	return dungeon.ReadFile(path, dungeon.ReadOptions{RoomsDir: dungeonRooms})
}

var dungeonGenFlags struct {
	seed           uint64
	count          int
	limit          time.Duration
	out, svg, png  string
	tmx            string
	grid, noLabels bool
	cell           float64
	db             string
}

// newDungeonGenerateCmd returns "ludus dungeon generate".
func newDungeonGenerateCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "generate SPEC",
		Short: "Generate layouts and write them as JSON, SVG, PNG or Tiled maps",
		Long: `generate checks SPEC, lays it out and writes the layout: JSON to -o (or to
standard output when no output is named), pictures to --svg and --png, a
Tiled map to --tmx (with its tileset image beside it).

Layout i of --count uses seed --seed+i-1; with --count above 1 the output
names get -1, -2, ... before their extension. A layout not found within
--time-limit is an error. Every layout is kept in the store with the spec
and seed (--db); a run started again after an interruption lays out only
the layouts it lacks, and "ludus runs export" writes them again.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := dungeonGenFlags
			if f.count < 1 {
				return fmt.Errorf("--count %d: want at least 1", f.count)
			}
			if f.limit <= 0 {
				return fmt.Errorf("--time-limit %v: want a positive duration", f.limit)
			}
			spec, err := readDungeonSpec(args[0])
			if err != nil {
				return err
			}
			g, err := dungeon.NewGenerator(spec)
			if err != nil {
				return err
			}
			kept, err := runs.KeepLayouts(cmd.Context(), runEnv(cmd, f.db), spec, f.seed, f.count, f.limit)
			if err != nil {
				return err
			}
			defer kept.Close()
			bar := progress.New(int64(f.count), "dungeon")
			defer bar.Finish()
			for i := range f.count {
				seed := f.seed + uint64(i)
				if l, ok := kept.Before(i); ok {
					bar.Add(1)
					if err := writeDungeonOutputs(cmd.OutOrStdout(), l, i, f.count); err != nil {
						return kept.End(err)
					}
					continue
				}
				l, st, err := g.Generate(cmd.Context(), dungeon.Options{Seed: seed, TimeLimit: f.limit})
				if err != nil {
					return kept.End(err)
				}
				kept.Found(i, seed, l, st)
				bar.Add(1)
				fmt.Fprint(cmd.ErrOrStderr(), runs.LayoutLine(i, seed, l, st.Duration, st.Iterations))
				if err := writeDungeonOutputs(cmd.OutOrStdout(), l, i, f.count); err != nil {
					return kept.End(err)
				}
			}
			return kept.End(nil)
		},
	}
	addDungeonGenerateFlags(c)
	return c
}

// numbered inserts -i before the extension when several files are made.
func numbered(path string, i, count int) string {
	if path == "" || count == 1 {
		return path
	}
	ext := filepath.Ext(path)
	return fmt.Sprintf("%s-%d%s", strings.TrimSuffix(path, ext), i+1, ext)
}

func writeDungeonOutputs(stdout io.Writer, l *dungeon.Layout, i, count int) error {
	f := dungeonGenFlags
	if f.out == "" && f.svg == "" && f.png == "" && f.tmx == "" {
		return l.WriteJSON(stdout)
	}
	if f.out != "" {
		if err := atomicfile.Write(numbered(f.out, i, count), l.WriteJSON); err != nil {
			return err
		}
	}
	opt := dungeon.DrawOptions{Cell: f.cell, Grid: f.grid, NoLabels: f.noLabels}
	for _, p := range []string{f.svg, f.png} {
		if p != "" {
			if err := render.Save(numbered(p, i, count), l.Draw(opt)); err != nil {
				return err
			}
		}
	}
	if f.tmx != "" {
		return l.SaveTMX(numbered(f.tmx, i, count))
	}
	return nil
}

// newDungeonCheckCmd returns "ludus dungeon check".
func newDungeonCheckCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "check SPEC...",
		Short: "Check specs and show their rooms, templates and chains",
		Long: `check reads and checks each SPEC as generate would (graph connected and
planar, every connection able to get a door, templates valid) and prints a
summary, without generating.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, path := range args {
				spec, err := readDungeonSpec(path)
				if err != nil {
					return err
				}
				g, err := dungeon.NewGenerator(spec)
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), g.Summary())
			}
			return nil
		},
	}
	return c
}

var dungeonConvertOut string

// newDungeonConvertCmd returns "ludus dungeon convert".
func newDungeonConvertCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "convert SPEC",
		Short: "Rewrite a spec (e.g. a legacy map) in our YAML format",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			spec, err := readDungeonSpec(args[0])
			if err != nil {
				return err
			}
			if _, err := dungeon.NewGenerator(spec); err != nil {
				return err
			}
			if dungeonConvertOut == "" {
				return spec.WriteYAML(cmd.OutOrStdout())
			}
			return atomicfile.Write(dungeonConvertOut, spec.WriteYAML)
		},
	}
	c.Flags().StringVarP(&dungeonConvertOut, "output", "o", "", "output file (default: standard output)")
	return c
}

var dungeonSynthFlags struct {
	size, cycles        int
	seed                uint64
	corridors, separate bool
	templates           string
	out                 string
}

// newDungeonSynthCmd returns "ludus dungeon synth".
func newDungeonSynthCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "synth",
		Short: "Write a random level graph of a given size, for benchmarks",
		Long: `synth writes a random planar level in our YAML format: --size rooms with
--cycles loops (connections beyond a tree, at most size - 2), no room joined
to more than four others, the same seed giving the same level. Loops may
share rooms and connections; with --separate they share no connection,
each a shortcut between rooms 3 to 6 connections apart, as in most
designed levels and in the scaling benchmark.

The rooms use a small built-in set of templates (rectangles, an L and a T
with doors of length 1), and with --corridors every connection gets a
corridor room (straight or bent corridors). --templates SPEC takes the
templates from SPEC instead (any spec we read, e.g. one of the reference's
legacy maps, whose room sets are found as generate finds them, or in
--rooms DIR): its most common room templates, and with --corridors its
corridors.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			f := dungeonSynthFlags
			if cmd.Flags().Changed("rooms") && f.templates == "" {
				return fmt.Errorf("--rooms %q: --rooms is the folder of the room sets of legacy maps, read only with --templates; the number of rooms is --size", dungeonRooms)
			}
			opt := dungeon.SynthOptions{Rooms: f.size, Cycles: f.cycles, Seed: f.seed, Corridors: f.corridors, Separate: f.separate}
			if f.templates != "" {
				like, err := readDungeonSpec(f.templates)
				if err != nil {
					return err
				}
				opt.Like = like
			}
			spec, err := dungeon.Synthetic(opt)
			if err != nil {
				return err
			}
			if _, err := dungeon.NewGenerator(spec); err != nil {
				return err
			}
			if f.out == "" {
				return spec.WriteYAML(cmd.OutOrStdout())
			}
			return atomicfile.Write(f.out, spec.WriteYAML)
		},
	}
	addDungeonSynthFlags(c)
	return c
}

// addDungeonGenerateFlags registers the flags of "ludus dungeon generate"
// on c.
func addDungeonGenerateFlags(c *cobra.Command) {
	gf := c.Flags()
	gf.Uint64Var(&dungeonGenFlags.seed, "seed", 1, "random seed of the first layout")
	gf.IntVar(&dungeonGenFlags.count, "count", 1, "number of layouts")
	gf.DurationVar(&dungeonGenFlags.limit, "time-limit", 30*time.Second, "give up on a layout after this long")
	gf.StringVarP(&dungeonGenFlags.out, "output", "o", "", "layout JSON file")
	gf.StringVar(&dungeonGenFlags.svg, "svg", "", "picture as SVG")
	gf.StringVar(&dungeonGenFlags.png, "png", "", "picture as PNG")
	gf.StringVar(&dungeonGenFlags.tmx, "tmx", "", "Tiled map (TMX), with its tileset image beside it")
	gf.BoolVar(&dungeonGenFlags.grid, "grid", false, "draw the grid under the rooms")
	gf.BoolVar(&dungeonGenFlags.noLabels, "no-labels", false, "leave the room names out of pictures")
	gf.Float64Var(&dungeonGenFlags.cell, "cell", 16, "picture size of one grid unit")
	dbFlag(c, &dungeonGenFlags.db)
}

// addDungeonSynthFlags registers the flags of "ludus dungeon synth" on c.
func addDungeonSynthFlags(c *cobra.Command) {
	sf := c.Flags()
	sf.IntVar(&dungeonSynthFlags.size, "size", 100, "number of rooms")
	sf.IntVar(&dungeonSynthFlags.cycles, "cycles", 10, "number of loops (0 to size-2)")
	sf.Uint64Var(&dungeonSynthFlags.seed, "seed", 1, "random seed")
	sf.BoolVar(&dungeonSynthFlags.corridors, "corridors", false, "a corridor room on every connection")
	sf.BoolVar(&dungeonSynthFlags.separate, "separate", false, "loops share no connection, each a shortcut over 3 to 6 connections (at most (size-1)/3 loops)")
	sf.StringVar(&dungeonSynthFlags.templates, "templates", "", "take the templates (and corridors) from this spec")
	sf.StringVarP(&dungeonSynthFlags.out, "output", "o", "", "output file (default: standard output)")
}
