// Dungeon layouts: pick a bundled level spec and a seed, see the layout the
// generator makes of them, and download it as JSON, SVG or a Tiled map.

import {searchPanel} from "./search.js";
import {api, downloadLink, field, h, pref, spinner, svgFrom} from "./ui.js";

export function mount(main) {
  const ctl = new AbortController();
  const spec = h("select", {name: "spec", id: "dungeon-spec"});
  const seed = h("input", {type: "number", min: 0, name: "seed", id: "dungeon-seed", value: pref.get("dungeon.seed", 1)});
  const picture = h("div", {class: "picture", id: "dungeon-picture"}, spinner("Loading"));
  const links = h("div", {class: "downloads"});
  const about = h("div", {class: "small muted"});
  const search = searchPanel(ctl.signal);

  main.append(h("section", {class: "page"},
    h("div", {class: "page-head"}, h("div", {},
      h("h1", {}, "Dungeon layouts"),
      h("p", {class: "lead"}, "A level spec names the rooms of a level, the shapes each may take and which rooms connect; the generator lays them out on a grid, every connection a door. The same spec and seed always give the same layout."))),
    h("div", {class: "viewer-grid"},
      h("aside", {},
        h("div", {class: "card"},
          h("form", {onsubmit: (e) => {
            e.preventDefault();
            show();
          }},
          field("Level spec", spec),
          field("Seed", seed),
          h("div", {class: "row gap"},
            h("button", {class: "btn btn-primary", type: "submit"}, "Show"),
            h("button", {class: "btn", type: "button", id: "dungeon-regenerate", onclick: () => {
              seed.value = Number(seed.value || 0) + 1;
              show();
            }}, "Next seed")))),
        h("div", {class: "card"}, h("h2", {class: "card-title"}, "Download"), links, about)),
      picture),
    search.node));

  let specs = [];
  async function loadSpecs() {
    try {
      specs = (await api("GET", "/api/dungeon/specs", undefined, {signal: ctl.signal})) || [];
    } catch (err) {
      if (err.name !== "AbortError") picture.replaceChildren(h("p", {class: "error"}, err.message));
      return;
    }
    spec.replaceChildren(...specs.map((sp) => {
      const name = specName(sp);
      return h("option", {value: name}, (sp && sp.title) || name);
    }));
    const want = pref.get("dungeon.spec", "");
    if (specs.some((sp) => specName(sp) === want)) spec.value = want;
    show();
  }

  let shown = 0;
  async function show() {
    if (!spec.value) return;
    pref.set("dungeon.spec", spec.value);
    pref.set("dungeon.seed", Number(seed.value));
    const q = `spec=${encodeURIComponent(spec.value)}&seed=${encodeURIComponent(seed.value || 0)}`;
    const n = ++shown;
    picture.setAttribute("aria-busy", "true");
    try {
      const res = await fetch(`/api/dungeon/layout.svg?${q}`, {signal: ctl.signal});
      const text = await res.text();
      if (n !== shown) return;
      if (!res.ok) {
        let why = text;
        try {
          why = JSON.parse(text).error || text;
        } catch {
          // plain text error
        }
        throw new Error(why);
      }
      const svg = svgFrom(text);
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", `Layout of ${spec.value}, seed ${seed.value}`);
      picture.replaceChildren(svg);
    } catch (err) {
      if (err.name !== "AbortError" && n === shown) picture.replaceChildren(h("p", {class: "error"}, err.message));
    } finally {
      picture.removeAttribute("aria-busy");
    }
    search.show(spec.value, seed.value || 0);
    const base = `${spec.value.replace(/\.[a-z]+$/i, "")}-${seed.value || 0}`;
    links.replaceChildren(
      downloadLink(`/api/dungeon/layout.json?${q}`, "JSON", `${base}.json`),
      downloadLink(`/api/dungeon/layout.svg?${q}`, "SVG", `${base}.svg`),
      downloadLink(`/api/dungeon/layout.tmx?${q}`, "TMX (Tiled)", `${base}.tmx`),
      downloadLink("/api/dungeon/tiles.png", "TMX tiles (PNG)", "dungeon-tiles.png"));
    const sp = specs.find((x) => specName(x) === spec.value);
    about.replaceChildren(sp && sp.rooms ? h("p", {style: "margin-top:10px"}, `${sp.rooms} rooms, ${sp.connections} connections.`) : "",
      sp && sp.description ? h("p", {}, sp.description) : "");
  }

  loadSpecs();
  return () => ctl.abort();
}

// specName reads a spec of the list, given as a name or as {name, ...}.
function specName(sp) {
  return typeof sp === "string" ? sp : sp.name || sp.id || "";
}
