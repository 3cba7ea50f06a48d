package server

import (
	"strings"
	"unicode/utf8"
)

const (
	// maxEcho bounds the client's own text that an error quotes back: a
	// 900 KB move is named by its start, not sent back whole.
	maxEcho = 200
	// maxMessage bounds an error text as a whole, whatever it quotes.
	maxMessage = 2000
)

// clipMessage shortens an error text for the client: each quoted span
// ("...", as %q writes the client's input) over maxEcho bytes is cut to
// its start and an ellipsis, and the whole text to maxMessage bytes.
func clipMessage(msg string) string {
	if len(msg) <= maxEcho {
		return msg
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			b.WriteString(msg)
			break
		}
		b.WriteString(msg[:i+1])
		msg = msg[i+1:]
		end := closingQuote(msg)
		if end < 0 {
			b.WriteString(msg) // no closing quote: the cap on the whole bounds it
			break
		}
		b.WriteString(clip(msg[:end], maxEcho))
		b.WriteByte('"')
		msg = msg[end+1:]
	}
	return clip(b.String(), maxMessage)
}

// closingQuote returns the index of the first '"' of s that no backslash
// escapes, or -1.
func closingQuote(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// clip cuts s to at most n bytes, on a character boundary, marking the
// cut with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
