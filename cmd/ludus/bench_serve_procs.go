package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ludus-games/ludus/internal/pgcluster"
	"github.com/ludus-games/ludus/runs"
	"github.com/ludus-games/ludus/server/loadtest"
	"github.com/ludus-games/ludus/store"
)

// serveFlagsForLoad are the flags of the ludus serve processes a load runs
// against: every client comes from the loopback address, so the bounds per
// client are off, as they are for the server of the one-process load.
var serveFlagsForLoad = []string{"--addr", "127.0.0.1:0", "--rate", "0", "--create-rate", "0", "--upload-rate", "0",
	"--max-streams-per-client", "0", "--max-conns-per-client", "0", "--max-sessions-per-client", "0", "--session-ttl", "0"}

// benchServeProcesses runs the load against n ludus serve processes on
// one PostgreSQL store (db, or a throw-away cluster when db is empty),
// the clients spread over them, and prints the figures of each.
func benchServeProcesses(ctx context.Context, w, errw io.Writer, db string, n int, every time.Duration, o loadtest.Options) error {
	if db == "" {
		dir, err := os.MkdirTemp("", "ludus-bench-pg")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		c, err := pgcluster.Start(dir, 400)
		if err != nil {
			return fmt.Errorf("--processes %d: servers share a PostgreSQL store: give one with --db postgres://URL (no throw-away cluster could be made: %w)", n, err)
		}
		defer c.Stop()
		db = c.URL
		fmt.Fprintf(w, "A throw-away PostgreSQL cluster (fsync off) in %s.\n", dir)
	} else if !store.IsURL(db) {
		return fmt.Errorf("--processes %d: servers share a PostgreSQL store (--db postgres://...), not %s", n, db)
	}
	// The schema is brought up to date once, before the servers open it.
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	st.Close()
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	procs := make([]*loadProc, n)
	defer func() {
		for _, p := range procs {
			if p != nil {
				p.stop()
			}
		}
	}()
	for i := range procs {
		if procs[i], err = startLoadProc(ctx, exe, i+1, errw, append([]string{"serve", "--db", db}, serveFlagsForLoad...)); err != nil {
			return err
		}
		o.URLs = append(o.URLs, procs[i].url)
	}
	fmt.Fprintf(w, "%d sessions of %s against %s for %v, over %d ludus serve processes on one PostgreSQL store (%s)\n\n", o.Sessions,
		orDefault(o.Game, "tic-tac-toe.zrf"), orDefault(o.Bot, "random"), o.Duration, n, store.Redact(db))
	fmt.Fprintln(w, "| time | games | moves/s | conflicts | failures |\n| --- | --- | --- | --- | --- |")
	next := every
	o.Sample = func(r loadtest.Report) {
		if every > 0 && r.Elapsed >= next {
			next += every
			fmt.Fprintf(w, "| %v | %d | %.0f | %d | %d |\n", r.Elapsed.Round(time.Second), r.Games, r.MovesPerSec, r.Conflicts, r.Failures)
		}
	}
	load0 := loadAverage()
	r, err := loadtest.Run(ctx, o)
	if err != nil {
		return err
	}
	load1 := loadAverage()
	for i, p := range procs {
		if p.exited() {
			return fmt.Errorf("process %d (%s) ended during the load: %s", i+1, p.url, p.tail())
		}
	}
	cpu := make([]time.Duration, n)
	for i, p := range procs {
		cpu[i] = p.stop()
	}
	printProcessesReport(w, r, cpu, load0, load1)
	fmt.Fprintf(w, "\nCommand: %s\n", runs.CommandLine(os.Args))
	if r.BadAccepted > 0 || r.Mismatched > 0 || r.Failures > 0 {
		return fmt.Errorf("the servers misbehaved: %d bad moves accepted, %d records not replaying, %d failures (first: %s)",
			r.BadAccepted, r.Mismatched, r.Failures, r.FirstFailure)
	}
	return nil
}

