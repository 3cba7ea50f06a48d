// The bot panel of a session: a bot's view of the position the board
// shows (POST /api/sessions/{id}/analyse), its score for the side to move
// as a bar and in words, and the line it expects in the game's notation.

import {api, field, h, pref, spinner} from "./ui.js";

// The bots and times offered; the server holds the time to its own cap.
const BOTS = [
  {label: "Alpha-beta", spec: "alphabeta"},
  {label: "MCTS", spec: "mcts"},
];
const TIMES = [500, 1000, 2000, 5000];

// Analysis draws and drives the panel. ctx gives the session's API base,
// position() the text of the position shown (the position format), and
// label() names it ("after 12. Nf3").
export class Analysis {
  constructor(ctx) {
    this.ctx = ctx;
    this.seq = 0;
    this.bot = h("select", {name: "analysis-bot", "aria-label": "Bot"},
      BOTS.map((b) => h("option", {value: b.spec, selected: b.spec === pref.get("analysis.bot", "alphabeta") || null}, b.label)));
    this.time = h("select", {name: "analysis-time", "aria-label": "Time to think"},
      TIMES.map((ms) => h("option", {value: String(ms), selected: ms === pref.get("analysis.ms", 1000) || null}, `${ms / 1000} s`)));
    this.auto = h("input", {type: "checkbox", id: "analysis-auto", checked: pref.get("analysis.auto", false) || null});
    this.button = h("button", {class: "btn btn-primary btn-small", type: "button", id: "analyse", onclick: () => this.run()}, "Analyse");
    this.out = h("div", {class: "analysis-out", "aria-live": "polite"},
      h("p", {class: "muted small"}, "Ask a bot what it makes of the position shown: its score for the side to move and the line it expects."));
    this.card = h("div", {class: "card analysis", id: "analysis"},
      h("h2", {class: "card-title"}, "Analysis"),
      h("div", {class: "row gap analysis-controls"}, field("Bot", this.bot), field("Think", this.time), this.button),
      h("label", {class: "check small"}, this.auto, " Analyse each position shown"),
      this.out);
    this.auto.addEventListener("change", () => {
      pref.set("analysis.auto", this.auto.checked);
      if (this.auto.checked) this.run();
    });
  }

  // moved says that the board shows another position: an answer about the
  // last one is put away, and a new one asked for when the panel
  // analyses each position.
  moved() {
    this.seq++;
    this.button.disabled = false;
    if (this.auto.checked) {
      setTimeout(() => this.run()); // once the page has taken in what moved
    } else if (this.out.querySelector(".analysis-result")) {
      this.out.replaceChildren(h("p", {class: "muted small"}, "Another position is shown: analyse it."));
    }
  }

  async run() {
    const position = this.ctx.position();
    if (!position) return;
    const seq = ++this.seq;
    pref.set("analysis.bot", this.bot.value);
    pref.set("analysis.ms", Number(this.time.value));
    this.button.disabled = true;
    this.out.replaceChildren(h("p", {class: "small"}, spinner("Thinking"), ` Thinking about the position ${this.ctx.label()}…`));
    try {
      const a = await api("POST", `${this.ctx.base}/analyse`, {position, bot: this.bot.value, ms: Number(this.time.value)});
      if (seq === this.seq) this.show(a);
    } catch (err) {
      if (seq === this.seq) this.out.replaceChildren(h("p", {class: "error small"}, err.message));
    } finally {
      if (seq === this.seq) this.button.disabled = false;
    }
  }

  // show draws an answer: the score as a bar and in words, and the line.
  show(a) {
    const pct = Math.round(a.score * 100);
    const line = (a.text && a.text.length === a.pv.length ? a.text : a.pv);
    this.out.replaceChildren(h("div", {class: `analysis-result${a.proven ? " proven" : ""}`},
      h("p", {class: "analysis-for muted small"}, `The position ${this.ctx.label()}, ${a.player} to move`),
      h("div", {class: "analysis-bar", role: "img", "aria-label": `${a.player}: ${pct}%`},
        h("span", {class: "analysis-fill", style: `width:${pct}%`})),
      h("p", {class: "analysis-words"}, h("strong", {}, a.words)),
      h("ol", {class: "analysis-pv", "aria-label": "The line the bot expects"},
        line.map((m, i) => h("li", {title: a.pv[i]}, m))),
      h("p", {class: "muted small"}, `${a.bot} · depth ${a.depth} · ${a.nodes.toLocaleString()} positions · ${a.ms} ms`)));
  }
}
