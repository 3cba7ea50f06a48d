// The page's router: the part of the address after # names the page
// (#/session/ID is a game anyone can open from a shared link). Each page is
// a module whose mount(main, params) draws it and returns a function that
// stops its timers and streams when the page is left.

import {h} from "./ui.js";

const routes = [
  {re: /^\/?$/, tab: "games", load: () => import("./lobby.js")},
  {re: /^\/session\/([^/]+)$/, tab: "games", load: () => import("./session.js"), keys: ["id"]},
  {re: /^\/design\/new$/, tab: "games", load: () => import("./designer.js")},
  {re: /^\/design\/(.+)$/, tab: "games", load: () => import("./designer.js"), keys: ["name"]},
  {re: /^\/editor\/([^/]+)$/, tab: "games", load: () => import("./posedit.js"), keys: ["name"]},
  {re: /^\/linjat$/, tab: "linjat", load: () => import("./linjat.js")},
  {re: /^\/2048$/, tab: "2048", load: () => import("./t2048.js")},
  {re: /^\/dungeon$/, tab: "dungeon", load: () => import("./dungeon.js")},
  {re: /^\/tiles$/, tab: "tiles", load: () => import("./tiles.js")},
];

let leave = null;
let generation = 0;

async function route() {
  const main = document.getElementById("main");
  const hash = decodeURIComponent(location.hash.replace(/^#/, "")) || "/";
  const [path] = hash.split("?");
  const gen = ++generation;
  if (leave) {
    try {
      leave();
    } catch (err) {
      console.error(err);
    }
    leave = null;
  }
  const r = routes.find((r) => r.re.test(path));
  for (const a of document.querySelectorAll(".tabs a")) {
    // A boolean: toggle(name, undefined) would flip the class.
    const on = Boolean(r && a.dataset.tab === r.tab);
    a.classList.toggle("active", on);
    if (on) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  main.replaceChildren();
  if (!r) {
    delete main.dataset.page;
    main.append(h("section", {class: "page narrow"},
      h("h1", {}, "Nothing here"),
      h("p", {}, "This address names no page. ", h("a", {href: "#/"}, "Back to the games."))));
    return;
  }
  const m = r.re.exec(path);
  const params = {};
  (r.keys || []).forEach((k, i) => (params[k] = m[i + 1]));
  const mod = await r.load();
  if (gen !== generation) return; // left before the page loaded
  main.dataset.page = r.tab;
  leave = mod.mount(main, params) || null;
}

window.addEventListener("hashchange", route);
route();
