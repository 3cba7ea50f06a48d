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
	frames  *byteCache[*games.Game]
	drawing flights[pictureKey, []byte]
	framing flights[*games.Game, []byte]
}

// pictureKey names a position of a session: its id and version.
type pictureKey struct {
	id      string
	version int
}

func newPictures() *pictures {
	return &pictures{boards: newByteCache[pictureKey](maxPictureBytes / 2), frames: newByteCache[*games.Game](maxPictureBytes / 2)}
}

// serveBoard answers the picture of a session's position.
func (s *Server) serveBoard(w http.ResponseWriter, r *http.Request, ss *session) error {
	ss.mu.Lock()
	key := pictureKey{ss.id, ss.version()}
	svg, ok := s.pictures.boards.get(key)
	var st *engine.State
	if !ok {
		st = ss.pos.State().Clone()
	}
	eng := ss.eng
	ss.mu.Unlock()
	if !ok {
		b := s.budget()
		j, err := s.pictures.drawing.run(r.Context(), s.rules, key, func() ([]byte, error) {
			begin := time.Now()
			done := b.start(st)
			d := engine.Picture(st, eng.View)
			done()
			if time.Since(begin) > b.time {
				return nil, b.refusal(engine.ErrStopped)
			}
			var buf bytes.Buffer
			if err := d.WriteSVG(&buf); err != nil {
				return nil, err
			}
			s.pictures.boards.put(key, buf.Bytes())
			return buf.Bytes(), nil
		})
		if err != nil {
			return err
		}
		if svg, err = j.wait(r.Context(), b, "drawing the board"); err != nil {
			return err
		}
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	// A version's picture never changes; the page asks for the current
	// one by the session's address, so it must not keep it.
	w.Header().Set("Cache-Control", "no-store")
	_, err := w.Write(svg)
	return err
}

// serveGeometry answers the frame of a session's board.
func (s *Server) serveGeometry(w http.ResponseWriter, r *http.Request, ss *session) error {
	eng := ss.eng
	js, ok := s.pictures.frames.get(eng)
	if !ok {
		j, err := s.pictures.framing.run(r.Context(), s.rules, eng, func() ([]byte, error) {
			js, err := json.Marshal(newFrame(eng.Compiled, eng.View, s.budget()))
			if err != nil {
				return nil, err
			}
			s.pictures.frames.put(eng, js)
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
	_, err := w.Write(append(js, '\n'))
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
