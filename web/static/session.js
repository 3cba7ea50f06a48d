// A game session: the board as the server draws it with click targets laid
// over it, the move list, and the controls. The page follows the session
// live over its event stream (a WebSocket, or Server-Sent Events when the
// WebSocket cannot be opened) and fetches the state again after each event.

import {Motion} from "./animate.js";
import {Cursor} from "./cursor.js";
import {Browser, boardText} from "./browse.js";
import {diceView, stepsMade, usedDice} from "./dice.js";
import {Picker, difference} from "./moves.js";
import {stacks, targetBoxes} from "./places.js";
import {lastPlayed, lastThrow, moveTree, seatAt, seatDot, throwText, thrown} from "./tree.js";
import {Table} from "./table.js";
import {APIError, api, boardPicture, created, h, s, spinner, toast, tokens} from "./ui.js";

export function mount(main, {id}) {
  const base = `/api/sessions/${encodeURIComponent(id)}`;
  const held = tokens(id);
  let state = null; // the last state shown
  let geo = null; // the board's geometry
  let names = new Set();
  let stackOf = new Map(); // the places of a column drawn closer than a cell
  let picker = null;
  let shownBoard = -1; // the version whose board is drawn
  let closed = false;
  let busy = false; // a move or undo is on its way
  let lastSeat = -1; // the seat that made the current node's move
  let lastTh = null; // the last throw of dice on the game's line
  const motion = new Motion(); // the last move, animated

  const title = h("h1", {class: "session-title"}, "Game");
  const subtitle = h("code", {class: "muted small"});
  const seatsBox = h("div", {class: "seat-list"});
  const status = h("div", {class: "status", role: "status", "aria-live": "polite"}, spinner("Loading"), " Loading…");
  const live = h("span", {class: "live", title: "Live updates"}, "offline");
  const boardBox = h("div", {class: "board", "aria-busy": "true"});
  const cursor = new Cursor(boardBox); // the arrow keys' cursor over the board
  const diceBox = h("div", {class: "dice", hidden: true, "aria-live": "polite"});
  // The last move, said to screen readers as it is played.
  const announce = h("div", {class: "visually-hidden announce", "aria-live": "polite"});
  const choices = h("div", {class: "choices", hidden: true});
  const passBox = h("div", {class: "pass-box"});
  const moveInput = h("input", {type: "text", list: "legal-moves", placeholder: "Type a move", "aria-label": "Move", spellcheck: "false", autocomplete: "off"});
  const legalList = h("datalist", {id: "legal-moves"});
  const table = new Table({id, base, held, state: () => state, lastSeat: () => lastSeat, refresh: (st) => refresh(st)});
  const treeBox = h("div", {class: "tree-box"});
  // The record formats that write the game, once the server has said.
  const downloads = h("div", {class: "downloads"});
  // What the board shows: the game as it is, or a move of its list.
  const browser = new Browser({id, base, held, list: treeBox, state: () => state, redraw: () => drawView()});

  main.append(h("section", {class: "page session"},
    h("div", {class: "page-head"},
      h("div", {}, h("a", {class: "back", href: "#/"}, "← All games"), title, subtitle),
      h("div", {class: "head-actions"}, live,
        h("button", {class: "btn", type: "button", onclick: share}, "Copy link"), table.deleteBtn)),
    h("div", {class: "session-grid"},
      h("div", {class: "board-col"}, boardBox, browser.bar),
      h("aside", {class: "side-col"},
        h("div", {class: "card"}, status, announce, diceBox, table.offers, seatsBox, choices, passBox,
          h("form", {class: "move-form", onsubmit: (e) => {
            e.preventDefault();
            if (moveInput.value.trim()) play(moveInput.value.trim());
          }}, moveInput, legalList, h("button", {class: "btn", type: "submit"}, "Play")),
          table.controls),
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Moves"), treeBox),
        browser.analysis.card,
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Record"), downloads)))));

  const onKey = (e) => {
    if (e.key === "Escape" && picker) {
      picker.reset();
      choices.hidden = true;
      drawOverlay();
    }
  };
  document.addEventListener("keydown", onKey);

  // mySeat returns the seat this page may move for now, or -1.
  function mySeat() {
    if (!state || state.to_move === null || state.to_move === undefined || state.result || state.error) return -1;
    return held[state.to_move] ? state.to_move : -1;
  }

  // refresh fetches the state, and the board and the tree when the version
  // moved; calls that come while one runs are merged into one more run.
  let running = null;
  let again = false;
  // A state at hand (the answer to a move) saves the first fetch.
  function refresh(given) {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await load(given);
          given = undefined;
        } catch (err) {
          if (closed) return;
          if (err instanceof APIError && err.status === 404) {
            gone(err.message);
            return;
          }
          status.replaceChildren(h("span", {class: "error"}, err.message));
        }
      } while (again && !closed);
    })().finally(() => (running = null));
    return running;
  }

  async function load(given) {
    const st = given || (await api("GET", base));
    if (closed || (state && st.version < state.version)) return; // an older answer than the one shown
    if (!geo) {
      geo = await browser.frame(false);
      names = new Set(geo.cells.map((c) => c.name));
      downloads.replaceChildren(...(st.records || geo.records || ["ludus"]).map((f) =>
        h("button", {class: "btn btn-small", type: "button", "data-format": f, onclick: () => download(f)}, f.toUpperCase())));
    }
    if (st.version !== shownBoard) {
      browser.orient(await browser.frame(false), st);
      const seq = ++viewSeq; // a board asked for later is drawn instead
      const [svg, tree, fr] = await Promise.all([browser.browsing() ? null : boardText(browser.boardURL()),
        api("GET", `${base}/tree`), browser.frame(browser.flipped)]);
      if (closed) return;
      lastSeat = seatAt(tree);
      if (svg !== null && seq === viewSeq) {
        // One move further along the line, seen the same way up: its move
        // is animated.
        const next = state && st.moves.length === state.moves.length + 1 && geo === fr;
        geo = fr;
        drawBoard(svg, next ? st.last_move : null);
      }
      browser.setTree(tree, st);
      drawTree(st);
      lastTh = lastThrow(tree);
      announce.textContent = lastPlayed(tree, st.players);
      // Keep the current move in view inside the list (scrollIntoView
      // would scroll the page too).
      const cur = treeBox.querySelector(".current");
      if (cur && (cur.offsetTop < treeBox.scrollTop || cur.offsetTop + cur.offsetHeight > treeBox.scrollTop + treeBox.clientHeight)) {
        treeBox.scrollTop = cur.offsetTop - treeBox.clientHeight / 2;
      }
      shownBoard = st.version;
    }
    show(st);
  }

  // drawView draws the board the browser shows, and marks it in the list.
  let viewSeq = 0;
  async function drawView() {
    const seq = ++viewSeq;
    try {
      const [svg, fr] = await Promise.all([boardText(browser.boardURL()), browser.frame(browser.flipped)]);
      if (closed || seq !== viewSeq) return;
      geo = fr;
      drawBoard(svg);
      if (state) drawTree(state);
    } catch (err) {
      toast(err.message, "error");
    }
  }

  // drawTree draws the move list, paired where the records pair it.
  function drawTree(st) {
    if (!browser.tree) return;
    const paired = st.players.length === 2 && (geo.records || []).some((f) => f === "pgn" || f === "pdn");
    treeBox.replaceChildren(moveTree(browser.tree, st.players, geo.colors, {paired, shown: browser.path}));
  }

  // show draws a state: the status, the seats, and a fresh picker.
  function show(st) {
    const changed = !state || st.version !== state.version || st.thinking !== state.thinking;
    state = st;
    title.textContent = st.variant || st.game.replace(/\.zrf$/, "");
    subtitle.textContent = st.game;
    document.title = `${title.textContent} · ludus`;
    drawSeats();
    drawStatus();
    if (changed || !picker) {
      // Every move a person may choose, where the rules list one move a
      // position (each turn of a Pentago quadrant).
      picker = new Picker(mySeat() >= 0 ? st.every || st.legal || [] : [], names);
      choices.hidden = true;
    }
    legalList.replaceChildren(...(mySeat() >= 0 ? st.legal || [] : []).map((m) => h("option", {value: m})));
    moveInput.disabled = mySeat() < 0 || busy;
    passBox.replaceChildren(...(mySeat() >= 0 ? picker.pathless() : []).map((m) =>
      h("button", {class: "btn", type: "button", onclick: () => play(m)}, m)));
    table.show();
    drawOverlay();
  }

  function drawSeats() {
    seatsBox.replaceChildren(...state.players.map((p, i) => {
      const seat = state.seats[i] || {};
      const who = seat.kind === "bot" ? `bot ${seat.spec}` : held[i] ? "you" : seat.open ? "waiting for a player" : "human";
      const toMove = state.to_move === i && !state.result;
      return h("div", {class: `seat${toMove ? " to-move" : ""}${seat.open ? " open" : ""}`, "data-seat": i},
        h("div", {class: "seat-line"},
          seatDot(geo && geo.colors, i),
          h("span", {class: "seat-player"}, p),
          h("span", {class: "seat-who"}, who),
          toMove ? h("span", {class: "badge"}, state.thinking ? "thinking" : "to move") : null,
          table.clock(i)),
        table.seatExtras(i));
    }));
  }

  function drawStatus() {
    const st = state;
    let node;
    if (st.error) {
      node = h("span", {class: "error"}, `The rules failed: ${st.error}`);
    } else if (st.closed && !st.result) {
      node = h("span", {class: "closed", id: "closed"}, `This game was closed: ${st.closed}.`);
    } else if (st.result) {
      node = h("div", {class: "result", id: "result"}, h("strong", {}, resultText(st)),
        st.result.points ? h("div", {class: "points"}, st.result.points.map((v, i) => `${st.players[i]} ${v}`).join(" · ")) : null,
        st.result.rule ? h("div", {class: "muted small reason"}, `by the rule ${st.result.rule}`) : null,
        h("button", {class: "btn btn-primary btn-small rematch", type: "button", id: "rematch", onclick: rematch}, "Play again"));
    } else if (st.thinking) {
      const seat = st.seats[st.to_move] || {};
      node = h("span", {class: "thinking"}, spinner("Thinking"), ` ${st.players[st.to_move] || "Bot"} (${seat.spec || "bot"}) is thinking…`);
    } else if (st.to_move === null || st.to_move === undefined) {
      node = h("span", {}, spinner("Waiting"), " Waiting for a chance move…");
    } else if (busy) {
      node = h("span", {}, spinner("Sending"), " Sending…");
    } else if (mySeat() >= 0) {
      node = h("span", {class: "your-move"}, `Your move, ${st.players[st.to_move]}`, st.check ? h("strong", {class: "check"}, " — check") : null);
    } else {
      node = h("span", {}, `${st.players[st.to_move]} to move`, st.check ? h("strong", {class: "check"}, " — check") : null);
    }
    status.replaceChildren(h("div", {class: "status-main"}, node,
      st.fault ? h("div", {class: "fault small", role: "alert"}, st.fault) : null),
    h("span", {class: "version", title: `version ${st.version}`}, `move ${st.moves.length}`));
  }

  // drawDice shows the dice: numbered dice on the board (backgammon's)
  // by their faces, those the move begun has used greyed; other dice by
  // the last throw, each die and the total.
  function drawDice() {
    const dice = (state && state.dice) || [];
    if (dice.length) {
      let steps = [];
      const begun = mySeat() >= 0 && picker && picker.prefix.length ? picker.candidates()[0] : null;
      if (begun) steps = stepsMade(begun.move, picker.prefix, names);
      diceBox.hidden = false;
      diceBox.replaceChildren(...diceView(dice, usedDice(dice, steps)));
      return;
    }
    const th = lastTh;
    diceBox.hidden = !th;
    if (!th) return;
    diceBox.replaceChildren(h("span", {class: "dice-faces", "aria-hidden": "true"}, th.moves.map((m) => {
      const n = thrown([m]);
      return h("span", {class: `die${n ? " up" : ""}`, title: m}, n === null ? "?" : String(n));
    })),
    h("strong", {class: "dice-total"}, th.total === null ? "dice thrown" : throwText(th.moves)));
  }

  function drawBoard(svgText, move) {
    let pic, vb, w, hgt;
    try {
      ({pic, vb, w, hgt} = boardPicture(svgText, geo));
    } catch (err) {
      boardBox.replaceChildren(h("p", {class: "error"}, err.message));
      return;
    }
    // The click targets are made once per picture, so that a redraw of the
    // highlights keeps the keyboard focus where it is.
    stackOf = stacks(geo);
    const targets = s("g", {class: "targets"}, targetBoxes(geo).map((b) => s("rect", {
      class: "target", x: b.x, y: b.y, width: b.width, height: b.height,
      "data-cell": b.name, role: "button", tabindex: -1, "aria-label": b.name,
    })));
    const overlay = s("svg", {class: "board-overlay", viewBox: vb, role: "group", "aria-label": "Board"},
      s("g", {class: "highlights"}), targets);
    boardBox.style.aspectRatio = `${w} / ${hgt}`;
    boardBox.removeAttribute("aria-busy");
    const before = boardBox.querySelector(".board-picture");
    boardBox.replaceChildren(pic, overlay);
    motion.play(before, pic, geo, move);
    drawOverlay();
  }

  // drawOverlay lays the highlights and click targets over the board.
  function drawOverlay() {
    drawDice();
    const overlay = boardBox.querySelector(".board-overlay");
    if (!overlay || !geo || !state) return;
    const c = geo.cell;
    const at = new Map(geo.cells.map((x) => [x.name, x]));
    const layer = [];
    // A cell's outline, in the board's own shape.
    const sq = (name, cls) => {
      const p = at.get(name);
      if (!p) return null;
      if (geo.shape === "hex") {
        const r = c / Math.sqrt(3);
        const pts = [0, 1, 2, 3, 4, 5].map((i) => {
          const a = Math.PI / 6 + (i * Math.PI) / 3;
          return `${p.x + r * Math.cos(a)},${p.y + r * Math.sin(a)}`;
        });
        return s("polygon", {class: cls, points: pts.join(" ")});
      }
      if (geo.shape === "point") return s("circle", {class: cls, cx: p.x, cy: p.y, r: c * 0.42});
      return s("rect", {class: cls, x: p.x - c / 2, y: p.y - c / 2, width: c, height: c, rx: c * 0.08});
    };
    // The Kings in check, ringed, and the last move, of the position shown.
    const marks = browser.marks();
    for (const k of marks.check) layer.push(sq(k, "hl-check"));
    const lm = marks.last;
    if (lm) {
      if (lm.from) layer.push(sq(lm.from, "hl-last"));
      if (lm.to && lm.to !== lm.from) layer.push(sq(lm.to, "hl-last"));
      for (const cap of lm.captures || []) {
        const p = at.get(cap);
        if (p) layer.push(s("g", {class: "hl-capture"},
          s("circle", {cx: p.x, cy: p.y, r: c * 0.3}),
          s("path", {d: `M${p.x - c * 0.14} ${p.y - c * 0.14}l${c * 0.28} ${c * 0.28}m0 ${-c * 0.28}l${-c * 0.28} ${c * 0.28}`})));
      }
    }
    const mine = mySeat() >= 0 && !busy && picker && !browser.browsing();
    const next = mine ? (picker.prefix.length ? picker.next() : picker.starts()) : new Set();
    if (mine) {
      for (const name of picker.prefix) layer.push(sq(name, "hl-selected"));
      for (const name of next) {
        const p = at.get(name);
        if (!p) continue;
        layer.push(picker.prefix.length
          ? s("circle", {class: "hl-next", cx: p.x, cy: p.y, r: c * 0.16})
          : s("circle", {class: "hl-start", cx: p.x, cy: p.y, r: c * 0.13}));
      }
    }
    for (const t of overlay.querySelectorAll(".target")) {
      const name = t.dataset.cell;
      const active = next.has(name) || Boolean(mine && picker.prefix.includes(name));
      t.classList.toggle("active", active);
      t.classList.toggle("column", Boolean(mine && !active && columnStart(name) !== name));
      t.setAttribute("aria-label", name + (active ? "" : " (no move)"));
    }
    overlay.querySelector(".highlights").replaceChildren(...layer.filter(Boolean));
    overlay.classList.toggle("my-turn", Boolean(mine));
    cursor.sync();
  }

  // Clicks and drags: pressing a position selects it, releasing over
  // another one continues from there.
  // A release where the press was is a click, not a drag: where places
  // overlap (a backgammon point's checkers) the place under the pointer
  // may change with the highlights the press brings.
  let pressed = null, pressX = 0, pressY = 0;
  boardBox.addEventListener("pointerdown", (e) => {
    const t = e.target.closest("[data-cell]");
    if (!t || e.button !== 0) return;
    e.preventDefault();
    pressed = t.dataset.cell;
    [pressX, pressY] = [e.clientX, e.clientY];
    cell(pressed);
  });
  boardBox.addEventListener("pointerup", (e) => {
    const moved = Math.hypot(e.clientX - pressX, e.clientY - pressY) > 4;
    const under = moved && document.elementFromPoint(e.clientX, e.clientY);
    const t = under && under.closest && under.closest("[data-cell]");
    if (pressed && t && t.dataset.cell !== pressed) cell(t.dataset.cell);
    pressed = null;
  });
  boardBox.addEventListener("keydown", (e) => {
    const t = e.target.closest && e.target.closest("[data-cell]");
    if (t && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      cell(t.dataset.cell);
    }
  });

  function cell(name) {
    if (mySeat() < 0 || busy || !picker || browser.browsing()) return;
    const r = picker.click(columnStart(name));
    choices.hidden = true;
    if (r.move) {
      play(r.move);
      return;
    }
    if (r.choices) {
      const labels = difference(r.choices);
      choices.replaceChildren(h("p", {class: "small muted"}, "Which move?"),
        h("div", {class: "choice-buttons"}, r.choices.map((m, i) =>
          h("button", {class: "btn btn-primary btn-small", type: "button", title: m, onclick: () => play(m)}, labels[i]))),
        h("button", {class: "btn btn-ghost btn-small", type: "button", onclick: () => {
          picker.reset();
          choices.hidden = true;
          drawOverlay();
        }}, "Cancel"));
      choices.hidden = false;
    }
    drawOverlay();
  }

  // columnStart returns the position a click on name stands for: itself
  // when the move being chosen can start or go on there; on a stack of
  // places (a backgammon point), the nearest place of the stack where it
  // can, or the last one chosen (a click on the same point again takes
  // it back); elsewhere, the only start of name's column (a disc dropped
  // into connect four). Otherwise the click may start another move there.
  function columnStart(name) {
    const n = picker.prefix.length;
    const next = n ? picker.next() : picker.starts();
    const last = n ? picker.prefix[n - 1] : null;
    if (next.has(name) || name === last) return name;
    const stack = stackOf.get(name);
    if (stack) {
      const to = stack.find((p) => next.has(p.name) || p.name === last);
      return to ? to.name : name;
    }
    const at = geo.cells.find((c) => c.name === name);
    if (!at || n) return name;
    const column = [...next].map((m) => geo.cells.find((x) => x.name === m))
      .filter((c) => c && Math.abs(c.x - at.x) < geo.cell / 4);
    return column.length === 1 ? column[0].name : name;
  }

  async function play(move) {
    const seat = mySeat();
    if (seat < 0 || busy) return;
    busy = true;
    choices.hidden = true;
    drawOverlay();
    drawStatus();
    try {
      const st = await api("POST", `${base}/moves`, {token: held[seat], move, version: state.version});
      moveInput.value = "";
      busy = false;
      picker = null;
      if (browser.browsing()) browser.show(null);
      // The answer is the new state; the board and the move list are
      // fetched to show with it.
      refresh(st);
    } catch (err) {
      busy = false;
      toast(err.message, "error");
      if (picker) picker.reset();
      refresh();
    }
  }

  // rematch starts a new session of the same game with the same seats:
  // the seats this page holds are its own again, other people's are open
  // (with invites to send them).
  async function rematch() {
    try {
      const seats = state.seats.map((x, i) => (x.kind === "bot" ? {kind: "bot", spec: x.spec} : held[i] ? {kind: "human"} : {kind: "human", open: true}));
      const clock = state.clock ? {base: `${state.clock.base_ms}ms`, increment: `${state.clock.increment_ms}ms`} : undefined;
      const res = await api("POST", "/api/sessions", {game: state.game, variant: state.variant || "", seats, unlisted: !state.listed, clock});
      created(res);
      location.hash = `#/session/${res.id}`;
    } catch (err) {
      toast(err.message, "error");
    }
  }

  async function download(format) {
    try {
      const res = await fetch(`${base}/record?format=${format}`);
      if (!res.ok) {
        const body = await res.json().catch(() => ({}));
        throw new Error(body.error || `${res.status} ${res.statusText}`);
      }
      const blob = await res.blob();
      const a = h("a", {href: URL.createObjectURL(blob), download: `${(state && state.game.replace(/\.zrf$/, "")) || "game"}-${id}.${format === "ludus" ? "txt" : format}`});
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    } catch (err) {
      toast(`${format.toUpperCase()}: ${err.message}`, "error");
    }
  }

  async function share() {
    const url = location.href;
    try {
      await navigator.clipboard.writeText(url);
      toast("Link copied: anyone with it can watch.", "ok");
    } catch {
      prompt("The game's address:", url);
    }
  }

  function gone(why) {
    closed = true;
    main.replaceChildren(h("section", {class: "page narrow"}, h("h1", {}, "No such game"),
      h("p", {}, why), h("p", {}, h("a", {href: "#/"}, "Start a new game"))));
  }

  // The event stream: a WebSocket; after two that fail to open, Server-Sent
  // Events. Every event makes the page fetch the state again; while the
  // stream is down, the page polls. A stream that is refused (the server
  // has as many watchers as it takes) or ends at once is asked for again
  // later and later, never in a loop.
  let ws = null;
  let es = null;
  let wsFailures = 0;
  let failures = 0; // streams in a row refused or ended soon after opening
  let openedAt = 0;
  let retry = null;
  let poll = null;
  const seen = () => (state ? state.version : 0);
  function setLive(on, how) {
    live.textContent = on ? `live · ${how}` : "reconnecting…";
    live.classList.toggle("on", on);
    // Polling starts when the stream goes down and runs at its own pace
    // however often the stream is tried again meanwhile.
    if (on || closed) {
      clearInterval(poll);
      poll = null;
    } else if (!poll) {
      poll = setInterval(refresh, 3000);
    }
  }
  function onEvent(data) {
    let ev;
    try {
      ev = JSON.parse(data);
    } catch {
      return;
    }
    if (ev.note) toast(ev.note);
    if (!state || ev.version > state.version || ev.version !== shownBoard) refresh();
  }
  function opened(how) {
    openedAt = Date.now();
    setLive(true, how);
    refresh();
  }
  // reconnect asks for the stream again after a pause that doubles with
  // each failure in a row (0.5 s up to 30 s, give or take a quarter, so
  // that many pages do not come back at once); a stream that lived a
  // while is no failure.
  function reconnect() {
    clearTimeout(retry);
    if (closed) return;
    if (openedAt && Date.now() - openedAt > 10000) failures = 0;
    openedAt = 0;
    setLive(false);
    const pause = Math.min(30000, 500 * 2 ** Math.min(failures, 6)) * (0.75 + Math.random() / 2);
    failures++;
    retry = setTimeout(connect, pause);
  }
  function connect() {
    if (closed) return;
    const url = new URL(`${base}/events?since=${seen()}`, location.href);
    if (wsFailures >= 2 || !("WebSocket" in window)) {
      sse(url);
      return;
    }
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    try {
      ws = new WebSocket(url);
    } catch {
      wsFailures = 2;
      connect();
      return;
    }
    ws.onopen = () => {
      wsFailures = 0;
      opened("WebSocket");
    };
    ws.onmessage = (e) => onEvent(e.data);
    ws.onclose = () => {
      const wasOpen = openedAt > 0;
      ws = null;
      if (closed) return;
      if (!wasOpen) wsFailures++;
      reconnect();
    };
  }
  function sse(url) {
    url.protocol = location.protocol;
    es = new EventSource(url);
    es.onopen = () => opened("events");
    es.onmessage = (e) => onEvent(e.data);
    // The browser would open a stream that ended again on its own, at its
    // own pace, and never one that was refused: the page does both, as it
    // does for WebSockets.
    es.onerror = () => {
      es.close();
      es = null;
      reconnect();
    };
  }

  refresh().then(connect);

  return () => {
    closed = true;
    table.stop();
    browser.stop();
    clearTimeout(retry);
    clearInterval(poll);
    document.removeEventListener("keydown", onKey);
    if (ws) ws.close();
    if (es) es.close();
  };
}

// resultText says who won from the seats' scores, and how, in the words
// the server gives: "X wins: three in a row", "Draw by repetition".
export function resultText(st) {
  const sc = st.result.scores || [];
  const how = st.result.reason || "";
  if (!sc.length) return how ? `Game over: ${how}` : "Game over";
  const best = Math.max(...sc);
  const top = sc.map((v, i) => (v === best ? i : -1)).filter((i) => i >= 0);
  let who;
  if (top.length === sc.length) {
    if (how === "repetition") return "Draw by repetition";
    if (how === "points") return "Draw on points";
    if (/^draw\b/i.test(how)) return how[0].toUpperCase() + how.slice(1); // "draw agreed"
    who = "Draw";
  } else if (top.length === 1) {
    who = `${st.players[top[0]]} wins`;
    const pts = st.result.points;
    if (how === "points" && pts && pts.length === sc.length) {
      // By the margin over the next best, as Go players say: W+6.5.
      const margin = pts[top[0]] - Math.max(...pts.filter((_, i) => i !== top[0]));
      return `${who} by ${margin} point${margin === 1 ? "" : "s"}`;
    }
  } else {
    who = `${top.map((i) => st.players[i]).join(" and ")} win`;
  }
  return how ? `${who}: ${how}` : who;
}
