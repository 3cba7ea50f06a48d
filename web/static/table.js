// The table of a game session: what its seats do besides moving. Invite
// links for the open seats this page created, a join button for an open
// seat the page may take, the clocks, resign, draw offers and takebacks
// (asked for and answered), and the creator's delete.

import {api, h, keep, kept, saveTokens, toast} from "./ui.js";

// Table draws and drives the table of one session. ctx gives it the
// session's id and API base, the tokens held by seat (an array it adds
// joined seats to), the last state shown, the seat of the last move, and
// refresh(state) to show a new state.
export class Table {
  constructor(ctx) {
    this.ctx = ctx;
    this.secrets = kept(ctx.id);
    const q = new URLSearchParams(location.hash.split("?")[1] || "");
    // An invite link: #/session/ID?seat=N&invite=SECRET.
    this.invited = q.get("invite") ? {seat: Number(q.get("seat")), invite: q.get("invite")} : null;
    this.busy = false;
    this.armed = null; // the button clicked once, waiting for a second click
    this.clockAt = 0; // when the shown clock was received
    this.ticker = setInterval(() => this.tick(), 200);

    this.undoBtn = h("button", {class: "btn", type: "button", id: "takeback", onclick: () => this.takeBack()}, "Undo");
    this.drawBtn = h("button", {class: "btn", type: "button", id: "offer-draw", onclick: () => this.offer("draw")}, "Offer draw");
    this.resignBtn = h("button", {class: "btn", type: "button", id: "resign", onclick: () => this.confirm(this.resignBtn, "Really resign?", () => this.resign())}, "Resign");
    this.controls = h("div", {class: "row gap table-controls"}, this.undoBtn, this.drawBtn, this.resignBtn);
    this.offers = h("div", {class: "offers", "aria-live": "polite"});
    this.deleteBtn = h("button", {class: "btn", type: "button", id: "delete-game", hidden: !this.secrets.creator,
      onclick: () => this.confirm(this.deleteBtn, "Really delete?", () => this.remove())}, "Delete");
  }

  stop() {
    clearInterval(this.ticker);
  }

  get st() {
    return this.ctx.state();
  }

  // mine returns the seats this page holds.
  mine() {
    return this.ctx.held.map((t, i) => (t ? i : -1)).filter((i) => i >= 0);
  }

  live() {
    const st = this.st;
    return st && !st.result && !st.closed && !st.error;
  }

  // alone reports whether a seat may take back without asking: every other
  // seat is a bot or has no player.
  alone(seat) {
    return this.st.seats.every((x, i) => i === seat || x.kind === "bot" || x.open);
  }

  // show updates the controls and the offers for a new state.
  show() {
    const st = this.st;
    this.clockAt = performance.now();
    const mine = this.mine();
    const live = this.live();
    const asker = this.asker();
    const pending = (kind) => (st.offers || []).find((o) => o.kind === kind);
    const solo = asker >= 0 && (this.alone(asker) || this.holdsOthers(asker));
    this.undoBtn.textContent = solo ? "Undo" : pending("takeback") && pending("takeback").seat === asker ? "Takeback asked" : "Ask to take back";
    this.undoBtn.disabled = this.busy || !live || asker < 0 || !st.moves.length || Boolean(pending("takeback"));
    const humans = st.seats.every((x) => x.kind === "human" && !x.open);
    this.drawBtn.hidden = !humans || !mine.length;
    this.drawBtn.disabled = this.busy || !live || Boolean(pending("draw"));
    this.resignBtn.hidden = !mine.length;
    this.resignBtn.disabled = this.busy || !live;
    this.controls.hidden = !mine.length || !live;
    this.drawOffers();
  }

  // asker returns the seat a takeback is asked for: the seat that made the
  // last move when held (two people at one screen), else a seat held
  // that has moved.
  asker() {
    const held = this.ctx.held;
    const last = this.ctx.lastSeat();
    if (last >= 0 && held[last]) return last;
    const mine = this.mine();
    return mine.length ? mine[0] : -1;
  }

  // holdsOthers reports whether this page holds every other seat that has
  // a say: it can agree with itself.
  holdsOthers(seat) {
    return this.st.seats.every((x, i) => i === seat || x.kind === "bot" || x.open || this.ctx.held[i]);
  }

  drawOffers() {
    const st = this.st;
    const held = this.ctx.held;
    this.offers.replaceChildren(...(st.offers || []).map((o) => {
      const who = st.players[o.seat] || `Seat ${o.seat}`;
      const what = o.kind === "draw" ? "offers a draw" : "asks to take back their last move";
      const answerer = this.mine().find((i) => i !== o.seat && !o.accepted.includes(i));
      let buttons = [];
      if (held[o.seat] && answerer === undefined) {
        buttons = [h("button", {class: "btn btn-small withdraw", type: "button", onclick: () => this.answer(o.kind, "decline", held[o.seat])}, "Withdraw")];
      } else if (answerer !== undefined) {
        buttons = [
          h("button", {class: "btn btn-primary btn-small accept", type: "button", onclick: () => this.answer(o.kind, "accept", held[answerer])}, "Accept"),
          h("button", {class: "btn btn-small decline", type: "button", onclick: () => this.answer(o.kind, "decline", held[answerer])}, "Decline"),
        ];
      }
      return h("div", {class: "offer notice", "data-kind": o.kind, "data-seat": o.seat},
        h("span", {}, held[o.seat] && answerer === undefined ? `You ${o.kind === "draw" ? "offered a draw" : "asked to take back"}: waiting for an answer.` : `${who} ${what}.`),
        h("span", {class: "row gap"}, buttons));
    }));
  }

