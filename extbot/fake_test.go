package extbot_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/engine/gtp"
	"github.com/ludus-games/ludus/engine/uci"
	"github.com/ludus-games/ludus/games"
)

// The test binary is also the engine programs of the tests: run with
// -fake MODE ..., it speaks GTP or UCI on its standard input and output,
// as ludus itself (the engines of packages gtp and uci) or as a faulty
// program that the bots must survive.
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "-fake" {
		os.Exit(fake(os.Args[2], os.Args[3:]))
	}
	os.Exit(m.Run())
}

// fakeCmd is the command line of a fake engine, for a spec.
func fakeCmd(mode string, args ...string) string {
	words := append([]string{os.Args[0], "-fake", mode}, args...)
	for i, w := range words {
		words[i] = "'" + w + "'"
	}
	return strings.Join(words, " ")
}

func fake(mode string, args []string) int {
	ctx := context.Background()
	switch mode {
	case "gtp-ludus": // GAME VARIANT BOT
		g, err := games.Open(args[0], games.Options{Variant: args[1]})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		e := &gtp.Engine{Game: g.Compiled, Eval: g.Eval, Bots: g.Bots, Bot: args[2]}
		if err := e.Serve(ctx, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	case "uci-ludus": // BOT
		g, err := games.Open("chess", games.Options{})
		if err != nil {
			return 2
		}
		e := &uci.Engine{Game: g.Compiled, Eval: g.Eval, Bots: g.Bots, Bot: args[0]}
		if err := e.Serve(ctx, os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	case "gtp-illegal", "gtp-resign", "gtp-silent", "gtp-crash", "gtp-refuse", "gtp-spawn":
		return fakeGTP(mode, args)
	case "uci-illegal", "uci-silent", "uci-nooption":
		return fakeUCI(mode)
	case "garbage":
		fmt.Println("hello, I speak no protocol")
		return 0
	case "sleep":
		time.Sleep(time.Hour)
	}
	return 0
}

// fakeGTP answers every command but genmove (and play, for
// gtp-refuse) with success; genmove as the mode says.
func fakeGTP(mode string, args []string) int {
	if mode == "gtp-spawn" { // PIDFILE: a child of its own, then silence
		child := exec.Command(os.Args[0], "-fake", "sleep")
		if err := child.Start(); err != nil {
			return 2
		}
		os.WriteFile(args[0], []byte(fmt.Sprintf("%d %d\n", os.Getpid(), child.Process.Pid)), 0o644)
	}
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		c, ok := gtp.ParseCommand(in.Text())
		if !ok {
			continue
		}
		answer := "= \n\n"
		switch c.Name {
		case "protocol_version":
			answer = "= 2\n\n"
		case "quit":
			fmt.Print(answer)
			return 0
		case "play":
			if mode == "gtp-refuse" && len(c.Args) == 2 && c.Args[1] != "pass" {
				answer = "? illegal move\n\n"
			}
		case "genmove":
			switch mode {
			case "gtp-illegal":
				answer = "= Z99\n\n"
			case "gtp-resign":
				answer = "= resign\n\n"
			case "gtp-crash":
				fmt.Fprintln(os.Stderr, "segmentation fault (not really)")
				return 3
			case "gtp-silent", "gtp-spawn":
				time.Sleep(time.Hour)
			case "gtp-refuse":
				answer = "= pass\n\n"
			}
		}
		fmt.Print(answer)
	}
	return 0
}

// fakeUCI greets as UCI asks; then uci-illegal answers every search with
// a move no piece can make, uci-silent never answers, and uci-nooption
// declares no options.
func fakeUCI(mode string) int {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "uci":
			fmt.Println("id name Fake")
			if mode != "uci-nooption" {
				fmt.Println("option name Skill Level type spin default 20 min 0 max 20")
			}
			fmt.Println("uciok")
		case "isready":
			fmt.Println("readyok")
		case "go":
			switch mode {
			case "uci-illegal":
				fmt.Println("info depth 1 score cp 10 nodes 1 pv e2e5")
				fmt.Println("bestmove e2e5")
			case "uci-silent":
				time.Sleep(time.Hour)
			}
		case "quit":
			return 0
		}
	}
	return 0
}
