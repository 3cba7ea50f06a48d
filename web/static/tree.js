// The move list of a session as a tree: the main line with its variations
// (moves taken back and played differently) set in below the move they
// replace, and the line the game is on marked.

import {h} from "./ui.js";

// The colours of the pieces as the server draws them (engine.playerColor):
// players named after a colour get that colour, the others one of the
// palette by seat, so that a seat's dot matches its pieces.
const NAMED = {white: "#f7f3ea", black: "#262626", red: "#c0392b", blue: "#2e6fb8", yellow: "#f1c40f", green: "#27ae60", orange: "#e67e22", purple: "#8e44ad"};
const PALETTE = ["#f7f3ea", "#262626", "#c0392b", "#2e6fb8", "#27ae60", "#8e44ad"];

// seatDot is a dot in the colour of a seat's player.
export function seatDot(players, seat) {
  const name = players && seat >= 0 ? String(players[seat] || "") : "";
  const color = seat < 0 ? "transparent" : NAMED[name.toLowerCase()] || PALETTE[seat % PALETTE.length];
  return h("span", {class: "seat-dot", style: `background:${color}`, "aria-hidden": "true"});
}

// moveTree draws GET /api/sessions/{id}/tree. players names the seats.
export function moveTree(tree, players) {
  const current = (tree.current || []).join(".");
  const box = h("div", {class: "tree", role: "list", "aria-label": "Moves"});
  if (!tree.children || !tree.children.length) {
    box.append(h("p", {class: "muted small"}, "No moves yet."));
    return box;
  }
  line(box, tree.children, 1, [], current, players);
  return box;
}

// line appends the moves from a list of siblings on: the first sibling
// continues the line, the others open variations.
function line(box, nodes, ply, path, current, players) {
  while (nodes && nodes.length) {
    const here = [...path, 0];
    box.append(item(nodes[0], ply, here, current, players));
    for (let j = 1; j < nodes.length; j++) {
      const vpath = [...path, j];
      const v = h("div", {class: "variation", role: "group", "aria-label": "Variation"});
      v.append(item(nodes[j], ply, vpath, current, players));
      line(v, nodes[j].children, ply + 1, vpath, current, players);
      box.append(v);
    }
    nodes = nodes[0].children;
    path = here;
    ply++;
  }
}

function item(node, ply, path, current, players) {
  const key = path.join(".");
  const isCurrent = key === current;
  const onLine = current === key || current.startsWith(key + ".");
  const who = node.seat >= 0 && players ? players[node.seat] : "chance";
  return h("div", {
    class: `tree-move${onLine ? " on-line" : ""}${isCurrent ? " current" : ""}`,
    role: "listitem", "aria-current": isCurrent ? "step" : null, title: who,
  },
  h("span", {class: "ply"}, `${ply}.`),
  seatDot(players, node.seat),
  h("span", {class: "mv"}, node.move));
}
