package linjat

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// The text format has one grid row per line: '.' is an empty cell, 'o' a
// dot, '1'-'9' a number. A number above 9 is written in brackets, "[12]",
// which is one cell (so is "[3]"). Lines that are blank or start with '#'
// are ignored, and so is trailing white space. Every row must have the same
// number of cells, and the puzzle must hold at least one number.

// MaxCells bounds the grids ludus reads and generates, so that no file or
// setting runs the machine out of memory.
const MaxCells = maxTextCells

// maxTextCells bounds the grid a reader accepts, so that a hostile file
// cannot make the solvers allocate without limit.
const maxTextCells = 1 << 16

// Read parses a puzzle in the text format; name (usually the file name)
// prefixes every error, with the line and column of the problem.
func Read(r io.Reader, name string) (*Puzzle, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	var rows [][]int
	var lines []int     // the line of each row
	var columns [][]int // the column each cell starts at
	firstLine, lineNo := 0, 0
	for sc.Scan() {
		lineNo++
		line := strings.TrimRight(sc.Text(), " \t\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		row, cols, err := parseRow(line)
		if err != nil {
			return nil, fmt.Errorf("%s:%d:%w", name, lineNo, err)
		}
		if len(rows) == 0 {
			firstLine = lineNo
		} else if len(row) != len(rows[0]) {
			return nil, fmt.Errorf("%s:%d: row has %d cells, want %d as on line %d",
				name, lineNo, len(row), len(rows[0]), firstLine)
		}
		rows, lines, columns = append(rows, row), append(lines, lineNo), append(columns, cols)
		if len(rows)*len(row) > maxTextCells {
			return nil, fmt.Errorf("%s:%d: grid larger than %d cells", name, lineNo, maxTextCells)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, lineNo+1, err)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("%s: no grid rows", name)
	}
	// A number longer than the grid is named where it stands.
	longest := max(len(rows), len(rows[0]))
	for r, row := range rows {
		for c, v := range row {
			if v > longest {
				return nil, fmt.Errorf("%s:%d:%d: number %d does not fit a %dx%d grid",
					name, lines[r], columns[r][c], v, len(rows), len(rows[0]))
			}
		}
	}
	p := New(len(rows), len(rows[0]))
	for r, row := range rows {
		copy(p.Cells[r*p.Cols:], row)
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}

// Parse reads a puzzle from a string in the text format.
func Parse(s string) (*Puzzle, error) { return Read(strings.NewReader(s), "puzzle") }

// parseRow returns the cells of one line and the column each starts at;
// errors start with the column ("5: ...") so that the caller can prefix
// the file and line.
func parseRow(line string) ([]int, []int, error) {
	var row, cols []int
	for i := 0; i < len(line); i++ {
		cols = append(cols, i+1)
		switch ch := line[i]; {
		case ch == '.':
			row = append(row, Empty)
		case ch == 'o':
			row = append(row, Dot)
		case ch >= '1' && ch <= '9':
			row = append(row, int(ch-'0'))
		case ch == '[':
			end := strings.IndexByte(line[i:], ']')
			if end < 0 {
				return nil, nil, fmt.Errorf("%d: unclosed '[' (want [n] for a number above 9)", i+1)
			}
			v, err := strconv.Atoi(line[i+1 : i+end])
			if err != nil || v < 1 || v > maxTextCells {
				return nil, nil, fmt.Errorf("%d: bad number %q in brackets", i+1, line[i:i+end+1])
			}
			row = append(row, v)
			i += end
		default:
			return nil, nil, fmt.Errorf("%d: unexpected %q (want '.', 'o', 1-9 or [n])", i+1, rune(ch))
		}
	}
	return row, cols, nil
}

// TextRows returns the rows of p in the text format, without newlines.
func (p *Puzzle) TextRows() []string {
	rows := make([]string, p.Rows)
	var b strings.Builder
	for r := range rows {
		b.Reset()
		for c := 0; c < p.Cols; c++ {
			b.WriteString(cellText(p.At(r, c)))
		}
		rows[r] = b.String()
	}
	return rows
}

func cellText(v int) string {
	switch {
	case v == Empty:
		return "."
	case v == Dot:
		return "o"
	case v <= 9:
		return strconv.Itoa(v)
	default:
		return "[" + strconv.Itoa(v) + "]"
	}
}

// splitCells splits a row of TextRows into one string per cell.
func splitCells(row string) []string {
	var cells []string
	for i := 0; i < len(row); i++ {
		if row[i] == '[' {
			end := strings.IndexByte(row[i:], ']')
			cells = append(cells, row[i:i+end+1])
			i += end
			continue
		}
		cells = append(cells, row[i:i+1])
	}
	return cells
}

// ParseRows reads a puzzle given as row strings in the text format, such as
// the "puzzle" arrays of the JSON that ludus writes.
func ParseRows(rows []string) (*Puzzle, error) {
	return Read(strings.NewReader(strings.Join(rows, "\n")), "puzzle")
}
