package server

import (
	"bytes"
	"net/http"
	"strconv"

	"github.com/ludus-games/ludus/linjat"
	"github.com/ludus-games/ludus/render/plot"
)

// CurvePoint is a point of the Linjat optimiser's curve: the best score
// after so many iterations.
type CurvePoint struct {
	Iterations int64   `json:"iterations"`
	Best       float64 `json:"best"`
}

// maxCurvePoints bounds the points of a curve kept and drawn.
const maxCurvePoints = 500

// thinCurve keeps at most maxCurvePoints points of a curve, evenly
// spread, the last among them.
func thinCurve(c []CurvePoint) []CurvePoint {
	if len(c) <= maxCurvePoints {
		return c
	}
	out := make([]CurvePoint, 0, maxCurvePoints)
	for i := range maxCurvePoints - 1 {
		out = append(out, c[i*(len(c)-1)/(maxCurvePoints-1)])
	}
	return append(out, c[len(c)-1])
}

// linjatKey is the key of a generated puzzle: its settings and seed.
func linjatKey(set linjat.Settings) string {
	return string(set.SettingsJSON()) + "/" + strconv.FormatUint(set.Seed, 10)
}

// curveChart plots a puzzle's curve, as steps: the best score holds until
// a better puzzle is found.
func curveChart(p *LinjatPuzzle) *plot.Chart {
	var s plot.Series
	for i, pt := range p.Curve {
		if i > 0 && pt.Best != p.Curve[i-1].Best {
			s.X = append(s.X, float64(pt.Iterations))
			s.Y = append(s.Y, p.Curve[i-1].Best)
		}
		s.X = append(s.X, float64(pt.Iterations))
		s.Y = append(s.Y, pt.Best)
	}
	return &plot.Chart{Title: "Best score of the optimiser (" + p.Difficulty + ", seed " + strconv.FormatUint(p.Seed, 10) + ")",
		XLabel: "iterations", YLabel: "best score", Series: []plot.Series{s}}
}

// routeLinjatCurve adds GET /api/linjat/curve.svg: the curve of the puzzle
// generated with the settings of the query (those of POST
// /api/linjat/generate), or, without any, of the puzzle generated last.
func (s *Server) routeLinjatCurve(mux *http.ServeMux) {
	mux.Handle("GET /api/linjat/curve.svg", handler(func(w http.ResponseWriter, r *http.Request) error {
		p := s.lastLinjat.Load()
		if q := r.URL.Query(); len(q) > 0 {
			var req LinjatRequest
			for name, to := range map[string]*int{"rows": &req.Rows, "cols": &req.Cols, "numbers": &req.Numbers} {
				if v := q.Get(name); v != "" {
					n, err := strconv.Atoi(v)
					if err != nil {
						return failf(http.StatusBadRequest, "%s=%q: want a whole number", name, truncate(v, maxEcho))
					}
					*to = n
				}
			}
			var err error
			if req.Seed, err = seedOf(r); err != nil {
				return err
			}
			if v := q.Get("iterations"); v != "" {
				if req.Iterations, err = strconv.ParseInt(v, 10, 64); err != nil {
					return failf(http.StatusBadRequest, "iterations=%q: want a whole number", truncate(v, maxEcho))
				}
			}
			req.Difficulty = q.Get("difficulty")
			set, err := linjatSettings(req)
			if err != nil {
				return err
			}
			p, _ = s.linjatMade.get(linjatKey(set))
		}
		if p == nil || len(p.Curve) == 0 {
			return failf(http.StatusNotFound, "no puzzle of these settings was generated here lately: generate it first")
		}
		var b bytes.Buffer
		if err := curveChart(p).Drawing(720, 260).WriteSVG(&b); err != nil {
			return err
		}
		w.Header().Set("Content-Type", "image/svg+xml")
		_, err := w.Write(b.Bytes())
		return err
	}))
}
