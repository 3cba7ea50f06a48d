//go:build !linux

package twenty48

// allocWeights returns a zeroed table of n float32.
func allocWeights(_ *Network, n int) []float32 { return make([]float32, n) }
