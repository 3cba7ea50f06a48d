package linjat

import (
	"time"

	"github.com/ludus-games/ludus/internal/cputime"
)

// CPUTime returns the processor time this process has used, so that
// benchmarks can report the work done even on a machine busy with other
// processes; where the system does not tell, the time since the program
// started.
func CPUTime() time.Duration { return cputime.Process() }
