// The move list of a session as a tree: the main line with its variations
// (moves taken back and played differently) set in below the move they
// replace, and the line the game is on marked.

import {h} from "./ui.js";

// Players named after a colour get a dot of that colour; the others one of
// the palette by seat.
const NAMED = {white: "#f4f4f4", black: "#24242c", red: "#d94141", yellow: "#e8c332", blue: "#2f7fd9", green: "#2aa36b", orange: "#ea7f2c", purple: "#8d4fd6", x: "#4f46e5", o: "#db2777"};
const PALETTE = ["#4f46e5", "#db2777", "#0d9488", "#ea580c", "#2563eb", "#ca8a04"];

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
