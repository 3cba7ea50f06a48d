// Tile sets: a bundled hex maze tile set's tiles, random boards laid from
// it, and the score the tile set optimiser gives it.

import {api, field, h, pref, spinner} from "./ui.js";

// BOARDS is the number of random boards shown at once: two side by side
// keep their landmarks and numbers legible.
const BOARDS = 2;

export function mount(main) {
  const ctl = new AbortController();
  const set = h("select", {name: "set", id: "tiles-set"});
  const seed = h("input", {type: "number", min: 0, name: "seed", value: pref.get("tiles.seed", 1)});
  const samples = h("input", {type: "number", min: 1, max: 10000, name: "samples", value: 200});
  const tilesBox = h("div", {class: "picture", id: "tiles-picture"}, spinner("Loading"));
  const boards = h("div", {class: "boards"});
  const scoreBox = h("div", {id: "tiles-score"}, h("p", {class: "muted small"}, "…"));
  const about = h("p", {class: "small muted", id: "tiles-about", style: "margin-top:12px"});

  main.append(h("section", {class: "page"},
    h("div", {class: "page-head"}, h("div", {},
      h("h1", {}, "Tile sets"),
      h("p", {class: "lead"}, "Hex tiles whose edges join into mazes. See a set's tiles, boards laid from it at random, and how well its boards score."))),
    h("div", {class: "viewer-grid"},
      h("aside", {},
        h("div", {class: "card"},
          h("form", {onsubmit: (e) => {
            e.preventDefault();
            show();
          }},
          field("Tile set", set),
          h("div", {class: "inline-fields"}, field("Seed", seed), field("Samples", samples)),
          h("div", {class: "row gap", style: "margin-top:12px"},
            h("button", {class: "btn btn-primary", type: "submit"}, "Show"),
            h("button", {class: "btn", type: "button", onclick: () => {
              seed.value = Number(seed.value || 0) + BOARDS;
              show();
            }}, "More boards"))),
          about),
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Score"), scoreBox)),
      h("div", {}, h("h2", {class: "section-title"}, "Tiles"), tilesBox,
        h("h2", {class: "section-title", style: "margin-top:22px"}, "Random boards"), boards))));

  let sets = [];
  async function loadSets() {
    try {
      sets = (await api("GET", "/api/tiles/sets", undefined, {signal: ctl.signal})) || [];
    } catch (err) {
      if (err.name !== "AbortError") tilesBox.replaceChildren(h("p", {class: "error"}, err.message));
      return;
    }
    set.replaceChildren(...sets.map((x) => h("option", {value: setName(x)}, (x && x.title) || setName(x))));
    const want = pref.get("tiles.set", "");
    if (sets.some((x) => setName(x) === want)) set.value = want;
    show();
  }

  async function show() {
    if (!set.value) return;
    const name = set.value;
    const sd = Number(seed.value) || 0;
    pref.set("tiles.set", name);
    pref.set("tiles.seed", sd);
    const info = sets.find((x) => setName(x) === name);
    about.textContent = (info && info.description) || "";
    const q = encodeURIComponent(name);
    tilesBox.replaceChildren(h("img", {src: `/api/tiles/sets/${q}.svg`, alt: `The tiles of ${name}`}));
    boards.replaceChildren(...[...Array(BOARDS).keys()].map((i) => h("figure", {},
      h("div", {class: "picture"}, h("img", {src: `/api/tiles/board.svg?set=${q}&seed=${sd + i}`, alt: `A random board of ${name}, seed ${sd + i}`, loading: "lazy"})),
      h("figcaption", {}, `seed ${sd + i}`))));
    scoreBox.replaceChildren(spinner("Scoring"));
    try {
      const sc = await api("GET", `/api/tiles/score?set=${q}&samples=${encodeURIComponent(samples.value || 200)}&seed=${sd}`, undefined, {signal: ctl.signal});
      scoreBox.replaceChildren(scoreView(sc));
    } catch (err) {
      if (err.name !== "AbortError") scoreBox.replaceChildren(h("p", {class: "error small"}, err.message));
    }
  }

  loadSets();
  return () => ctl.abort();
}

// scoreView lays out the score answer: the objective with its standard
// error, then its terms.
function scoreView(sc) {
  const pct = (x) => `${(100 * x).toFixed(1)}%`;
  const rows = [
    ["Boards scored", (sc.boards ?? 0).toLocaleString("en-US")],
    ["Bridged sides", sc.bridged_sides],
    ["DupScore", sc.dup_score],
    ["Fully connected tiles", sc.fully_connected],
    ["Extra edges (mean)", typeof sc.extra_edges === "number" ? sc.extra_edges.toFixed(2) : ""],
    ["Path probability", typeof sc.path_probability === "number" ? pct(sc.path_probability) : ""],
  ];
  return h("div", {},
    h("p", {class: "big-number"}, typeof sc.score === "number" ? sc.score.toFixed(3) : "",
      typeof sc.score_stderr === "number" ? h("span", {class: "small muted"}, ` ± ${(1.96 * sc.score_stderr).toFixed(3)}`) : null),
    h("p", {class: "small muted"}, "The objective the optimiser maximises, with its 95% interval."),
    h("dl", {class: "kv"}, rows.map(([k, v]) => [h("dt", {}, k), h("dd", {}, String(v ?? ""))])));
}

// setName reads a set of the list, given as a name or as {name, ...}.
function setName(x) {
  return typeof x === "string" ? x : x.name || x.id || "";
}
