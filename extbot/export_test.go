package extbot

import (
	"github.com/ludus-games/ludus/engine"
	"github.com/ludus-games/ludus/search"
)

// PIDs returns the process ids of the engines waiting in a bot's pool.
func PIDs(b search.Bot[engine.Ply, *engine.Position]) []int {
	bot := b.(*Bot)
	bot.mu.Lock()
	defer bot.mu.Unlock()
	var out []int
	for _, s := range bot.idle {
		out = append(out, s.proc.pid())
	}
	return out
}

// SessionPID returns the process id of a session's engine, 0 for none.
func SessionPID(s search.Session[engine.Ply, *engine.Position]) int {
	if ss := s.(*session); ss.s.proc != nil {
		return ss.s.proc.pid()
	}
	return 0
}
