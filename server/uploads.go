package server

import (
	"context"
	"errors"
	"io"
	"net/http"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ludus-games/ludus/store"
)

// Uploaded is the answer to an upload: the game, and the key that
// replaces or deletes it. The key is given once: the server keeps only
// its hash.
type Uploaded struct {
	GameInfo
	Key string `json:"key,omitempty"`
}

// maxNameBytes bounds the name of an uploaded file.
const maxNameBytes = 100

// uploadName checks the name an upload is offered under and normalises
// it: no control or invisible formatting characters, no slashes, a stem
// of something other than dots and spaces, and the extension ".zrf" in
// lower case.
func uploadName(raw string) (string, error) {
	bad := func(why string) error {
		return failf(http.StatusBadRequest, "?name=%q: %s", truncate(raw, maxNameBytes), why)
	}
	switch {
	case raw == "":
		return "", bad("want a file name ending in .zrf")
	case len(raw) > maxNameBytes:
		return "", bad("a name of at most 100 bytes, please")
	case !utf8.ValidString(raw):
		return "", bad("the name is not UTF-8")
	}
	for _, r := range raw {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '/' || r == '\\' {
			return "", bad("want a file name without slashes or control characters")
		}
	}
	ext := path.Ext(raw)
	if !strings.EqualFold(ext, ".zrf") {
		return "", bad("want a file name ending in .zrf")
	}
	stem := strings.TrimSuffix(raw, ext)
	switch {
	case strings.Trim(stem, ". ") == "":
		return "", bad("the name has nothing before .zrf")
	case strings.TrimSpace(stem) != stem || strings.HasPrefix(stem, "."):
		return "", bad("a name does not start with a dot or a space, nor end with a space")
	}
	return stem + ".zrf", nil
}

// upload checks and keeps a new uploaded rules file, and gives the
// uploader the key that replaces or deletes it. A name that differs only
// in case from a game offered is taken; the same text again under the same
// name is no change (and gives no key).
func (c *catalog) upload(ctx context.Context, raw string, src []byte) (*Uploaded, error) {
	name, err := uploadName(raw)
	if err != nil {
		return nil, err
	}
	if cf, have := c.offered(name); cf != nil {
		if cf.info.Source == "upload" && have == name && cf.source == string(src) {
			return &Uploaded{GameInfo: cf.info}, nil
		}
		return nil, c.taken(name, have, cf)
	}
	ch, err := c.probe(ctx, name, src)
	if err != nil {
		return nil, err
	}
	key := newID() + newID()
	c.changing.Lock()
	defer c.changing.Unlock()
	if cf, have := c.offered(name); cf != nil {
		return nil, c.taken(name, have, cf)
	}
	gf := store.GameFile{Name: name, Source: string(src), KeyHash: hashToken(key)}
	v, err := c.store.AddGameFile(ctx, gf)
	if errors.Is(err, store.ErrConflict) {
		return nil, failf(http.StatusConflict, "%s: another file was uploaded with that name meanwhile; choose another", name)
	}
	if err != nil {
		return nil, err
	}
	gf.Version = v
	return &Uploaded{GameInfo: c.offerUpload(gf, ch), Key: key}, nil
}

// taken says why name cannot be uploaded: have, a game offered, has it
// (or has it in another case).
func (c *catalog) taken(name, have string, cf *catalogFile) error {
	same := "that name"
	if have != name {
		same = "the name " + have
	}
	if cf.info.Source != "upload" {
		return failf(http.StatusConflict, "%s: a %s game has %s", name, cf.info.Source, same)
	}
	return failf(http.StatusConflict, "%s: another file was uploaded with %s; choose another, or replace yours with PUT /api/games/%s and its key", name, same, have)
}

// offered returns the file offered under name, in any case, and its name.
func (c *catalog) offered(name string) (*catalogFile, string) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	have := c.folded[strings.ToLower(name)]
	return c.files[have], have
}

// owned returns the upload named raw (in any case) if key is its
// uploader's: 404 for no such upload, 403 for another key.
func (c *catalog) owned(raw, key string) (*catalogFile, string, error) {
	name, err := uploadName(raw)
	if err != nil {
		return nil, "", err
	}
	cf, have := c.offered(name)
	if cf == nil || cf.info.Source != "upload" {
		return nil, "", failf(http.StatusNotFound, "no uploaded game %q", name)
	}
	switch {
	case key == "":
		return nil, "", failf(http.StatusUnauthorized, "%s: changing an upload takes its key (Authorization: Bearer KEY)", have)
	case cf.keyHash == "" || hashToken(key) != cf.keyHash:
		return nil, "", failf(http.StatusForbidden, "%s: not the key of its uploader", have)
	}
	return cf, have, nil
}

