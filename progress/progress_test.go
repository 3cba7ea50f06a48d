package progress

import "testing"

// Under go test standard error is not a terminal: bars must be silent no-ops.
func TestNoTerminalIsSilent(t *testing.T) {
	if Enabled {
		t.Skip("standard error is a terminal")
	}
	b := New(10, "work")
	if b.pb != nil {
		t.Fatal("a bar was created without a terminal")
	}
	b.Add(3)
	b.Describe("x")
	b.Finish()
	var nilBar *Bar
	nilBar.Add(1)
	nilBar.Finish()
}
