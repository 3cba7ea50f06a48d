package server

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strings"
	"time"
)

// apiCSP is the Content-Security-Policy of every answer but the page's
// own (package web sets that one): JSON and SVG pictures need nothing, so
// a picture opened on its own, or an answer a browser were tricked into
// showing as a page, runs and loads nothing.
const apiCSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

// hosts are the names the server answers to: what a browser sends as the
// Host header and, for requests of a page, as its Origin.
type hosts struct {
	any   bool            // "*": every Host is served
	names map[string]bool // named by the operator, canonical
}

func newHosts(names []string) *hosts {
	h := &hosts{names: map[string]bool{}}
	for _, n := range names {
		if n == "*" {
			h.any = true
			continue
		}
		if c := canonHost(n); c != "" {
			h.names[c] = true
		}
	}
	return h
}

// canonHost returns the host name of a Host header or of a URL's host:
// lower case, without port, brackets or trailing dot.
func canonHost(hostport string) string {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(host, "[]"), ".")
	return strings.ToLower(host)
}

// isLoopbackName reports whether a canonical host names this machine.
func isLoopbackName(name string) bool {
	if name == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(name)
	return err == nil && a.IsLoopback()
}

// allowHost reports whether a request's Host header names this server:
// localhost, an IP address, or a name the operator gave. A page that
// rebinds its own name to this server's address (DNS rebinding) sends
// that name, which is none of these; a name is never taken on trust,
// while an address cannot be rebound. (An empty Host is a program's
// HTTP/1.0 request, not a browser's.)
func (h *hosts) allowHost(host string) bool {
	name := canonHost(host)
	if h.any || name == "" || isLoopbackName(name) || h.names[name] {
		return true
	}
	_, err := netip.ParseAddr(name)
	return err == nil
}

// allowOrigin reports whether a page of origin may act here: a page of
// this very server (the origin's host and port are the request's Host),
// a page of a name the operator gave (a proxy in front may change the
// port), or a page of this machine at the same port under another of its
// names. A page of another port of this machine is another site.
func (h *hosts) allowOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false // "null" and other opaque origins
	}
	if strings.EqualFold(u.Host, host) || h.names[canonHost(u.Host)] {
		return true
	}
	return isLoopbackName(canonHost(u.Host)) && isLoopbackName(canonHost(host)) && u.Port() == portOf(host)
}

// portOf returns the port of a Host header ("" when it has none).
func portOf(host string) string {
	if _, p, err := net.SplitHostPort(host); err == nil {
		return p
	}
	return ""
}

// clientKey is how a client is known to the limits: its address, or for
// IPv6 its /64 network (which one machine is given whole).
func clientKey(a netip.Addr) netip.Prefix {
	a = a.Unmap()
	if a.Is4() {
		return netip.PrefixFrom(a, 32)
	}
	p, _ := a.Prefix(64)
	return p
}

// addrOf returns the IP address of a connection's remote address (the
// zero Addr when it has none, as on a Unix socket).
func addrOf(remote string) netip.Addr {
	ap, err := netip.ParseAddrPort(remote)
	if err != nil {
		return netip.Addr{}
	}
	return ap.Addr().Unmap()
}

// trusted reports whether a peer is a proxy whose X-Forwarded-For is
// believed.
func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.cfg.TrustProxy {
		if a.IsValid() && p.Contains(a) {
			return true
		}
	}
	return false
}

// clientOf returns the client a request comes from: its peer, or, when
// the peer is a trusted proxy, the nearest address of X-Forwarded-For
// that is not one (proxies append the address they were reached from, so
// the addresses left of the last untrusted one may be made up).
func (s *Server) clientOf(r *http.Request) netip.Prefix {
	a := addrOf(r.RemoteAddr)
	if s.trusted(a) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break
			}
			a = hop.Unmap()
			if !s.trusted(a) {
				break
			}
		}
	}
	if !a.IsValid() {
		return netip.Prefix{}
	}
	return clientKey(a)
}

type clientCtxKey struct{}

// requestClient returns the client the guard found for a request.
func requestClient(r *http.Request) netip.Prefix {
	p, _ := r.Context().Value(clientCtxKey{}).(netip.Prefix)
	return p
}

// guard stands before every route: it sets the headers that keep
// browsers safe, answers only the names of this server, refuses what
// other sites' pages ask, holds each client to its limits, and gives a
// request's body a deadline to arrive.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Content-Security-Policy", apiCSP)
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		if !s.hosts.allowHost(r.Host) {
			writeError(w, failf(http.StatusMisdirectedRequest,
				"this server does not answer to the name %q (ludus serve --host names it)", canonHost(r.Host)))
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !s.hosts.allowOrigin(origin, r.Host) {
			writeError(w, failf(http.StatusForbidden, "requests of pages from %q are not served here", origin))
			return
		}
		client := s.clientOf(r)
		if err := s.limits.check(r, client); err != nil {
			writeError(w, err)
			return
		}
		if r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody {
			rc := http.NewResponseController(w)
			if rc.SetReadDeadline(time.Now().Add(s.cfg.ReadTimeout)) == nil {
				r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc}
			}
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientCtxKey{}, client)))
	})
}

// deadlineBody is a request body that must arrive before the read
// deadline the guard set: a client that sends it slowly is cut off rather
// than holding its connection. Once it has arrived the deadline is lifted,
// so that the work that follows (and an event stream) is not cut short.
type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	done bool
}

// errSlowBody is what reading a body that did not arrive in time gives.
var errSlowBody = errors.New("the request body did not arrive in time")

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	switch {
	case err == io.EOF && !b.done:
		b.done = true
		b.rc.SetReadDeadline(time.Time{})
	case errors.Is(err, os.ErrDeadlineExceeded):
		err = errSlowBody
	}
	return n, err
}
