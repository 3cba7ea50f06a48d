package twenty48

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
)

// shipped holds the networks built into ludus.
//
//go:embed networks
var shipped embed.FS

// LearnedFile is the shipped network's file in the built-in networks.
const LearnedFile = "networks/learned.ntuple"

// LearnedNetwork reads the network ludus ships (--eval learned).
func LearnedNetwork() (*Network, *NetworkHeader, error) {
	data, err := shipped.ReadFile(LearnedFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("this ludus was built without its learned network (%s)", LearnedFile)
	}
	if err != nil {
		return nil, nil, err
	}
	n, hdr, _, err := ReadNetwork(bytes.NewReader(data))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", LearnedFile, err)
	}
	return n, hdr, nil
}

func init() {
	registerEval("learned", func() (*Eval, error) {
		n, _, err := LearnedNetwork()
		if err != nil {
			return nil, err
		}
		return NetworkEval("learned", "the n-tuple network ludus learnt by temporal-difference learning", n), nil
	})
}
