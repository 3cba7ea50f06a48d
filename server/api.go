package server

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// maxBody bounds every JSON request body; rules files have their own limit.
const maxBody = 1 << 20

// apiError is an error with the HTTP status it is answered with. Handlers
// return it; writeError turns it into {"error": "..."}.
type apiError struct {
	status int
	msg    string
	retry  time.Duration // answered as Retry-After when set
	cause  error         // what it comes of, if anything
	// diags are the problems of a rules file the answer lists, each at
	// its place, besides the error's text.
	diags []Diagnostic
}

func (e *apiError) Error() string { return e.msg }

func (e *apiError) Unwrap() error { return e.cause }

// failf makes an apiError.
func failf(status int, format string, args ...any) error {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...)}
}

// handler is an HTTP handler that returns its error, so that every handler
// answers errors alike.
type handler func(w http.ResponseWriter, r *http.Request) error

func (h handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	defer func() {
		// A fault in a handler answers 500 and leaves the server running.
		if v := recover(); v != nil && v != http.ErrAbortHandler {
			writeError(w, fmt.Errorf("internal error: %v", v))
		}
	}()
	if err := h(w, r); err != nil {
		writeError(w, err)
	}
}

// writeError answers err as JSON with its status (500 for an error that is
// not an apiError).
func writeError(w http.ResponseWriter, err error) {
	status := http.StatusInternalServerError
	var ae *apiError
	if errors.As(err, &ae) {
		status = ae.status
		if ae.retry > 0 {
			w.Header().Set("Retry-After", retrySeconds(ae.retry))
		}
	}
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		status = http.StatusRequestEntityTooLarge
	}
	if ae != nil && len(ae.diags) > 0 {
		writeJSON(w, status, struct {
			Error  string       `json:"error"`
			Errors []Diagnostic `json:"errors"`
		}{clipMessage(err.Error()), ae.diags})
		return
	}
	writeJSON(w, status, map[string]string{"error": clipMessage(err.Error())})
}

// writeJSON answers v as JSON with the status.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// readJSON decodes the request body into v: at most maxBody bytes, no
// unknown fields, one value. A body that is not so is a 400 (413 if too
// large) naming the problem.
//
// The body is read as JSON whatever content type it declares (curl -d
// declares form encoding), except in a request another site's page made:
// a browser sends those without asking the server first only when their
// content type is not JSON, so refusing them keeps other sites' pages from
// acting here.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !strings.HasPrefix(ct, "application/json") {
		if site := crossSite(r); site != "" {
			return failf(http.StatusUnsupportedMediaType, "content type %q from %s: want application/json", ct, site)
		}
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return failf(http.StatusRequestEntityTooLarge, "request body over %d bytes", maxBody)
		}
		if errors.Is(err, io.EOF) {
			return failf(http.StatusBadRequest, "empty request body: want a JSON object")
		}
		if errors.Is(err, errSlowBody) {
			return failf(http.StatusRequestTimeout, "%v", err)
		}
		return failf(http.StatusBadRequest, "malformed JSON: %v", err)
	}
	if dec.More() {
		return failf(http.StatusBadRequest, "malformed JSON: more than one value in the body")
	}
	return nil
}

// crossSite names the site of a request another site's page made in a
// browser, or returns "" for one of the server's own page or of a program
// (which sends no Origin).
func crossSite(r *http.Request) string {
	origin := r.Header.Get("Origin")
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return cmp.Or(origin, "another site")
	}
	if origin == "" {
		return ""
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host != r.Host {
		return origin
	}
	return ""
}
