package main

import "testing"

func TestDisplayAddr(t *testing.T) {
	tests := []struct{ flag, actual, want string }{
		{"localhost:8080", "127.0.0.1:8080", "localhost:8080"},
		{":0", "[::]:41234", "localhost:41234"},
		{"0.0.0.0:9000", "0.0.0.0:9000", "localhost:9000"},
		{"192.168.1.5:80", "192.168.1.5:80", "192.168.1.5:80"},
		{"[::1]:8080", "[::1]:8080", "[::1]:8080"},
	}
	for _, tt := range tests {
		if got := displayAddr(tt.flag, tt.actual); got != tt.want {
			t.Errorf("displayAddr(%q, %q) = %q, want %q", tt.flag, tt.actual, got, tt.want)
		}
	}
}

func TestAddrName(t *testing.T) {
	tests := []struct{ addr, want string }{
		{"localhost:8080", "localhost"},
		{"games.example.org:80", "games.example.org"},
		{":8080", ""},
		{"0.0.0.0:8080", ""},
		{"[::1]:8080", ""},
		{"192.168.1.5:80", ""},
		{"nonsense", ""},
	}
	for _, tt := range tests {
		if got := addrName(tt.addr); got != tt.want {
			t.Errorf("addrName(%q) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

func TestParseProxies(t *testing.T) {
	got, err := parseProxies([]string{"10.0.0.5", "10.1.2.3/8", "::ffff:192.0.2.1", "fd00::/8"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10.0.0.5/32", "10.0.0.0/8", "192.0.2.1/32", "fd00::/8"}
	for i := range want {
		if i >= len(got) || got[i].String() != want[i] {
			t.Fatalf("parseProxies = %v, want %v", got, want)
		}
	}
	if _, err := parseProxies([]string{"proxy.example"}); err == nil {
		t.Error("a name was taken for a proxy's address")
	}
}
