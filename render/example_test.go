package render_test

import (
	"os"

	"github.com/ludus-games/ludus/render"
)

// A drawing is built once and written in either format.
func Example() {
	d := render.New(40, 20)
	d.Rect(0, 0, 20, 20, render.Style{Fill: render.Hex("#eee"), Stroke: render.Hex("#000")})
	d.Text(render.Pt(30, 10), "A", render.Font{Size: 10, Anchor: render.Middle, Center: true})
	d.WriteSVG(os.Stdout)
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
	// <rect x="0" y="0" width="100%" height="100%" fill="#ffffff"/>
	// <rect x="0" y="0" width="20" height="20" fill="#eeeeee" stroke="#000000" stroke-width="1" stroke-linejoin="round" stroke-linecap="round"/>
	// <text x="30" y="10" font-family="sans-serif" font-size="10" text-anchor="middle" dominant-baseline="central" fill="#000000">A</text>
	// </svg>
}
