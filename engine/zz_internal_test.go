package engine

import (
	"path/filepath"
	"testing"

	"github.com/ludus-games/ludus/engine/zrf"
)

func TestZZDump(t *testing.T) {
	r, _ := zrf.Load(filepath.Join("..", "games", "checkers.zrf"), "")
	g, _ := Compile(r.Rules)
	for _, b := range g.Blocks {
		t.Logf("block %d type %d mt %d drop %v path %v ray %d promoZone %d", b.ID, b.Piece, b.MoveType, b.Drop, b.path != nil, b.ray, b.promoZone)
		for i, in := range b.code {
			t.Logf("  %2d op %2d lk %d a %d b %d c %d", i, in.op, in.lk, in.a, in.b, in.c)
		}
	}
	t.Logf("classes %v chainK %v single %v usesLast %v", g.classes, g.chainK, g.singleClass, g.usesLast)
	for ty, ct := range g.types {
		for _, b := range ct.attack {
			t.Logf("type %d attack block %d mt %d", ty, b.ID, b.MoveType)
		}
	}
}
