package twenty48

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"

	"github.com/ludus-games/ludus/internal/atomicfile"
)

// A network file is a magic line, a JSON header of known length and a
// deflated body:
//
//	"ludus 2048 n-tuple network\n"
//	uint32 (little-endian) length of the header, then the header (JSON)
//	deflate( body ), then uint32 CRC-32 (IEEE) of the header and the
//	inflated body
//
// The body holds, for each table set (the weights, then any extra sets the
// header names, e.g. a trainer's learning-rate statistics), each stage and
// each tuple, the table's non-zero entries: their count (uvarint), then
// for each the gap since the previous entry's index (uvarint) and the
// value: the float32's bits (4 bytes, little-endian) for "float32", or
// the value divided by the header's step, rounded, as a zigzag varint for
// "quantized". Zero entries are the untouched ones, so the file holds only
// what training reached.
const networkMagic = "ludus 2048 n-tuple network\n"

// maxHeader bounds the JSON header a reader accepts.
const maxHeader = 1 << 24

// NetworkHeader is the JSON header of a network file.
type NetworkHeader struct {
	Version int     `json:"version"`
	Shape   Shape   `json:"shape"`
	Init    float32 `json:"init"`
	// Encoding is "float32" (exact) or "quantized" (multiples of Step).
	Encoding string  `json:"encoding"`
	Step     float64 `json:"step,omitempty"`
	// Extra names the table sets stored after the weights.
	Extra []string `json:"extra,omitempty"`
	// Meta is free-form information: how the network was trained, or a
	// trainer's checkpoint state.
	Meta json.RawMessage `json:"meta,omitempty"`
}

// WriteNetwork writes n in the network file format with its weights exact
// (step 0) or quantized to multiples of step, followed by the extra table
// sets (each shaped like the weights) named in hdr.Extra.
func WriteNetwork(w io.Writer, n *Network, step float64, meta json.RawMessage, extra map[string][][]float32, extraNames []string) error {
	hdr := NetworkHeader{Version: 1, Shape: n.Shape, Init: n.Init, Encoding: "float32", Extra: extraNames, Meta: meta}
	if step > 0 {
		hdr.Encoding, hdr.Step = "quantized", step
	}
	hj, err := json.Marshal(hdr)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	bw.WriteString(networkMagic)
	binary.Write(bw, binary.LittleEndian, uint32(len(hj)))
	bw.Write(hj)
	fw, err := flate.NewWriter(bw, flate.BestSpeed)
	if err != nil {
		return err
	}
	crc := crc32.NewIEEE()
	crc.Write(hj)
	body := bufio.NewWriterSize(io.MultiWriter(fw, crc), 1<<20)
	sets := [][][]float32{n.w}
	for _, name := range extraNames {
		sets = append(sets, extra[name])
	}
	for _, set := range sets {
		for _, tb := range set {
			writeTable(body, tb, step)
		}
	}
	if err := body.Flush(); err != nil {
		return err
	}
	if err := fw.Close(); err != nil {
		return err
	}
	binary.Write(bw, binary.LittleEndian, crc.Sum32())
	return bw.Flush()
}

func writeTable(w *bufio.Writer, tb []float32, step float64) {
	var buf [binary.MaxVarintLen64]byte
	count := 0
	for _, v := range tb {
		if v != 0 {
			count++
		}
	}
	w.Write(buf[:binary.PutUvarint(buf[:], uint64(count))])
	last := -1
	for i, v := range tb {
		if v == 0 {
			continue
		}
		w.Write(buf[:binary.PutUvarint(buf[:], uint64(i-last))])
		last = i
		if step > 0 {
			w.Write(buf[:binary.PutVarint(buf[:], quantize(v, step))])
		} else {
			binary.LittleEndian.PutUint32(buf[:4], math.Float32bits(v))
			w.Write(buf[:4])
		}
	}
}

// quantize rounds v to a multiple of step, keeping a non-zero weight
// non-zero (zero means untouched).
func quantize(v float32, step float64) int64 {
	q := int64(math.Round(float64(v) / step))
	if q == 0 {
		q = 1
		if v < 0 {
			q = -1
		}
	}
	return q
}

