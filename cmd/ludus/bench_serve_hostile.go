package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/ludus-games/ludus/server"
	"github.com/ludus-games/ludus/server/loadtest"
	"github.com/ludus-games/ludus/store"
)

// benchHostile starts a server as ludus serve sets it up (its default
// bounds, timeouts and connection caps) on a fresh store and runs the
// hostile clients of loadtest.RunHostile against it, then reports how
// each was answered and how long a bystander waited.
func benchHostile(ctx context.Context, w io.Writer, db string, o loadtest.HostileOptions) error {
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	srv, err := server.New(ctx, server.Config{Store: st, Limits: server.DefaultLimits})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	hs := srv.HTTPServer()
	go hs.Serve(srv.Listener(ln))
	defer hs.Close()
	o.URL = "http://" + ln.Addr().String()
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Fprintf(w, "hostile clients for %v on %d cores (load average %s)\n\n", o.Duration, runtime.NumCPU(),
		strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	r, err := loadtest.RunHostile(ctx, o)
	if err != nil {
		return err
	}
	fmt.Fprintln(w, "| hostile clients | from | tries | answered |\n| --- | --- | --- | --- |")
	for _, k := range r.Kinds {
		fmt.Fprintf(w, "| %s | %s | %d | %s |\n", k.Kind, k.From, k.Tries, k.Summary())
	}
	verdict := "held"
	if r.GetP99 > 100*time.Millisecond || r.GetWorst > time.Second || r.GetFailures > 0 {
		verdict = "not held"
	}
	fmt.Fprintf(w, "\n| bystander (127.0.0.1) | value |\n| --- | --- |\n")
	fmt.Fprintf(w, "| GETs of its session's state | %d (%d failed) |\n", r.Gets, r.GetFailures)
	fmt.Fprintf(w, "| p50 / p99 / worst | %v / %v / %v |\n", r.GetP50.Round(10*time.Microsecond),
		r.GetP99.Round(10*time.Microsecond), r.GetWorst.Round(10*time.Microsecond))
	fmt.Fprintf(w, "| p99 under 100 ms, none over 1 s, none failed | %s |\n", verdict)
	return nil
}
