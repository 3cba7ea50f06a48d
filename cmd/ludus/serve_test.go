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