  // clock returns a seat's clock, or null.
  clock(i) {
    const c = this.st.clock;
    if (!c) return null;
    return h("span", {class: `clock${c.running === i ? " running" : ""}`, "data-seat": i}, clockText(c.left_ms[i]));
  }

  // seatExtras returns what an open seat's row shows below its player: its
  // invite link, or a button that takes it.
  seatExtras(i) {
    const st = this.st;
    const out = [];
    const seat = st.seats[i] || {};
    if (!seat.open || st.closed || st.result) return out;
    const invite = (this.secrets.invites || [])[i];
    if (invite) {
      const link = `${location.origin}${location.pathname}#/session/${this.ctx.id}?seat=${i}&invite=${invite}`;
      const input = h("input", {class: "invite-link", type: "text", readonly: true, value: link, "aria-label": `Invite link for ${st.players[i]}`});
      out.push(h("div", {class: "invite", "data-seat": i}, input,
        h("button", {class: "btn btn-small copy", type: "button", onclick: () => copy(input, "Invite link copied: whoever opens it takes the seat.")}, "Copy invite")));
    } else if ((this.invited && this.invited.seat === i) || (st.listed && !this.mine().length)) {
      out.push(h("button", {class: "btn btn-primary btn-small join", type: "button", "data-seat": i, onclick: () => this.join(i)}, `Join as ${st.players[i]}`));
    }
    return out;
  }

  // tick makes the running clock count down between states; when it
  // reaches zero the server has ended the game, and the page asks.
  tick() {
    const st = this.st;
    if (!st || !st.clock || st.clock.running === null || st.clock.running === undefined) return;
    const i = st.clock.running;
    const left = st.clock.left_ms[i] - (performance.now() - this.clockAt);
    for (const el of document.querySelectorAll(`.clock[data-seat="${i}"]`)) {
      el.textContent = clockText(left);
      el.classList.add("running");
      el.classList.toggle("low", left < 10000);
    }
    if (left <= -300 && !this.asked) {
      this.asked = true;
      this.ctx.refresh().finally(() => (this.asked = false));
    }
  }

  // confirm runs f on a second click of the button within three seconds.
  confirm(btn, question, f) {
    if (this.armed === btn) {
      this.armed = null;
      f();
      return;
    }
    const label = btn.textContent;
    this.armed = btn;
    btn.textContent = question;
    btn.classList.add("armed");
    setTimeout(() => {
      if (this.armed === btn) this.armed = null;
      btn.textContent = label;
      btn.classList.remove("armed");
    }, 3000);
  }

  async call(path, body) {
    if (this.busy) return null;
    this.busy = true;
    this.show();
    try {
      return await api("POST", `${this.ctx.base}${path}`, body);
    } catch (err) {
      toast(err.message, "error");
      return null;
    } finally {
      this.busy = false;
      this.ctx.refresh();
    }
  }

  // takeBack undoes alone when nobody else has a say (or this page holds
  // their seats, and agrees for them), and asks otherwise.
  async takeBack() {
    const asker = this.asker();
    if (asker < 0) return;
    const held = this.ctx.held;
    if (this.alone(asker)) {
      await this.call("/undo", {token: held[asker], version: this.st.version});
      return;
    }
    const st = await this.call("/takeback/offer", {token: held[asker]});
    if (!st || !this.holdsOthers(asker)) return;
    for (const [i, tok] of held.entries()) {
      if (tok && i !== asker) await this.call("/takeback/accept", {token: tok});
    }
  }

  offer(kind) {
    const st = this.st;
    const seat = held(this.ctx.held, st.to_move) ? st.to_move : this.mine()[0];
    return this.call(`/${kind}/offer`, {token: this.ctx.held[seat]});
  }

  answer(kind, action, token) {
    return this.call(`/${kind}/${action}`, {token});
  }

  resign() {
    const st = this.st;
    const seat = held(this.ctx.held, st.to_move) ? st.to_move : this.mine()[0];
    return this.call("/resign", {token: this.ctx.held[seat]});
  }

  async join(seat) {
    const body = this.invited && this.invited.seat === seat ? {invite: this.invited.invite} : {};
    try {
      const res = await api("POST", `${this.ctx.base}/seats/${seat}/join`, body);
      this.ctx.held[seat] = res.token;
      saveTokens(this.ctx.id, this.ctx.held);
      this.invited = null;
      // The invite is spent: the address becomes the game's own again
      // (without a hashchange, which would draw the page anew).
      history.replaceState(null, "", `#/session/${this.ctx.id}`);
      toast(`You play ${this.st.players[seat]}.`, "ok");
    } catch (err) {
      toast(err.message, "error");
    }
    this.ctx.refresh();
  }

  async remove() {
    try {
      await api("DELETE", this.ctx.base, {token: this.secrets.creator});
      keep(this.ctx.id, {});
      toast("The game was deleted.", "ok");
      location.hash = "#/";
    } catch (err) {
      toast(err.message, "error");
    }
  }
}

function held(tokens, seat) {
  return seat !== null && seat !== undefined && Boolean(tokens[seat]);
}

// clockText writes a time left: 4:05, 1:02:03, or 0:07.3 under ten seconds.
export function clockText(ms) {
  const t = Math.max(0, ms);
  const s = Math.floor(t / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  if (hh) return `${hh}:${String(mm).padStart(2, "0")}:${ss}`;
  if (t < 10000) return `${mm}:${ss}.${Math.floor((t % 1000) / 100)}`;
  return `${mm}:${ss}`;
}

// copy puts a text field's value on the clipboard, or selects it for the
// reader to copy when the browser does not allow that.
async function copy(input, done) {
  try {
    await navigator.clipboard.writeText(input.value);
    toast(done, "ok");
  } catch {
    input.focus();
    input.select();
    toast("Copy the selected link.", "");
  }
}
