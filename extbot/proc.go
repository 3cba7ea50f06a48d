package extbot

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// process is a running engine program: its pipes, the tail of what it
// wrote to its standard error, and its end. A goroutine waits for it from
// the start, so that it never lingers as a zombie however it ends.
type process struct {
	cmd     *exec.Cmd
	stdin   *os.File // our end of its standard input
	stdout  *os.File // our end of its standard output
	stderr  tail
	done    chan struct{} // closed once the program ended and was waited for
	errDone chan struct{} // closed once its standard error is read to the end
	err     error         // its exit status, once done
	once    sync.Once
}

// gamesDirs are where Debian and its kin install games (GNU Go lands in
// /usr/games), tried after the PATH for a bare program name.
var gamesDirs = []string{"/usr/games", "/usr/local/games"}

// lookPath finds a program as the shell would, then in gamesDirs.
func lookPath(name string) (string, error) {
	p, err := exec.LookPath(name)
	if err == nil || strings.ContainsRune(name, filepath.Separator) {
		return p, err
	}
	for _, dir := range gamesDirs {
		if q, err2 := exec.LookPath(filepath.Join(dir, name)); err2 == nil {
			return q, nil
		}
	}
	return "", err
}

// start runs argv (no shell: the words are the program and its
// arguments) in a process group of its own, so that killing it kills
// whatever it started too.
func start(argv []string) (*process, error) {
	if len(argv) == 0 {
		return nil, errors.New("no command")
	}
	path, err := lookPath(argv[0])
	if err != nil {
		return nil, err
	}
	p := &process{done: make(chan struct{}), errDone: make(chan struct{})}
	p.cmd = exec.Command(path, argv[1:]...)
	p.cmd.SysProcAttr = ownGroup()
	// Pipes of our own (os.Pipe, not Cmd's): Wait then never closes what
	// is still being read, and returns when the program ends even if
	// something it started holds its output open.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW, outR, outW)
		return nil, err
	}
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = inR, outW, errW
	if err := p.cmd.Start(); err != nil {
		closeAll(inR, inW, outR, outW, errR, errW)
		return nil, err
	}
	closeAll(inR, outW, errW) // the program's ends
	p.stdin, p.stdout = inW, outR
	go func() {
		io.Copy(&p.stderr, errR)
		errR.Close()
		close(p.errDone)
	}()
	go func() {
		p.err = p.cmd.Wait()
		close(p.done)
	}()
	return p, nil
}

func closeAll(fs ...*os.File) {
	for _, f := range fs {
		f.Close()
	}
}

// pid returns the program's process id.
func (p *process) pid() int { return p.cmd.Process.Pid }

// kill ends the program and everything in its group at once, and waits
// for it.
func (p *process) kill() {
	p.once.Do(func() {
		killGroup(p.cmd.Process)
		<-p.done
		closeAll(p.stdin, p.stdout)
	})
}

// close lets the program end by itself within grace (its input closed,
// after which GTP and UCI programs quit), then kills it.
func (p *process) close(grace time.Duration) {
	p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(grace):
	}
	p.kill()
}

// status says how the program ended, with the end of its standard error.
func (p *process) status() string {
	var parts []string
	select {
	case <-p.done:
		if p.err != nil {
			parts = append(parts, p.err.Error())
		} else {
			parts = append(parts, "exit status 0")
		}
		// The program's last words may still be in the pipe when it has
		// ended; whatever it started may hold the pipe open, so not long.
		select {
		case <-p.errDone:
		case <-time.After(100 * time.Millisecond):
		}
	case <-time.After(100 * time.Millisecond):
		parts = append(parts, "still running")
	}
	if s := p.stderr.String(); s != "" {
		parts = append(parts, "stderr: "+s)
	}
	return strings.Join(parts, "; ")
}

// tail keeps the last tailSize bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
}

const tailSize = 2048

func (t *tail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > tailSize {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-tailSize:]...)
	}
	return len(b), nil
}

// String returns the text kept, on one line.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(strings.Fields(string(t.buf)), " ")
}

// splitCommand splits a command line into words at spaces; '...' and
// "..." quote words with spaces. Nothing else is special: no shell runs.
func splitCommand(line string) ([]string, error) {
	var words []string
	var w strings.Builder
	quote, inWord := rune(0), false
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			w.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("command %q: a quote is not closed", line)
	}
	if inWord {
		words = append(words, w.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty command")
	}
	return words, nil
}
