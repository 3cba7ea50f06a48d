package twenty48

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tinyNetworkFile is the file of a small trained network.
func tinyNetworkFile(t testing.TB, step float64) []byte {
	n, _ := NewNetwork(Shape{Tuples: [][]int{{0, 1}, {0, 4, 5}}, Stages: []int{5}}, 3)
	for k := 0; k < 50; k++ {
		n.addBoard(uint64(k)*0x9E3779B97F4A7C15&0x3737373737373737, float32(k%7)-3)
	}
	var buf bytes.Buffer
	if err := WriteNetwork(&buf, n, step, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withHeader rewrites a network file's header.
func withHeader(t *testing.T, file []byte, edit func(h map[string]any)) []byte {
	m := len(networkMagic)
	hl := binary.LittleEndian.Uint32(file[m:])
	var h map[string]any
	if err := json.Unmarshal(file[m+4:m+4+int(hl)], &h); err != nil {
		t.Fatal(err)
	}
	edit(h)
	hj, _ := json.Marshal(h)
	out := append([]byte(networkMagic), binary.LittleEndian.AppendUint32(nil, uint32(len(hj)))...)
	out = append(out, hj...)
	return append(out, file[m+4+int(hl):]...)
}

// TestReadNetworkRejects: damaged, truncated and foreign files, and
// headers of shapes no network has, are errors, never panics.
func TestReadNetworkRejects(t *testing.T) {
	good := tinyNetworkFile(t, 0)
	if _, _, _, err := ReadNetwork(bytes.NewReader(good)); err != nil {
		t.Fatal(err)
	}
	for cut := 0; cut < len(good); cut++ {
		if _, _, _, err := ReadNetwork(bytes.NewReader(good[:cut])); err == nil {
			t.Fatalf("a file cut at %d of %d bytes was read", cut, len(good))
		}
	}
	flipped := bytes.Clone(good)
	flipped[len(flipped)-6] ^= 0x10
	cases := map[string][]byte{
		"foreign":   []byte("PK\x03\x04 a zip file, not a network"),
		"empty":     nil,
		"damaged":   flipped,
		"trailing":  append(bytes.Clone(good), 0),
		"cell 16":   withHeader(t, good, func(h map[string]any) { h["shape"] = map[string]any{"tuples": [][]int{{0, 16}}} }),
		"no tuples": withHeader(t, good, func(h map[string]any) { h["shape"] = map[string]any{"tuples": [][]int{}} }),
		"8 cells":   withHeader(t, good, func(h map[string]any) { h["shape"] = map[string]any{"tuples": [][]int{{0, 1, 2, 3, 4, 5, 6, 7}}} }),
		"stages":    withHeader(t, good, func(h map[string]any) { h["shape"] = map[string]any{"tuples": [][]int{{0}}, "stages": []int{5, 3}} }),
		"shape": withHeader(t, good, func(h map[string]any) {
			h["shape"] = map[string]any{"tuples": [][]int{{0, 1, 2}, {0, 4, 5}}, "stages": []int{5}}
		}),
		"version":  withHeader(t, good, func(h map[string]any) { h["version"] = 2 }),
		"encoding": withHeader(t, good, func(h map[string]any) { h["encoding"] = "int8" }),
	}
	for name, data := range cases {
		_, _, _, err := ReadNetwork(bytes.NewReader(data))
		if err == nil {
			t.Errorf("%s: read without error", name)
		}
	}
	path := filepath.Join(t.TempDir(), "net.ntuple")
	os.WriteFile(path, good[:len(good)/2], 0o644)
	if _, _, err := LoadNetwork(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("error %v does not name the file", err)
	}
	if _, _, err := LoadNetwork(path + ".missing"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
}

// FuzzReadNetwork: the reader never panics nor allocates beyond what a
// valid header's shape asks, whatever the bytes.
func FuzzReadNetwork(f *testing.F) {
	f.Add(tinyNetworkFile(f, 0))
	f.Add(tinyNetworkFile(f, 0.5))
	f.Add([]byte(networkMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, hdr, _, err := ReadNetwork(bytes.NewReader(data))
		if err != nil {
			return
		}
		if hdr == nil || n.Shape.Validate() != nil {
			t.Fatal("read a network without a valid shape")
		}
		var buf bytes.Buffer
		if err := WriteNetwork(&buf, n, hdr.Step, hdr.Meta, nil, nil); err != nil {
			t.Fatal(err)
		}
	})
}
