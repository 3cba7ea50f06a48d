// Moves shown as they are played: the board's picture is the server's,
// drawn anew for each position, with each piece a group that names its
// position (<g class="piece" data-at="e4" data-owner="0">) and each plate
// that turns a group naming its cells (<g class="plate" data-cells="...">).
// When the position moves on by one move, the new picture's moved piece
// slides from where it stood, the pieces taken fade out over it, a piece
// dropped fades in, and a plate turned (Pentago's quadrant) turns with its
// marbles. Nothing waits for an animation: the new picture is in place at
// once, clicks go to the overlay above it, and the next picture finishes
// whatever still moves. prefers-reduced-motion turns it all off.

// duration is the length of each animation, in milliseconds.
export const duration = 200;

// Motion animates the changes from one picture of the board to the next.
export class Motion {
  constructor() {
    this.running = [];
  }

  // reduced reports whether the person asked for less motion.
  reduced() {
    return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  // finish ends at once every animation still running.
  finish() {
    for (const a of this.running) a.finish();
    this.running = [];
  }

  // play animates the move that turned picture before into picture after
  // (SVG roots that share a viewBox). geo is the board's geometry (the
  // cells' centres), move the state's last_move: {from, to, captures}.
  play(before, after, geo, move) {
    this.finish();
    if (!before || !after || !geo || !move || this.reduced()) return;
    const at = new Map(geo.cells.map((c) => [c.name, c]));
    const turned = this.turn(before, after, geo, at, move);
    const piece = move.to ? pieceAt(after, move.to) : null;
    const from = at.get(move.from);
    const to = at.get(move.to);
    if (piece && from && to && move.from !== move.to && !turned) {
      this.add(piece, [{transform: `translate(${round(from.x - to.x)}px, ${round(from.y - to.y)}px)`}, {transform: "translate(0px, 0px)"}], "ease-out");
    } else if (piece && to && !move.from && !turned && !pieceAt(before, move.to)) {
      this.add(piece, [{opacity: 0, transform: scaleAbout(to, 0.6)}, {opacity: 1, transform: scaleAbout(to, 1)}], "ease-out");
    }
    // The pieces taken, from the picture before, fade out under the piece
    // that moved: those the move captured, and the one it landed on.
    const taken = [...(move.captures || [])];
    if (move.from && move.to && move.from !== move.to && !turned) taken.push(move.to);
    for (const name of taken) {
      const old = pieceAt(before, name);
      if (!old) continue;
      const ghost = old.cloneNode(true);
      ghost.classList.add("ghost");
      ghost.removeAttribute("data-at");
      if (piece && piece.parentNode) piece.parentNode.insertBefore(ghost, piece);
      else after.append(ghost);
      const a = this.add(ghost, [{opacity: 1}, {opacity: 0}], "ease-in");
      a.finished.then(() => ghost.remove(), () => ghost.remove());
    }
  }

  // turn animates a plate that the move turned, with its pieces, and
  // reports whether one was: the plate whose pieces (with the one dropped)
  // stand after the move where a quarter turn one way takes them.
  turn(before, after, geo, at, move) {
    for (const plate of after.querySelectorAll("g.plate[data-cells]")) {
      const cells = plate.dataset.cells.split(" ").filter((n) => at.has(n));
      if (cells.length < 2) continue;
      const was = owners(before, cells);
      const now = owners(after, cells);
      if (move.to && cells.includes(move.to) && !was.has(move.to)) {
        const dropped = droppedOwner(before, after);
        if (dropped !== null) was.set(move.to, dropped);
      }
      if (same(was, now)) continue;
      const cx = cells.reduce((s, n) => s + at.get(n).x, 0) / cells.length;
      const cy = cells.reduce((s, n) => s + at.get(n).y, 0) / cells.length;
      for (const dir of [1, -1]) {
        const moved = new Map();
        for (const [name, owner] of was) {
          const target = nearest(cells, at, rotate(at.get(name), cx, cy, dir), geo.cell / 4);
          if (target) moved.set(target, owner);
        }
        if (moved.size !== was.size || !same(moved, now)) continue;
        const origin = `${cx}px ${cy}px`;
        const frames = [{transform: `rotate(${-90 * dir}deg)`}, {transform: "rotate(0deg)"}];
        for (const el of [plate, ...cells.map((n) => pieceAt(after, n)).filter(Boolean)]) {
          el.style.transformOrigin = origin;
          this.add(el, frames, "ease-in-out");
        }
        return true;
      }
    }
    return false;
  }

  // add starts an animation of el and keeps it, to be finished early.
  add(el, frames, easing) {
    const a = el.animate(frames, {duration, easing});
    this.running.push(a);
    return a;
  }
}

// pieceAt returns the group of the piece on the named position, or null.
function pieceAt(pic, name) {
  return pic.querySelector(`g.piece[data-at="${CSS.escape(name)}"]`);
}

// owners maps the named positions that hold a piece to its owner.
function owners(pic, names) {
  const out = new Map();
  for (const n of names) {
    const p = pieceAt(pic, n);
    if (p) out.set(n, p.dataset.owner);
  }
  return out;
}

// droppedOwner returns the owner of the one piece the move added to the
// board (the player with one more piece after than before), or null.
function droppedOwner(before, after) {
  const count = (pic) => {
    const m = new Map();
    for (const p of pic.querySelectorAll("g.piece")) m.set(p.dataset.owner, (m.get(p.dataset.owner) || 0) + 1);
    return m;
  };
  const b = count(before);
  const more = [...count(after)].filter(([o, n]) => n === (b.get(o) || 0) + 1);
  return more.length === 1 ? more[0][0] : null;
}

function same(a, b) {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

// rotate turns point p a quarter turn about (cx, cy): dir 1 clockwise on
// the screen (y grows down), -1 the other way.
function rotate(p, cx, cy, dir) {
  return {x: cx - dir * (p.y - cy), y: cy + dir * (p.x - cx)};
}

// nearest returns the cell of names within d of point p, or null.
function nearest(names, at, p, d) {
  return names.find((n) => Math.hypot(at.get(n).x - p.x, at.get(n).y - p.y) < d) || null;
}

// round rounds to hundredths of a unit: the picture's units are far
// larger than a pixel.
function round(x) {
  return Math.round(x * 100) / 100;
}

// scaleAbout is a transform that scales by k about point c.
function scaleAbout(c, k) {
  return `translate(${c.x}px, ${c.y}px) scale(${k}) translate(${-c.x}px, ${-c.y}px)`;
}
