// The search behind a dungeon layout, drawn as the figures of the
// generator's article: the level split into chains (cycles first, then
// trees), each in its colour and numbered in the order the chains are laid
// out; and the search step by step, partial layouts growing chain by
// chain, going back when a chain finds no more room, starting afresh.
// The server records one seeded generation (GET /api/dungeon/trace); a
// slider and a play button step through it.

import {api, h, s} from "./ui.js";

// The chains' colours, distinct and light enough for the room names.
const COLORS = ["#e4572e", "#2e86ab", "#76b041", "#f4a259", "#8e6fc1", "#1b998b", "#d64d8a", "#c9a227", "#5c7aea", "#9a6d38"];
const MARGIN = 1.5;

export function searchPanel(signal) {
  const chainsFig = h("figure", {class: "search-fig", id: "search-chains"});
  const stepFig = h("figure", {class: "search-fig", id: "search-steps"});
  const slider = h("input", {type: "range", min: 0, max: 0, value: 0, id: "search-step", "aria-label": "Step of the search"});
  const count = h("span", {class: "step-count", id: "search-count"});
  const playBtn = h("button", {class: "btn btn-small", type: "button", id: "search-play", "aria-label": "Play the steps"}, "▶ Play");
  const prev = h("button", {class: "btn btn-small", type: "button", "aria-label": "Step back", onclick: () => go(Number(slider.value) - 1)}, "◀");
  const next = h("button", {class: "btn btn-small", type: "button", "aria-label": "Step on", onclick: () => go(Number(slider.value) + 1)}, "▶");
  const about = h("p", {class: "small muted"});
  const node = h("div", {class: "card search-card", id: "dungeon-search"},
    h("h2", {class: "card-title"}, "How the layout was found"), about,
    h("div", {class: "search-grid"}, chainsFig,
      h("div", {}, stepFig, h("div", {class: "search-controls"}, prev, slider, next, playBtn, count))));

  let trace = null;
  let frame = null; // the drawing's bounds, over every step
  let timer = null;
  let asked = 0;
  signal.addEventListener("abort", () => clearInterval(timer));
  slider.addEventListener("input", () => draw(Number(slider.value)));
  playBtn.addEventListener("click", () => (timer ? stop() : play()));

  function play() {
    if (!trace) return;
    if (Number(slider.value) >= trace.steps.length - 1) go(0);
    playBtn.textContent = "⏸ Pause";
    timer = setInterval(() => {
      if (Number(slider.value) >= trace.steps.length - 1) stop();
      else go(Number(slider.value) + 1);
    }, 600);
  }

  function stop() {
    clearInterval(timer);
    timer = null;
    playBtn.textContent = "▶ Play";
  }

  function go(i) {
    if (!trace) return;
    i = Math.max(0, Math.min(trace.steps.length - 1, i));
    slider.value = i;
    draw(i);
  }

  async function show(spec, seed) {
    const n = ++asked;
    stop();
    about.textContent = "Laying the level out again, step by step…";
    let t;
    try {
      t = await api("GET", `/api/dungeon/trace?spec=${encodeURIComponent(spec)}&seed=${encodeURIComponent(seed)}`, undefined, {signal});
    } catch (err) {
      if (err.name !== "AbortError" && n === asked) about.textContent = err.message;
      return;
    }
    if (n !== asked) return;
    trace = t;
    frame = bounds(t.steps);
    const kinds = {};
    for (const st of t.steps) kinds[st.kind] = (kinds[st.kind] || 0) + 1;
    about.textContent = `The generator split the level into chains and laid them out one after another, ` +
      `keeping several layouts of each so that it could go back: ${t.steps.length + t.dropped} steps, ` +
      `${kinds.backtrack || 0} of them back${kinds.restart ? `, ${kinds.restart} fresh starts` : ""}.` +
      (t.dropped ? ` The first ${t.steps.length - 1} and the last are shown.` : "");
    drawChains();
    slider.max = t.steps.length - 1;
    go(0);
  }

  // drawChains draws the decomposition the layout was found with, on the
  // layout found: each room in its chain's colour, the level's graph over
  // it, each room a disc numbered with its chain.
  function drawChains() {
    const last = trace.steps[trace.steps.length - 1];
    const chains = trace.decompositions[last.decomposition] || [];
    const chainOf = chainMap(chains);
    const centre = new Map();
    const svg = canvas();
    for (const r of last.layout.rooms) {
      const c = chainOf.get(String(r.id));
      svg.append(room(r, c === undefined ? null : COLORS[c % COLORS.length], false));
      if (!r.corridor) centre.set(String(r.id), middle(r.outline));
    }
    for (const [a, b] of trace.connections) {
      const p = centre.get(String(a));
      const q = centre.get(String(b));
      if (p && q) svg.append(s("line", {class: "edge", x1: p[0], y1: p[1], x2: q[0], y2: q[1]}));
    }
    for (const [name, p] of centre) {
      const c = chainOf.get(name);
      svg.append(s("circle", {class: "node", cx: p[0], cy: p[1], r: 0.9, fill: COLORS[c % COLORS.length]}),
        s("text", {class: "chain-no", x: p[0], y: p[1]}, String(c + 1)));
    }
    svg.setAttribute("aria-label", `The level's ${chains.length} chains, numbered in the order they are laid out`);
    chainsFig.replaceChildren(svg, h("figcaption", {},
      `The ${chains.length} chains the layout was found with, numbered in the order they are laid out: a cycle is (the rooms not yet laid out of) a face of the level's planar drawing, a tree the rooms that hang off them.`,
      h("ul", {class: "chain-legend"}, chains.map((ch, i) => h("li", {"data-chain": i + 1},
        h("span", {class: "chain-swatch", style: `background: ${COLORS[i % COLORS.length]}`}),
        `${i + 1} ${ch.cycle ? "cycle" : "tree"}: ${ch.rooms.join(", ")}`)))));
  }

  // draw shows step i: its partial layout, the rooms of its chain outlined.
  function draw(i) {
    const st = trace.steps[i];
    const chains = trace.decompositions[st.decomposition] || [];
    const chainOf = chainMap(chains);
    const current = new Set(st.chain >= 0 && chains[st.chain] ? chains[st.chain].rooms.map(String) : []);
    const svg = canvas();
    for (const r of st.layout.rooms) {
      const c = chainOf.get(String(r.id));
      svg.append(room(r, c === undefined ? null : COLORS[c % COLORS.length], current.has(String(r.id)) && st.kind !== "backtrack"));
    }
    for (const d of st.layout.doors) {
      svg.append(s("line", {class: "door", x1: x(d.line[0][0]), y1: y(d.line[0][1]), x2: x(d.line[1][0]), y2: y(d.line[1][1])}));
    }
    for (const r of st.layout.rooms) {
      if (r.corridor) continue;
      const p = middle(r.outline);
      svg.append(s("text", {class: "room-name", x: p[0], y: p[1]}, String(r.id)));
    }
    const text = caption(st, i, chains);
    svg.setAttribute("aria-label", text);
    stepFig.replaceChildren(svg, h("figcaption", {id: "search-caption", "data-kind": st.kind}, text));
    count.textContent = `${i + 1} / ${trace.steps.length}`;
  }

  function caption(st, i, chains) {
    const n = `Step ${i + 1}${trace.dropped && i === trace.steps.length - 1 ? ` (after ${trace.dropped} steps left out)` : ""}`;
    const ch = chains[st.chain];
    const what = ch ? `chain ${st.chain + 1} (${ch.cycle ? "a cycle" : "a tree"} of ${ch.rooms.length} room${ch.rooms.length === 1 ? "" : "s"})` : "";
    switch (st.kind) {
      case "start":
        return `${n}: the search starts from nothing, with ${chains.length} chains to lay out.`;
      case "restart":
        return `${n}: too many steps back without getting further: the search starts afresh, splitting the level another way (${chains.length} chains).`;
      case "chain":
        return `${n}: ${what} laid out: ${st.chains} of ${chains.length} chains placed.`;
      case "done":
        return `${n}: ${what} laid out: the layout is complete.`;
      case "backtrack":
        return `${n}: back. ${what ? what[0].toUpperCase() + what.slice(1) : "A chain"} has no more layouts here: the search returns to the layout of ${st.chains} chains and tries its next one.`;
      case "exact":
        return `${n}: the exhaustive search, which runs by turns with the chains, found the whole layout.`;
    }
    return `${n}: ${st.kind}`;
  }

  function canvas() {
    const w = frame.x2 - frame.x1 + 2 * MARGIN;
    const hgt = frame.y2 - frame.y1 + 2 * MARGIN;
    return s("svg", {viewBox: `0 0 ${w} ${hgt}`, role: "img", xmlns: "http://www.w3.org/2000/svg"});
  }

  // Layouts have their y axis up; the drawing's points down.
  const x = (v) => v - frame.x1 + MARGIN;
  const y = (v) => frame.y2 - v + MARGIN;

  function room(r, color, current) {
    const pts = r.outline.map((p) => `${x(p[0])},${y(p[1])}`).join(" ");
    return s("polygon", {class: `room${r.corridor ? " corridor" : ""}${current ? " current" : ""}`, points: pts,
      fill: r.corridor || !color ? null : color, "fill-opacity": r.corridor ? null : current ? 0.95 : 0.6, "data-room": String(r.id)});
  }

  function middle(outline) {
    let x1 = Infinity;
    let y1 = Infinity;
    let x2 = -Infinity;
    let y2 = -Infinity;
    for (const [px, py] of outline) {
      x1 = Math.min(x1, px);
      y1 = Math.min(y1, py);
      x2 = Math.max(x2, px);
      y2 = Math.max(y2, py);
    }
    return [x((x1 + x2) / 2), y((y1 + y2) / 2)];
  }

  return {node, show};
}

// chainMap maps each room's name to its chain's index.
function chainMap(chains) {
  const m = new Map();
  chains.forEach((ch, i) => ch.rooms.forEach((r) => m.set(String(r), i)));
  return m;
}

// bounds is the box around every room of every step.
function bounds(steps) {
  const b = {x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity};
  for (const st of steps) {
    for (const r of st.layout.rooms) {
      for (const [px, py] of r.outline) {
        b.x1 = Math.min(b.x1, px);
        b.y1 = Math.min(b.y1, py);
        b.x2 = Math.max(b.x2, px);
        b.y2 = Math.max(b.y2, py);
      }
    }
  }
  if (b.x1 === Infinity) return {x1: 0, y1: 0, x2: 10, y2: 10};
  return b;
}
