package web

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

func get(t *testing.T, h http.Handler, method, path string, header map[string]string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func TestHandler(t *testing.T) {
	h := Handler()
	tests := []struct {
		path   string
		status int
		ctype  string
		body   string // a piece of the body
	}{
		{"/", 200, "text/html; charset=utf-8", `<script type="module" src="app.js">`},
		{"/index.html", 200, "text/html; charset=utf-8", "<title>ludus</title>"},
		{"/app.js", 200, "text/javascript; charset=utf-8", "import"},
		{"/moves.js", 200, "text/javascript; charset=utf-8", "export class Picker"},
		{"/style.css", 200, "text/css; charset=utf-8", ":root"},
		{"/favicon.svg", 200, "image/svg+xml", "<svg"},
		{"/nothing.js", 404, "", ""},
		{"/static/app.js", 404, "", ""},
		{"/../web.go", 404, "", ""},
		{"/web.go", 404, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			res := get(t, h, "GET", tt.path, nil)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != tt.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tt.status)
			}
			if tt.status != 200 {
				return
			}
			if got := res.Header.Get("Content-Type"); got != tt.ctype {
				t.Errorf("Content-Type %q, want %q", got, tt.ctype)
			}
			if got := res.Header.Get("Cache-Control"); got != "no-cache" {
				t.Errorf("Cache-Control %q, want no-cache", got)
			}
			if res.Header.Get("ETag") == "" {
				t.Error("no ETag")
			}
			if !strings.Contains(string(body), tt.body) {
				t.Errorf("body lacks %q", tt.body)
			}
		})
	}
}

func TestHandlerRevalidates(t *testing.T) {
	h := Handler()
	first := get(t, h, "GET", "/app.js", nil)
	tag := first.Header.Get("ETag")
	again := get(t, h, "GET", "/app.js", map[string]string{"If-None-Match": tag})
	if again.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match with the ETag: status %d, want 304", again.StatusCode)
	}
	other := get(t, h, "GET", "/style.css", map[string]string{"If-None-Match": tag})
	if other.StatusCode != http.StatusOK {
		t.Errorf("another file's ETag: status %d, want 200", other.StatusCode)
	}
}

func TestHandlerMethods(t *testing.T) {
	h := Handler()
	res := get(t, h, "HEAD", "/", nil)
	if res.StatusCode != 200 {
		t.Errorf("HEAD /: status %d", res.StatusCode)
	}
	if b, _ := io.ReadAll(res.Body); len(b) != 0 {
		t.Errorf("HEAD / sent a body of %d bytes", len(b))
	}
	res = get(t, h, "POST", "/", nil)
	if res.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST /: status %d, want 405", res.StatusCode)
	}
}

// TestModulesResolve checks that every module the page imports is one of
// its files, so that a renamed file cannot leave the page broken.
func TestModulesResolve(t *testing.T) {
	h := Handler()
	imp := regexp.MustCompile(`(?:import\s*\(|from)\s*"(\./[^"]+)"`)
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		b, err := fs.ReadFile(static, p)
		if err != nil {
			return err
		}
		for _, m := range imp.FindAllStringSubmatch(string(b), -1) {
			if res := get(t, h, "GET", "/"+strings.TrimPrefix(m[1], "./"), nil); res.StatusCode != 200 {
				t.Errorf("%s imports %s: status %d", p, m[1], res.StatusCode)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPagePolicy checks that the page's Content-Security-Policy allows no
// inline script or style and no framing, and that the page holds none it
// would need: its scripts are files, its styles a stylesheet. (The browser
// tests fail on anything the policy refuses while the page runs.)
func TestPagePolicy(t *testing.T) {
	res := get(t, Handler(), "GET", "/", nil)
	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"script-src 'self'", "style-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"} {
		if !strings.Contains(csp, want+";") && !strings.HasSuffix(csp, want) {
			t.Errorf("the page's policy %q lacks %q", csp, want)
		}
	}
	for _, bad := range []string{"'unsafe-inline'", "'unsafe-eval'", "data:", " ws:", " *"} {
		if strings.Contains(csp, bad) {
			t.Errorf("the page's policy %q allows %s", csp, bad)
		}
	}
	if res.Header.Get("X-Frame-Options") != "DENY" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("X-Frame-Options %q, X-Content-Type-Options %q", res.Header.Get("X-Frame-Options"), res.Header.Get("X-Content-Type-Options"))
	}
	page, _ := io.ReadAll(res.Body)
	for _, tag := range regexp.MustCompile(`(?i)<script[^>]*>`).FindAll(page, -1) {
		if !strings.Contains(string(tag), " src=") {
			t.Errorf("index.html holds an inline script: %s", tag)
		}
	}
	if m := regexp.MustCompile(`(?i)<style|\sstyle=|\son[a-z]+=|javascript:`).Find(page); m != nil {
		t.Errorf("index.html holds inline script or style: %q", m)
	}
}
