// The board games page: the games the server offers, a form to start a
// session with any mix of human and bot seats, rules file upload, and the
// recent sessions.

import {problemsNotice} from "./designer.js";
import {api, created, field, h, pref, saveTokens, spinner, toast, tokens} from "./ui.js";

// The bot specs offered in the seat fields (any spec of `ludus match` may
// be typed).
const BOT_SPECS = ["random", "mcts:iterations=500", "mcts:iterations=2000", "alphabeta:depth=2", "alphabeta:depth=4"];

// The clocks offered: each seat's time for the game, and what a move adds.
const CLOCKS = [
  {label: "No clock", value: ""},
  {label: "1 min", value: "1m+0s"},
  {label: "3 min + 2 s", value: "3m+2s"},
  {label: "5 min + 3 s", value: "5m+3s"},
  {label: "10 min + 5 s", value: "10m+5s"},
  {label: "30 min + 20 s", value: "30m+20s"},
];

export function mount(main) {
  const ctl = new AbortController();
  const gameList = h("div", {class: "game-grid", "aria-busy": "true"}, spinner("Loading games"));
  const formBox = h("div", {class: "card new-game", id: "new-game"});
  const recent = h("div", {class: "recent"});
  const openSeats = h("div", {class: "open-seats"});
  const specs = h("datalist", {id: "bot-specs"}, BOT_SPECS.map((v) => h("option", {value: v})));

  main.append(h("section", {class: "page"},
    h("div", {class: "page-head"},
      h("div", {},
        h("h1", {}, "Board games"),
        h("p", {class: "lead"}, "Play any game the engine reads, against people or bots. Share a game's address to let others watch.")),
      h("div", {class: "head-actions"},
        h("a", {class: "btn", href: `#/design/new?from=${encodeURIComponent(pref.get("game", "tic-tac-toe.zrf"))}`, id: "new-rules"}, "New game"),
        uploadButton((name) => loadGames(name)))),
    problemsNotice(ctl.signal),
    h("div", {class: "lobby"},
      h("div", {class: "lobby-games"}, h("h2", {class: "section-title"}, "Games"), gameList),
      h("aside", {class: "lobby-side"}, formBox,
        h("div", {class: "card", id: "open-seats"}, h("h2", {class: "card-title"}, "Open seats"), openSeats),
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Recent games"), recent))),
    specs));

  let games = [];
  let chosen = pref.get("game", "tic-tac-toe.zrf");

  async function loadGames(select) {
    try {
      games = await api("GET", "/api/games", undefined, {signal: ctl.signal});
    } catch (err) {
      if (err.name !== "AbortError") gameList.replaceChildren(h("p", {class: "error"}, err.message));
      return;
    }
    if (select) chosen = select;
    if (!games.some((g) => g.name === chosen) && games.length) chosen = games[0].name;
    drawGames();
    drawForm();
    loadOpen();
  }

  function drawGames() {
    gameList.removeAttribute("aria-busy");
    gameList.replaceChildren(...games.map((g) => {
      const on = g.name === chosen;
      return h("button", {
        class: `game-card${on ? " selected" : ""}`, type: "button", "aria-pressed": on ? "true" : "false",
        "data-game": g.name,
        onclick: () => {
          chosen = g.name;
          pref.set("game", chosen);
          drawGames();
          drawForm();
          if (window.matchMedia("(max-width: 860px)").matches) formBox.scrollIntoView({behavior: "smooth"});
        },
      },
      h("span", {class: "game-title"}, g.title || g.name),
      h("span", {class: "game-meta"}, g.players.join(" · ")),
      h("span", {class: "game-foot"},
        h("code", {}, g.name),
        g.source !== "bundled" ? h("span", {class: "badge"}, g.source) : null,
        g.notes && g.notes.length ? h("span", {class: "badge warn", title: g.notes.join("\n")}, "incomplete") : null,
        g.problem ? h("span", {class: "badge warn", title: g.problem.error}, "changed on disk: does not read") : null));
    }));
  }

  function drawForm() {
    const g = games.find((g) => g.name === chosen);
    if (!g) {
      formBox.replaceChildren(h("p", {}, "No games."));
      return;
    }
    const variants = g.variants || [];
    const variant = variants.length > 1 ? h("select", {name: "variant"},
      variants.map((v) => h("option", {value: String(v.index), selected: v.default || null}, v.title))) : null;
    const seatRows = g.players.map((p, i) => seatRow(p, i));
    const start = h("button", {class: "btn btn-primary btn-block", type: "submit", id: "start-game"}, "Start game");
    const listed = h("input", {type: "checkbox", name: "listed", id: "listed", checked: pref.get("listed", true) || null});
    const clock = h("select", {name: "clock", id: "clock"},
      CLOCKS.map((c) => h("option", {value: c.value, selected: c.value === pref.get("clock", "") || null}, c.label)));
    const form = h("form", {
      onsubmit: async (e) => {
        e.preventDefault();
        const seats = seatRows.map((r) => r.value());
        pref.set("seats", seats);
        pref.set("listed", listed.checked);
        pref.set("clock", clock.value);
        start.disabled = true;
        try {
          const [base, increment] = clock.value.split("+");
          const res = await api("POST", "/api/sessions", {game: g.name, variant: variant ? variant.value : "", seats,
            unlisted: !listed.checked, clock: base ? {base, increment} : undefined});
          created(res);
          location.hash = `#/session/${res.id}`;
        } catch (err) {
          toast(err.message, "error");
          start.disabled = false;
        }
      },
    },
    h("h2", {class: "card-title"}, `New game of ${g.title || g.name}`),
    g.notes && g.notes.length ? h("p", {class: "notice warn"}, "This rules file leaves rules to another program: ", g.notes.join("; ")) : null,
    variant ? field("Variant", variant) : null,
    h("fieldset", {class: "seats"}, h("legend", {}, "Seats"), seatRows.map((r) => r.node)),
    h("div", {class: "game-options"},
      field("Clock", clock),
      h("label", {class: "check"}, listed, " List in the lobby (others can watch and take open seats)")),
    start,
    h("a", {class: "btn btn-ghost btn-block design-link", href: `#/design/${encodeURIComponent(g.name)}`, id: "design-game"},
      "Rules, balance and match"),
    h("button", {class: "btn btn-block setup-position", type: "button", id: "setup-position", onclick: () => {
      location.hash = `#/editor/${encodeURIComponent(g.name)}?variant=${encodeURIComponent(variant ? variant.value : "")}`;
    }}, "Set up a position"));
    formBox.replaceChildren(form);
  }

  // seatRow is the choice of who plays a player: a human at this browser,
  // someone else (an open seat, with an invite link to send), or a bot by
  // its spec.
  function seatRow(player, i) {
    const saved = (pref.get("seats", []) || [])[i];
    const was = saved ? (saved.kind === "bot" ? "bot" : saved.open ? "open" : "human") : i > 0 ? "bot" : "human";
    const kind = h("select", {"aria-label": `${player}: who plays`, name: `seat-${i}`},
      h("option", {value: "human", selected: was === "human" || null}, "Human"),
      h("option", {value: "open", selected: was === "open" || null, title: "Someone else: an invite link to send them"}, "Invite"),
      h("option", {value: "bot", selected: was === "bot" || null}, "Bot"));
    const spec = h("input", {
      type: "text", list: "bot-specs", name: `spec-${i}`, "aria-label": `${player}: bot spec`,
      value: (saved && saved.spec) || "random", spellcheck: "false", autocomplete: "off",
    });
    const sync = () => (spec.hidden = kind.value !== "bot");
    kind.addEventListener("change", sync);
    sync();
    return {
      node: h("div", {class: "seat-row"}, h("span", {class: "seat-name"}, player), kind, spec),
      value: () => (kind.value === "bot" ? {kind: "bot", spec: spec.value.trim() || "random"}
        : kind.value === "open" ? {kind: "human", open: true} : {kind: "human"}),
    };
  }

  async function loadRecent() {
    let list;
    try {
      list = await api("GET", "/api/sessions?limit=12", undefined, {signal: ctl.signal});
    } catch (err) {
      if (err.name !== "AbortError") recent.replaceChildren(h("p", {class: "muted"}, err.message));
      return;
    }
    if (!list.length) {
      recent.replaceChildren(h("p", {class: "muted"}, "No games yet."));
      return;
    }
    recent.replaceChildren(h("ul", {class: "plain-list"}, list.map((s) => h("li", {},
      h("a", {href: `#/session/${s.id}`},
        h("span", {}, s.game.replace(/\.zrf$/, "")),
        h("span", {class: "muted small"}, ` ${s.seats.map((x) => (x.kind === "bot" ? x.spec : x.open ? "open seat" : "human")).join(" vs ")}`),
        h("time", {class: "muted small", datetime: s.created}, ago(s.created)))))));
  }

  // loadOpen lists the seats of listed games that wait for a player, each
  // with a button that takes it.
  async function loadOpen() {
    let list;
    try {
      list = await api("GET", "/api/sessions?open=true&limit=12", undefined, {signal: ctl.signal});
    } catch (err) {
      if (err.name !== "AbortError") openSeats.replaceChildren(h("p", {class: "muted"}, err.message));
      return;
    }
    const items = [];
    for (const s of list) {
      const g = games.find((x) => x.name === s.game);
      s.seats.forEach((x, i) => {
        if (!x.open) return;
        const player = (g && g.players[i]) || `seat ${i}`;
        items.push(h("li", {class: "open-seat"},
          h("a", {href: `#/session/${s.id}`}, h("span", {}, (g && g.title) || s.game.replace(/\.zrf$/, ""))),
          h("span", {class: "muted small"}, ` ${ago(s.created)}`),
          h("button", {class: "btn btn-primary btn-small join", type: "button", "data-session": s.id, "data-seat": i,
            onclick: () => join(s.id, i, player)}, `Play ${player}`)));
      });
    }
    openSeats.replaceChildren(items.length ? h("ul", {class: "plain-list"}, items)
      : h("p", {class: "muted"}, "No seat waits for a player. Start a game with a seat for someone else to list one here."));
  }

  async function join(id, seat, player) {
    try {
      const res = await api("POST", `/api/sessions/${encodeURIComponent(id)}/seats/${seat}/join`, {});
      const held = tokens(id);
      held[seat] = res.token;
      saveTokens(id, held);
      toast(`You play ${player}.`, "ok");
      location.hash = `#/session/${id}`;
    } catch (err) {
      toast(err.message, "error");
      loadOpen();
    }
  }

  loadGames();
  loadRecent();
  return () => ctl.abort();
}

// uploadButton reads a .zrf file and offers it as a new game. A file this
// page uploaded before (it keeps the key the server gave) is replaced: its
// running games keep the version they began with.
function uploadButton(done) {
  const input = h("input", {type: "file", accept: ".zrf,text/plain", class: "visually-hidden", id: "upload-zrf"});
  input.addEventListener("change", async () => {
    const f = input.files[0];
    input.value = "";
    if (!f) return;
    try {
      const text = await f.text();
      const replaced = await replaceUpload(f.name, text);
      const g = replaced || (await api("POST", `/api/games?name=${encodeURIComponent(f.name)}`, text));
      if (g.key) pref.set("uploadKeys", {...pref.get("uploadKeys", {}), [g.name.toLowerCase()]: g.key});
      toast(replaced ? `${g.title || g.name} replaced (version ${g.version})` : `${g.title || g.name} added`, "ok");
      pref.set("game", g.name);
      done(g.name);
    } catch (err) {
      toast(`${f.name}: ${err.message}`, "error");
    }
  });
  return h("label", {class: "btn", for: "upload-zrf"}, input, "Upload rules (.zrf)");
}

// replaceUpload replaces the upload of a name with its key, if the page
// holds one; null when it does not, or the upload is gone.
async function replaceUpload(name, text) {
  const keys = pref.get("uploadKeys", {});
  const key = keys[name.toLowerCase()];
  if (!key) return null;
  try {
    return await api("PUT", `/api/games/${encodeURIComponent(name)}`, text, {headers: {Authorization: `Bearer ${key}`}});
  } catch (err) {
    if (err.status !== 404) throw err;
    delete keys[name.toLowerCase()];
    pref.set("uploadKeys", keys);
    return null;
  }
}

// ago writes a time as "5 min ago".
function ago(iso) {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return "";
  const s = Math.max(0, (Date.now() - t) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(t).toLocaleDateString();
}
