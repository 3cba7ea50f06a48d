package main

import (
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ludus-games/ludus/internal/chrometest"
	"github.com/ludus-games/ludus/internal/pgcluster"
	"github.com/ludus-games/ludus/internal/pgtest"
	"github.com/ludus-games/ludus/internal/shareddata"
	"github.com/ludus-games/ludus/internal/testenv"
)

// The command-line tests are scripts in testdata/script: each runs ludus as a
// user would and checks its output, exit status and files.
func TestMain(m *testing.M) {
	testscript.Main(stopsShared{m}, map[string]func(){
		"ludus": main,
	})
}

// stopsShared runs the tests, then stops the PostgreSQL cluster they
// shared. The scripts run three at once unless -parallel says otherwise:
// many of them wait on the programs they start.
type stopsShared struct{ m *testing.M }

func (s stopsShared) Run() int {
	testenv.DefaultParallel(3)
	code := s.m.Run()
	pgtest.StopShared()
	return code
}

func TestScripts(t *testing.T) {
	t.Parallel()
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			if d := sharedDataDir(); d != "" {
				env.Setenv("SHARED", d)
			}
			// The default store, in the user's data directory.
			env.Setenv("XDG_DATA_HOME", filepath.Join(env.WorkDir, "data"))
			// The repository's files (examples, docs) as a user's clone
			// has them.
			repo, err := filepath.Abs("../..")
			if err != nil {
				return err
			}
			env.Setenv("REPO", repo)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			switch cond {
			case "shared":
				return sharedDataDir() != "", nil
			case "browser":
				return chrometest.Path() != "", nil
			case "long":
				return testenv.Long(), nil
			case "postgres":
				return pgcluster.BinDir() != "", nil
			}
			return false, nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"browsercheck": browsercheck,
			"signal":       signalCmd,
			"sleep":        sleepCmd,
			"waitcpu":      waitCPUCmd,
			"waitfor":      waitForCmd,
			"waitgrep":     waitGrepCmd,
			"samelines":    sameLines,
			"waitresults":  waitResults,
			"samegames":    sameGames,
			"waitstatus":   waitStatus,
		},
	})
}

func sharedDataDir() string {
	d := shareddata.Dir()
	if d == "" {
		return ""
	}
	abs, err := filepath.Abs(d)
	if err != nil {
		return ""
	}
	return abs
}
