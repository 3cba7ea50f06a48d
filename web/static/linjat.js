// Linjat: generate a puzzle or pick a stored one, and solve it by drawing
// lines from the numbers. A number n gets one straight line of n cells
// through its own cell; lines never share a cell or cross a number, and
// every dot must be covered.
//
// Drawing: press a number (or a line) and drag along its row or column, or
// click a number and then the cells its line should reach. Clicking inside
// a line shortens it; clicking the selected number again erases its line.
//
// The marks sent to POST /api/linjat/hint and /check are the lines drawn so
// far, one object per number that has one:
//
//   {"row": 2, "col": 1, "r0": 2, "c0": 0, "r1": 2, "c1": 3}
//
// row, col: the number's cell; (r0, c0) to (r1, c1): the first and last
// cells of its line (r0 <= r1, c0 <= c1, one row or one column, the
// number's cell inside). A line may be shorter than its number while the
// player is still drawing it.

import {curveBox} from "./curve.js";
import {api, field, h, pref, s, spinner, toast} from "./ui.js";

// The presets' grid sizes, as docs/linjat.md gives them.
const PRESETS = {easy: [9, 6], medium: [10, 7], hard: [11, 8], expert: [13, 9]};
const CELL = 60;
const COLORS = ["#4f46e5", "#0d9488", "#db2777", "#ea580c", "#2563eb", "#16a34a", "#9333ea", "#ca8a04", "#dc2626", "#0891b2"];

// parsePuzzle reads the puzzle text format: "." empty, "o" dot, 1-9 or
// [n] a number; blank lines and lines starting with # are skipped.
export function parsePuzzle(text) {
  const rows = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\s+$/, "");
    if (!line || line.startsWith("#")) continue;
    const row = [];
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (ch === ".") row.push(0);
      else if (ch === "o") row.push(-1);
      else if (ch >= "1" && ch <= "9") row.push(Number(ch));
      else if (ch === "[") {
        const end = line.indexOf("]", i);
        if (end < 0) throw new Error(`row ${rows.length + 1}: unclosed [`);
        row.push(Number(line.slice(i + 1, end)));
        i = end;
      } else throw new Error(`row ${rows.length + 1}: unexpected '${ch}'`);
    }
    if (rows.length && row.length !== rows[0].length) throw new Error(`row ${rows.length + 1} has ${row.length} cells, want ${rows[0].length}`);
    rows.push(row);
  }
  if (!rows.length) throw new Error("the puzzle is empty");
  const numbers = [];
  rows.forEach((row, r) => row.forEach((v, c) => v > 0 && numbers.push({row: r, col: c, value: v})));
  if (!numbers.length) throw new Error("the puzzle has no numbers");
  return {text, rows: rows.length, cols: rows[0].length, cells: rows, numbers};
}