// printProcessesReport prints the figures of the run, for all the
// processes and for each.
func printProcessesReport(w io.Writer, r *loadtest.Report, cpu []time.Duration, load0, load1 string) {
	ms := func(d time.Duration) string { return d.Round(100 * time.Microsecond).String() }
	fmt.Fprintf(w, "\n| figure | all |")
	for i := range r.Servers {
		fmt.Fprintf(w, " process %d |", i+1)
	}
	fmt.Fprintf(w, "\n| --- | ---: |%s\n", strings.Repeat(" ---: |", len(r.Servers)))
	row := func(name, all string, each func(s loadtest.ServerReport, i int) string) {
		fmt.Fprintf(w, "| %s | %s |", name, all)
		for i, s := range r.Servers {
			fmt.Fprintf(w, " %s |", each(s, i))
		}
		fmt.Fprintln(w)
	}
	sessions := 0
	var total time.Duration
	for i, s := range r.Servers {
		sessions += s.Sessions
		total += cpu[i]
	}
	row("sessions created", fmt.Sprint(sessions), func(s loadtest.ServerReport, _ int) string { return fmt.Sprint(s.Sessions) })
	row("client moves taken", fmt.Sprint(r.Moves), func(s loadtest.ServerReport, _ int) string { return fmt.Sprint(s.Moves) })
	row("client moves a second", fmt.Sprintf("%.0f", float64(r.Moves)/r.Elapsed.Seconds()),
		func(s loadtest.ServerReport, _ int) string { return fmt.Sprintf("%.0f", s.MovesPerSec) })
	row("move round trip p50 / p99 / max", ms(r.MoveP50)+" / "+ms(r.MoveP99)+" / "+ms(r.MoveMax),
		func(s loadtest.ServerReport, _ int) string {
			return ms(s.MoveP50) + " / " + ms(s.MoveP99) + " / " + ms(s.MoveMax)
		})
	row("conflicts (409, the move sent again)", fmt.Sprint(r.Conflicts), func(s loadtest.ServerReport, _ int) string { return fmt.Sprint(s.Conflicts) })
	row("errors", fmt.Sprint(r.Failures), func(s loadtest.ServerReport, _ int) string { return fmt.Sprint(s.Failures) })
	row("CPU time of the server (user + system)", ms(total), func(_ loadtest.ServerReport, i int) string { return ms(cpu[i]) })
	fmt.Fprintf(w, "\n| figure | value |\n| --- | --- |\n")
	fmt.Fprintf(w, "| games finished and replayed | %d |\n| moves per second (both seats) | %.0f |\n| bot reply p50 / p99 | %s / %s |\n",
		r.Games, r.MovesPerSec, ms(r.ReplyP50), ms(r.ReplyP99))
	fmt.Fprintf(w, "| bad moves refused / accepted | %d / %d |\n| records not replaying | %d |\n| load average before → after | %s → %s |\n",
		r.BadRefused, r.BadAccepted, r.Mismatched, load0, load1)
	if r.FirstFailure != "" {
		fmt.Fprintf(w, "| first error | %s |\n", strings.ReplaceAll(r.FirstFailure, "|", `\|`))
	}
}

// loadProc is a ludus serve process a load runs against.
type loadProc struct {
	cmd  *exec.Cmd
	url  string
	done chan struct{}

	mu   sync.Mutex
	last []string // its last lines on stderr
}

var listening = regexp.MustCompile(`^ludus serve: (http://\S+)`)

// startLoadProc starts ludus serve and returns once it listens; its
// stderr goes to errw, each line marked with the process's number.
func startLoadProc(ctx context.Context, exe string, num int, errw io.Writer, args []string) (*loadProc, error) {
	p := &loadProc{cmd: exec.Command(exe, args...), done: make(chan struct{})}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stderr, err := p.cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	var logged sync.WaitGroup
	logged.Add(1)
	go func() {
		defer logged.Done()
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			fmt.Fprintf(errw, "process %d: %s\n", num, sc.Text())
			p.mu.Lock()
			p.last = append(p.last[max(0, len(p.last)-4):], sc.Text())
			p.mu.Unlock()
		}
	}()
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				urls <- m[1]
			}
		}
		logged.Wait()
		p.cmd.Wait()
		close(p.done)
	}()
	select {
	case p.url = <-urls:
		return p, nil
	case <-p.done:
		return nil, fmt.Errorf("process %d (ludus serve) ended before it listened: %s", num, p.tail())
	case <-time.After(time.Minute):
		p.stop()
		return nil, fmt.Errorf("process %d (ludus serve) did not listen within a minute", num)
	case <-ctx.Done():
		p.stop()
		return nil, ctx.Err()
	}
}

func (p *loadProc) exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

func (p *loadProc) tail() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.last, "; ")
}

// stop ends the process as an operator would (SIGTERM; killed if it has
// not ended after ten seconds) and returns the processor time it used.
func (p *loadProc) stop() time.Duration {
	if !p.exited() {
		p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
			p.cmd.Process.Kill()
			<-p.done
		}
	}
	if ps := p.cmd.ProcessState; ps != nil {
		return ps.UserTime() + ps.SystemTime()
	}
	return 0
}
