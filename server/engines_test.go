//go:build unix

package server

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ludus-games/ludus/extbot"
)

// passer is a GTP engine in the shell that passes at every genmove (a
// legal move of Go at any time) and writes its process id to the file
// named by its argument.
const passer = `echo $$ >> "$1"
while read -r line; do
  case "$line" in
    protocol_version*) printf '= 2\n\n' ;;
    genmove*) printf '= pass\n\n' ;;
    quit*) printf '=\n\n'; exit 0 ;;
    *) printf '=\n\n' ;;
  esac
done
`

// A client cannot start a program: gtp: and uci: specs are refused, with
// or without named engines, and a named engine takes no command. It seats
// the operator's engine by name; the engine's program ends with the
// server.
func TestEngines(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to run the test's engine")
	}
	dir := t.TempDir()
	script, pids := filepath.Join(dir, "passer.sh"), filepath.Join(dir, "pids")
	if err := os.WriteFile(script, []byte(passer), 0o644); err != nil {
		t.Fatal(err)
	}
	go5 := func(seats ...SeatRequest) CreateRequest {
		return CreateRequest{Game: "go.zrf", Variant: "Go 5x5", Seats: seats}
	}
	bot := func(spec string) SeatRequest { return SeatRequest{Kind: "bot", Spec: spec} }
	human := SeatRequest{Kind: "human"}

	_, plain := testServer(t, Config{})
	checkRejections(t, plain.URL, []rejection{
		{"POST", "/api/sessions", go5(bot("gtp:"+sh+" "+script+" "+pids), human), 422, "would start a program, which clients may not; no engines are named"},
		{"POST", "/api/sessions", CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{bot("uci:stockfish"), human}}, 422, "would start a program"},
		{"POST", "/api/sessions", go5(bot("passer"), human), 422, `unknown bot "passer"`},
	})

	engines, err := extbot.NewEngines([]string{"passer=gtp:" + sh + " '" + script + "' '" + pids + "'"}, 0)
	if err != nil {
		t.Fatal(err)
	}
	srv, hs := testServer(t, Config{Engines: engines})
	checkRejections(t, hs.URL, []rejection{
		{"POST", "/api/sessions", go5(bot("gtp:"+sh+" -c 'touch "+filepath.Join(dir, "pwned")+"'"), human), 422, "seat one of the engines the operator named: passer"},
		{"POST", "/api/sessions", go5(bot("passer:cmd=/bin/sh"), human), 422, `unknown parameter "cmd" (passer takes time)`},
		{"POST", "/api/sessions", go5(bot("passer:/bin/sh"), human), 422, "not name=value"},
		{"POST", "/api/sessions", CreateRequest{Game: "chess.zrf", Seats: []SeatRequest{bot("passer"), human}}, 422, "not a game GTP can describe"},
	})
	c := newSession(t, hs.URL, go5(bot("passer:time=1s"), human))
	st := waitFor(t, hs.URL, c.ID, func(s State) bool { return len(s.Moves) == 1 })
	if st.Moves[0] != "pass" {
		t.Errorf("the engine played %q", st.Moves[0])
	}
	if _, err := os.Stat(filepath.Join(dir, "pwned")); err == nil {
		t.Error("a client's command ran")
	}
	// Every program started (a bot's move may be asked twice at once, as
	// the session is made and loaded) ends with the server.
	data, _ := os.ReadFile(pids)
	ids := strings.Fields(string(data))
	if len(ids) == 0 {
		t.Fatal("no engine started")
	}
	srv.Close()
	deadline := time.Now().Add(10 * time.Second)
	for _, id := range ids {
		pid, _ := strconv.Atoi(id)
		for syscall.Kill(pid, 0) == nil {
			if time.Now().After(deadline) {
				t.Fatalf("engine %d still there after the server closed", pid)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}
