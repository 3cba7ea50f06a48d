package dungeon

// Trace records the search of one generation step by step, to draw it as
// the brief's figures do: the chains of the level's decomposition, and
// the partial layouts as chains are added, given up (backtracking) and
// started afresh. Set Options.Trace to an empty Trace and Generate fills
// it; without one Generate records nothing and pays nothing for it. The
// layout found is the same with a trace as without.
type Trace struct {
	// Max bounds the steps kept (0: DefaultTraceSteps): the first Max-1
	// steps and the last, so that a long search stays small; Dropped
	// counts those left out.
	Max int `json:"-"`
	// Rooms are the level's rooms, corridor rooms aside; Connections its
	// connections, by room name.
	Rooms       []string    `json:"rooms"`
	Connections [][2]string `json:"connections"`
	// Decompositions are the ways the generator splits the level into
	// chains, each chain's rooms in the order they are placed; the search
	// turns from one to another as it starts afresh (Step.Decomposition).
	Decompositions [][]TraceChain `json:"decompositions"`
	Steps          []TraceStep    `json:"steps"`
	Dropped        int            `json:"dropped"`
}

// DefaultTraceSteps is the number of steps a Trace keeps by default.
const DefaultTraceSteps = 500

// TraceChain is one chain of a decomposition: a cycle (a face of the
// level's planar embedding, laid out by annealing) or a piece of a tree.
type TraceChain struct {
	Rooms []string `json:"rooms"`
	Cycle bool     `json:"cycle"`
}

// The kinds of step of a trace.
const (
	// StepStart is the empty layout the search starts from, and
	// StepRestart one it starts afresh from, with the decomposition it
	// takes then.
	StepStart   = "start"
	StepRestart = "restart"
	// StepChain is a partial layout extended by the next chain (Chain);
	// StepDone the complete layout so extended last.
	StepChain = "chain"
	StepDone  = "done"
	// StepBacktrack is the partial layout the search went back to when
	// chain Chain found no more layouts after the one given up.
	StepBacktrack = "backtrack"
	// StepExact is the layout the exhaustive search found, which runs by
	// turns with the chains' search on levels with loops.
	StepExact = "exact"
)

// TraceStep is one step of the search: its kind, the decomposition in
// use, the chain the step is about (-1: none), the number of chains laid
// out after it, and the partial layout (rooms placed so far, doors of
// the connections both of whose rooms are placed).
type TraceStep struct {
	Kind          string  `json:"kind"`
	Decomposition int     `json:"decomposition"`
	Chain         int     `json:"chain"`
	Chains        int     `json:"chains"`
	Layout        *Layout `json:"layout"`
}

// begin fills in what the trace says of the level.
func (t *Trace) begin(g *Generator) {
	if t.Max <= 0 {
		t.Max = DefaultTraceSteps
	}
	t.Rooms, t.Connections, t.Decompositions, t.Steps, t.Dropped = nil, nil, nil, nil, 0
	for _, r := range g.rooms {
		t.Rooms = append(t.Rooms, r.name)
	}
	for _, e := range g.edges {
		t.Connections = append(t.Connections, [2]string{g.rooms[e.a].name, g.rooms[e.b].name})
	}
	for _, chains := range g.chains {
		var d []TraceChain
		for _, c := range chains {
			tc := TraceChain{Cycle: c.cycle}
			for _, v := range c.rooms {
				tc.Rooms = append(tc.Rooms, g.rooms[v].name)
			}
			d = append(d, tc)
		}
		t.Decompositions = append(t.Decompositions, d)
	}
}

// step records a step of the search of s, with the partial layout st.
func (s *search) step(kind string, chain, chains int, st *state) {
	t := s.trace
	if t == nil {
		return
	}
	ts := TraceStep{Kind: kind, Decomposition: s.variant, Chain: chain, Chains: chains, Layout: s.g.layout(st)}
	if len(t.Steps) < t.Max {
		t.Steps = append(t.Steps, ts)
		return
	}
	// Over the bound: the last step kept is always the latest.
	t.Dropped++
	t.Steps[len(t.Steps)-1] = ts
}
