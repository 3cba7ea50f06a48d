// A plain editor of rules files: a textarea with the line numbers in a
// gutter beside it, and the reader's problems pinned to their lines (a
// mark on the line's number, a band behind the line, the message on
// hover). No library: the lines never wrap, so that each is one row of a
// fixed height and a line's place is its number times that height.

import {h} from "./ui.js";

// LINE is the height of a line in pixels, and PAD the textarea's padding
// at the top, as designer.css sets them.
const LINE = 20;
const PAD = 8;

export class CodeEditor {
  constructor({readOnly = false, onInput = null, label = "Rules file"} = {}) {
    this.gutter = h("div", {class: "code-gutter", "aria-hidden": "true"});
    this.bands = h("div", {class: "code-bands", "aria-hidden": "true"});
    this.area = h("textarea", {class: "code-text", spellcheck: "false", wrap: "off", autocomplete: "off",
      autocapitalize: "off", "aria-label": label, readonly: readOnly || null});
    this.where = h("span", {class: "code-where muted small", "aria-live": "off"}, "Line 1, column 1");
    this.node = h("div", {class: "code-editor"}, this.gutter, h("div", {class: "code-pane"}, this.bands, this.area));
    this.problems = [];
    this.lines = 0;
    this.area.addEventListener("input", () => {
      this.draw();
      if (onInput) onInput();
    });
    this.area.addEventListener("scroll", () => this.follow());
    for (const ev of ["keyup", "click", "select"]) this.area.addEventListener(ev, () => this.caret());
    this.area.addEventListener("keydown", (e) => {
      // Tab indents, as in any editor of code; Escape then Tab leaves.
      if (e.key === "Tab" && !e.shiftKey && !this.area.readOnly && !this.escaped) {
        e.preventDefault();
        this.area.setRangeText("  ", this.area.selectionStart, this.area.selectionEnd, "end");
        this.area.dispatchEvent(new Event("input"));
      }
      this.escaped = e.key === "Escape";
    });
  }

  get value() {
    return this.area.value;
  }

  set value(text) {
    this.area.value = text;
    this.area.scrollTop = 0;
    this.draw();
    this.caret();
  }

  set readOnly(on) {
    this.area.readOnly = on;
  }

  // setProblems pins problems to their lines: [{line, col, msg, kind}],
  // kind "error", "warning" or "note"; a line of 0 has no place.
  setProblems(list) {
    this.problems = list.filter((p) => p.line > 0);
    this.draw();
  }

  // draw numbers the lines and marks those with problems.
  draw() {
    const n = this.area.value.split("\n").length;
    if (n !== this.lines) {
      this.lines = n;
      const rows = [];
      for (let i = 1; i <= n; i++) rows.push(h("div", {class: "ln", "data-line": i}, String(i)));
      this.gutter.replaceChildren(...rows, h("div", {class: "ln-end"}));
    }
    for (const el of this.gutter.querySelectorAll(".ln.err, .ln.warn, .ln.note")) {
      el.classList.remove("err", "warn", "note");
      el.removeAttribute("title");
    }
    const bands = [];
    const byLine = new Map();
    for (const p of this.problems) {
      if (!byLine.has(p.line)) byLine.set(p.line, []);
      byLine.get(p.line).push(p);
    }
    for (const [line, ps] of byLine) {
      const kind = ps.some((p) => p.kind === "error") ? "err" : ps.some((p) => p.kind === "warning") ? "warn" : "note";
      const el = this.gutter.querySelector(`.ln[data-line="${line}"]`);
      const text = ps.map((p) => `${p.col ? `column ${p.col}: ` : ""}${p.msg}`).join("\n");
      if (el) {
        el.classList.add(kind);
        el.title = text;
      }
      bands.push(h("div", {class: `band ${kind}`, "data-line": line, title: text, style: `top: ${PAD + (line - 1) * LINE}px`}));
    }
    this.bands.replaceChildren(...bands);
    this.follow();
  }

  // follow keeps the gutter and the bands where the text has scrolled to.
  follow() {
    this.gutter.scrollTop = this.area.scrollTop;
    this.bands.style.transform = `translate(${-this.area.scrollLeft}px, ${-this.area.scrollTop}px)`;
  }

  // caret says where the caret is.
  caret() {
    const before = this.area.value.slice(0, this.area.selectionStart).split("\n");
    this.where.textContent = `Line ${before.length}, column ${before[before.length - 1].length + 1}`;
  }

  // goTo puts the caret at a line and column (from 1) and shows it.
  goTo(line, col = 1) {
    const lines = this.area.value.split("\n");
    line = Math.min(Math.max(1, line), lines.length);
    let off = 0;
    for (let i = 0; i < line - 1; i++) off += lines[i].length + 1;
    off += Math.min(Math.max(0, col - 1), lines[line - 1].length);
    this.area.focus();
    this.area.setSelectionRange(off, off);
    this.area.scrollTop = Math.max(0, (line - 1) * LINE - this.area.clientHeight / 2);
    this.follow();
    this.caret();
  }
}