export function mount(main) {
  const ctl = new AbortController();
  let puz = null;
  let lines = new Map(); // number index -> {r0, c0, r1, c1}
  let selected = -1;
  let hint = null; // {cells: Set("r,c"), focus: Set("r,c")}
  let solved = false;

  const difficulty = h("select", {name: "difficulty"}, Object.keys(PRESETS).map((d) => h("option", {value: d}, d)));
  difficulty.value = pref.get("linjat.difficulty", "easy");
  const seed = h("input", {type: "number", min: 0, value: pref.get("linjat.seed", 1), name: "seed"});
  const stored = h("select", {name: "stored", "aria-label": "Stored puzzles"}, h("option", {value: ""}, "Stored puzzles…"));
  const custom = h("textarea", {"aria-label": "Puzzle text", placeholder: "5....\n.....\no4...\n3o.3."});
  const genBtn = h("button", {class: "btn btn-primary", type: "submit", id: "linjat-generate"}, "Generate");
  const boardBox = h("div", {class: "linjat-box"});
  const info = h("div", {class: "small muted"});
  const curve = curveBox(ctl.signal);
  const hintIdle = () => h("p", {class: "small muted"}, "Stuck? A hint shows the next step a solver would take, and why.");
  const hintBox = h("div", {class: "hint-box", "aria-live": "polite", id: "linjat-hint"}, hintIdle());
  const statusBox = h("div", {class: "linjat-status", role: "status", "aria-live": "polite"});

  main.append(h("section", {class: "page"},
    h("div", {class: "page-head"}, h("div", {},
      h("h1", {}, "Linjat"),
      h("p", {class: "lead"}, "Draw a line from every number covering exactly that many cells, across or down. Lines never cross; every dot must be covered."))),
    h("div", {class: "puzzle-grid"},
      h("div", {class: "card"}, boardBox, statusBox, curve.node),
      h("aside", {},
        h("div", {class: "card"},
          h("form", {onsubmit: (e) => {
            e.preventDefault();
            generate();
          }},
          h("div", {class: "inline-fields"}, field("Difficulty", difficulty), field("Seed", seed)),
          h("div", {class: "row gap", style: "margin-top:12px"}, genBtn,
            h("button", {class: "btn", type: "button", onclick: () => {
              seed.value = Math.floor(Math.random() * 1e6);
              generate();
            }}, "Random seed"))),
          h("div", {style: "margin-top:12px"}, stored),
          h("details", {style: "margin-top:12px"}, h("summary", {class: "small"}, "Enter a puzzle"),
            custom, h("button", {class: "btn btn-small", type: "button", style: "margin-top:8px", onclick: () => {
              try {
                load(custom.value, null);
              } catch (err) {
                toast(err.message, "error");
              }
            }}, "Play this puzzle"))),
        h("div", {class: "card"},
          h("div", {class: "row gap"},
            h("button", {class: "btn", type: "button", id: "linjat-hint-btn", onclick: askHint}, "Hint"),
            h("button", {class: "btn", type: "button", id: "linjat-check", onclick: check}, "Check"),
            h("button", {class: "btn btn-ghost", type: "button", onclick: () => {
              lines = new Map();
              selected = -1;
              hint = null;
              solved = false;
              ones();
              draw();
            }}, "Clear")),
          h("div", {style: "margin-top:12px"}, hintBox)),
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Puzzle"), info)))));

  stored.addEventListener("change", async () => {
    if (!stored.value) return;
    try {
      const p = await api("GET", `/api/linjat/puzzles/${encodeURIComponent(stored.value)}`, undefined, {signal: ctl.signal});
      load(p.puzzle, p.rating, `stored puzzle ${stored.value}`);
    } catch (err) {
      if (err.name !== "AbortError") toast(err.message, "error");
    }
  });
  difficulty.addEventListener("change", listStored);

  async function listStored() {
    stored.replaceChildren(h("option", {value: ""}, "Stored puzzles…"));
    try {
      const list = await api("GET", `/api/linjat/puzzles?difficulty=${difficulty.value}&limit=100`, undefined, {signal: ctl.signal});
      stored.append(...(list || []).map((p) => h("option", {value: p.id}, `#${p.id} · ${p.rows}×${p.cols} · score ${fmt(p.score)}`)));
      stored.disabled = !(list || []).length;
    } catch {
      stored.disabled = true; // no store of puzzles: generating still works
    }
  }

  async function generate() {
    const [rows, cols] = PRESETS[difficulty.value];
    pref.set("linjat.difficulty", difficulty.value);
    pref.set("linjat.seed", Number(seed.value));
    genBtn.disabled = true;
    boardBox.replaceChildren(h("p", {class: "muted"}, spinner("Generating"), " Generating…"));
    try {
      const res = await api("POST", "/api/linjat/generate",
        {rows, cols, numbers: 0, difficulty: difficulty.value, seed: Number(seed.value) || 0, iterations: 200}, {signal: ctl.signal});
      load(res.puzzle, res.rating, `${difficulty.value}, seed ${seed.value}`);
      curve.show(`rows=${rows}&cols=${cols}&difficulty=${difficulty.value}&seed=${Number(seed.value) || 0}&iterations=200`);
    } catch (err) {
      if (err.name !== "AbortError") boardBox.replaceChildren(h("p", {class: "error"}, err.message));
    } finally {
      genBtn.disabled = false;
    }
  }

  function load(text, rating, label) {
    puz = parsePuzzle(Array.isArray(text) ? text.join("\n") : text);
    lines = new Map();
    selected = -1;
    hint = null;
    solved = false;
    ones();
    pref.set("linjat.puzzle", {text: puz.text, rating, label});
    info.replaceChildren(
      h("dl", {class: "kv"},
        h("dt", {}, "Puzzle"), h("dd", {}, label || "entered"),
        h("dt", {}, "Size"), h("dd", {}, `${puz.rows} × ${puz.cols}`),
        h("dt", {}, "Numbers"), h("dd", {}, String(puz.numbers.length)),
        rating && rating.score !== undefined ? [h("dt", {}, "Score"), h("dd", {}, fmt(rating.score))] : null,
        rating && rating.depth !== undefined ? [h("dt", {}, "Depth"), h("dd", {}, String(rating.depth))] : null));
    hintBox.replaceChildren(hintIdle());
    draw();
  }

  // ones draws the lines of the 1s: they have nothing to choose.
  function ones() {
    if (!puz) return;
    puz.numbers.forEach((n, k) => n.value === 1 && lines.set(k, {r0: n.row, c0: n.col, r1: n.row, c1: n.col}));
  }

  // owner returns the number whose line covers (r, c), or -1.
  function owner(r, c) {
    for (const [k, l] of lines) if (r >= l.r0 && r <= l.r1 && c >= l.c0 && c <= l.c1) return k;
    return -1;
  }
  const numberAt = (r, c) => puz.numbers.findIndex((n) => n.row === r && n.col === c);

  // extend makes number k's line reach (r, c): along the row or column of
  // the number, keeping the other end, at most the number's length, and
  // stopping before another number or line. Inside the line it shortens it
  // unless grow is set.
  function extend(k, r, c, grow = false) {
    const n = puz.numbers[k];
    if (r !== n.row && c !== n.col) return false;
    if (r === n.row && c === n.col) return false;
    const vertical = c === n.col;
    const pos = vertical ? n.row : n.col;
    const target = vertical ? r : c;
    const cur = lines.get(k);
    let lo = pos;
    let hi = pos;
    if (cur && (vertical ? cur.c0 === cur.c1 && cur.r0 !== cur.r1 : cur.r0 === cur.r1 && cur.c0 !== cur.c1)) {
      lo = vertical ? cur.r0 : cur.c0;
      hi = vertical ? cur.r1 : cur.c1;
    }
    if (target < pos) lo = grow ? Math.min(lo, target) : target;
    else hi = grow ? Math.max(hi, target) : target;
    if (hi - lo + 1 > n.value) {
      if (target < pos) hi = Math.max(pos, lo + n.value - 1);
      else lo = Math.min(pos, hi - n.value + 1);
      if (hi - lo + 1 > n.value) {
        if (target < pos) lo = hi - n.value + 1;
        else hi = lo + n.value - 1;
      }
    }
    const free = (i) => {
      const [rr, cc] = vertical ? [i, n.col] : [n.row, i];
      if (rr < 0 || cc < 0 || rr >= puz.rows || cc >= puz.cols) return false;
      if (puz.cells[rr][cc] > 0) return false;
      const o = owner(rr, cc);
      return o < 0 || o === k;
    };
    let a = pos;
    while (a - 1 >= lo && free(a - 1)) a--;
    let b = pos;
    while (b + 1 <= hi && free(b + 1)) b++;
    if (a === b) lines.delete(k);
    else lines.set(k, vertical ? {r0: a, c0: n.col, r1: b, c1: n.col} : {r0: n.row, c0: a, r1: n.row, c1: b});
    return true;
  }

  // Pointer handling: press on a number or a line selects it; moving or
  // clicking along its row or column extends it.
  let drag = null;
  function cellOf(e) {
    const t = e.target.closest && e.target.closest("[data-rc]");
    if (t) return t.dataset.rc.split(",").map(Number);
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const u = under && under.closest && under.closest("[data-rc]");
    return u ? u.dataset.rc.split(",").map(Number) : null;
  }
  function press(r, c) {
    if (!puz || solved) return;
    hint = null;
    const k = numberAt(r, c);
    if (k >= 0) {
      if (selected === k) {
        if (puz.numbers[k].value > 1) lines.delete(k);
      } else selected = k;
      drag = {k, moved: false};
    } else if (selected >= 0 && extend(selected, r, c)) {
      drag = {k: selected, moved: true};
    } else {
      const o = owner(r, c);
      selected = o;
      drag = o >= 0 ? {k: o, moved: false} : null;
    }
    draw();
  }
  function boardEvents(svg) {
    svg.addEventListener("pointerdown", (e) => {
      const rc = cellOf(e);
      if (!rc || e.button !== 0) return;
      e.preventDefault();
      press(rc[0], rc[1]);
    });
    svg.addEventListener("pointermove", (e) => {
      if (!drag || !(e.buttons & 1)) return;
      const rc = cellOf(e);
      if (!rc) return;
      const n = puz.numbers[drag.k];
      if (rc[0] === n.row && rc[1] === n.col) return;
      const before = JSON.stringify(lines.get(drag.k) || null);
      if (extend(drag.k, rc[0], rc[1]) && JSON.stringify(lines.get(drag.k) || null) !== before) {
        drag.moved = true;
        draw();
      }
    });
    svg.addEventListener("pointerup", () => {
      drag = null;
      finishIfDone();
    });
    svg.addEventListener("keydown", (e) => {
      const t = e.target.closest && e.target.closest("[data-rc]");
      if (t && (e.key === "Enter" || e.key === " ")) {
        e.preventDefault();
        const [r, c] = t.dataset.rc.split(",").map(Number);
        press(r, c);
        drag = null;
        finishIfDone();
      }
    });
  }

  function draw() {
    if (!puz) return;
    const W = puz.cols * CELL;
    const H = puz.rows * CELL;
    const svg = s("svg", {class: "linjat-board", viewBox: `-4 -4 ${W + 8} ${H + 8}`, role: "group", "aria-label": "Linjat board", "data-puzzle": puz.text});
    const sel = selected >= 0 ? puz.numbers[selected] : null;
    for (let r = 0; r < puz.rows; r++) {
      for (let c = 0; c < puz.cols; c++) {
        const key = `${r},${c}`;
        let cls = "cell";
        if (hint && hint.focus.has(key)) cls += " focus";
        else if (hint && hint.cells.has(key)) cls += " hint";
        else if (sel && (r === sel.row || c === sel.col) && Math.abs(r - sel.row) + Math.abs(c - sel.col) < sel.value) cls += " reach";
        svg.append(s("rect", {class: cls, x: c * CELL, y: r * CELL, width: CELL, height: CELL, "data-rc": key, tabindex: 0, role: "button", "aria-label": label(r, c)}));
      }
    }
    for (const [k, l] of lines) {
      if (l.r0 === l.r1 && l.c0 === l.c1) continue;
      svg.append(s("line", {class: "bar", x1: l.c0 * CELL + CELL / 2, y1: l.r0 * CELL + CELL / 2, x2: l.c1 * CELL + CELL / 2, y2: l.r1 * CELL + CELL / 2,
        stroke: COLORS[k % COLORS.length], "stroke-width": CELL * 0.44, "pointer-events": "none"}));
    }
    puz.cells.forEach((row, r) => row.forEach((v, c) => {
      if (v === -1) svg.append(s("circle", {class: `dot${owner(r, c) >= 0 ? " covered" : ""}`, cx: c * CELL + CELL / 2, cy: r * CELL + CELL / 2, r: CELL * 0.11, "pointer-events": "none"}));
    }));
    puz.numbers.forEach((n, k) => {
      const l = lines.get(k);
      const len = l ? l.r1 - l.r0 + l.c1 - l.c0 + 1 : 1;
      const hinted = hint && hint.numbers && hint.numbers.has(k);
      svg.append(s("g", {class: `num${len === n.value ? " done" : ""}${k === selected ? " selected" : ""}${hinted ? " hinted" : ""}`, "pointer-events": "none"},
        s("circle", {cx: n.col * CELL + CELL / 2, cy: n.row * CELL + CELL / 2, r: CELL * 0.36, style: `--c:${COLORS[k % COLORS.length]}`}),
        s("text", {x: n.col * CELL + CELL / 2, y: n.row * CELL + CELL / 2 + 1}, String(n.value))));
    });
    boardEvents(svg);
    const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.rc;
    boardBox.replaceChildren(svg);
    if (focused) {
      const again = svg.querySelector(`[data-rc="${focused}"]`);
      if (again) again.focus();
    }
    drawStatus();
  }

  function label(r, c) {
    const v = puz.cells[r][c];
    const what = v > 0 ? `number ${v}` : v === -1 ? "dot" : "empty";
    return `row ${r + 1}, column ${c + 1}: ${what}`;
  }

  function progress() {
    let done = 0;
    puz.numbers.forEach((n, k) => {
      const l = lines.get(k);
      if (l && l.r1 - l.r0 + l.c1 - l.c0 + 1 === n.value) done++;
    });
    let dots = 0;
    let covered = 0;
    puz.cells.forEach((row, r) => row.forEach((v, c) => {
      if (v === -1) {
        dots++;
        if (owner(r, c) >= 0) covered++;
      }
    }));
    return {done, dots, covered};
  }

  function drawStatus() {
    if (solved) {
      statusBox.replaceChildren(h("p", {class: "solved-banner", id: "linjat-solved"}, "Solved!"));
      return;
    }
    const p = progress();
    statusBox.replaceChildren(h("p", {class: "small muted"}, `${p.done} of ${puz.numbers.length} lines drawn · ${p.covered} of ${p.dots} dots covered`));
  }

  function marks() {
    return [...lines].sort((a, b) => a[0] - b[0]).map(([k, l]) => ({row: puz.numbers[k].row, col: puz.numbers[k].col, ...l}));
  }

  async function finishIfDone() {
    const p = progress();
    if (!solved && p.done === puz.numbers.length && p.covered === p.dots) await check(true);
  }

  async function check(quiet) {
    if (!puz) return;
    try {
      const res = await api("POST", "/api/linjat/check", {puzzle: puz.text, marks: marks()}, {signal: ctl.signal});
      if (res.solved) {
        solved = true;
        selected = -1;
        hintBox.replaceChildren(h("p", {class: "small"}, "Every number has its line and every dot is covered."));
        draw();
      } else if (quiet !== true) {
        const errs = res.errors || [];
        hintBox.replaceChildren(errs.length
          ? h("ul", {class: "small"}, errs.map((e) => h("li", {}, typeof e === "string" ? e : JSON.stringify(e))))
          : h("p", {class: "small"}, "Not solved yet: no mistakes so far."));
      }
    } catch (err) {
      if (err.name !== "AbortError") toast(err.message, "error");
    }
  }

  async function askHint() {
    if (!puz || solved) return;
    hintBox.replaceChildren(spinner("Thinking"));
    try {
      const res = await api("POST", "/api/linjat/hint", {puzzle: puz.text, marks: marks()}, {signal: ctl.signal});
      showHint(res);
    } catch (err) {
      if (err.name !== "AbortError") hintBox.replaceChildren(h("p", {class: "error small"}, err.message));
    }
  }

  // showHint shows the solver's next step: the cells it fixes, the cells
  // its reasoning looks at, and the rule in words; "Apply" draws it.
  function showHint(res) {
    if (res.solved) {
      hintBox.replaceChildren(h("p", {class: "small"}, "Nothing left to deduce: finish the lines drawn."));
      return;
    }
    const step = res.step || res;
    const decided = step.decided || step.cells || [];
    const focus = step.focus || [];
    const numbers = new Set([...(step.numbers || []), ...decided.map((d) => d.number)].filter((k) => k !== undefined));
    hint = {cells: new Set(decided.map((d) => `${d.row},${d.col}`)), focus: new Set(focus.map((d) => `${d.row},${d.col}`)), numbers};
    const why = step.why || step.explanation || step.reason || step.text || step.message || "";
    hintBox.replaceChildren(
      step.rule ? h("p", {class: "rule"}, String(step.rule).replace(/_/g, " ")) : null,
      why ? h("p", {class: "small"}, why) : null,
      decided.length && decided.every((d) => d.number !== undefined)
        ? h("button", {class: "btn btn-small", type: "button", id: "linjat-apply", onclick: () => apply(decided)}, "Apply this step")
        : null);
    draw();
  }

  // apply draws the lines a hint fixes: each decided cell joins its
  // number's line.
  function apply(decided) {
    for (const d of decided) {
      const k = d.number;
      const n = puz.numbers[k];
      if (!n || (d.row === n.row && d.col === n.col)) continue;
      extend(k, d.row, d.col, true);
    }
    hint = null;
    hintBox.replaceChildren(hintIdle());
    draw();
    finishIfDone();
  }

  listStored();
  const saved = pref.get("linjat.puzzle", null);
  if (saved && saved.text) {
    try {
      load(saved.text, saved.rating, saved.label);
      curve.show(""); // the last optimise run of the server, if any
    } catch {
      generate();
    }
  } else generate();
  return () => ctl.abort();
}

function fmt(x) {
  return typeof x === "number" ? (Number.isInteger(x) ? String(x) : x.toFixed(1)) : String(x ?? "");
}
