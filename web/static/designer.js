// The designer's page of a game (#/design/NAME), or of a new one
// (#/design/new?from=NAME): its rules file in an editor, checked by the
// server with each problem pinned to its line; saved as the upload's next
// version; played against bots, with the offer to restart a game on the
// new version once saved (games under way keep theirs); and the game's
// balance and match runs (runs.js). A file the server offers of its own
// (bundled, or from its games folder) opens read-only, to copy.

import {CodeEditor} from "./editor.js";
import {mountRuns} from "./runs.js";
import {APIError, api, created, field, h, pref, spinner, toast} from "./ui.js";

export function mount(main, params) {
  const ctl = new AbortController();
  const query = new URLSearchParams(location.hash.split("?")[1] || "");
  const isNew = !params.name;
  const state = {name: params.name || "", info: null, version: 0, source: "", editable: isNew};

  const editor = new CodeEditor({onInput: () => (dirty.hidden = false)});
  const title = h("h1", {}, isNew ? "A new game" : "Rules");
  const subtitle = h("div", {class: "row gap small muted"});
  const nameInput = h("input", {type: "text", id: "design-name", name: "name", spellcheck: "false", autocomplete: "off",
    "aria-label": "File name", placeholder: "my-game.zrf"});
  const checkBtn = h("button", {class: "btn", type: "button", id: "design-check", onclick: check}, "Check");
  const saveBtn = h("button", {class: "btn btn-primary", type: "button", id: "design-save", onclick: save}, "Save");
  const dirty = h("span", {class: "badge warn", hidden: true}, "changed");
  const notice = h("div", {class: "design-notice"});
  const problemsBox = h("div", {class: "problems", id: "design-problems", "aria-live": "polite"},
    h("p", {class: "small muted"}, "Check reads the file as the server would, without keeping it."));
  const playBox = h("div", {});
  const restartBox = h("div", {id: "design-restart"});
  const runsBox = h("div", {});
  const reportBox = h("section", {class: "run-report", id: "run-report", hidden: true});

  main.append(h("section", {class: "page designer"},
    h("div", {class: "page-head"},
      h("div", {}, h("a", {class: "back", href: "#/"}, "← All games"), title, subtitle),
      h("div", {class: "head-actions"}, dirty)),
    notice,
    h("div", {class: "design-grid"},
      h("div", {class: "card design-main"},
        h("div", {class: "design-bar row gap"}, h("div", {class: "grow design-name"}, nameInput), checkBtn, saveBtn),
        editor.node,
        h("div", {class: "row gap design-foot"}, editor.where)),
      h("aside", {},
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Problems"), problemsBox),
        restartBox,
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Play"), playBox),
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Balance and match"), runsBox))),
    reportBox));

  async function load() {
    editor.value = "";
    let games;
    let src;
    try {
      games = await api("GET", "/api/games", undefined, {signal: ctl.signal});
      const from = isNew ? query.get("from") || "tic-tac-toe.zrf" : state.name;
      src = await api("GET", `/api/games/source?name=${encodeURIComponent(from)}`, undefined, {signal: ctl.signal});
    } catch (err) {
      if (err.name !== "AbortError") notice.replaceChildren(h("p", {class: "notice warn"}, err.message));
      return;
    }
    state.info = games.find((g) => g.name === state.name) || null;
    state.source = isNew ? "new" : src.source;
    state.version = isNew ? 0 : src.version || 0;
    state.editable = isNew || (src.source === "upload" && !!keyOf(state.name));
    editor.readOnly = !state.editable || !!src.problem;
    editor.value = src.problem && src.problem.text ? src.problem.text : src.text;
    dirty.hidden = true;
    if (isNew) {
      nameInput.value = `my-${src.name.split("/").pop()}`;
      saveBtn.textContent = "Save as a new game";
    } else if (!state.editable) {
      nameInput.value = `my-${state.name.split("/").pop()}`;
      saveBtn.textContent = "Copy to my games";
    } else {
      nameInput.value = state.name;
      nameInput.readOnly = true;
    }
    nameInput.title = state.editable && !isNew ? "" : "The name your copy is saved under";
    drawHead(src);
    if (src.problem) {
      pin(src.problem.errors, [], []);
      listProblems({ok: false, error: src.problem.error, errors: src.problem.errors, warnings: [], notes: []});
    }
    drawPlay();
    offerRestart();
    if (!isNew && state.info) mountRuns({box: runsBox, report: reportBox, game: state.info, signal: ctl.signal});
    else runsBox.replaceChildren(h("p", {class: "small muted"}, "Save the game to play runs of it."));
    document.title = `${isNew ? "New game" : (state.info && state.info.title) || state.name} · ludus`;
  }

  function drawHead(src) {
    const g = state.info;
    title.textContent = isNew ? "A new game" : (g && g.title) || state.name;
    const bits = [];
    if (isNew) bits.push(h("span", {}, `From ${src.name}: save it under a name of your own.`));
    else {
      bits.push(h("code", {}, state.name));
      bits.push(h("span", {class: "badge", id: "design-source"}, src.source === "dir" ? "games folder" : src.source));
      if (state.version) bits.push(h("span", {class: "badge ok", id: "design-version"}, `version ${state.version}`));
      if (!state.editable) {
        bits.push(h("span", {}, src.source === "upload"
          ? "Uploaded from another browser: read-only here."
          : "Read-only: copy it to your games to change it."));
      }
    }
    subtitle.replaceChildren(...bits);
    if (src.problem) {
      notice.replaceChildren(h("p", {class: "notice warn", id: "design-broken"},
        src.text ? `The file on disk does not read: version ${src.version}, the last that did, is played meanwhile. ` : "The file on disk does not read. ",
        src.problem.error));
    } else notice.replaceChildren();
  }

  // check asks the server to read the text, keeping nothing.
  async function check() {
    checkBtn.disabled = true;
    problemsBox.replaceChildren(h("p", {class: "muted small"}, spinner("Checking"), " Checking…"));
    try {
      const name = fileName();
      const res = await api("POST", `/api/games/check?name=${encodeURIComponent(name)}`, editor.value, {signal: ctl.signal});
      pin(res.errors, res.warnings, res.notes);
      listProblems(res);
      return res;
    } catch (err) {
      if (err.name !== "AbortError") problemsBox.replaceChildren(h("p", {class: "error"}, err.message));
      return null;
    } finally {
      checkBtn.disabled = false;
    }
  }

  // fileName is the name the text is checked and saved under.
  function fileName() {
    const n = state.editable && !isNew ? state.name : nameInput.value.trim() || "rules.zrf";
    return n.split("/").pop();
  }

  function pin(errors, warnings, notes) {
    editor.setProblems([
      ...(errors || []).map((p) => ({...p, kind: "error"})),
      ...(warnings || []).map((p) => ({...p, kind: "warning"})),
      ...(notes || []).map((p) => ({...p, kind: "note"})),
    ]);
  }

  function listProblems(res) {
    const items = [];
    const add = (list, kind, label) => {
      for (const p of list || []) {
        const where = p.line ? `Line ${p.line}, column ${p.col}` : "";
        items.push(h("li", {class: `problem ${kind}`},
          h("button", {class: "problem-at", type: "button", "data-line": p.line || 0, disabled: !p.line || null,
            onclick: () => editor.goTo(p.line, p.col)},
          h("span", {class: "problem-kind"}, label), where ? h("span", {class: "problem-where"}, where) : null),
          h("div", {class: "problem-msg"}, p.msg)));
      }
    };
    add(res.errors, "err", "Error");
    add(res.warnings, "warn", "Warning");
    add(res.notes, "note", "Left to another program");
    const head = res.ok
      ? h("p", {class: "notice ok", id: "design-ok"}, `It reads: ${res.game.title}, ${res.game.players.join(" · ")}${
        res.game.variants.length > 1 ? `, ${res.game.variants.length} variants` : ""}.`)
      : h("p", {class: "notice warn"}, res.errors.length > 1 ? `${res.errors.length} problems stop it.` : "It does not read.");
    problemsBox.replaceChildren(head, items.length ? h("ul", {class: "plain-list problem-list"}, items) : null);
  }

  // save keeps the text: the upload's next version, or a new upload (a
  // new game, or a copy of one the page may not change).
  async function save() {
    saveBtn.disabled = true;
    try {
      if (state.editable && !isNew) {
        const info = await api("PUT", `/api/games/${encodeURIComponent(state.name)}`, editor.value,
          {headers: {Authorization: `Bearer ${keyOf(state.name)}`}, signal: ctl.signal});
        const was = state.version;
        state.info = info;
        state.version = info.version;
        dirty.hidden = true;
        editor.setProblems([]);
        toast(info.version === was ? "No change." : `Saved: version ${info.version}.`, "ok");
        drawHead({source: "upload", name: state.name});
        offerRestart();
        return;
      }
      const name = nameInput.value.trim();
      const up = await api("POST", `/api/games?name=${encodeURIComponent(name)}`, editor.value, {signal: ctl.signal});
      if (up.key) pref.set("uploadKeys", {...pref.get("uploadKeys", {}), [up.name.toLowerCase()]: up.key});
      toast(`${up.title || up.name} saved as ${up.name}.`, "ok");
      location.hash = `#/design/${encodeURIComponent(up.name)}`;
    } catch (err) {
      if (err.name === "AbortError") return;
      if (err instanceof APIError && err.data && err.data.errors) {
        pin(err.data.errors, [], []);
        listProblems({ok: false, error: err.message, errors: err.data.errors, warnings: [], notes: []});
      }
      toast(err.message, "error");
    } finally {
      saveBtn.disabled = false;
    }
  }

  // drawPlay is the form that starts a game of the saved version against
  // bots, remembered so that a later version can offer to restart it.
  function drawPlay() {
    const g = state.info;
    if (!g) {
      playBox.replaceChildren(h("p", {class: "small muted"}, "Save the game to play it."));
      return;
    }
    const bots = g.players.slice(1).map((p, i) => h("input", {type: "text", list: "design-bot-specs", name: `bot-${i + 1}`,
      "aria-label": `${p}: bot`, value: pref.get("design.bot", "random"), spellcheck: "false", autocomplete: "off"}));
    const start = h("button", {class: "btn btn-primary", type: "submit", id: "design-play"}, "Play");
    playBox.replaceChildren(h("form", {onsubmit: async (e) => {
      e.preventDefault();
      start.disabled = true;
      const seats = [{kind: "human"}, ...bots.map((b) => ({kind: "bot", spec: b.value.trim() || "random"}))];
      pref.set("design.bot", seats.length > 1 ? seats[1].spec : "random");
      try {
        await startSession(seats);
      } catch (err) {
        toast(err.message, "error");
        start.disabled = false;
      }
    }},
    h("p", {class: "small muted"}, `You play ${g.players[0]}${g.players.length > 1 ? "; bots play the others." : "."}`),
    bots.map((b, i) => field(g.players[i + 1], b)),
    h("datalist", {id: "design-bot-specs"}, ["random", "mcts:iterations=500", "alphabeta:depth=2"].map((v) => h("option", {value: v}))),
    start));
  }

  async function startSession(seats) {
    const res = await api("POST", "/api/sessions", {game: state.name, seats, unlisted: true});
    created(res);
    const kept = pref.get("design.sessions", {});
    kept[state.name] = {id: res.id, version: state.version};
    pref.set("design.sessions", kept);
    location.hash = `#/session/${res.id}`;
  }

  // offerRestart offers to restart the game started here last when it
  // plays an earlier version than the one saved.
  function offerRestart() {
    const kept = pref.get("design.sessions", {})[state.name];
    if (!kept || !state.version || kept.version >= state.version || kept.dismissed === state.version) {
      restartBox.replaceChildren();
      return;
    }
    restartBox.replaceChildren(h("div", {class: "card restart"},
      h("h2", {class: "card-title"}, "Your game"),
      h("p", {class: "small"}, `Your `, h("a", {href: `#/session/${kept.id}`}, "game"),
        ` plays version ${kept.version}, and goes on with it. Restart it on version ${state.version}?`),
      h("div", {class: "row gap"},
        h("button", {class: "btn btn-primary btn-small", type: "button", id: "design-restart-yes", onclick: restart},
          `Restart on version ${state.version}`),
        h("button", {class: "btn btn-small", type: "button", id: "design-restart-no", onclick: () => {
          const all = pref.get("design.sessions", {});
          all[state.name] = {...kept, dismissed: state.version};
          pref.set("design.sessions", all);
          restartBox.replaceChildren();
        }}, "Keep it"))));

    async function restart() {
      try {
        const old = await api("GET", `/api/sessions/${encodeURIComponent(kept.id)}`, undefined, {signal: ctl.signal});
        await startSession(old.seats.map((s) => (s.kind === "bot" ? {kind: "bot", spec: s.spec} : {kind: "human"})));
      } catch (err) {
        if (err.name !== "AbortError") toast(err.message, "error");
      }
    }
  }

  load();
  return () => ctl.abort();
}

// keyOf returns the key this browser holds of an upload, if any.
function keyOf(name) {
  return pref.get("uploadKeys", {})[name.toLowerCase()] || "";
}

// problemsNotice lists the files of the server's games folder that do not
// read, each a link to its page; it is empty when there are none.
export function problemsNotice(signal) {
  const box = h("div", {class: "files-problems", id: "files-problems"});
  api("GET", "/api/games/problems", undefined, {signal}).then((list) => {
    if (!list || !list.length) return;
    box.replaceChildren(h("div", {class: "notice warn"},
      `${list.length === 1 ? "A file" : `${list.length} files`} of the games folder ${list.length === 1 ? "does" : "do"} not read: `,
      list.map((p, i) => [i ? ", " : "", h("a", {href: `#/design/${encodeURIComponent(p.name)}`, title: p.error}, p.name),
        p.offered ? " (its last good version is played)" : ""])));
  }).catch(() => {});
  return box;
}
