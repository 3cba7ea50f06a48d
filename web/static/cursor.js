// A cursor over the board's positions for the keyboard: the board is one
// stop of the Tab key, its positions' targets taking turns at being the
// focusable one (a roving tabindex). The arrow keys move the cursor to the
// nearest position that way on the picture (whatever the board's shape:
// squares, hexagons, points joined by lines); Enter or Space then picks
// the position as a click does (the page's own handler), and Escape
// clears a move begun.

// Cursor keeps the cursor of one board; box holds the overlay's targets
// ([data-cell] elements with their centres in the geometry's cells).
export class Cursor {
  constructor(box) {
    this.box = box;
    this.name = null; // the position the cursor is on
    this.inside = false; // the cursor had the keyboard's focus
    box.addEventListener("keydown", (e) => this.key(e));
    box.addEventListener("focusin", (e) => {
      const t = e.target.closest && e.target.closest("[data-cell]");
      if (t) {
        this.name = t.dataset.cell;
        this.inside = true;
        this.sync();
      }
    });
    box.addEventListener("focusout", (e) => {
      if (e.relatedTarget && !box.contains(e.relatedTarget)) this.inside = false;
    });
  }

  targets() {
    return [...this.box.querySelectorAll(".target[data-cell]")];
  }

  // sync makes the cursor's target the one the Tab key reaches (the
  // first position a move may start from or go on to, when the cursor is
  // on none), and gives it the focus back when a new picture took it.
  sync() {
    const ts = this.targets();
    if (!ts.length) return;
    let cur = ts.find((t) => t.dataset.cell === this.name);
    if (!cur) cur = ts.find((t) => t.classList.contains("active")) || ts[0];
    for (const t of ts) t.setAttribute("tabindex", t === cur ? "0" : "-1");
    const lost = !document.activeElement || document.activeElement === document.body;
    if (this.inside && lost && this.name === cur.dataset.cell) cur.focus({preventScroll: true});
  }

  // key moves the cursor with the arrow keys.
  key(e) {
    const dir = {ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1]}[e.key];
    const from = e.target.closest && e.target.closest("[data-cell]");
    if (!dir || !from || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const next = nearest(from, this.targets(), dir);
    if (next) {
      this.name = next.dataset.cell;
      this.sync();
      next.focus();
    }
  }
}

// centre returns the middle of a target in the picture's units.
function centre(t) {
  const x = Number(t.getAttribute("x")) + Number(t.getAttribute("width")) / 2;
  const y = Number(t.getAttribute("y")) + Number(t.getAttribute("height")) / 2;
  return {x, y};
}

// nearest returns the target nearest to from in direction dir ([dx, dy],
// screen axes), a position off the line costing twice its distance, or
// null when there is none that way.
export function nearest(from, targets, dir) {
  const a = centre(from);
  const size = Number(from.getAttribute("width")) || 1;
  let best = null;
  let bestCost = Infinity;
  for (const t of targets) {
    if (t === from) continue;
    const b = centre(t);
    const along = (b.x - a.x) * dir[0] + (b.y - a.y) * dir[1];
    if (along < size * 0.25) continue;
    const across = Math.abs((b.x - a.x) * dir[1] - (b.y - a.y) * dir[0]);
    const cost = along + 2 * across;
    if (cost < bestCost) {
      best = t;
      bestCost = cost;
    }
  }
  return best;
}
