// The Linjat optimiser's curve: its best score against its iterations, as
// the server draws it (render/plot) for the puzzle generated with given
// settings, or for the puzzle generated last.

import {h, svgFrom} from "./ui.js";

export function curveBox(signal) {
  const node = h("div", {class: "curve-box", id: "linjat-curve"});
  let asked = 0;

  // show draws the curve of the settings of query ("" for the last one);
  // nothing when there is none.
  async function show(query) {
    const n = ++asked;
    try {
      const res = await fetch(`/api/linjat/curve.svg${query ? `?${query}` : ""}`, {signal});
      if (n !== asked) return;
      if (!res.ok) {
        node.replaceChildren();
        return;
      }
      const svg = svgFrom(await res.text());
      svg.setAttribute("role", "img");
      svg.setAttribute("aria-label", "The optimiser's best score against its iterations");
      node.replaceChildren(h("h3", {class: "section-title"}, "The optimiser"), svg,
        h("p", {class: "small muted"}, "The best score in the optimiser's pool of puzzles as it tried mutation after mutation: the puzzle is the best at the end."));
    } catch {
      if (n === asked) node.replaceChildren();
    }
  }

  return {node, show};
}
