package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/games"
)

// maxPictureBytes bounds the pictures and frames kept.
const maxPictureBytes = 64 << 20

// pictures are the pictures of sessions' positions and the frames of
// games' boards, drawn once each on the rules pool, outside any lock, and
// kept: a board of many positions costs its drawing once, not once per
// request.
type pictures struct {
	boards  *byteCache[pictureKey]
	frames  *byteCache[frameKey]
	drawing flights[pictureKey, []byte]
	framing flights[frameKey, []byte]
}

// pictureKey names a picture of a position of a session: its current
// position at a version, or (version -1) the position at a move of its
// tree, by the path to it; either drawn upright or flipped.
type pictureKey struct {
	id      string
	version int
	path    string
	flip    bool
}

// frameKey names the frame of a game's board, upright or flipped.
type frameKey struct {
	eng  *games.Game
	flip bool
}

func newPictures() *pictures {
	return &pictures{boards: newByteCache[pictureKey](maxPictureBytes / 2), frames: newByteCache[frameKey](maxPictureBytes / 2)}
}

// flipOf reads ?flip=1: the board turned half a turn, for the other side.
func flipOf(r *http.Request) bool {
	v := r.URL.Query().Get("flip")
	return v == "1" || v == "true"
}

// serveBoard answers the picture of a session's position, or of the
// position at a move of its tree (?path=0.0.1), flipped on ?flip=1.
func (s *Server) serveBoard(w http.ResponseWriter, r *http.Request, ss *session) error {
	flip := flipOf(r)
	path, ok, err := pathOf(r)
	if err != nil {
		return err
	}
	var key pictureKey
	var st *engine.State
	if ok {
		key = pictureKey{id: ss.id, version: -1, path: pathText(path), flip: flip}
	} else {
		ss.mu.Lock()
		key = pictureKey{id: ss.id, version: ss.version(), flip: flip}
		if _, kept := s.pictures.boards.get(key); !kept {
			st = ss.pos.State().Clone()
		}
		ss.mu.Unlock()
	}
	svg, kept := s.pictures.boards.get(key)
	if !kept {
		if st == nil {
			nd, err := s.nodeAt(r.Context(), ss, path)
			if err != nil {
				return err
			}
			st = nd.pos.State()
		}
		if svg, err = s.drawBoard(r.Context(), key, ss.eng, st); err != nil {
			return err
		}
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	// A version's picture never changes; the page asks for the current
	// one by the session's address, so it must not keep it.
	w.Header().Set("Cache-Control", "no-store")
	_, err = w.Write(svg)
	return err
}

// drawBoard draws st, a position of eng's game no one else holds, as key
// says (flipped or not) on the rules pool within the budget, and keeps
// the picture under key.
func (s *Server) drawBoard(ctx context.Context, key pictureKey, eng *games.Game, st *engine.State) ([]byte, error) {
	b := s.budget()
	j, err := s.pictures.drawing.run(ctx, s.rules, key, func() ([]byte, error) {
		svg, err := drawPosition(b, eng, st, key.flip)
		if err == nil {
			s.pictures.boards.put(key, svg)
		}
		return svg, err
	})
	if err != nil {
		return nil, err
	}
	return j.wait(ctx, b, "drawing the board")
}

// drawPosition draws st as SVG within the budget b; the caller runs it on
// the rules pool.
func drawPosition(b rulesBudget, eng *games.Game, st *engine.State, flip bool) ([]byte, error) {
	begin := time.Now()
	done := b.start(st)
	draw := engine.Picture
	if flip {
		draw = engine.FlippedPicture
	}
	d := draw(st, eng.View)
	done()
	if time.Since(begin) > b.time {
		return nil, b.refusal(engine.ErrStopped)
	}
	var buf bytes.Buffer
	if err := d.WriteSVG(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// serveGeometry answers the frame of a session's board (?flip=1: flipped).
func (s *Server) serveGeometry(w http.ResponseWriter, r *http.Request, ss *session) error {
	return s.answerFrame(w, r, ss.eng)
}

// answerFrame answers the frame of a game's board, flipped on ?flip=1,
// made once on the rules pool and kept.
func (s *Server) answerFrame(w http.ResponseWriter, r *http.Request, eng *games.Game) error {
	key := frameKey{eng, flipOf(r)}
	js, ok := s.pictures.frames.get(key)
	if !ok {
		j, err := s.pictures.framing.run(r.Context(), s.rules, key, func() ([]byte, error) {
			js, err := json.Marshal(newFrame(eng.Compiled, eng.View, s.budget(), key.flip))
			if err != nil {
				return nil, err
			}
			// The line's end is kept with it: the kept bytes are shared
			// by every request that answers with them, never appended to.
			js = append(js, '\n')
			s.pictures.frames.put(key, js)
			return js, nil
		})
		if err != nil {
			return err
		}
		if js, err = j.wait(r.Context(), s.budget(), "framing the board"); err != nil {
			return err
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_, err := w.Write(js)
	return err
}

// flights runs one job per key at a time: requests for the same work
// while it runs wait for it rather than doing it again.
type flights[K comparable, V any] struct {
	mu      sync.Mutex
	running map[K]*job[V]
}

// run returns the job of key k, starting f on the pool if none runs.
func (fl *flights[K, V]) run(ctx context.Context, p *rulesPool, k K, f func() (V, error)) (*job[V], error) {
	fl.mu.Lock()
	j := fl.running[k]
	fl.mu.Unlock()
	if j != nil {
		return j, nil
	}
	j, err := runJob(ctx, p, f)
	if err != nil {
		return nil, err
	}
	fl.mu.Lock()
	if old := fl.running[k]; old != nil {
		fl.mu.Unlock()
		return old, nil
	}
	if fl.running == nil {
		fl.running = map[K]*job[V]{}
	}
	fl.running[k] = j
	fl.mu.Unlock()
	go func() {
		<-j.done
		fl.mu.Lock()
		delete(fl.running, k)
		fl.mu.Unlock()
	}()
	return j, nil
}
