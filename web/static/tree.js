// The move list of a session as a tree: the main line with its variations
// (moves taken back and played differently) set in below the move they
// replace, and the line the game is on marked.

import {h} from "./ui.js";

// seatDot is a dot in the colour of a seat's pieces: colors are the
// seats' colours as the server draws their pieces (the board's frame).
export function seatDot(colors, seat) {
  const color = seat >= 0 && colors && colors[seat] ? colors[seat] : "transparent";
  return h("span", {class: "seat-dot", style: `background:${color}`, "aria-hidden": "true", "data-color": color});
}

// moveTree draws GET /api/sessions/{id}/tree. players names the seats,
// colors gives their colours.
// A run of chance moves (the dice of one throw) is one line: the total
// thrown (two dice of 1 to 6 as the pair, "6-1"), the dice in its title.
// Options: paired writes the moves of a game of two players as its
// records do, a numbered line for each move of both ("1. e4 e5"; a move
// of the second player after a variation is "1... e5"); shown is the path
// of the move the board shows, when it is not the current one. Each move
// carries its path in data-path ("0.0.1"), for the page to show it.
export function moveTree(tree, players, colors, {paired = false, shown = null} = {}) {
  const current = (tree.current || []).join(".");
  const box = h("div", {class: `tree${paired ? " paired" : ""}`, role: "list", "aria-label": "Moves"});
  if (!tree.children || !tree.children.length) {
    box.append(h("p", {class: "muted small"}, "No moves yet."));
    return box;
  }
  // A record whose first move is the second player's (a position set up
  // with Black to move) numbers it 1... .
  const offset = tree.children[0].seat === 1 ? 1 : 0;
  line(box, tree.children, 1, [], current, {players, colors, paired, offset, row: null, shown: shown === null ? null : shown.join(".")});
  return box;
}

// line appends the moves from a list of siblings on: the first sibling
// continues the line, the others open variations. ply numbers the moves
// of players; chance moves have no number.
function line(box, nodes, ply, path, current, ctx) {
  while (nodes && nodes.length) {
    const first = run(nodes[0], [...path, 0]);
    put(box, first, ply, current, ctx);
    for (let j = 1; j < nodes.length; j++) {
      const r = run(nodes[j], [...path, j]);
      const v = h("div", {class: "variation", role: "group", "aria-label": "Variation"});
      ctx.row = null;
      put(v, r, ply, current, ctx);
      line(v, r.last.children, ply + (r.chance ? 0 : 1), r.path, current, ctx);
      box.append(v);
      ctx.row = null;
    }
    if (!first.chance) ply++;
    nodes = first.last.children;
    path = first.path;
  }
}

// put appends a run's item to box: alone, or, in a paired list, in the
// numbered line of its move.
function put(box, r, ply, current, ctx) {
  const el = item(r, ply, current, ctx);
  if (!ctx.paired || r.chance) {
    box.append(el);
    return;
  }
  const first = r.nodes[0].seat === 0;
  if (first || !ctx.row) {
    const n = Math.floor((ply - 1 + ctx.offset) / 2) + 1;
    ctx.row = h("div", {class: "tree-row"}, h("span", {class: "move-no"}, first ? `${n}.` : `${n}...`));
    if (!first) ctx.row.append(h("span", {class: "tree-gap", "aria-hidden": "true"}, "…"));
    box.append(ctx.row);
  }
  ctx.row.append(el);
  if (!first) ctx.row = null;
}

// run gathers a chance move and the chance moves that follow it alone
// (the other dice of one throw); a player's move is a run of one.
function run(node, path) {
  const r = {nodes: [node], path, last: node, chance: node.seat < 0};
  while (r.chance && r.last.children.length === 1 && r.last.children[0].seat < 0) {
    r.last = r.last.children[0];
    r.nodes.push(r.last);
    r.path = [...r.path, 0];
  }
  return r;
}