// replace keeps a new text of an upload as its next version, checked as an
// upload is: the sessions that play earlier versions keep theirs, new
// sessions play the new one. The same text again is no change.
func (c *catalog) replace(ctx context.Context, raw, key string, src []byte) (GameInfo, error) {
	cf, name, err := c.owned(raw, key)
	if err != nil {
		return GameInfo{}, err
	}
	if cf.source == string(src) {
		return cf.info, nil
	}
	ch, err := c.probe(ctx, name, src)
	if err != nil {
		return GameInfo{}, err
	}
	c.changing.Lock()
	defer c.changing.Unlock()
	gf := store.GameFile{Name: name, Source: string(src), KeyHash: cf.keyHash}
	v, err := c.store.ReplaceGameFile(ctx, gf, cf.info.Version)
	if err != nil {
		return GameInfo{}, changeError(name, err)
	}
	gf.Version = v
	info := c.offerUpload(gf, ch)
	c.forget(fileKey{name, cf.info.Version})
	return info, nil
}

// remove stops offering an upload; the sessions that play it keep it.
func (c *catalog) remove(ctx context.Context, raw, key string) error {
	cf, name, err := c.owned(raw, key)
	if err != nil {
		return err
	}
	c.changing.Lock()
	defer c.changing.Unlock()
	if err := c.store.DeleteGameFile(ctx, name, cf.keyHash); err != nil {
		return changeError(name, err)
	}
	c.mu.Lock()
	if c.files[name] == cf {
		delete(c.files, name)
		delete(c.folded, strings.ToLower(name))
	}
	c.mu.Unlock()
	c.forget(fileKey{name, cf.info.Version})
	return nil
}

// forget drops the games built of a version no longer offered: the
// sessions that play it hold their game, and one loaded again builds it
// again.
func (c *catalog) forget(k fileKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for bk := range c.builds {
		if bk.fileKey == k {
			delete(c.builds, bk)
		}
	}
}

// changeError answers the store's refusal of a change to an upload.
func changeError(name string, err error) error {
	switch {
	case errors.Is(err, store.ErrConflict):
		return failf(http.StatusConflict, "%s was changed meanwhile: reload it and try again", name)
	case errors.Is(err, store.ErrWrongKey):
		return failf(http.StatusForbidden, "%s: not the key of its uploader", name)
	case errors.Is(err, store.ErrNotFound):
		return failf(http.StatusNotFound, "no uploaded game %q", name)
	}
	return err
}

// keyOf reads the key a request gives in its Authorization header.
func keyOf(r *http.Request) string {
	auth := r.Header.Get("Authorization")
	if k, ok := strings.CutPrefix(auth, "Bearer "); ok {
		return strings.TrimSpace(k)
	}
	return ""
}

func (s *Server) routeUploads(mux *http.ServeMux) {
	readFile := func(w http.ResponseWriter, r *http.Request) ([]byte, error) {
		if site := crossSite(r); site != "" {
			return nil, failf(http.StatusForbidden, "rules files are uploaded from this server's page, not from %s", site)
		}
		src, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxUpload))
		if err != nil {
			return nil, failf(http.StatusRequestEntityTooLarge, "rules file over %d bytes", s.cfg.MaxUpload)
		}
		return src, nil
	}
	mux.Handle("POST /api/games", handler(func(w http.ResponseWriter, r *http.Request) error {
		src, err := readFile(w, r)
		if err != nil {
			return err
		}
		up, err := s.catalog.upload(r.Context(), r.URL.Query().Get("name"), src)
		if err != nil {
			return withDiagnostics(err)
		}
		return writeJSON(w, http.StatusCreated, up)
	}))
	mux.Handle("PUT /api/games/{name}", handler(func(w http.ResponseWriter, r *http.Request) error {
		src, err := readFile(w, r)
		if err != nil {
			return err
		}
		info, err := s.catalog.replace(r.Context(), r.PathValue("name"), keyOf(r), src)
		if err != nil {
			return withDiagnostics(err)
		}
		return writeJSON(w, http.StatusOK, info)
	}))
	mux.Handle("DELETE /api/games/{name}", handler(func(w http.ResponseWriter, r *http.Request) error {
		if site := crossSite(r); site != "" {
			return failf(http.StatusForbidden, "uploads are deleted from this server's page, not from %s", site)
		}
		if err := s.catalog.remove(r.Context(), r.PathValue("name"), keyOf(r)); err != nil {
			return err
		}
		w.WriteHeader(http.StatusNoContent)
		return nil
	}))
}
