// 2048: play with the arrow keys, the buttons or a swipe, or let the
// expectimax player move and show how it valued each move.

import {api, field, h, pref, toast} from "./ui.js";

const DIRS = ["up", "down", "left", "right"];
const ARROWS = {ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right"};
const GLYPH = {up: "↑", down: "↓", left: "←", right: "→"};

export function mount(main) {
  const ctl = new AbortController();
  let game = null; // {id, board, score, over}
  let busy = false;
  let auto = null;

  const seed = h("input", {type: "number", min: 0, name: "seed", value: pref.get("2048.seed", 1)});
  const depth = h("select", {name: "depth"}, [1, 2, 3, 4].map((d) => h("option", {value: d}, String(d))));
  depth.value = String(pref.get("2048.depth", 2));
  const evaluation = h("select", {name: "eval"},
    h("option", {value: "nneonneo"}, "nneonneo's heuristic"),
    h("option", {value: "ludus"}, "ludus's heuristic"),
    h("option", {value: "learned"}, "learned network"));
  evaluation.value = pref.get("2048.eval", "nneonneo");
  const speed = h("select", {name: "speed"},
    h("option", {value: "400"}, "slow"), h("option", {value: "120"}, "normal"), h("option", {value: "0"}, "fast"));
  speed.value = pref.get("2048.speed", "120");
  const boardBox = h("div", {class: "g2048-board", id: "g2048-board", role: "grid", "aria-label": "2048 board"});
  const score = h("strong", {id: "g2048-score"}, "0");
  const best = h("strong", {}, "0");
  const moveCount = h("strong", {}, "0");
  const evalBox = h("div", {class: "evals", "aria-live": "polite"}, h("p", {class: "muted small"}, "Ask the AI for a move to see how it values each one."));
  const autoBtn = h("button", {class: "btn", type: "button", id: "g2048-auto", "aria-pressed": "false", onclick: toggleAuto}, "Watch the AI play");
  const aiBtn = h("button", {class: "btn btn-primary", type: "button", id: "g2048-ai", onclick: () => aiMove()}, "AI move");

  main.append(h("section", {class: "page"},
    h("div", {class: "page-head"}, h("div", {},
      h("h1", {}, "2048"),
      h("p", {class: "lead"}, "Slide the tiles with the arrow keys or the buttons; equal tiles merge. Or watch the expectimax player."))),
    h("div", {class: "g2048-grid"},
      h("div", {},
        h("div", {class: "g2048-head"},
          h("div", {class: "scorebox"}, h("span", {}, "Score"), score),
          h("div", {class: "scorebox"}, h("span", {}, "Best tile"), best),
          h("div", {class: "scorebox"}, h("span", {}, "Moves"), moveCount)),
        boardBox,
        h("div", {class: "arrows", role: "group", "aria-label": "Moves"}, DIRS.map((d) =>
          h("button", {class: `btn ${d}`, type: "button", "aria-label": `Move ${d}`, "data-move": d, onclick: () => move(d)}, GLYPH[d])))),
      h("aside", {},
        h("div", {class: "card"},
          h("form", {onsubmit: (e) => {
            e.preventDefault();
            start();
          }},
          h("div", {class: "inline-fields"}, field("Seed", seed),
            h("button", {class: "btn btn-primary", type: "submit", id: "g2048-new"}, "New game")))),
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "AI"),
          h("div", {class: "inline-fields"}, field("Evaluation", evaluation)),
          h("div", {class: "inline-fields"}, field("Depth", depth), field("Speed", speed)),
          h("div", {class: "row gap", style: "margin-top:12px"}, aiBtn, autoBtn)),
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "AI's evaluation"), evalBox)))));

  depth.addEventListener("change", () => pref.set("2048.depth", Number(depth.value)));
  evaluation.addEventListener("change", () => pref.set("2048.eval", evaluation.value));
  speed.addEventListener("change", () => pref.set("2048.speed", speed.value));

  const onKey = (e) => {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    const d = ARROWS[e.key];
    if (!d) return;
    e.preventDefault();
    move(d);
  };
  document.addEventListener("keydown", onKey);

  // A swipe on the board.
  let touch = null;
  boardBox.addEventListener("pointerdown", (e) => (touch = {x: e.clientX, y: e.clientY}));
  boardBox.addEventListener("pointerup", (e) => {
    if (!touch) return;
    const dx = e.clientX - touch.x;
    const dy = e.clientY - touch.y;
    touch = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 30) return;
    move(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "right" : "left") : dy > 0 ? "down" : "up");
  });

  async function start() {
    stopAuto();
    pref.set("2048.seed", Number(seed.value));
    try {
      const g = await api("POST", "/api/2048/games", {seed: Number(seed.value) || 0}, {signal: ctl.signal});
      pref.set("2048.game", g.id);
      show(g);
      evalBox.replaceChildren(h("p", {class: "muted small"}, "Ask the AI for a move to see how it values each one."));
    } catch (err) {
      if (err.name !== "AbortError") boardBox.replaceChildren(h("p", {class: "error"}, err.message));
    }
  }

  // resume shows the game this browser played last, when the server still
  // has it (games live in its memory), or else starts one.
  async function resume() {
    const id = pref.get("2048.game", "");
    if (!id) return start();
    try {
      show(await api("GET", `/api/2048/games/${encodeURIComponent(id)}`, undefined, {signal: ctl.signal}));
    } catch (err) {
      if (err.name !== "AbortError") start();
    }
  }

  function show(g) {
    if (g.board || g.id) game = {...game, ...g};
    if (!game || !game.board) return;
    // The tile the last move added pops in (the server says which).
    const spawned = g.board && g.spawn ? g.spawn.cell : -1;
    boardBox.replaceChildren(...game.board.map((v, i) => h("div", {
      class: `tile${v ? ` v${v}` : ""}${v > 2048 ? " big" : ""}${i === spawned ? " new" : ""}`,
      role: "gridcell", "aria-label": v ? String(v) : "empty", "data-value": v,
    }, v ? String(v) : "")));
    if (game.over) {
      boardBox.append(h("div", {class: "g2048-over", id: "g2048-over"}, "Game over",
        h("button", {class: "btn btn-primary", type: "button", style: "margin-top:12px", onclick: start}, "Play again")));
      stopAuto();
    }
    score.textContent = String(game.score ?? 0);
    best.textContent = String(Math.max(0, ...game.board));
    moveCount.textContent = String(game.moves ?? 0);
  }

  async function move(d) {
    if (!game || game.over || busy) return;
    busy = true;
    try {
      const g = await api("POST", `/api/2048/games/${encodeURIComponent(game.id)}/moves`, {move: d}, {signal: ctl.signal});
      show(g);
    } catch (err) {
      // A move that changes nothing is refused: not worth a toast.
      if (err.name !== "AbortError" && err.status !== 409 && err.status !== 422) toast(err.message, "error");
    } finally {
      busy = false;
    }
  }

  async function aiMove() {
    if (!game || game.over || busy) return false;
    busy = true;
    aiBtn.disabled = true;
    try {
      const res = await api("POST", `/api/2048/games/${encodeURIComponent(game.id)}/ai`, {depth: Number(depth.value), eval: evaluation.value}, {signal: ctl.signal});
      showEvals(res);
      show(res.game || res.state || res);
      return true;
    } catch (err) {
      if (err.name !== "AbortError") toast(err.message, "error");
      stopAuto();
      return false;
    } finally {
      busy = false;
      aiBtn.disabled = false;
    }
  }

  function showEvals(res) {
    const ev = res.evals || {};
    const vals = DIRS.map((d) => ev[d]).filter((v) => typeof v === "number" && Number.isFinite(v));
    // Bars from zero (or the least value, when one is below zero) to the
    // best: their lengths are in the ratio of the values, so that values
    // within a fraction of a percent are bars of nearly one length. How
    // far each is from the best is written beside it.
    const max = Math.max(...vals);
    const lo = Math.min(0, ...vals);
    evalBox.replaceChildren(...DIRS.map((d) => {
      const v = ev[d];
      const ok = typeof v === "number" && Number.isFinite(v);
      const pct = ok && max > lo ? ((v - lo) / (max - lo)) * 100 : ok ? 100 : 0;
      return h("div", {class: `eval-row${d === res.move ? " best" : ""}`, "data-move": d},
        h("span", {}, `${GLYPH[d]} ${d}`),
        h("span", {class: "eval-bar"}, h("span", {style: `width:${pct}%`})),
        h("span", {class: "num"}, ok ? number(v) : "not legal"),
        h("span", {class: "gap muted small"}, ok && v < max ? `−${Math.abs(max) >= 1000 ? Math.round(max - v).toLocaleString("en-US") : number(max - v)}` : ""));
    }));
  }

  function toggleAuto() {
    if (auto) {
      stopAuto();
      return;
    }
    auto = {stop: false};
    autoBtn.textContent = "Stop";
    autoBtn.classList.add("on");
    autoBtn.setAttribute("aria-pressed", "true");
    const run = auto;
    (async () => {
      while (!run.stop && game && !game.over) {
        if (!(await aiMove())) break;
        await new Promise((r) => setTimeout(r, Number(speed.value)));
      }
      if (auto === run) stopAuto();
    })();
  }

  function stopAuto() {
    if (auto) auto.stop = true;
    auto = null;
    autoBtn.textContent = "Watch the AI play";
    autoBtn.classList.remove("on");
    autoBtn.setAttribute("aria-pressed", "false");
  }

  resume();
  return () => {
    stopAuto();
    ctl.abort();
    document.removeEventListener("keydown", onKey);
  };
}

// number writes an evaluation: whole numbers with separators when large.
function number(v) {
  return Math.abs(v) >= 1000 ? Math.round(v).toLocaleString("en-US") : v.toFixed(2);
}
