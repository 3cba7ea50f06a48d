package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// ErrClosed is returned (wrapped) when the engine's output ended.
var ErrClosed = errors.New("uci: the engine's output ended")

// errOutOfStep is returned once a command was abandoned: its answer may
// still come and would be taken for the next one's.
var errOutOfStep = errors.New("uci: an earlier command was abandoned without its answer")

// Client talks to a program that speaks UCI: it starts it (Start), sets
// its options, and asks it for moves. It is not safe for concurrent use.
type Client struct {
	w       io.Writer
	lines   chan string
	readErr error // set before lines is closed
	broken  error
	stop    chan struct{} // closed to let the reader go
	once    sync.Once
	// Name is the engine's name, from its "id name" line.
	Name    string
	options map[string]bool
}

// NewClient returns a client writing commands to w and reading the
// engine's lines from r, which a goroutine reads until it ends or fails.
func NewClient(r io.Reader, w io.Writer) *Client {
	c := &Client{w: w, lines: make(chan string, 64), options: map[string]bool{}, stop: make(chan struct{})}
	go func() {
		br := bufio.NewReaderSize(r, 4096)
		for {
			line, err := ReadLine(br)
			if err != nil {
				if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
					err = ErrClosed
				}
				c.readErr = err
				close(c.lines)
				return
			}
			select {
			case c.lines <- line:
			case <-c.stop:
				return // nobody will read it
			}
		}
	}()
	return c
}

// Close lets the reading goroutine end even if the engine goes on
// writing; the client is not used again.
func (c *Client) Close() {
	c.once.Do(func() { close(c.stop) })
}

// Send writes a command line.
func (c *Client) Send(cmd string) error {
	if c.broken != nil {
		return c.broken
	}
	if strings.ContainsAny(cmd, "\r\n") {
		return fmt.Errorf("uci: command %q holds a line break", cmd)
	}
	if _, err := io.WriteString(c.w, cmd+"\n"); err != nil {
		c.broken = fmt.Errorf("%w (writing %q: %v)", ErrClosed, cmd, err)
		return c.broken
	}
	return nil
}

// until reads lines up to one whose first word is want and returns it,
// passing the others to each (if set).
func (c *Client) until(ctx context.Context, want string, each func(string)) (string, error) {
	if c.broken != nil {
		return "", c.broken
	}
	for {
		select {
		case <-ctx.Done():
			c.broken = errOutOfStep
			c.Close()
			return "", ctx.Err()
		case line, ok := <-c.lines:
			if !ok {
				c.broken = c.readErr
				return "", c.broken
			}
			if first, _, _ := strings.Cut(strings.TrimSpace(line), " "); first == want {
				return line, nil
			}
			if each != nil {
				each(line)
			}
		}
	}
}

// Start sends uci and reads the engine's name and options up to uciok.
func (c *Client) Start(ctx context.Context) error {
	if err := c.Send("uci"); err != nil {
		return err
	}
	_, err := c.until(ctx, "uciok", func(line string) {
		f := strings.Fields(line)
		switch {
		case len(f) >= 3 && f[0] == "id" && f[1] == "name":
			c.Name = strings.Join(f[2:], " ")
		case len(f) >= 3 && f[0] == "option" && f[1] == "name":
			end := len(f)
			for i := 2; i < len(f); i++ {
				if f[i] == "type" {
					end = i
					break
				}
			}
			c.options[strings.ToLower(strings.Join(f[2:end], " "))] = true
		}
	})
	return err
}

// HasOption reports whether the engine declared an option (any case).
func (c *Client) HasOption(name string) bool { return c.options[strings.ToLower(name)] }

// SetOption sets an option the engine declared; an option it did not
// declare is an error that names it.
func (c *Client) SetOption(name, value string) error {
	if !c.HasOption(name) {
		who := c.Name
		if who == "" {
			who = "the engine"
		}
		return fmt.Errorf("uci: %s has no option %q", who, name)
	}
	return c.Send("setoption name " + name + " value " + value)
}

// Ready sends isready and waits for readyok.
func (c *Client) Ready(ctx context.Context) error {
	if err := c.Send("isready"); err != nil {
		return err
	}
	_, err := c.until(ctx, "readyok", nil)
	return err
}

// NewGame tells the engine a new game starts, and waits until it is ready.
func (c *Client) NewGame(ctx context.Context) error {
	if err := c.Send("ucinewgame"); err != nil {
		return err
	}
	return c.Ready(ctx)
}

// Go sets up the position, searches it within the limits and returns the
// engine's best move as it wrote it, with what its info lines said.
// The end of ctx abandons the search (the client is then out of step:
// close the program).
func (c *Client) Go(ctx context.Context, pos Position, l Limits) (string, Info, error) {
	var info Info
	if err := c.Send(pos.String()); err != nil {
		return "", info, err
	}
	if err := c.Send(strings.TrimSpace("go " + strings.Join(l.Args(), " "))); err != nil {
		return "", info, err
	}
	line, err := c.until(ctx, "bestmove", func(line string) { ParseInfo(line, &info) })
	if err != nil {
		return "", info, err
	}
	best, _, ok := ParseBestMove(line)
	if !ok {
		return "", info, fmt.Errorf("uci: %q names no move", line)
	}
	return best, info, nil
}

// Quit asks the engine to end.
func (c *Client) Quit() error { return c.Send("quit") }
