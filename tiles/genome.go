package tiles

import "fmt"

// Genome layout of the seed: every side spends two bits (most significant
// first) on the trail number of each direction N..NW, top side then bottom
// side, so a tile takes 24 bits and 20 tiles 480.
const (
	bitsPerDir  = 2
	BitsPerSide = NumDirs * bitsPerDir
	BitsPerTile = 2 * BitsPerSide
)

// Encode writes a tile set as a genome in the seed's encoding.
func Encode(set Set) []bool {
	bits := make([]bool, 0, len(set)*BitsPerTile)
	for _, t := range set {
		for _, side := range [2]Side{t.Top, t.Bottom} {
			for d := range NumDirs {
				n := side[d]
				bits = append(bits, n&2 != 0, n&1 != 0)
			}
		}
	}
	return bits
}

// Decode reads a genome in the seed's encoding, normalising every side as
// the seed does (empty trail numbers dropped, the smallest rotation chosen),
// so that equal designs compare equal. Any bit string of a whole number of
// tiles decodes.
func Decode(bits []bool) (Set, error) {
	if len(bits) == 0 || len(bits)%BitsPerTile != 0 {
		return nil, fmt.Errorf("genome of %d bits: want a positive multiple of %d", len(bits), BitsPerTile)
	}
	set := make(Set, len(bits)/BitsPerTile)
	for i := range set {
		set[i] = Tile{decodeSide(bits[i*BitsPerTile:]), decodeSide(bits[i*BitsPerTile+BitsPerSide:])}
	}
	return set, nil
}

func decodeSide(bits []bool) Side {
	var s Side
	for d := range NumDirs {
		var n uint8
		if bits[2*d] {
			n = 2
		}
		if bits[2*d+1] {
			n |= 1
		}
		s[d] = n
	}
	return s.Normalize()
}
