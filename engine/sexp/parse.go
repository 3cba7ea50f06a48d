package sexp

// maxDepth bounds list nesting so that hostile input cannot exhaust the
// stack; real rule files nest a few dozen levels at most.
const maxDepth = 512

// Parse reads every top-level expression of src. file names the source in
// positions. It returns what it could read together with every error found.
func Parse(file string, src []byte) ([]*Node, ErrorList) {
	p := &parser{file: file, src: src, line: 1, col: 1}
	var out []*Node
	for {
		p.skipSpace()
		if p.off >= len(p.src) {
			break
		}
		if p.src[p.off] == ')' {
			p.errs.Add(p.pos(), "unexpected ')'")
			p.advance()
			continue
		}
		if n := p.expr(0); n != nil {
			out = append(out, n)
		}
	}
	p.errs.Sort()
	return out, p.errs
}

type parser struct {
	file      string
	src       []byte
	off       int
	line, col int
	errs      ErrorList
}

func (p *parser) pos() Pos { return Pos{p.file, p.line, p.col} }

func (p *parser) advance() {
	if p.src[p.off] == '\n' {
		p.line++
		p.col = 1
	} else {
		p.col++
	}
	p.off++
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' || c == 0x1a
}

func isDelim(c byte) bool {
	return isSpace(c) || c == '(' || c == ')' || c == ';' || c == '"'
}

func (p *parser) skipSpace() {
	for p.off < len(p.src) {
		c := p.src[p.off]
		switch {
		case isSpace(c):
			p.advance()
		case c == ';':
			for p.off < len(p.src) && p.src[p.off] != '\n' {
				p.advance()
			}
		default:
			return
		}
	}
}

// expr reads one expression; the caller has skipped space and checked that
// input remains and does not start with ')'.
func (p *parser) expr(depth int) *Node {
	start := p.pos()
	switch c := p.src[p.off]; c {
	case '(':
		return p.list(start, depth)
	case '"':
		p.advance()
		begin := p.off
		for p.off < len(p.src) && p.src[p.off] != '"' {
			p.advance()
		}
		if p.off >= len(p.src) {
			p.errs.Add(start, "string not terminated")
			return &Node{Kind: String, Text: string(p.src[begin:]), Pos: start}
		}
		text := string(p.src[begin:p.off])
		p.advance()
		return &Node{Kind: String, Text: text, Pos: start}
	default:
		begin := p.off
		for p.off < len(p.src) && !isDelim(p.src[p.off]) {
			p.advance()
		}
		return &Node{Kind: Atom, Text: string(p.src[begin:p.off]), Pos: start}
	}
}

func (p *parser) list(start Pos, depth int) *Node {
	p.advance() // '('
	n := &Node{Kind: List, Pos: start}
	if depth >= maxDepth {
		p.errs.Add(start, "lists nested more than %d deep", maxDepth)
		p.skipList()
		return n
	}
	for {
		p.skipSpace()
		if p.off >= len(p.src) {
			p.errs.Add(start, "'(' not closed")
			return n
		}
		if p.src[p.off] == ')' {
			p.advance()
			return n
		}
		if c := p.expr(depth + 1); c != nil {
			n.List = append(n.List, c)
		}
	}
}

// skipList skips to the parenthesis that closes the list just opened,
// ignoring the contents of strings and comments.
func (p *parser) skipList() {
	level := 1
	for p.off < len(p.src) && level > 0 {
		switch p.src[p.off] {
		case '(':
			level++
		case ')':
			level--
		case ';':
			for p.off < len(p.src) && p.src[p.off] != '\n' {
				p.advance()
			}
			continue
		case '"':
			p.advance()
			for p.off < len(p.src) && p.src[p.off] != '"' {
				p.advance()
			}
			if p.off >= len(p.src) {
				return
			}
		}
		p.advance()
	}
}
