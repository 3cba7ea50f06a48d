// The seats of a game to start: for each player, a person at this
// browser, someone else (an open seat, with an invite to send) or a bot by
// its spec. The position editor and "play from here" ask it; the lobby
// has its own, with the choices it remembers.

import {h} from "./ui.js";

// seatForm returns the rows of the seats of players and value(), the
// seats as POST /api/sessions takes them; each seat starts as a person
// here unless kinds names another ("bot", "open"), specs the bots'.
export function seatForm(players, {kinds = [], specs = []} = {}) {
  const rows = players.map((player, i) => {
    const was = kinds[i] || "human";
    const kind = h("select", {"aria-label": `${player}: who plays`, name: `setup-seat-${i}`},
      h("option", {value: "human", selected: was === "human" || null}, "Human"),
      h("option", {value: "open", selected: was === "open" || null, title: "Someone else: an invite link to send them"}, "Invite"),
      h("option", {value: "bot", selected: was === "bot" || null}, "Bot"));
    const spec = h("input", {
      type: "text", list: "setup-bot-specs", name: `setup-spec-${i}`, "aria-label": `${player}: bot spec`,
      value: specs[i] || "alphabeta:depth=4", spellcheck: "false", autocomplete: "off",
    });
    const sync = () => (spec.hidden = kind.value !== "bot");
    kind.addEventListener("change", sync);
    sync();
    return {
      node: h("div", {class: "seat-row"}, h("span", {class: "seat-name"}, player), kind, spec),
      value: () => (kind.value === "bot" ? {kind: "bot", spec: spec.value.trim() || "random"}
        : kind.value === "open" ? {kind: "human", open: true} : {kind: "human"}),
    };
  });
  const specList = h("datalist", {id: "setup-bot-specs"},
    ["random", "mcts:iterations=1000", "alphabeta:depth=2", "alphabeta:depth=4"].map((v) => h("option", {value: v})));
  return {
    node: h("fieldset", {class: "seats"}, h("legend", {}, "Seats"), rows.map((r) => r.node), specList),
    value: () => rows.map((r) => r.value()),
  };
}
