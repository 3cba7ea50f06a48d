// Places that stand closer than a cell: the checkers of a backgammon
// point are drawn 22.4 units apart on cells of 56, Ur's waiting pieces
// 44.8 apart. A click target a cell wide on each would lie over its
// neighbours, and the one drawn last would take every click near it: a
// click on a checker would pick the place above it. Here each place's
// target is narrowed to the lines half-way to its neighbours, and the
// places of one such column make a stack, which a click on any of its
// places may stand for as a whole (a click on a point's triangle).

// gridOf files the visible places by the cell of a grid of side c they
// fall in, so that neighbours are found without looking at every pair.
function gridOf(cells, c) {
  const grid = new Map();
  for (const p of cells) {
    if (p.hidden) continue;
    const key = `${Math.floor(p.x / c)},${Math.floor(p.y / c)}`;
    if (!grid.has(key)) grid.set(key, []);
    grid.get(key).push(p);
  }
  return grid;
}

// near returns the visible places less than a cell away from p on both
// axes, p left out.
function near(grid, p, c) {
  const out = [];
  const gx = Math.floor(p.x / c), gy = Math.floor(p.y / c);
  for (let i = gx - 1; i <= gx + 1; i++) {
    for (let j = gy - 1; j <= gy + 1; j++) {
      for (const q of grid.get(`${i},${j}`) || []) {
        if (q !== p && Math.abs(q.x - p.x) < c && Math.abs(q.y - p.y) < c) out.push(q);
      }
    }
  }
  return out;
}

// targetBoxes returns the click target of each visible place of the
// geometry {cell, cells}: {name, x, y, width, height}, the rectangle of a
// cell around its centre, cut along a column or a row of places closer
// than a cell at the lines half-way between them. Places a cell apart or
// more, and neighbours off the column and the row (a hexagon's on the
// rows above and below), keep the whole cell.
export function targetBoxes(geo) {
  const c = geo.cell;
  const grid = gridOf(geo.cells, c);
  const out = [];
  for (const p of geo.cells) {
    if (p.hidden) continue;
    let hw = c / 2, hh = c / 2;
    for (const q of near(grid, p, c)) {
      const dx = Math.abs(q.x - p.x), dy = Math.abs(q.y - p.y);
      if (dx < c / 4 && dy >= c / 100) hh = Math.min(hh, dy / 2);
      else if (dy < c / 4 && dx >= c / 100) hw = Math.min(hw, dx / 2);
    }
    out.push({name: p.name, x: p.x - hw, y: p.y - hh, width: 2 * hw, height: 2 * hh});
  }
  return out;
}

// stacks returns, for each visible place of a column of places closer
// than a cell to the next (a backgammon point, a bar), the places of its
// column, nearest first: a Map from a name to a list of cells.
export function stacks(geo) {
  const c = geo.cell;
  const grid = gridOf(geo.cells, c);
  // Join each place with its neighbours up and down the column, closer
  // than a cell; a stack is a set of places so joined.
  const root = new Map();
  const find = (n) => {
    while (root.get(n) !== n) {
      root.set(n, root.get(root.get(n)));
      n = root.get(n);
    }
    return n;
  };
  const visible = geo.cells.filter((p) => !p.hidden);
  for (const p of visible) root.set(p.name, p.name);
  for (const p of visible) {
    for (const q of near(grid, p, c)) {
      if (Math.abs(q.x - p.x) < c / 4) root.set(find(p.name), find(q.name));
    }
  }
  const groups = new Map();
  for (const p of visible) {
    const r = find(p.name);
    if (!groups.has(r)) groups.set(r, []);
    groups.get(r).push(p);
  }
  const out = new Map();
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    for (const p of g) {
      out.set(p.name, g.slice().sort((a, b) => Math.hypot(a.x - p.x, a.y - p.y) - Math.hypot(b.x - p.x, b.y - p.y)));
    }
  }
  return out;
}
