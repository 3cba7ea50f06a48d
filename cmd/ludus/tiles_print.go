package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/tiles"
)

func newTilesPrintCmd() *cobra.Command {
	var opt tiles.PrintOptions
	var out string
	var noLabels bool
	cmd := &cobra.Command{
		Use:   "print TILESET -o tiles.pdf|tiles.svg",
		Short: "Printable sheets of a tile set: both sides of every tile at a physical size, with cut lines",
		Long: `print lays out both sides of every tile at --size millimetres across the
flats on A4 or Letter pages: a page of fronts, then the page of the same
tiles' backs, placed in mirror image so that, printed double-sided with the
sheet turned on its long edge (--flip long, the usual setting) or short edge
(--flip short), every back lies behind its front. Thin grey outlines are the
cut lines; the artwork runs --bleed past them so that a slightly shifted
back or cut leaves no white edge. A 50 mm bar on every page checks that it
printed at actual size. -o names a PDF (vector pages) or an SVG (all pages
one below the other, in millimetres).`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			set, err := tiles.LoadSet(args[0])
			if err != nil {
				return err
			}
			opt.Labels = !noLabels
			if opt.Title == "" {
				opt.Title = strings.TrimSuffix(filepath.Base(args[0]), filepath.Ext(args[0]))
			}
			sheets, err := tiles.PrintSheets(set, opt)
			if err != nil {
				return err
			}
			var write func(io.Writer) error
			switch strings.ToLower(filepath.Ext(out)) {
			case ".pdf":
				write = func(w io.Writer) error { return tiles.WritePrintPDF(w, sheets, opt.Title) }
			case ".svg":
				write = func(w io.Writer) error { return tiles.WritePrintSVG(w, sheets) }
			default:
				return fmt.Errorf("-o %q: want a .pdf or .svg file", out)
			}
			if err := atomicfile.Write(out, write); err != nil {
				return err
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: %d tiles on %d pages (%d sheets printed double-sided), %g mm across\n",
				out, len(set), len(sheets), len(sheets)/2, opt.Size)
			return nil
		},
	}
	fl := cmd.Flags()
	d := tiles.DefaultPrintOptions()
	fl.StringVarP(&out, "output", "o", "tiles.pdf", "file to write, .pdf or .svg")
	fl.StringVar(&opt.Paper, "paper", d.Paper, "paper: a4 or letter")
	fl.Float64Var(&opt.Size, "size", d.Size, "tile width across its flat sides, in mm")
	fl.Float64Var(&opt.Margin, "margin", d.Margin, "page margin, in mm")
	fl.Float64Var(&opt.Gap, "gap", d.Gap, "space between the cut lines of neighbouring tiles, in mm (0: shared cut lines)")
	fl.Float64Var(&opt.Bleed, "bleed", d.Bleed, "how far the artwork runs past the cut line, in mm (0: none)")
	fl.StringVar(&opt.Flip, "flip", d.Flip, "how the printer turns the sheet for the back: long or short edge")
	rangeFlag(cmd, "size", 10, 1000)
	rangeFlag(cmd, "margin", 5, 100)
	fl.StringVar(&opt.Title, "title", "", "title printed on every page (default: the file name)")
	fl.BoolVar(&noLabels, "no-labels", false, "leave out the small tile numbers")
	outputFlag(cmd, "output", ".pdf", ".svg")
	return cmd
}
