// Package web is the browser UI of ludus serve: a single page, written in
// plain JavaScript modules, SVG and CSS with no build step, that plays board
// game sessions against humans and bots, Linjat puzzles and 2048, and shows
// dungeon layouts and tile sets. It talks to the JSON API of package server
// (docs/server.md); Handler serves its files, embedded in the binary.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

//go:embed static
var static embed.FS

// types fixes the content type of the page's files: the platform's MIME
// table may lack .js or .mjs (or map them to text/plain), and a browser
// refuses to run a module served under a type that is not JavaScript.
var types = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
	".json": "application/json",
	".txt":  "text/plain; charset=utf-8",
}

// file is one file of the page, read once.
type file struct {
	body  []byte
	ctype string
	etag  string
}

// Handler serves the page: / is index.html, every other path a file of the
// static directory (404 when there is none). The files are revalidated on
// every load (Cache-Control: no-cache with an ETag of their content), so a
// new binary's page is never mixed with an old one's modules, yet an
// unchanged file costs only a 304.
func Handler() http.Handler {
	byName := map[string]file{}
	fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		b, err := fs.ReadFile(static, p)
		if err != nil {
			return nil
		}
		ext := path.Ext(p)
		ct := types[ext]
		if ct == "" {
			ct = mime.TypeByExtension(ext)
		}
		if ct == "" {
			ct = http.DetectContentType(b)
		}
		byName[strings.TrimPrefix(p, "static/")] = file{body: b, ctype: ct, etag: etag(b)}
		return nil
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if name == "" {
			name = "index.html"
		}
		f, ok := byName[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", f.ctype)
		h.Set("Cache-Control", "no-cache")
		h.Set("ETag", f.etag)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		if name == "index.html" {
			// The page only talks to its own server.
			h.Set("Content-Security-Policy", csp)
			h.Set("Referrer-Policy", "same-origin")
		}
		// ServeContent answers If-None-Match (304), HEAD and ranges.
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(f.body))
	})
}

// csp lets the page load its own files and the server's SVG drawings,
// and open its event streams (a WebSocket of its own host is 'self');
// nothing from elsewhere, no inline script or style (the page sets styles
// through the DOM, which the policy allows), and no framing.
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// etag is a strong validator of a file's content.
func etag(b []byte) string {
	sum := sha256.Sum256(b)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}
