package dungeon

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ludus-games/ludus/dungeon/geom"
	"github.com/ludus-games/ludus/internal/atomicfile"
	"github.com/ludus-games/ludus/render"
)

// Tile ids of the TMX export (global ids: 0 is empty).
const (
	TileEmpty    = 0
	TileFloor    = 1
	TileWall     = 2
	TileDoor     = 3
	TileCorridor = 4
)

// tmxTileSize is the size in pixels of one tile of the exported map.
const tmxTileSize = 16

// tileGrid is the export lattice: a grid unit of the layout becomes two
// tiles, so that walls get tiles of their own. Lattice point (2i, 2j) is a
// grid corner, (2i+1, 2j+1) the middle of a cell, the others the middles
// of cell sides.
type tileGrid struct {
	w, h  int
	tiles []int
	b     geom.Rect
}

// Tiles returns the layout as a tile map, row by row from the top: floors
// for the cells of rooms, corridor floors for those of corridor rooms,
// walls on the outlines and doors where the doors are. A layout spanning
// W x H grid units gives (2W+1) x (2H+1) tiles.
// It fails on a layout too large to tile.
func (l *Layout) Tiles() (w, h int, tiles []int, err error) {
	t, err := l.tileGrid()
	if err != nil {
		return 0, 0, nil, err
	}
	return t.w, t.h, t.tiles, nil
}

// maxTiles bounds the size of an exported map.
const maxTiles = 1 << 24

func (l *Layout) tileGrid() (*tileGrid, error) {
	b := l.bounds()
	t := &tileGrid{b: b, w: 2*(b.X2-b.X1) + 1, h: 2*(b.Y2-b.Y1) + 1}
	if t.w <= 0 || t.h <= 0 || t.w > maxTiles || t.h > maxTiles || t.w*t.h > maxTiles {
		return nil, fmt.Errorf("layout of %dx%d grid units is too large to tile", b.X2-b.X1, b.Y2-b.Y1)
	}
	t.tiles = make([]int, t.w*t.h)
	for _, r := range l.Rooms {
		poly, err := geom.NewPolygon(r.Outline)
		if err != nil {
			continue
		}
		floor := TileFloor
		if r.Corridor {
			floor = TileCorridor
		}
		for _, rc := range poly.Rects() {
			x1, y1 := t.at(geom.Point{X: rc.X1, Y: rc.Y2})
			x2, y2 := t.at(geom.Point{X: rc.X2, Y: rc.Y1})
			for y := y1; y <= y2; y++ {
				for x := x1; x <= x2; x++ {
					t.tiles[y*t.w+x] = floor
				}
			}
		}
	}
	for _, r := range l.Rooms {
		for i := range r.Outline {
			t.line(r.Outline[i], r.Outline[(i+1)%len(r.Outline)], TileWall, true)
		}
	}
	for _, d := range l.Doors {
		t.line(d.Line[0], d.Line[1], TileDoor, false)
	}
	return t, nil
}

// at maps a grid point to its lattice column and row.
func (t *tileGrid) at(p geom.Point) (int, int) {
	return 2 * (p.X - t.b.X1), 2 * (t.b.Y2 - p.Y)
}