// SaveNetwork writes n to path atomically (a crash leaves the old file or
// the new one, never a mix).
func SaveNetwork(path string, n *Network, step float64, meta json.RawMessage) error {
	err := atomicfile.Write(path, func(w io.Writer) error { return WriteNetwork(w, n, step, meta, nil, nil) })
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// ErrNotNetwork is the error of a file that is not a network file.
var ErrNotNetwork = errors.New("not a ludus 2048 n-tuple network file")

// ReadNetwork reads a network file: the network, its header and the extra
// table sets it holds. Every malformed, truncated or inconsistent input is
// an error; the reader allocates the tables only after the header checked
// out, and never more than the shape calls for.
func ReadNetwork(r io.Reader) (*Network, *NetworkHeader, map[string][][]float32, error) {
	return readNetwork(r, true)
}

// readNetwork is ReadNetwork; without extra it checks the extra table
// sets but keeps none of them.
func readNetwork(r io.Reader, extra bool) (*Network, *NetworkHeader, map[string][][]float32, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	magic := make([]byte, len(networkMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != networkMagic {
		return nil, nil, nil, ErrNotNetwork
	}
	crc := crc32.NewIEEE()
	hdr, err := readHeader(br, crc)
	if err != nil {
		return nil, nil, nil, err
	}
	n, err := NewNetwork(hdr.Shape, hdr.Init)
	if err != nil {
		return nil, nil, nil, err
	}
	extras := map[string][][]float32{}
	sets := [][][]float32{n.w}
	for _, name := range hdr.Extra {
		set := make([][]float32, len(n.w))
		for i := range set {
			if extra {
				set[i] = allocWeights(n, len(n.w[i])) // read at random, as the weights
			} else {
				set[i] = nil // checked, not kept
			}
		}
		if extra {
			extras[name] = set
		}
		sets = append(sets, set)
	}
	fr := flate.NewReader(br)
	body := bufio.NewReaderSize(io.TeeReader(fr, crc), 64<<10)
	for s, set := range sets {
		for i, tb := range set {
			size := len(n.w[i])
			if s > 0 && !extra {
				tb = nil
			}
			if err := readTable(body, tb, size, hdr.Step); err != nil {
				return nil, nil, nil, fmt.Errorf("table %d: %w", i, err)
			}
		}
	}
	if _, err := body.ReadByte(); err != io.EOF {
		return nil, nil, nil, fmt.Errorf("data after the last table")
	}
	var sum uint32
	if err := binary.Read(br, binary.LittleEndian, &sum); err != nil {
		return nil, nil, nil, fmt.Errorf("truncated: missing checksum")
	}
	if sum != crc.Sum32() {
		return nil, nil, nil, fmt.Errorf("checksum mismatch: the file is damaged")
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, nil, nil, fmt.Errorf("data after the end of the network")
	}
	return n, hdr, extras, nil
}

func readHeader(br *bufio.Reader, crc io.Writer) (*NetworkHeader, error) {
	var hl uint32
	if err := binary.Read(br, binary.LittleEndian, &hl); err != nil {
		return nil, fmt.Errorf("truncated header")
	}
	if hl > maxHeader {
		return nil, fmt.Errorf("header of %d bytes is too long", hl)
	}
	hj := make([]byte, hl)
	if _, err := io.ReadFull(br, hj); err != nil {
		return nil, fmt.Errorf("truncated header")
	}
	crc.Write(hj)
	var hdr NetworkHeader
	dec := json.NewDecoder(bytes.NewReader(hj))
	if err := dec.Decode(&hdr); err != nil {
		return nil, fmt.Errorf("header: %w", err)
	}
	switch {
	case hdr.Version != 1:
		return nil, fmt.Errorf("network file version %d (this ludus reads version 1)", hdr.Version)
	case hdr.Encoding == "float32" && hdr.Step == 0:
	case hdr.Encoding == "quantized" && hdr.Step > 0 && !math.IsInf(hdr.Step, 0):
	default:
		return nil, fmt.Errorf("unknown weight encoding %q (step %g)", hdr.Encoding, hdr.Step)
	}
	if math.IsNaN(float64(hdr.Init)) || math.IsInf(float64(hdr.Init), 0) {
		return nil, fmt.Errorf("initial value %g is not a number", hdr.Init)
	}
	if len(hdr.Extra) > 4 {
		return nil, fmt.Errorf("%d extra table sets (at most 4)", len(hdr.Extra))
	}
	if err := hdr.Shape.Validate(); err != nil {
		return nil, err
	}
	return &hdr, nil
}

// readTable reads a table of size entries into tb (nil: checks it and
// keeps nothing).
func readTable(r *bufio.Reader, tb []float32, size int, step float64) error {
	count, err := binary.ReadUvarint(r)
	if err != nil {
		return truncated(err)
	}
	if count > uint64(size) {
		return fmt.Errorf("%d entries in a table of %d", count, size)
	}
	i := int64(-1)
	for k := uint64(0); k < count; k++ {
		gap, err := binary.ReadUvarint(r)
		if err != nil {
			return truncated(err)
		}
		if gap == 0 || gap > uint64(size) || i+int64(gap) >= int64(size) {
			return fmt.Errorf("entry index out of the table")
		}
		i += int64(gap)
		var v float32
		if step > 0 {
			q, err := binary.ReadVarint(r)
			if err != nil {
				return truncated(err)
			}
			v = float32(float64(q) * step)
		} else {
			b, err := r.Peek(4)
			if err != nil {
				return truncated(err)
			}
			v = math.Float32frombits(binary.LittleEndian.Uint32(b))
			r.Discard(4)
		}
		if v == 0 || math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return fmt.Errorf("entry %d: weight %g", i, v)
		}
		if tb != nil {
			tb[i] = v
		}
	}
	return nil
}

func truncated(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return fmt.Errorf("truncated")
	}
	return err
}

// LoadNetwork reads a network file; errors name the file.
func LoadNetwork(path string) (*Network, *NetworkHeader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	n, hdr, _, err := readNetwork(f, false)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return n, hdr, nil
}
