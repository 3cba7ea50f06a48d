package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
)

// Error is a failure answer ("? illegal move") to a command.
type Error struct {
	Command string
	Text    string
}

// Error says which command failed and what the other side said.
func (e *Error) Error() string { return fmt.Sprintf("gtp %s: ? %s", e.Command, e.Text) }

// ErrClosed is returned (wrapped) when the other side's output ended.
var ErrClosed = errors.New("gtp: the engine's output ended")

// errOutOfStep is returned once a command was abandoned: its answer may
// still come and would be taken for the next one's.
var errOutOfStep = errors.New("gtp: an earlier command was abandoned without its answer")

// Client sends commands to a program that speaks GTP and reads its
// answers, one command at a time. It is not safe for concurrent use.
type Client struct {
	w       io.Writer
	answers chan Response
	readErr error // why the reader stopped, set before answers is closed
	broken  error
	stop    chan struct{} // closed to let the reader go
	once    sync.Once
}

// NewClient returns a client writing commands to w and reading answers
// from r, which a goroutine reads until r ends or fails, or Close.
func NewClient(r io.Reader, w io.Writer) *Client {
	c := &Client{w: w, answers: make(chan Response), stop: make(chan struct{})}
	go func() {
		br := bufio.NewReaderSize(r, 4096)
		for {
			resp, err := ReadResponse(br)
			if err != nil {
				if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
					err = ErrClosed
				}
				c.readErr = err
				close(c.answers)
				return
			}
			select {
			case c.answers <- resp:
			case <-c.stop:
				return // nobody will read it
			}
		}
	}()
	return c
}

// Close lets the reading goroutine end even if the other side goes on
// writing; the client is not used again.
func (c *Client) Close() {
	c.once.Do(func() { close(c.stop) })
}

// Do sends a command and returns the text of its answer. A failure
// answer is an *Error; the end of ctx abandons the command (the client
// is then out of step, and every later command fails: close the
// program).
func (c *Client) Do(ctx context.Context, name string, args ...string) (string, error) {
	if c.broken != nil {
		return "", c.broken
	}
	cmd := Command{Name: name, Args: args}.String()
	if strings.ContainsAny(cmd, "\n\r") {
		return "", fmt.Errorf("gtp: command %q holds a line break", cmd)
	}
	if _, err := io.WriteString(c.w, cmd+"\n"); err != nil {
		c.broken = fmt.Errorf("%w (writing %q: %v)", ErrClosed, cmd, err)
		return "", c.broken
	}
	select {
	case <-ctx.Done():
		c.broken = errOutOfStep
		c.Close()
		return "", ctx.Err()
	case a, ok := <-c.answers:
		switch {
		case !ok:
			c.broken = c.readErr
			return "", c.broken
		case !a.OK:
			return "", &Error{Command: cmd, Text: a.Text}
		}
		return a.Text, nil
	}
}