// line sets the lattice points of segment a-b to tile, ends included or
// not.
func (t *tileGrid) line(a, b geom.Point, tile int, ends bool) {
	x1, y1 := t.at(a)
	x2, y2 := t.at(b)
	dx, dy := sign(x2-x1), sign(y2-y1)
	n := max(abs(x2-x1), abs(y2-y1))
	for i := 0; i <= n; i++ {
		if !ends && (i == 0 || i == n) {
			continue
		}
		x, y := x1+i*dx, y1+i*dy
		if x >= 0 && x < t.w && y >= 0 && y < t.h {
			t.tiles[y*t.w+x] = tile
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// WriteTMX writes the layout as a Tiled map: a tile layer (see Tiles) and
// an object layer with every room's outline, name, template and kind. The
// tileset is the image tileset (a file name relative to the map), which
// WriteTileset draws.
func (l *Layout) WriteTMX(w io.Writer, tileset string) error {
	t, err := l.tileGrid()
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(bw, "<map version=\"1.10\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"%d\" height=\"%d\" tilewidth=\"%d\" tileheight=\"%d\" infinite=\"0\" nextlayerid=\"3\" nextobjectid=\"%d\">\n",
		t.w, t.h, tmxTileSize, tmxTileSize, len(l.Rooms)+1)
	fmt.Fprintf(bw, " <tileset firstgid=\"1\" name=\"dungeon\" tilewidth=\"%d\" tileheight=\"%d\" tilecount=\"4\" columns=\"4\">\n", tmxTileSize, tmxTileSize)
	fmt.Fprintf(bw, "  <image source=\"%s\" width=\"%d\" height=\"%d\"/>\n", xmlEscape(tileset), 4*tmxTileSize, tmxTileSize)
	for id, name := range []string{"floor", "wall", "door", "corridor"} {
		fmt.Fprintf(bw, "  <tile id=\"%d\" type=\"%s\"/>\n", id, name)
	}
	fmt.Fprintf(bw, " </tileset>\n")
	fmt.Fprintf(bw, " <layer id=\"1\" name=\"tiles\" width=\"%d\" height=\"%d\">\n  <data encoding=\"csv\">\n", t.w, t.h)
	for y := range t.h {
		row := make([]string, t.w)
		for x := range t.w {
			row[x] = fmt.Sprint(t.tiles[y*t.w+x])
		}
		sep := ","
		if y == t.h-1 {
			sep = ""
		}
		fmt.Fprintf(bw, "%s%s\n", strings.Join(row, ","), sep)
	}
	fmt.Fprintf(bw, "  </data>\n </layer>\n <objectgroup id=\"2\" name=\"rooms\">\n")
	half := tmxTileSize / 2
	for i, r := range l.Rooms {
		kind := "room"
		if r.Corridor {
			kind = "corridor"
		}
		ox, oy := t.at(r.Outline[0])
		fmt.Fprintf(bw, "  <object id=\"%d\" name=\"%s\" type=\"%s\" x=\"%d\" y=\"%d\">\n", i+1, xmlEscape(r.ID.Name), kind, ox*tmxTileSize+half, oy*tmxTileSize+half)
		fmt.Fprintf(bw, "   <properties><property name=\"template\" value=\"%s\"/></properties>\n", xmlEscape(r.Template))
		var pts []string
		for _, p := range r.Outline {
			x, y := t.at(p)
			pts = append(pts, fmt.Sprintf("%d,%d", (x-ox)*tmxTileSize, (y-oy)*tmxTileSize))
		}
		fmt.Fprintf(bw, "   <polygon points=\"%s\"/>\n  </object>\n", strings.Join(pts, " "))
	}
	fmt.Fprintf(bw, " </objectgroup>\n</map>\n")
	return bw.Flush()
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\"", "&quot;", "'", "&apos;")

func xmlEscape(s string) string { return xmlEscaper.Replace(s) }

// Tileset draws the four tiles of the TMX export side by side: floor,
// wall, door, corridor floor.
func Tileset() *render.Drawing {
	s := float64(tmxTileSize)
	d := render.New(4*s, s)
	colors := []render.Color{roomColor(0), wallColor, doorColor, corridorFill}
	for i, c := range colors {
		d.Rect(float64(i)*s, 0, s, s, render.Style{Fill: c})
	}
	return d
}

// SaveTMX writes the layout to path as a Tiled map, with its tileset image
// beside it (the map's name with "-tiles.png"). Both files are written
// atomically.
func (l *Layout) SaveTMX(path string) error {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + "-tiles.png"
	if err := render.Save(filepath.Join(filepath.Dir(path), base), Tileset()); err != nil {
		return err
	}
	return atomicfile.Write(path, func(w io.Writer) error { return l.WriteTMX(w, base) })
}
