// Browsing a session: the board at any move of the move list while the
// game goes on (read-only), stepped through with the arrow keys, Home and
// End; the board flipped for the other side (the button, or f); and what
// can be done from the position shown: a new game from it, the position
// editor, a bot's analysis.

import {Analysis} from "./analysis.js";
import {seatForm} from "./seatform.js";
import {APIError, api, created, h, toast} from "./ui.js";

// Browser follows what the board shows. ctx gives the session's id, API
// base and held tokens, the move list (list, whose moves show their
// position when clicked), state() the last state shown, and redraw()
// draws the board of the view (boardURL, flipped, marks) again.
export class Browser {
  constructor(ctx) {
    this.ctx = ctx;
    this.path = null; // the path of the move shown; null: the game as it is
    this.node = null; // the position there (GET .../node)
    this.tree = null;
    this.flipped = false;
    this.chosen = false; // the viewer turned the board
    this.seq = 0;
    this.frames = {}; // the board's frame, upright (false) and flipped (true)
    const button = (id, label, title, onclick) => h("button", {class: "btn btn-small", type: "button", id, title, "aria-label": title, onclick}, label);
    this.first = button("nav-first", "«", "The start (Home)", () => this.show([]));
    this.prev = button("nav-prev", "‹", "One move back (←)", () => this.step(-1));
    this.next = button("nav-next", "›", "One move on (→)", () => this.step(1));
    this.last = button("nav-last", "»", "The game as it is (End)", () => this.show(null));
    this.flip = button("flip-board", "⇅ Flip", "Turn the board (f)", () => this.turn());
    this.back = h("button", {class: "btn btn-primary btn-small", type: "button", id: "back-to-game", hidden: true, onclick: () => this.show(null)}, "Back to the game");
    this.where = h("span", {class: "browse-where small", "aria-live": "polite"});
    this.form = h("div", {class: "card play-from", id: "play-from", hidden: true});
    this.bar = h("div", {class: "browse-bar"},
      h("div", {class: "row gap browse-nav"}, this.first, this.prev, this.next, this.last, this.where, this.back),
      h("div", {class: "row gap browse-actions"}, this.flip,
        button("play-from-here", "Play from here", "A new game from the position shown", () => this.playForm()),
        button("edit-position", "Edit position", "Set up a position from the one shown", () => this.edit())),
      this.form);
    this.analysis = new Analysis({base: ctx.base, position: () => this.position(), label: () => this.label()});
    this.onKey = (e) => this.key(e);
    document.addEventListener("keydown", this.onKey);
    if (ctx.list) this.attach(ctx.list);
  }

  stop() {
    document.removeEventListener("keydown", this.onKey);
  }

  // browsing reports whether the board shows another move than the
  // game's current one.
  browsing() {
    return this.path !== null;
  }

  // current is the path of the game's current move.
  current() {
    return (this.tree && this.tree.current) || [];
  }

  // shown is the path of the move the board shows.
  shown() {
    return this.path === null ? this.current() : this.path;
  }

  // attach makes the moves of a list show their position when clicked.
  attach(list) {
    list.addEventListener("click", (e) => {
      const t = e.target.closest && e.target.closest("[data-path]");
      if (t) this.show(t.dataset.path === "" ? [] : t.dataset.path.split(".").map(Number));
    });
  }

  // setTree takes the move tree and the state after a change of the
  // game; a new position of the game shown is the analysis panel's too.
  setTree(tree, st) {
    this.tree = tree;
    if (this.path !== null && same(this.path, this.current())) {
      this.path = null; // the game has come back to the move shown
      this.node = null;
    }
    if (this.path === null && st.position !== this.live) this.analysis.moved();
    this.live = st.position;
    this.update();
  }

  // orient turns the board towards a player who holds one seat of two
  // (frame says which seats face down the upright board; st is the
  // state), unless the viewer has chosen; it reports whether it turned.
  orient(frame, st) {
    if (this.chosen || !frame || !st || st.players.length !== 2) return false;
    const mine = this.ctx.held.map((t, i) => (t ? i : -1)).filter((i) => i >= 0);
    const want = mine.length === 1 && Boolean((frame.turned || [])[mine[0]]);
    const turned = want !== this.flipped;
    this.flipped = want;
    return turned;
  }

  // frame returns the board's frame, upright or flipped, fetched once.
  async frame(flip) {
    if (!this.frames[flip]) this.frames[flip] = await api("GET", `${this.ctx.base}/geometry${flip ? "?flip=1" : ""}`);
    return this.frames[flip];
  }

  // boardURL is the address of the picture of the board shown.
  boardURL() {
    const q = [];
    if (this.path !== null) q.push(`path=${this.path.join(".")}`);
    if (this.flipped) q.push("flip=1");
    return `${this.ctx.base}/board.svg${q.length ? "?" + q.join("&") : ""}`;
  }

  // marks are the last move and the Kings in check of the position shown.
  marks() {
    if (this.path === null) {
      const st = this.ctx.state() || {};
      return {last: st.last_move, check: st.check || []};
    }
    const nd = this.node || {};
    return {last: nd.last_move, check: nd.check || []};
  }

  // position is the text of the position shown.
  position() {
    if (this.path === null) return (this.ctx.state() || {}).position;
    return this.node && this.node.position;
  }

