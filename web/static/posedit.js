// The position editor: a game's board, a palette of each player's pieces
// to place with a click (a second click on the same piece takes it off),
// the side to move, and a new game from the position set up. The server
// reads, checks and draws every position (POST /api/games/{name}/position),
// so that it works for any game, and says why a position cannot be played.
// Opened from the lobby (#/editor/GAME?variant=V) or from a session, on
// the position its board shows (&session=ID&path=0.0.1).

import {targetBoxes} from "./places.js";
import {seatForm} from "./seatform.js";
import {api, boardPicture, created, field, h, pref, s, spinner, svgFrom, toast} from "./ui.js";

export function mount(main, {name}) {
  const q = new URLSearchParams(location.hash.split("?")[1] || "");
  const variant = q.get("variant") || "";
  const from = q.get("session");
  const gameURL = `/api/games/${encodeURIComponent(name)}`;
  let info = null; // the server's answer for the position drawn
  let cells = new Map(); // position -> {player, piece}
  let turn = "";
  let tool = null; // the piece to place, {player, piece}, or {erase: true}
  let flip = false;
  let frame = null;
  let seq = 0;
  let closed = false;

  const title = h("h1", {}, "Set up a position");
  const boardBox = h("div", {class: "board editor-board", "aria-busy": "true"}, spinner("Loading"));
  const palette = h("div", {class: "palette", role: "toolbar", "aria-label": "Pieces"});
  const toMove = h("select", {name: "turn", id: "editor-turn", onchange: () => {
    turn = toMove.value;
    redraw();
  }});
  const problem = h("p", {class: "notice warn small", id: "editor-problem", role: "alert", hidden: true});
  const seatsBox = h("div", {});
  const listed = h("input", {type: "checkbox", id: "editor-listed", checked: pref.get("listed", true) || null});
  const start = h("button", {class: "btn btn-primary btn-block", type: "submit", id: "editor-start"}, "Start the game");
  let seats = null;
  const back = from ? h("a", {class: "back", href: `#/session/${encodeURIComponent(from)}`}, "← Back to the game")
    : h("a", {class: "back", href: "#/"}, "← All games");

  main.append(h("section", {class: "page session editor"},
    h("div", {class: "page-head"}, h("div", {}, back, title, h("code", {class: "muted small"}, name))),
    h("div", {class: "session-grid"},
      h("div", {class: "board-col"}, boardBox),
      h("aside", {class: "side-col"},
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Pieces"),
          h("p", {class: "muted small"}, "Pick a piece, then click the positions to put it on; click a piece of the board again to take it off."),
          palette),
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Position"),
          field("To move", toMove),
          h("div", {class: "row gap"},
            h("button", {class: "btn btn-small", type: "button", id: "editor-reset", onclick: () => load("")}, "Start position"),
            h("button", {class: "btn btn-small", type: "button", id: "editor-clear", onclick: () => {
              cells = new Map();
              redraw();
            }}, "Clear board"),
            h("button", {class: "btn btn-small", type: "button", id: "editor-flip", title: "Turn the board", onclick: () => {
              flip = !flip;
              frame = null;
              redraw();
            }}, "⇅ Flip")),
          problem),
        h("form", {class: "card", onsubmit: (e) => {
          e.preventDefault();
          play();
        }}, h("h2", {class: "card-title"}, "A game from this position"), seatsBox,
        h("label", {class: "check"}, listed, " List in the lobby"), start)))));

  // text writes the position set up in the position format.
  function text() {
    const out = [`(turn ${turn})`];
    for (const player of info.players) {
      const groups = info.pieces.map((piece) => {
        const at = [...cells].filter(([, pc]) => pc.player === player && pc.piece === piece).map(([c]) => c);
        return at.length ? `(${piece} ${at.join(" ")})` : "";
      }).filter(Boolean);
      if (groups.length) out.push(`(${player} ${groups.join(" ")})`);
    }
    return `(position ${out.join(" ")})`;
  }

  // load reads a position ("": the game's start) and draws it.
  async function load(position) {
    await show(position, !info);
  }

  // redraw draws the position set up.
  function redraw() {
    return show(text(), false);
  }

  async function show(position, withPalette) {
    const n = ++seq;
    try {
      const [got, fr] = await Promise.all([
        api("POST", `${gameURL}/position`, {variant, position, flip, palette: withPalette}),
        frame ? frame : api("GET", `${gameURL}/geometry?variant=${encodeURIComponent(variant)}${flip ? "&flip=1" : ""}`),
      ]);
      if (closed || n !== seq) return;
      if (got.palette) drawPalette(got.palette);
      info = {...got, palette: undefined};
      frame = fr;
      cells = new Map(got.cells.map((c) => [c.cell, {player: c.player, piece: c.piece}]));
      turn = got.turn;
      title.textContent = `Set up a position`;
      toMove.replaceChildren(...got.movers.map((m) => h("option", {value: m, selected: m === turn || null}, m)));
      if (!seats) {
        seats = seatForm(got.movers);
        seatsBox.replaceChildren(seats.node);
      }
      problem.hidden = !got.problem;
      problem.textContent = got.problem || "";
      drawBoard(got.svg);
    } catch (err) {
      if (closed || n !== seq) return;
      problem.hidden = false;
      problem.textContent = err.message;
    }
  }

  function drawPalette(icons) {
    const rows = new Map();
    for (const ic of icons) {
      if (!rows.has(ic.player)) rows.set(ic.player, []);
      let pic = null;
      try {
        pic = svgFrom(ic.svg);
        pic.setAttribute("aria-hidden", "true");
      } catch {
        pic = null;
      }
      const b = h("button", {class: "btn palette-piece", type: "button", title: `${ic.player} ${ic.piece}`,
        "aria-label": `${ic.player} ${ic.piece}`, "aria-pressed": "false", "data-player": ic.player, "data-piece": ic.piece,
        onclick: () => pick(b, {player: ic.player, piece: ic.piece})}, pic || ic.piece);
      rows.get(ic.player).push(b);
    }
    const erase = h("button", {class: "btn palette-erase", type: "button", id: "editor-erase", "aria-pressed": "false",
      onclick: () => pick(erase, {erase: true})}, "Empty");
    palette.replaceChildren(...[...rows].map(([player, buttons]) =>
      h("div", {class: "palette-row"}, h("span", {class: "palette-player"}, player), buttons)), erase);
    const first = palette.querySelector(".palette-piece");
    if (first) first.click();
  }

  function pick(button, t) {
    tool = t;
    for (const b of palette.querySelectorAll("button")) b.setAttribute("aria-pressed", b === button ? "true" : "false");
  }

  function drawBoard(svgText) {
    let pic, vb, w, hgt;
    try {
      ({pic, vb, w, hgt} = boardPicture(svgText, frame));
    } catch (err) {
      boardBox.replaceChildren(h("p", {class: "error"}, err.message));
      return;
    }
    // Places closer than a cell (a backgammon point's) get narrower
    // targets, so that a click takes the place under the pointer.
    const targets = s("g", {class: "targets"}, targetBoxes(frame).map((b) => s("rect", {
      class: "target active", x: b.x, y: b.y, width: b.width, height: b.height,
      "data-cell": b.name, role: "button", tabindex: 0, "aria-label": label(b.name),
    })));
    boardBox.style.aspectRatio = `${w} / ${hgt}`;
    boardBox.removeAttribute("aria-busy");
    boardBox.replaceChildren(pic, s("svg", {class: "board-overlay my-turn", viewBox: vb, role: "group", "aria-label": "Board"}, targets));
  }

  function label(cell) {
    const pc = cells.get(cell);
    return pc ? `${cell}: ${pc.player} ${pc.piece}` : `${cell}: empty`;
  }

  // place puts the piece picked on a position, or takes off the one there.
  function place(cell) {
    if (!info || !tool) return;
    const was = cells.get(cell);
    if (tool.erase || (was && was.player === tool.player && was.piece === tool.piece)) {
      cells.delete(cell);
    } else {
      cells.set(cell, {player: tool.player, piece: tool.piece});
    }
    redraw();
  }

  boardBox.addEventListener("click", (e) => {
    const t = e.target.closest("[data-cell]");
    if (t) place(t.dataset.cell);
  });
  boardBox.addEventListener("keydown", (e) => {
    const t = e.target.closest && e.target.closest("[data-cell]");
    if (t && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      place(t.dataset.cell);
    }
  });

  async function play() {
    if (!info || !seats) return;
    start.disabled = true;
    pref.set("listed", listed.checked);
    try {
      const res = await api("POST", "/api/sessions", {game: name, variant, seats: seats.value(), position: text(), unlisted: !listed.checked});
      created(res);
      location.hash = `#/session/${res.id}`;
    } catch (err) {
      problem.hidden = false;
      problem.textContent = err.message;
      toast(err.message, "error");
      start.disabled = false;
    }
  }

  (async () => {
    let position = "";
    if (from) {
      try {
        const nd = await api("GET", `/api/sessions/${encodeURIComponent(from)}/node?path=${encodeURIComponent(q.get("path") || "")}`);
        position = nd.position;
      } catch (err) {
        toast(`The game's position: ${err.message}`, "error");
      }
    }
    if (!closed) await load(position);
  })();

  return () => {
    closed = true;
  };
}
