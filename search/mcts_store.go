package search

// The nodes of an MCTS tree are stored in pages that are never moved: a
// tree of a million nodes grown by append would copy itself over and over
// (and leave as much garbage for the collector), which cost more than the
// iterations. The statistics and the moves are kept apart, so that the
// pages of statistics hold no pointers (the collector does not scan them)
// and UCB's loop over the children reads only what it needs.

const (
	pageBits = 13
	pageSize = 1 << pageBits // nodes a page holds
	pageMask = pageSize - 1
	// firstPage is the first page's capacity at first: it grows, copied,
	// up to pageSize, so that a small search allocates little.
	firstPage = 64
)

// nodeStore holds a tree's nodes, node i at page i>>pageBits of each of
// its three kinds of pages: the visits and rewards that UCB reads, the
// rest of the node, and the move into it. A node's children lie side by
// side in one block: a page, or for a node with more children than a page
// holds, as many pages as they need, allocated as one array (each page's
// slice then reaches to the end of the block).
type nodeStore[M any] struct {
	stats [][]mstat
	nodes [][]mnode
	moves [][]M
	next  int32 // the index the next node gets
	end   int32 // the end of the block next lies in
	used  int   // nodes in the tree (blocks may leave gaps)
}

// node returns node i.
func (s *nodeStore[M]) node(i int32) *mnode { return &s.nodes[i>>pageBits][i&pageMask] }

// stat returns the visits and reward of node i.
func (s *nodeStore[M]) stat(i int32) *mstat { return &s.stats[i>>pageBits][i&pageMask] }

// move returns the move into node i.
func (s *nodeStore[M]) move(i int32) M { return s.moves[i>>pageBits][i&pageMask] }

// kids returns the children of nd.
func (s *nodeStore[M]) kids(nd *mnode) []mnode {
	o := nd.first & pageMask
	return s.nodes[nd.first>>pageBits][o : o+nd.count]
}

// kidStats returns the visits and rewards of the children of nd.
func (s *nodeStore[M]) kidStats(nd *mnode) []mstat {
	o := nd.first & pageMask
	return s.stats[nd.first>>pageBits][o : o+nd.count]
}

// kidMoves returns the moves into the children of nd.
func (s *nodeStore[M]) kidMoves(nd *mnode) []M {
	o := nd.first & pageMask
	return s.moves[nd.first>>pageBits][o : o+nd.count]
}

// reset empties the store, keeping its pages for the next tree.
func (s *nodeStore[M]) reset() {
	s.next, s.end, s.used = 0, 0, 0
	if len(s.stats) > 0 {
		s.end = int32(len(s.stats[0]))
	}
}

// alloc returns the index of n new nodes lying side by side, for the
// caller to write (a page kept from an earlier tree holds its nodes).
func (s *nodeStore[M]) alloc(n int) int32 {
	if int(s.next)+n > int(s.end) {
		s.grow(n)
	}
	i := s.next
	s.next += int32(n)
	s.used += n
	return i
}

// grow makes room for n nodes side by side from s.next on: in the first
// page while the tree fits in it, else in a block kept from an earlier
// tree, else in a new block.
func (s *nodeStore[M]) grow(n int) {
	if len(s.stats) == 0 {
		s.stats, s.nodes, s.moves = [][]mstat{nil}, [][]mnode{nil}, [][]M{nil}
	}
	if int(s.next)+n <= pageSize {
		c := min(max(2*len(s.stats[0]), firstPage, int(s.next)+n), pageSize)
		s.stats[0] = regrow(s.stats[0], int(s.next), c)
		s.nodes[0] = regrow(s.nodes[0], int(s.next), c)
		s.moves[0] = regrow(s.moves[0], int(s.next), c)
		s.end = int32(c)
		return
	}
	p := max((int(s.next)+pageMask)>>pageBits, 1) // the first page past the current one
	if p < len(s.stats) && cap(s.stats[p]) >= n {
		s.next, s.end = int32(p<<pageBits), int32(p<<pageBits+cap(s.stats[p]))
		return
	}
	pages := (n + pageMask) >> pageBits
	s.stats = newBlock(s.stats, p, pages)
	s.nodes = newBlock(s.nodes, p, pages)
	s.moves = newBlock(s.moves, p, pages)
	s.next, s.end = int32(p<<pageBits), int32((p+pages)<<pageBits)
}

// regrow returns a page of c elements holding the first keep of page.
func regrow[T any](page []T, keep, c int) []T {
	return append(make([]T, 0, c), page[:keep]...)[:c]
}

// newBlock returns the pages up to p followed by a new block of n
// pages; pages kept past p are dropped, and the pages before it reach no
// further.
func newBlock[T any](pages [][]T, p, n int) [][]T {
	pages = pages[:p]
	for q := range p {
		if c := (p - q) << pageBits; cap(pages[q]) > c {
			pages[q] = pages[q][:len(pages[q]):c]
		}
	}
	block := make([]T, n<<pageBits)
	for k := range n {
		pages = append(pages, block[k<<pageBits:(k+1)<<pageBits:len(block)])
	}
	return pages
}

// clearMoves zeroes the moves of the store's pages, which may hold
// pointers.
func (s *nodeStore[M]) clearMoves() {
	for _, page := range s.moves {
		clear(page)
	}
}
