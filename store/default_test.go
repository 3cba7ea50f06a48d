package store

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestDefaultPath(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "darwin" {
		t.Skip("the XDG directories are the rule on other systems")
	}
	dir := t.TempDir()
	tests := []struct {
		name, home, xdg string
		want            string // the path, or the start of the error
	}{
		// A data home the user names is made, even several levels deep.
		{"xdg to make", dir, filepath.Join(dir, "a", "b", "share"), filepath.Join(dir, "a", "b", "share", "ludus", "ludus.db")},
		// A relative XDG_DATA_HOME is ignored, as the XDG spec says.
		{"relative xdg", dir, "share", filepath.Join(dir, ".local", "share", "ludus", "ludus.db")},
		{"home", dir, "", filepath.Join(dir, ".local", "share", "ludus", "ludus.db")},
		{"no home", filepath.Join(dir, "nobody"), "", "no data directory for the store: give --db FILE (" + filepath.Join(dir, "nobody") + " does not exist)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("HOME", tt.home)
			t.Setenv("XDG_DATA_HOME", tt.xdg)
			got, err := DefaultPath()
			if err != nil {
				got = err.Error()
			}
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("DefaultPath() = %q, want %q", got, tt.want)
			}
			if err == nil {
				if st, err := os.Stat(filepath.Dir(got)); err != nil || !st.IsDir() {
					t.Errorf("%s was not made", filepath.Dir(got))
				}
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "nobody")); err == nil {
		t.Error("a home that did not exist was made")
	}
}
