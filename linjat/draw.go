package linjat

import (
	"fmt"
	"strconv"

	"github.com/ludus-games/ludus/render"
)

// DrawOptions say what to draw over the puzzle.
type DrawOptions struct {
	// Solution, when set, is drawn as full lines.
	Solution Solution
	// Trace and Step draw the state after step Step (1 = after the first
	// layer, 0 = the start) of a rating trace: the part of every line known
	// by then, with the cells decided in that step highlighted.
	Trace []Step
	Step  int
}

// Palette of the drawings.
var (
	inkColor     = render.Hex("#2b2d42")
	gridColor    = render.Hex("#d9dce3")
	paperColor   = render.Hex("#f8f9fb")
	doneColor    = render.Hex("#2a9d8f") // a line of full length
	partColor    = render.Hex("#e76f51") // a line known in part
	newColor     = render.Hex("#ffe08a") // cells decided in the step shown
	focusColor   = render.Hex("#3a86ff")
	numberFill   = render.Hex("#ffffff")
	cellSize     = 40.0
	marginSize   = 12.0
	captionSpace = 28.0
)

// Draw draws p, optionally with a solution or a step of a trace, on a new
// drawing (40 units a cell).
func Draw(p *Puzzle, opt DrawOptions) (*render.Drawing, error) {
	spans, fresh, caption, err := drawState(p, opt)
	if err != nil {
		return nil, err
	}
	w := float64(p.Cols)*cellSize + 2*marginSize
	h := float64(p.Rows)*cellSize + 2*marginSize
	if caption != "" {
		h += captionSpace
	}
	d := render.New(w, h)
	d.Scale = 2
	d.Background = paperColor
	cv := render.Translate(d, marginSize, marginSize, 1)
	drawGrid(cv, p, fresh, opt)
	nums := p.Numbers()
	for i, sp := range spans {
		if sp.known {
			drawSpan(cv, sp, nums[i].Value)
		}
	}
	drawCells(cv, p, narrowed(p, opt))
	if caption != "" {
		d.Text(render.Pt(w/2, h-captionSpace/2-2), caption,
			render.FitText(caption, render.Font{Size: 14, Color: inkColor, Anchor: render.Middle, Center: true}, w-8))
	}
	return d, nil
}

// span is the known part of a number's line: the cells from (r0,c0) to
// (r1,c1).
type span struct {
	known          bool
	r0, c0, r1, c1 int
}

func (s *span) add(r, c int) {
	if !s.known {
		*s = span{true, r, c, r, c}
		return
	}
	s.r0, s.c0, s.r1, s.c1 = min(s.r0, r), min(s.c0, c), max(s.r1, r), max(s.c1, c)
}

func (s span) length() int { return s.r1 - s.r0 + s.c1 - s.c0 + 1 }

// drawState works out the line parts to draw, the cells to highlight and
// the caption.
func drawState(p *Puzzle, opt DrawOptions) ([]span, []Pos, string, error) {
	nums := p.Numbers()
	spans := make([]span, len(nums))
	var fresh []Pos
	if opt.Solution != nil {
		if len(opt.Solution) != len(nums) {
			return nil, nil, "", fmt.Errorf("solution has %d lines for %d numbers", len(opt.Solution), len(nums))
		}
		for i, l := range opt.Solution {
			spans[i] = span{true, l.R0, l.C0, l.R1, l.C1}
		}
		return spans, fresh, "", nil
	}
	if opt.Trace == nil {
		return spans, fresh, "", nil
	}
	if opt.Step < 0 || opt.Step > len(opt.Trace) {
		return nil, nil, "", fmt.Errorf("step %d out of range 0-%d", opt.Step, len(opt.Trace))
	}
	for i, n := range nums {
		spans[i].add(n.Row, n.Col)
	}
	for k, st := range opt.Trace[:opt.Step] {
		for _, dc := range st.Decided {
			if dc.Number < 0 || dc.Number >= len(nums) {
				return nil, nil, "", fmt.Errorf("step %d decides for number %d of %d", k+1, dc.Number, len(nums))
			}
			spans[dc.Number].add(dc.Row, dc.Col)
			if k == opt.Step-1 {
				fresh = append(fresh, Pos{dc.Row, dc.Col})
			}
		}
	}
	caption := fmt.Sprintf("start: %d steps to go", len(opt.Trace))
	if opt.Step > 0 {
		st := opt.Trace[opt.Step-1]
		caption = fmt.Sprintf("step %d of %d: %s (width %d)", opt.Step, len(opt.Trace), st.Rule, st.Width)
	}
	return spans, fresh, caption, nil
}

