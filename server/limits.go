package server

import (
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// Limits bound what one client (an IP address; an IPv6 /64 network) may
// use of the server, so that nobody's flood costs the others their game.
// A zero field sets no bound: the zero Limits is a server for tests and
// benchmarks, whose many clients share one address; ludus serve starts
// from DefaultLimits.
type Limits struct {
	// Rate bounds every request of a client.
	Rate Rate
	// Create bounds the sessions (and 2048 games) a client starts.
	Create Rate
	// Upload bounds the rules files a client uploads or replaces.
	Upload Rate
	// Check bounds the rules files a client has checked without keeping
	// them (the editor's check).
	Check Rate
	// Runs bounds the balance and match runs a client has queued or
	// playing at once.
	Runs int
	// Analyse bounds the analyses a client asks for, and Analyses those
	// it may have running at once.
	Analyse  Rate
	Analyses int
	// Sessions bounds the live sessions a client has created: those not
	// over, closed or deleted.
	Sessions int
	// WatchersPerClient bounds a client's event streams open at once.
	WatchersPerClient int
	// ConnsPerClient bounds a client's connections open at once (see
	// Server.Listener); connections of trusted proxies are not bounded.
	ConnsPerClient int
	// Conns bounds all connections open at once (0: three quarters of the
	// process's limit of open files, so that the store never runs out).
	Conns int
}

// Rate is a token bucket: Burst requests at once, refilled at PerSecond.
// A zero PerSecond sets no bound.
type Rate struct {
	PerSecond float64
	Burst     int
}

// PerMinute is a Rate of n a minute, n at once.
func PerMinute(n int) Rate { return Rate{PerSecond: float64(n) / 60, Burst: n} }

// DefaultLimits are the bounds of ludus serve, far above what a person
// playing in the page asks for (a move costs the page about eight
// requests; the page loads in fifteen) and low enough that one client
// cannot take the server from the others.
var DefaultLimits = Limits{
	Rate:              Rate{PerSecond: 50, Burst: 500},
	Create:            PerMinute(30),
	Upload:            PerMinute(10),
	Check:             PerMinute(60),
	Runs:              2,
	Analyse:           PerMinute(60),
	Analyses:          1,
	Sessions:          100,
	WatchersPerClient: 64,
	ConnsPerClient:    128,
}

// tooMany answers a request over a bound: status 429 (the client's own
// bound) or 503 (a bound shared by everyone), with Retry-After.
func tooMany(status int, after time.Duration, format string, args ...any) error {
	return &apiError{status: status, msg: fmt.Sprintf(format, args...), retry: max(after, time.Second)}
}

// retrySeconds is a Retry-After value: whole seconds, at least one.
func retrySeconds(d time.Duration) string {
	return fmt.Sprint(max(1, int(math.Ceil(d.Seconds()))))
}

// maxBuckets bounds the clients a limiter remembers; full buckets are
// forgotten first (they are as good as new ones).
const maxBuckets = 100000

// limiter is a token bucket per client.
type limiter struct {
	rate Rate
	now  func() time.Time

	mu      sync.Mutex
	buckets map[netip.Prefix]*bucket
	swept   time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(r Rate, now func() time.Time) *limiter {
	if r.PerSecond <= 0 {
		return nil
	}
	r.Burst = max(r.Burst, 1)
	return &limiter{rate: r, now: now, buckets: map[netip.Prefix]*bucket{}}
}

// take spends a token of the client's bucket, or says how long until
// there is one. A nil limiter bounds nothing.
func (l *limiter) take(client netip.Prefix) (bool, time.Duration) {
	if l == nil {
		return true, 0
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[client]
	if b == nil {
		l.sweep(now)
		b = &bucket{tokens: float64(l.rate.Burst), last: now}
		l.buckets[client] = b
	}
	b.tokens = min(float64(l.rate.Burst), b.tokens+now.Sub(b.last).Seconds()*l.rate.PerSecond)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.rate.PerSecond * float64(time.Second))
}

// sweep forgets the buckets that have filled up again, now and then or
// when too many are kept. The caller holds l.mu.
func (l *limiter) sweep(now time.Time) {
	if len(l.buckets) < maxBuckets && now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate.PerSecond >= float64(l.rate.Burst) {
			delete(l.buckets, k)
		}
	}
	if len(l.buckets) >= maxBuckets {
		// More clients at work than are worth remembering: start afresh
		// rather than grow.
		clear(l.buckets)
	}
}

// limiters are the buckets of a server's Limits.
type limiters struct {
	all, create, upload, checks, analyse *limiter
	watchers, analyses                   *counter
}

func newLimiters(l Limits) *limiters {
	return &limiters{all: newLimiter(l.Rate, time.Now), create: newLimiter(l.Create, time.Now),
		upload: newLimiter(l.Upload, time.Now), checks: newLimiter(l.Check, time.Now), analyse: newLimiter(l.Analyse, time.Now),
		watchers: newCounter(l.WatchersPerClient), analyses: newCounter(l.Analyses)}
}

// check spends the client's tokens for a request: every request takes one
// of Rate, and starting a session or uploading one of its own bucket.
func (ls *limiters) check(r *http.Request, client netip.Prefix) error {
	if ok, wait := ls.all.take(client); !ok {
		return tooMany(http.StatusTooManyRequests, wait, "too many requests from your address (at most %g a second): try again in %ss",
			ls.all.rate.PerSecond, retrySeconds(wait))
	}
	var l *limiter
	what := ""
	switch {
	case r.Method == http.MethodPut && strings.HasPrefix(r.URL.Path, "/api/games/"):
		l, what = ls.upload, "rules files uploaded" // a replacement is checked as an upload is
	case r.Method != http.MethodPost:
	case r.URL.Path == "/api/sessions" || r.URL.Path == "/api/2048/games":
		l, what = ls.create, "games started"
	case r.URL.Path == "/api/runs":
		l, what = ls.create, "runs started"
	case r.URL.Path == "/api/games":
		l, what = ls.upload, "rules files uploaded"
	case r.URL.Path == "/api/games/check":
		l, what = ls.checks, "rules files checked"
	case strings.HasPrefix(r.URL.Path, "/api/sessions/") && strings.HasSuffix(r.URL.Path, "/analyse"):
		l, what = ls.analyse, "analyses"
	}
	if ok, wait := l.take(client); !ok {
		return tooMany(http.StatusTooManyRequests, wait, "too many %s from your address (at most %.0f a minute): try again in %ss",
			what, l.rate.PerSecond*60, retrySeconds(wait))
	}
	return nil
}

// counter bounds what each client holds at once (event streams,
// connections).
type counter struct {
	max int // 0: no bound
	mu  sync.Mutex
	n   map[netip.Prefix]int
}

func newCounter(max int) *counter { return &counter{max: max, n: map[netip.Prefix]int{}} }

// acquire counts one more for the client, unless it holds max already;
// release gives it back.
func (c *counter) acquire(client netip.Prefix) bool {
	if c.max <= 0 {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[client] >= c.max {
		return false
	}
	c.n[client]++
	return true
}

func (c *counter) release(client netip.Prefix) {
	if c.max <= 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[client]--; c.n[client] <= 0 {
		delete(c.n, client)
	}
}