// thrown returns what a throw of dice adds up to: the sum of the numbers
// its moves name ("x2 throw 1 ?Dice Up"), or null when they name none.
export function thrown(moves) {
  let total = null;
  for (const m of moves) {
    for (const w of m.split(/\s+/)) {
      if (/^\d+$/.test(w)) total = (total || 0) + Number(w);
    }
  }
  return total;
}

// throwText writes a throw as its players do: two dice of 1 to 6 as
// backgammon's "6-1", other dice by their total, "2 thrown".
export function throwText(moves) {
  const each = moves.map((m) => thrown([m]));
  if (each.length === 2 && each.every((n) => n >= 1 && n <= 6)) return each.join("-");
  return `${thrown(moves)} thrown`;
}

// lastThrow returns the moves of the last throw of dice on the tree's
// current line, with their total: {moves, total}, or null.
export function lastThrow(tree) {
  let nodes = tree.children;
  let moves = [];
  let last = [];
  for (const i of tree.current || []) {
    const n = nodes && nodes[i];
    if (!n) break;
    if (n.seat < 0) {
      moves.push(n.move);
    } else if (moves.length) {
      last = moves;
      moves = [];
    }
    nodes = n.children;
  }
  const ms = moves.length ? moves : last;
  return ms.length ? {moves: ms, total: thrown(ms)} : null;
}

function item(r, ply, current, ctx) {
  // The paths of the run's moves: the first's, then one deeper each.
  const depth = r.path.length - r.nodes.length + 1;
  const keys = r.nodes.map((_, i) => r.path.slice(0, depth + i).join("."));
  const isCurrent = keys.includes(current);
  const onLine = current === keys[0] || current.startsWith(keys[0] + ".");
  const shown = ctx.shown !== null && keys[keys.length - 1] === ctx.shown ? " shown" : "";
  const at = keys[keys.length - 1];
  if (r.chance) {
    const moves = r.nodes.map((n) => n.move);
    const label = r.nodes.length > 1 && thrown(moves) !== null ? throwText(moves) : r.nodes[0].move;
    return h("div", {
      class: `tree-move chance${onLine ? " on-line" : ""}${isCurrent ? " current" : ""}${shown}`, "data-path": at,
      role: "listitem", "aria-current": isCurrent ? "step" : null, title: r.nodes.map((n) => n.move).join("\n"),
    },
    h("span", {class: "ply"}, ""),
    h("span", {class: "die-mark", "aria-hidden": "true"}, "⚄"),
    h("span", {class: "mv"}, label));
  }
  const node = r.nodes[0];
  const who = ctx.players ? ctx.players[node.seat] : "";
  return h("div", {
    class: `tree-move${onLine ? " on-line" : ""}${isCurrent ? " current" : ""}${shown}`, "data-path": at,
    role: "listitem", "aria-current": isCurrent ? "step" : null, title: node.text ? `${who}: ${node.move}` : who,
  },
  ctx.paired ? null : h("span", {class: "ply"}, `${ply}.`),
  ctx.paired ? null : seatDot(ctx.colors, node.seat),
  h("span", {class: "mv"}, node.text || node.move));
}

// lastPlayed says the current move as a person hears it: "Black played
// Qh4#", in the game's own notation where the server gives one.
export function lastPlayed(tree, players) {
  let nodes = tree.children;
  let last = null;
  for (const i of tree.current || []) {
    if (!nodes || !nodes[i]) break;
    last = nodes[i];
    nodes = last.children;
  }
  if (!last) return "";
  const who = last.seat >= 0 ? players[last.seat] : "The dice";
  return `${who} played ${last.text || last.move}`;
}

// seatAt returns the seat of the tree's current move (-1 at the start).
export function seatAt(tree) {
  let nodes = tree.children;
  let seat = -1;
  for (const i of tree.current || []) {
    if (!nodes || !nodes[i]) return -1;
    seat = nodes[i].seat;
    nodes = nodes[i].children;
  }
  return seat;
}
