// Shared helpers of the page: building DOM nodes, calling the JSON API,
// toasts, and the seat tokens kept in localStorage.

const SVG_NS = "http://www.w3.org/2000/svg";

// h builds an HTML element: h("button", {class: "btn", onclick: f}, "Go").
// Attributes whose value is null, undefined or false are left out; "on..."
// attributes bind listeners; children may be strings, nodes or arrays.
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// s builds an SVG element the same way.
export function s(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

function build(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") {
      node.addEventListener(k.slice(2), v);
    } else if (k === "dataset") {
      Object.assign(node.dataset, v);
    } else if (k === "style") {
      // Through the DOM: the page's policy refuses inline style attributes.
      node.style.cssText = String(v);
    } else if (k === "value" && "value" in node && !(node instanceof SVGElement)) {
      node.value = v;
    } else {
      node.setAttribute(k, v === true ? "" : String(v));
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(node, c);
    else node.append(c instanceof Node ? c : String(c));
  }
}

// APIError is a failed API call: the server's {"error"} text and the status,
// and the whole answer (data), which may say more (a rules file's problems).
export class APIError extends Error {
  constructor(status, message, data = null) {
    super(message);
    this.status = status;
    this.data = data;
  }
}

// api calls the JSON API: api("POST", "/api/sessions", {...}). A body that
// is a string is sent as it is (rules files); others as JSON. Answers the
// decoded JSON (or the text for non-JSON answers); throws APIError.
export async function api(method, path, body, {signal, headers = {}} = {}) {
  const init = {method, signal, headers: {...headers, Accept: "application/json"}};
  if (body !== undefined) {
    if (typeof body === "string") {
      init.body = body;
      init.headers["Content-Type"] = "text/plain; charset=utf-8";
    } else {
      init.body = JSON.stringify(body);
      init.headers["Content-Type"] = "application/json";
    }
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    if (err.name === "AbortError") throw err;
    throw new APIError(0, "the server cannot be reached");
  }
  const type = res.headers.get("Content-Type") || "";
  // A body cut short by leaving the page is an abort, not an empty answer.
  const data = type.includes("json") ? await res.json().catch((err) => {
    if (err.name === "AbortError") throw err;
    return null;
  }) : await res.text();
  if (!res.ok) {
    const why = data && typeof data === "object" && data.error ? data.error : `${res.status} ${res.statusText}`;
    throw new APIError(res.status, why, data);
  }
  return data;
}

// toast shows a short message in the corner; kind is "error", "ok" or "".
export function toast(message, kind = "") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const t = h("div", {class: `toast ${kind}`, role: kind === "error" ? "alert" : null}, message);
  box.append(t);
  setTimeout(() => t.classList.add("leaving"), 4200);
  setTimeout(() => t.remove(), 4600);
}

// Seat tokens: a human seat's token is the right to move for it, kept per
// session so that a reload (or the shared link opened again in the same
// browser) keeps the seat.
const tokenKey = (id) => `ludus.session.${id}.tokens`;

// tokens returns the session's tokens by seat (null for seats not held).
export function tokens(id) {
  try {
    const v = JSON.parse(localStorage.getItem(tokenKey(id)) || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

// saveTokens keeps the tokens of a session by seat.
export function saveTokens(id, list) {
  try {
    localStorage.setItem(tokenKey(id), JSON.stringify(list));
  } catch {
    // Private windows may refuse storage: the seat then lasts the page.
  }
}

// The secrets a session's creator holds besides the seat tokens: the
// creator token (which deletes the session) and the invites of its open
// seats, by seat.
const secretKey = (id) => `ludus.session.${id}.secrets`;

// kept returns a session's secrets: {creator, invites}.
export function kept(id) {
  try {
    const v = JSON.parse(localStorage.getItem(secretKey(id)) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

// keep keeps a session's secrets.
export function keep(id, secrets) {
  try {
    localStorage.setItem(secretKey(id), JSON.stringify(secrets));
  } catch {
    // As for tokens: the secrets then last the page.
  }
}

// created keeps what creating a session answered: the seat tokens, the
// invites of open seats and the creator token.
export function created(res) {
  saveTokens(res.id, res.seats.map((s) => s.token || null));
  keep(res.id, {creator: res.creator, invites: res.seats.map((s) => s.invite || null)});
}

// pref reads and writes small settings of the page (last game, seed...).
export const pref = {
  get(name, fallback) {
    try {
      const v = localStorage.getItem(`ludus.pref.${name}`);
      return v === null ? fallback : JSON.parse(v);
    } catch {
      return fallback;
    }
  },
  set(name, value) {
    try {
      localStorage.setItem(`ludus.pref.${name}`, JSON.stringify(value));
    } catch {
      // Settings are a convenience.
    }
  },
};

// field wraps a labelled form control.
export function field(label, control, hint) {
  return h("label", {class: "field"}, h("span", {class: "field-label"}, label), control,
    hint ? h("span", {class: "field-hint"}, hint) : null);
}

// spinner is a small busy indicator with a text for screen readers.
export function spinner(text = "Working") {
  return h("span", {class: "spinner", role: "img", "aria-label": text});
}

// svgFrom parses SVG text from the server into a node of this document,
// dropping scripts and event attributes: the drawing is only a picture.
// boardPicture reads the server's drawing of a board as a picture to show
// under the click targets: sized by its box, hidden from screen readers.
// vb is its view box, w and hgt its size in the frame's units.
export function boardPicture(text, frame) {
  const pic = svgFrom(text);
  const vb = (pic.getAttribute("viewBox") || `0 0 ${frame.width} ${frame.height}`).trim();
  const [, , w, hgt] = vb.split(/[\s,]+/).map(Number);
  pic.removeAttribute("width");
  pic.removeAttribute("height");
  pic.setAttribute("class", "board-picture");
  pic.setAttribute("aria-hidden", "true");
  return {pic, vb, w, hgt};
}

export function svgFrom(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (!root || root.nodeName !== "svg" || doc.querySelector("parsererror")) {
    throw new Error("the server's drawing is not SVG");
  }
  for (const bad of root.querySelectorAll("script, foreignObject")) bad.remove();
  for (const el of [root, ...root.querySelectorAll("*")]) {
    for (const a of [...el.attributes]) {
      if (/^on/i.test(a.name) || /javascript:/i.test(a.value)) el.removeAttribute(a.name);
    }
  }
  return document.importNode(root, true);
}

// download names a link that saves the file it points at.
export function downloadLink(href, label, filename) {
  return h("a", {class: "btn btn-small", href, download: filename || ""}, label);
}

// debounce returns f delayed until calls stop for ms.
export function debounce(f, ms) {
  let t;
  return (...args) => {
    clearTimeout(t);
    t = setTimeout(() => f(...args), ms);
  };
}
