package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ludus-games/ludus/server"
)

// TestBrowserStreamBackoff opens a session whose watchers are all taken:
// the page is refused its event stream (429), asks for it again later and
// later rather than in a loop, follows the game by polling meanwhile, and
// goes live once a place is free.
func TestBrowserStreamBackoff(t *testing.T) {
	longBrowserTest(t)
	if os.Getenv("LUDUS_TEST_SERVER") != "" {
		t.Skip("counts the requests of a server of its own")
	}
	var mu sync.Mutex
	var tries []time.Time
	count := func(h http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/events") && (r.Header.Get("Upgrade") != "" || strings.Contains(r.Header.Get("Accept"), "text/event-stream")) {
				mu.Lock()
				tries = append(tries, time.Now())
				mu.Unlock()
			}
			h.ServeHTTP(w, r)
		})
	}
	lim := server.DefaultLimits
	lim.WatchersPerClient = 1
	url := startServerWith(t, server.Config{Limits: lim}, count)
	var created server.Created
	res, err := http.Post(url+"/api/sessions", "application/json",
		strings.NewReader(`{"game":"tic-tac-toe.zrf","seats":[{"kind":"human"},{"kind":"human"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	decode(t, res, &created)
	// This client's one place: the test holds it.
	ctx, release := context.WithCancel(context.Background())
	defer release()
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/sessions/"+created.ID+"/events", nil)
	req.Header.Set("Accept", "text/event-stream")
	held, err := http.DefaultClient.Do(req)
	if err != nil || held.StatusCode != 200 {
		t.Fatalf("holding a stream: %v %v", held, err)
	}
	defer held.Body.Close()
	mu.Lock()
	tries = nil
	mu.Unlock()

	p := openPageAt(t, url, "#/session/"+created.ID)
	wait[bool](p, `document.querySelectorAll(".board-overlay .target").length > 0`, 10*time.Second)
	// A move made meanwhile is shown by polling.
	res, err = http.Post(url+"/api/sessions/"+created.ID+"/moves", "application/json",
		strings.NewReader(fmt.Sprintf(`{"token":%q,"move":"b2"}`, created.Seats[0].Token)))
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	wait[bool](p, `document.querySelector(".status .version").textContent === "move 1"`, 10*time.Second)
	deadline := time.Now().Add(15 * time.Second)
	for {
		mu.Lock()
		n := len(tries)
		mu.Unlock()
		if n >= 3 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d attempts at the stream in 15 s: the page gave up", n)
		}
		time.Sleep(50 * time.Millisecond)
	}
	mu.Lock()
	gaps := make([]time.Duration, 0, len(tries))
	for i := 1; i < len(tries); i++ {
		gaps = append(gaps, tries[i].Sub(tries[i-1]))
	}
	mu.Unlock()
	// Nominally 0.5 s, 1 s, 2 s (give or take a quarter): a busy machine
	// may stretch any of them but shrink none, so each is held to the
	// least its place allows (a stretched first pause may exceed the next).
	if last := gaps[len(gaps)-1]; last < 700*time.Millisecond || gaps[0] < 350*time.Millisecond {
		t.Fatalf("the page asked for its stream again after %v: want pauses that grow", gaps)
	}
	if live := eval[string](p, `document.querySelector(".live").textContent`); !strings.Contains(live, "reconnecting") {
		t.Errorf("refused, the page says %q", live)
	}

	release()
	wait[bool](p, `document.querySelector(".live").textContent.startsWith("live")`, 20*time.Second)
	mu.Lock()
	n := len(tries)
	mu.Unlock()
	time.Sleep(time.Second)
	mu.Lock()
	defer mu.Unlock()
	if len(tries) != n {
		t.Errorf("live, the page still asked for %d more streams", len(tries)-n)
	}
	t.Logf("pauses between refused attempts: %v", gaps)
}

// decode reads a JSON answer into out, failing on an error status.
func decode(t *testing.T, res *http.Response, out any) {
	t.Helper()
	defer res.Body.Close()
	if res.StatusCode >= 300 {
		t.Fatalf("%s %s: %s", res.Request.Method, res.Request.URL.Path, res.Status)
	}
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		t.Fatal(err)
	}
}
