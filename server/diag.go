package server

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/ludus-games/ludus/engine/sexp"
)

// Diagnostic is one problem of a rules file at its place, as an editor
// pins it to a line: the file, the line and the column (from 1; 0 when
// the problem has no place, such as a file with no game), and the
// problem. Positions in files a rules file includes name those files.
type Diagnostic struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Msg  string `json:"msg"`
}

// maxDiagnostics bounds the problems one answer lists, as the reader
// bounds the ones it prints.
const maxDiagnostics = 100

// placed finds "file:line:col: " in a text of the rules' errors: the
// place of a problem that reaches the server as text (an error of the
// compiler, a warning of the reader, a failure at the start).
var placed = regexp.MustCompile(`(?:^|[\s(])([^\s:()]+):(\d+):(\d+): `)

// diagnose lists the problems an error of the rules holds: the reader's
// own list, each at its place, or the error's text with the first place
// it names.
func diagnose(err error) []Diagnostic {
	if err == nil {
		return nil
	}
	var list sexp.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		out := make([]Diagnostic, 0, min(len(list), maxDiagnostics))
		for _, e := range list[:min(len(list), maxDiagnostics)] {
			out = append(out, Diagnostic{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col, Msg: e.Msg})
		}
		return out
	}
	var one *sexp.Error
	if errors.As(err, &one) {
		return []Diagnostic{{File: one.Pos.File, Line: one.Pos.Line, Col: one.Pos.Col, Msg: one.Msg}}
	}
	msg := err.Error()
	var ae *apiError
	if errors.As(err, &ae) && ae.cause != nil {
		// The cause's own text: the answer's adds what the server says
		// around it.
		msg = ae.cause.Error()
	}
	return []Diagnostic{diagnoseText(msg)}
}

// diagnoseText reads a problem's text: its first place, if it names one,
// and the text with that place taken out.
func diagnoseText(msg string) Diagnostic {
	m := placed.FindStringSubmatchIndex(msg)
	if m == nil {
		return Diagnostic{Msg: msg}
	}
	line, _ := strconv.Atoi(msg[m[4]:m[5]])
	col, _ := strconv.Atoi(msg[m[6]:m[7]])
	rest := strings.TrimSpace(msg[:m[2]] + msg[m[1]:])
	return Diagnostic{File: msg[m[2]:m[3]], Line: line, Col: col, Msg: rest}
}

// diagnoseAll reads texts of problems (warnings, notes) each at its place.
func diagnoseAll(texts []string) []Diagnostic {
	out := make([]Diagnostic, 0, min(len(texts), maxDiagnostics))
	for _, t := range texts[:min(len(texts), maxDiagnostics)] {
		out = append(out, diagnoseText(t))
	}
	return out
}