func drawGrid(cv render.Canvas, p *Puzzle, fresh []Pos, opt DrawOptions) {
	w, h := float64(p.Cols)*cellSize, float64(p.Rows)*cellSize
	cv.Rect(0, 0, w, h, render.Style{Fill: render.RGB(255, 255, 255)})
	for _, pos := range fresh {
		cv.Rect(float64(pos.Col)*cellSize, float64(pos.Row)*cellSize, cellSize, cellSize,
			render.Style{Fill: newColor})
	}
	thin := render.Style{Stroke: gridColor, Width: 1}
	for r := 1; r < p.Rows; r++ {
		cv.Line(render.Pt(0, float64(r)*cellSize), render.Pt(w, float64(r)*cellSize), thin)
	}
	for c := 1; c < p.Cols; c++ {
		cv.Line(render.Pt(float64(c)*cellSize, 0), render.Pt(float64(c)*cellSize, h), thin)
	}
	if opt.Trace != nil && opt.Step > 0 {
		for _, f := range opt.Trace[opt.Step-1].Focus {
			cv.Rect(float64(f.Col)*cellSize+3, float64(f.Row)*cellSize+3, cellSize-6, cellSize-6,
				render.Style{Stroke: focusColor, Width: 2, Dash: []float64{4, 3}})
		}
	}
	cv.Rect(0, 0, w, h, render.Style{Stroke: inkColor, Width: 2})
}

func center(r, c int) render.Point {
	return render.Pt((float64(c)+0.5)*cellSize, (float64(r)+0.5)*cellSize)
}

func drawSpan(cv render.Canvas, sp span, value int) {
	col := partColor
	if sp.length() == value {
		col = doneColor
	}
	a, b := center(sp.r0, sp.c0), center(sp.r1, sp.c1)
	cv.Line(a, b, render.Style{Stroke: col.WithAlpha(110), Width: cellSize * 0.62})
	cv.Line(a, b, render.Style{Stroke: col, Width: cellSize * 0.16})
}

// narrowed returns the cells of the numbers the shown step reasoned about.
func narrowed(p *Puzzle, opt DrawOptions) map[int]bool {
	m := map[int]bool{}
	if opt.Trace == nil || opt.Step < 1 || opt.Step > len(opt.Trace) {
		return m
	}
	nums := p.Numbers()
	for _, i := range opt.Trace[opt.Step-1].Numbers {
		if i >= 0 && i < len(nums) {
			m[nums[i].Row*p.Cols+nums[i].Col] = true
		}
	}
	return m
}

func drawCells(cv render.Canvas, p *Puzzle, ringed map[int]bool) {
	for r := 0; r < p.Rows; r++ {
		for c := 0; c < p.Cols; c++ {
			at := center(r, c)
			switch v := p.At(r, c); {
			case v == Dot:
				cv.Circle(at.X, at.Y, cellSize*0.12, render.Style{Fill: inkColor})
			case v > 0:
				ring := render.Style{Fill: numberFill, Stroke: inkColor, Width: 2}
				if ringed[r*p.Cols+c] {
					ring.Stroke, ring.Width = focusColor, 3.5
				}
				cv.Circle(at.X, at.Y, cellSize*0.36, ring)
				size := 18.0
				if v > 9 {
					size = 14
				}
				cv.Text(at, strconv.Itoa(v), render.Font{Size: size, Color: inkColor, Bold: true,
					Anchor: render.Middle, Center: true})
			}
		}
	}
}
