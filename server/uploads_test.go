package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/store"
)

// keyed sends a request with an upload's key.
func keyed(t *testing.T, method, url, key, body string, out any) int {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil {
		json.NewDecoder(resp.Body).Decode(out)
	}
	return resp.StatusCode
}

// The uploader replaces an upload with its key, each text a new version:
// sessions keep the version they began with, through a restart too, new
// sessions play the latest; deleting it leaves the running sessions be.
func TestUploadReplaceAndDelete(t *testing.T) {
	dsn := filepath.Join(t.TempDir(), "s.db")
	r := start(t, dsn, Config{})
	base := r.hs.URL
	var up Uploaded
	if code := call(t, "POST", base+"/api/games?name=grid.zrf", gridRules(3), &up); code != 201 || up.Key == "" || up.Version != 1 {
		t.Fatalf("upload: %d %+v", code, up)
	}
	old := newSession(t, base, CreateRequest{Game: "grid.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	if code := call(t, "POST", base+"/api/sessions/"+old.ID+"/moves", map[string]any{"token": old.Seats[0].Token, "move": "c0r0"}, nil); code != 200 {
		t.Fatalf("a move: %d", code)
	}
	// The same text again is no change and gives no key.
	var again Uploaded
	if code := call(t, "POST", base+"/api/games?name=grid.zrf", gridRules(3), &again); code != 201 || again.Key != "" || again.Version != 1 {
		t.Fatalf("the same upload again: %d %+v", code, again)
	}
	var e apiErr
	for _, tt := range []struct {
		key  string
		code int
	}{{"", 401}, {"not-the-key", 403}} {
		if code := keyed(t, "PUT", base+"/api/games/grid.zrf", tt.key, gridRules(4), &e); code != tt.code {
			t.Errorf("replace with key %q: %d %s", tt.key, code, e.Error)
		}
		if code := keyed(t, "DELETE", base+"/api/games/grid.zrf", tt.key, "", &e); code != tt.code {
			t.Errorf("delete with key %q: %d %s", tt.key, code, e.Error)
		}
	}
	if code := keyed(t, "PUT", base+"/api/games/grid.zrf", up.Key, "(game (title", &e); code != 422 {
		t.Errorf("a replacement that does not read: %d %s", code, e.Error)
	}
	var info GameInfo
	if code := keyed(t, "PUT", base+"/api/games/GRID.zrf", up.Key, gridRules(4), &info); code != 200 || info.Version != 2 || info.Name != "grid.zrf" {
		t.Fatalf("replace: %d %+v", code, info)
	}
	fresh := newSession(t, base, CreateRequest{Game: "grid.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
	check := func(when string) {
		t.Helper()
		if st := getState(t, base, old.ID); len(st.Legal) != 8 || st.Version != 1 {
			t.Errorf("%s: the session of version 1 has %d moves at version %d", when, len(st.Legal), st.Version)
		}
		if st := getState(t, base, fresh.ID); len(st.Legal) != 16 {
			t.Errorf("%s: the session of version 2 has %d moves", when, len(st.Legal))
		}
	}
	check("after the replacement")

	r.stop()
	r = start(t, dsn, Config{})
	base = r.hs.URL
	check("after a restart")
	if code := keyed(t, "DELETE", base+"/api/games/grid.zrf", up.Key, "", nil); code != 204 {
		t.Fatalf("delete: %d", code)
	}
	if _, ok := r.srv.catalog.info("grid.zrf"); ok {
		t.Error("a deleted upload is still offered")
	}
	if code := call(t, "POST", base+"/api/sessions", CreateRequest{Game: "grid.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}}, &e); code != 404 {
		t.Errorf("a session of a deleted upload: %d %s", code, e.Error)
	}
	r.stop()
	r = start(t, dsn, Config{})
	base = r.hs.URL
	check("after the delete and a restart")
	// The name is free again; the next upload goes on from the versions.
	if code := call(t, "POST", base+"/api/games?name=grid.zrf", gridRules(5), &up); code != 201 || up.Version != 3 {
		t.Fatalf("upload after the delete: %d %+v", code, up)
	}
}

// An upload is checked once: the game built when it was checked is the
// one its sessions play.
func TestUploadCheckedOnce(t *testing.T) {
	srv, hs := testServer(t, Config{})
	if code := call(t, "POST", hs.URL+"/api/games?name=grid.zrf", gridRules(3), nil); code != 201 {
		t.Fatalf("upload: %d", code)
	}
	srv.catalog.mu.RLock()
	n := len(srv.catalog.builds)
	srv.catalog.mu.RUnlock()
	ctx := context.Background()
	var engines []*session
	for range 2 {
		c := newSession(t, hs.URL, CreateRequest{Game: "grid.zrf", Seats: []SeatRequest{{Kind: "human"}, {Kind: "human"}}})
		ss, err := srv.session(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		engines = append(engines, ss)
	}
	srv.catalog.mu.RLock()
	defer srv.catalog.mu.RUnlock()
	if engines[0].eng != engines[1].eng || len(srv.catalog.builds) != n {
		t.Errorf("the upload was built again: %d builds, then %d", n, len(srv.catalog.builds))
	}
}

// A session stored with a bot spec over today's caps is held to them when
// it is loaded: its bot plays within the move time.
func TestStoredBotSpecHeldToCaps(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	seats := `[{"kind":"bot","spec":"mcts:time=1h,threads=256"},{"kind":"human","token_hash":"x"}]`
	if err := st.CreateSession(ctx, store.Session{ID: "old", Game: "tic-tac-toe.zrf", Seats: seats}); err != nil {
		t.Fatal(err)
	}
	_, hs := testServer(t, Config{Store: st, MoveTime: 100 * time.Millisecond})
	waitFor(t, hs.URL, "old", func(s State) bool { return s.Version == 1 })
}

// A build stopped by the time is not kept: the next to ask builds again;
// one over the steps is kept, as the rules will not change.
func TestBuildStoppedNotKept(t *testing.T) {
	srv, _ := testServer(t, Config{})
	c := srv.catalog
	ctx := context.Background()
	for _, tt := range []struct {
		err  error
		kept bool
	}{{engine.ErrStopped, false}, {engine.ErrBudget, true}} {
		key := buildKey{fileKey{tt.err.Error(), 1}, 1}
		j, err := c.build(ctx, key, func() (*built, error) { return nil, c.budget.refusal(tt.err) })
		if err != nil {
			t.Fatal(err)
		}
		if _, err := j.wait(ctx, c.budget, "test"); !errors.Is(err, tt.err) {
			t.Fatalf("the job's error %v does not wrap %v", err, tt.err)
		}
		// A job is forgotten just after it ends.
		kept := true
		for deadline := time.Now().Add(300 * time.Millisecond); kept && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
			c.mu.RLock()
			_, kept = c.builds[key]
			c.mu.RUnlock()
		}
		if kept != tt.kept {
			t.Errorf("%v: kept %v", tt.err, kept)
		}
	}
}

// A replacement is checked as an upload is, and counts as one against the
// client's bound on uploads.
func TestReplacementCountsAsUpload(t *testing.T) {
	_, hs := testServer(t, Config{Limits: Limits{Upload: PerMinute(1)}})
	var up Uploaded
	if code := call(t, "POST", hs.URL+"/api/games?name=grid.zrf", gridRules(3), &up); code != 201 {
		t.Fatalf("upload: %d", code)
	}
	var e apiErr
	if code := keyed(t, "PUT", hs.URL+"/api/games/grid.zrf", up.Key, gridRules(4), &e); code != http.StatusTooManyRequests {
		t.Errorf("a replacement over the bound on uploads: %d %s", code, e.Error)
	}
}