  // show shows the move at path (null, or the current move: the game as
  // it is).
  async show(path) {
    if (path !== null && same(path, this.current())) path = null;
    const seq = ++this.seq;
    this.path = path;
    this.node = null;
    if (path !== null) {
      try {
        const nd = await api("GET", `${this.ctx.base}/node?path=${path.join(".")}`);
        if (seq !== this.seq) return;
        this.node = nd;
      } catch (err) {
        if (seq !== this.seq) return;
        toast(err.message, "error");
        this.path = null;
      }
    }
    this.update();
    this.analysis.moved();
    this.ctx.redraw();
  }

  // step shows the move before (-1) or after (1) the one shown: after it,
  // the move of the game's line, or else the first continuation.
  step(dir) {
    const p = this.shown();
    if (dir < 0) {
      if (p.length) this.show(p.slice(0, -1));
      return;
    }
    const at = nodeAt(this.tree, p);
    if (!at || !at.children.length) return;
    const cur = this.current();
    const onLine = p.every((k, i) => cur[i] === k) && cur.length > p.length;
    this.show([...p, onLine ? cur[p.length] : 0]);
  }

  turn() {
    this.flipped = !this.flipped;
    this.chosen = true;
    this.ctx.redraw();
  }

  // key steps through the moves and turns the board, unless a field, or
  // the board itself, has the keyboard.
  key(e) {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const t = e.target;
    if (t && t.closest && t.closest("input, textarea, select, [contenteditable], .board")) return;
    switch (e.key) {
      case "ArrowLeft":
        this.step(-1);
        break;
      case "ArrowRight":
        this.step(1);
        break;
      case "Home":
        this.show([]);
        break;
      case "End":
        this.show(null);
        break;
      case "f":
      case "F":
        this.turn();
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  // label names the position shown: "at the start", "after 12. Nf3",
  // "after 12... Nc6" in a game of two players, "after move 7, e5" in
  // others.
  label() {
    const p = this.shown();
    if (!p.length) return "at the start";
    const at = nodeAt(this.tree, p);
    if (!at) return `after move ${p.length}`;
    const st = this.ctx.state();
    if (!st || st.players.length !== 2 || at.seat < 0) return `after move ${p.length}, ${at.text || at.move}`;
    // Numbered as the list numbers it: a pair of moves a number, from the
    // first player's.
    const offset = this.tree.children[0].seat === 1 ? 1 : 0;
    const n = Math.floor((p.length - 1 + offset) / 2) + 1;
    return `after ${n}${at.seat === 0 ? "." : "..."} ${at.text || at.move}`;
  }

  // update draws the bar for the move shown.
  update() {
    const p = this.shown();
    const browsing = this.path !== null;
    this.back.hidden = !browsing;
    this.prev.disabled = this.first.disabled = !p.length;
    const at = nodeAt(this.tree, p);
    this.next.disabled = !at || !at.children.length;
    this.last.disabled = !browsing;
    this.where.textContent = browsing ? `The position ${this.label()}; the game is at move ${this.current().length}.` : "";
    this.bar.classList.toggle("browsing", browsing);
  }

  // playForm asks who plays a new game from the position shown: people
  // at this browser unless chosen otherwise.
  playForm() {
    const st = this.ctx.state();
    if (!st || !this.position()) return;
    if (!this.form.hidden) {
      this.form.hidden = true;
      return;
    }
    const seats = seatForm(st.players);
    const start = h("button", {class: "btn btn-primary", type: "submit", id: "play-from-start"}, "Start the game");
    this.form.replaceChildren(h("form", {onsubmit: async (e) => {
      e.preventDefault();
      start.disabled = true;
      try {
        const res = await api("POST", "/api/sessions", {game: st.game, variant: st.variant || "", seats: seats.value(),
          position: this.position(), unlisted: !st.listed});
        created(res);
        location.hash = `#/session/${res.id}`;
      } catch (err) {
        toast(err.message, "error");
        start.disabled = false;
      }
    }},
    h("h2", {class: "card-title"}, `A new game from the position ${this.label()}`),
    seats.node,
    h("div", {class: "row gap"}, start,
      h("button", {class: "btn", type: "button", onclick: () => (this.form.hidden = true)}, "Cancel"))));
    this.form.hidden = false;
  }

  // edit opens the position editor on the position shown.
  edit() {
    const st = this.ctx.state();
    if (!st) return;
    const q = new URLSearchParams({variant: st.variant || "", session: this.ctx.id, path: this.shown().join(".")});
    location.hash = `#/editor/${encodeURIComponent(st.game)}?${q}`;
  }
}

// boardText fetches a picture of the board, failing with the server's
// reason.
export async function boardText(url) {
  const r = await fetch(url, {cache: "no-store"});
  if (r.ok) return r.text();
  const why = await r.json().then((b) => b.error).catch(() => "");
  throw new APIError(r.status, `the board: ${why || `${r.status} ${r.statusText}`}`);
}

// nodeAt returns the node of a tree at a path ({children} for the start),
// or null.
export function nodeAt(tree, path) {
  if (!tree) return null;
  let n = {children: tree.children || []};
  for (const k of path) {
    n = n.children && n.children[k];
    if (!n) return null;
  }
  return n;
}

function same(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
