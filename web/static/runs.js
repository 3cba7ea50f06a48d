// Balance and match runs of a game, started from the designer's page: a
// form (the kind of run, the bots, how many games, the seed), the run's
// progress while the server plays it, then the statistics and the charts
// ludus balance and ludus match print and draw, and the game's runs kept
// in the store. The server plays runs on its own slots, bounded; the key
// a start gives (kept in this browser) cancels the run.

import {api, field, h, pref, spinner, svgFrom, toast} from "./ui.js";

// The bots offered (any spec of ludus match may be typed).
const SPECS = ["random", "mcts:iterations=200", "mcts:iterations=1000", "alphabeta:depth=2", "alphabeta:depth=3"];

// mountRuns draws the form and the list of runs of game (as GET /api/games
// describes it) into box, and a run's report into report.
export function mountRuns({box, report, game, signal}) {
  const kind = h("select", {name: "kind", id: "run-kind"},
    h("option", {value: "balance"}, "Balance: one bot plays every seat"),
    h("option", {value: "match"}, "Match: a bot a seat, seats turning"));
  kind.value = pref.get("run.kind", "balance");
  const botsBox = h("div", {class: "run-bots"});
  const games = h("input", {type: "number", min: 1, name: "games", id: "run-games", value: pref.get("run.games", 100)});
  const seed = h("input", {type: "number", min: 0, name: "seed", id: "run-seed", value: pref.get("run.seed", 1)});
  const start = h("button", {class: "btn btn-primary", type: "submit", id: "run-start"}, "Start");
  const list = h("ul", {class: "plain-list run-list", id: "run-list"});
  const kinds = h("details", {class: "small"}, h("summary", {}, "Bot specs"), h("div", {class: "bot-kinds"}, spinner("Loading")));
  let bots = [];

  function drawBots() {
    const seats = kind.value === "balance" ? ["Every seat"] : game.players;
    const saved = pref.get("run.bots", []);
    bots = seats.map((p, i) => h("input", {type: "text", list: "run-bot-specs", name: `run-bot-${i}`, "aria-label": `${p}: bot`,
      value: saved[i] || (i === 0 ? "mcts:iterations=200" : "random"), spellcheck: "false", autocomplete: "off"}));
    botsBox.replaceChildren(...bots.map((b, i) => field(seats[i], b)));
  }
  kind.addEventListener("change", drawBots);
  drawBots();

  box.replaceChildren(h("form", {class: "run-form", onsubmit: async (e) => {
    e.preventDefault();
    const req = {kind: kind.value, game: game.name, bots: bots.map((b) => b.value.trim()),
      games: Number(games.value) || 0, seed: Number(seed.value) || 0};
    pref.set("run.kind", req.kind);
    pref.set("run.games", req.games);
    pref.set("run.seed", req.seed);
    pref.set("run.bots", req.bots);
    start.disabled = true;
    try {
      const res = await api("POST", "/api/runs", req, {signal});
      if (res.key) pref.set("runKeys", {...pref.get("runKeys", {}), [res.id]: res.key});
      toast(res.key ? `Run ${res.id} started.` : `Run ${res.id} of these settings is under way already.`, "ok");
      show(res.id);
      loadList();
    } catch (err) {
      if (err.name !== "AbortError") toast(err.message, "error");
    } finally {
      start.disabled = false;
    }
  }},
  field("Run", kind), botsBox,
  h("div", {class: "inline-fields"}, field("Games", games), field("Seed", seed)),
  h("datalist", {id: "run-bot-specs"}, SPECS.map((v) => h("option", {value: v}))),
  h("div", {class: "row gap run-actions"}, start), kinds),
  h("h3", {class: "section-title run-list-title"}, "Runs of this game"), list);

  api("GET", "/api/bots", undefined, {signal}).then((ks) => {
    kinds.lastChild.replaceChildren(h("dl", {class: "kv"}, ks.map((k) => [
      h("dt", {}, k.name),
      h("dd", {}, k.doc, k.params.length ? h("div", {class: "muted"}, k.params.map((p) => p.name).join(", ")) : null)])));
  }).catch(() => kinds.lastChild.replaceChildren());

  async function loadList() {
    let runs;
    try {
      runs = await api("GET", `/api/runs?game=${encodeURIComponent(game.name)}&limit=20`, undefined, {signal});
    } catch (err) {
      if (err.name !== "AbortError") list.replaceChildren(h("li", {class: "muted small"}, err.message));
      return;
    }
    if (!runs.length) {
      list.replaceChildren(h("li", {class: "muted small"}, "No runs yet."));
      return;
    }
    list.replaceChildren(...runs.map((r) => h("li", {},
      h("a", {href: "#", "data-run": r.id, onclick: (e) => {
        e.preventDefault();
        show(r.id);
      }},
      h("span", {}, `#${r.id} ${r.kind}`),
      h("span", {class: "muted small"}, ` ${r.bots.join(" vs ")}, ${r.done}/${r.games}`),
      h("span", {class: `badge ${r.status === "done" ? "ok" : r.live ? "" : "warn"}`}, r.status)))));
  }

  // shown is the run the report shows; poll follows it while it plays.
  let shown = 0;
  let timer = null;
  let lastPlot = 0;
  signal.addEventListener("abort", () => clearTimeout(timer));

  async function show(id) {
    clearTimeout(timer);
    shown = id;
    lastPlot = -1;
    report.hidden = false;
    report.replaceChildren(h("div", {class: "card"}, spinner("Loading"), ` Run ${id}…`));
    await poll(id);
    report.scrollIntoView({behavior: "smooth", block: "start"});
  }

  async function poll(id) {
    let run;
    try {
      run = await api("GET", `/api/runs/${id}`, undefined, {signal});
    } catch (err) {
      if (err.name !== "AbortError" && id === shown) report.replaceChildren(h("div", {class: "card error"}, err.message));
      return;
    }
    if (id !== shown) return;
    draw(run);
    if (run.live) timer = setTimeout(() => poll(id), 700);
    else loadList();
  }

  function draw(run) {
    let card = report.querySelector(".run-card");
    if (!card || Number(card.dataset.run) !== run.id) {
      card = h("div", {class: "card run-card", "data-run": run.id},
        h("div", {class: "run-head"}), h("progress", {class: "run-progress"}), h("div", {class: "run-body"},
          h("pre", {class: "run-text", id: "run-text"}), h("div", {class: "picture run-plot", id: "run-plot"})));
      report.replaceChildren(card);
    }
    const key = pref.get("runKeys", {})[run.id];
    card.querySelector(".run-head").replaceChildren(...[
      h("h2", {class: "card-title"}, `Run ${run.id}: ${run.kind} of ${run.title || run.game}`),
      h("p", {class: "small muted"}, `${run.bots.join(" vs ")}, ${run.games} games, seed ${run.seed}. `,
        h("span", {class: "run-status", id: "run-status"}, statusText(run))),
      run.error ? h("p", {class: "notice warn"}, run.error) : null,
      run.live && key ? h("button", {class: "btn btn-small", type: "button", id: "run-cancel", onclick: () => cancel(run.id, key)}, "Cancel") : null,
    ].filter(Boolean));
    const bar = card.querySelector(".run-progress");
    bar.max = run.games;
    bar.value = run.done;
    bar.hidden = !run.live;
    card.querySelector(".run-text").textContent = run.text || (run.done ? "" : "No game played yet.");
    // The charts: at the end, and now and then while the games come.
    if (run.done > 0 && (!run.live || run.done - lastPlot >= Math.max(5, run.games / 10)) && run.done !== lastPlot) {
      lastPlot = run.done;
      plot(run.id, card.querySelector(".run-plot"), run.done);
    }
  }

  // plotted counts the charts asked for, so that an answer overtaken by a
  // later one is dropped.
  let plotted = 0;
  async function plot(id, box, done) {
    const n = ++plotted;
    try {
      const res = await fetch(`/api/runs/${id}/plot.svg`, {signal});
      if (!res.ok) return;
      const svg = svgFrom(await res.text());
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", `Charts of run ${id}`);
      if (id === shown && n === plotted) {
        box.replaceChildren(svg);
        box.dataset.done = done; // the games the charts are of
      }
    } catch {
      // The charts come again with the next games.
    }
  }

  async function cancel(id, key) {
    try {
      await api("POST", `/api/runs/${id}/cancel`, undefined, {headers: {Authorization: `Bearer ${key}`}, signal});
      toast(`Run ${id} cancelled.`, "ok");
    } catch (err) {
      if (err.name !== "AbortError") toast(err.message, "error");
    }
  }

  loadList();
}

// statusText says how far a run is.
function statusText(run) {
  switch (run.status) {
    case "queued":
      return "Waiting for a free slot of the server.";
    case "running":
      return `Playing: ${run.done} of ${run.games} games.`;
    case "done":
      return `Done: ${run.done} games.`;
    case "interrupted":
      return `Cancelled after ${run.done} of ${run.games} games.`;
    case "stopped":
      return `Stopped by a restart after ${run.done} of ${run.games} games.`;
    default:
      return `${run.status}: ${run.done} of ${run.games} games.`;
  }
}
