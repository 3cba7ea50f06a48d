package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"

	"github.com/ludus-games/ludus/store"
)

// Checked is the answer of POST /api/games/check: whether the text reads
// and its default game starts, the problems that stop it (Errors), what
// was read in a way its author should check (Warnings), what it leaves
// to another program (Notes), each at its place, and the game as it
// would be offered.
type Checked struct {
	OK       bool         `json:"ok"`
	Error    string       `json:"error,omitempty"`
	Errors   []Diagnostic `json:"errors"`
	Warnings []Diagnostic `json:"warnings"`
	Notes    []Diagnostic `json:"notes"`
	Game     *GameInfo    `json:"game,omitempty"`
}

// Source is the answer of GET /api/games/source: the text of a rules
// file as the server offers it (Version, for an upload, the version
// asked for), and for a file under --games whose text on disk does not
// read, that text and its problem.
type Source struct {
	Name    string `json:"name"`
	Source  string `json:"source"` // bundled, dir, upload
	Version int    `json:"version,omitempty"`
	Text    string `json:"text"`
	// Problem is the text on disk of a file under --games that does not
	// read, and why; Text is then the version offered (empty when none
	// ever read).
	Problem *BrokenText `json:"problem,omitempty"`
}

// BrokenText is a text that does not read, and why.
type BrokenText struct {
	Problem
	Text string `json:"text"`
}

// dryRun reads and checks a text as an upload would be, keeping nothing.
func (c *catalog) dryRun(ctx context.Context, name string, src []byte) (*Checked, error) {
	out := &Checked{Errors: []Diagnostic{}, Warnings: []Diagnostic{}, Notes: []Diagnostic{}}
	ch, err := c.probe(ctx, name, src)
	var ae *apiError
	switch {
	case err != nil && errors.As(err, &ae) && ae.status == http.StatusUnprocessableEntity:
		out.Error, out.Errors = clipMessage(err.Error()), diagnose(err)
		return out, nil
	case err != nil:
		return nil, err
	}
	r := ch.b.eng.Rules
	out.Warnings, out.Notes = diagnoseAll(r.Warnings), diagnoseAll(r.Notes)
	info := describe(name, "upload", 0, ch.file, ch.def, r)
	out.Game = &info
	if ch.b.start != nil {
		out.Error = "the game fails at its start: " + clipMessage(ch.b.start.Error())
		out.Errors = diagnose(ch.b.start)
	}
	out.OK = len(out.Errors) == 0
	return out, nil
}

// source returns the text of a file offered (version: an upload's version,
// or current), or of a file under --games that never read.
func (c *catalog) source(ctx context.Context, name string, version int) (*Source, error) {
	c.mu.RLock()
	cf := c.files[name]
	var out *Source
	switch {
	case cf != nil:
		out = &Source{Name: name, Source: cf.info.Source, Version: cf.info.Version, Text: cf.source}
		if cf.problem != nil {
			out.Problem = &BrokenText{Problem: cf.problem.Problem, Text: cf.problem.text}
		}
	case c.broken[name] != nil:
		b := c.broken[name]
		out = &Source{Name: name, Source: "dir", Problem: &BrokenText{Problem: b.Problem, Text: b.text}}
	}
	c.mu.RUnlock()
	if version == current || out != nil && version == out.Version {
		if out == nil {
			return nil, failf(http.StatusNotFound, "no game %q (GET /api/games lists them)", name)
		}
		return out, nil
	}
	if out != nil && out.Source != "upload" {
		return nil, failf(http.StatusNotFound, "%s: the server keeps only the text it offers now", name)
	}
	gf, err := c.store.GameFileVersion(ctx, name, version)
	if errors.Is(err, store.ErrNotFound) {
		return nil, failf(http.StatusNotFound, "no game %q version %d", name, version)
	}
	if err != nil {
		return nil, err
	}
	return &Source{Name: name, Source: "upload", Version: gf.Version, Text: gf.Source}, nil
}

// routeDesigner adds the routes of the rules editor: the dry-run check
// of a text, the text of a file, and the files under --games that do
// not read.
func (s *Server) routeDesigner(mux *http.ServeMux) {
	mux.Handle("POST /api/games/check", handler(func(w http.ResponseWriter, r *http.Request) error {
		name := "rules.zrf"
		if raw := r.URL.Query().Get("name"); raw != "" {
			var err error
			if name, err = uploadName(raw); err != nil {
				return err
			}
		}
		src, err := s.readRules(w, r)
		if err != nil {
			return err
		}
		out, err := s.catalog.dryRun(r.Context(), name, src)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, out)
	}))
	mux.Handle("GET /api/games/source", handler(func(w http.ResponseWriter, r *http.Request) error {
		q := r.URL.Query()
		version := current
		if v := q.Get("version"); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return failf(http.StatusBadRequest, "version=%q: want a whole number, 1 or more", v)
			}
			version = n
		}
		out, err := s.catalog.source(r.Context(), q.Get("name"), version)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, out)
	}))
	mux.Handle("GET /api/games/problems", handler(func(w http.ResponseWriter, r *http.Request) error {
		return writeJSON(w, http.StatusOK, s.catalog.problems())
	}))
}

// readRules reads a rules file sent as a request's body, at most
// MaxUpload bytes, from this server's page or a program.
func (s *Server) readRules(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if site := crossSite(r); site != "" {
		return nil, failf(http.StatusForbidden, "rules files are sent from this server's page, not from %s", site)
	}
	src, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload))
	if err != nil {
		return nil, failf(http.StatusRequestEntityTooLarge, "rules file over %d bytes", s.cfg.MaxUpload)
	}
	return src, nil
}

// withDiagnostics adds to a 422 about a rules file the reader's problems,
// each at its place, for an editor to pin to its lines.
func withDiagnostics(err error) error {
	var ae *apiError
	if !errors.As(err, &ae) || ae.status != http.StatusUnprocessableEntity || ae.diags != nil {
		return err
	}
	cp := *ae
	cp.diags = diagnose(err)
	return &cp
}
