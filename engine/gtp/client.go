package gtp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
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
	answers chan answer
	broken  error
}

type answer struct {
	r   Response
	err error
}

// NewClient returns a client writing commands to w and reading answers
// from r, which a goroutine reads until it ends or fails.
func NewClient(r io.Reader, w io.Writer) *Client {
	c := &Client{w: w, answers: make(chan answer)}
	go func() {
		br := bufio.NewReaderSize(r, 4096)
		for {
			resp, err := ReadResponse(br)
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				err = ErrClosed
			}
			c.answers <- answer{resp, err}
			if err != nil {
				close(c.answers)
				return
			}
		}
	}()
	return c
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
		return "", ctx.Err()
	case a, ok := <-c.answers:
		switch {
		case !ok:
			c.broken = ErrClosed
			return "", c.broken
		case a.err != nil:
			c.broken = a.err
			return "", a.err
		case !a.r.OK:
			return "", &Error{Command: cmd, Text: a.r.Text}
		}
		return a.r.Text, nil
	}
}
