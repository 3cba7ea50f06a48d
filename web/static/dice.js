// Numbered dice beside the board, as a backgammon player reads them: each
// die's face rather than their sum, four dice on a double (four moves to
// play), and, while a move is being chosen, the dice its steps have used
// greyed. The numbers are those the dice on the board show (the state's
// dice); other dice (Ur's, read by their total) are shown by the throw
// of the move list.

import {h, s} from "./ui.js";
import {pathOf} from "./moves.js";

// facesOf returns the dice a throw gives to play: the numbers shown, or
// on a double of two dice four of its number.
export function facesOf(dice) {
  if (dice.length === 2 && dice[0] === dice[1]) return [dice[0], dice[0], dice[0], dice[0]];
  return dice.slice();
}

// stepsMade returns the steps of a move (its parts between "+" signs:
// one checker by one die in backgammon) that the clicks so far, prefix,
// have made in full; names is the Set of the board's position names.
export function stepsMade(move, prefix, names) {
  const done = [];
  const path = [];
  for (const step of move.split("+").map((x) => x.trim()).filter(Boolean)) {
    for (const w of pathOf(step, names)) if (path[path.length - 1] !== w) path.push(w);
    if (path.length > prefix.length) break;
    done.push(step);
  }
  return done;
}

// usedDice returns, for each face of facesOf(dice), whether the steps
// made have used it. A step names its die by its last word, a number
// (backgammon.zrf's "die 1" and "pick 13 2": the first die, the second);
// on a double, or for a step that names none, the steps use the faces in
// turn.
export function usedDice(dice, steps) {
  const faces = facesOf(dice);
  const used = faces.map(() => false);
  const double = faces.length > dice.length;
  for (const step of steps) {
    const words = step.split(/\s+/);
    let k = double ? -1 : Number(words[words.length - 1]) - 1;
    if (!(k >= 0 && k < used.length && !used[k])) k = used.indexOf(false);
    if (k >= 0) used[k] = true;
  }
  return used;
}

// The pips of each face on a grid of three by three (0 to 2 across and
// down).
const pips = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

// dieFace draws a die showing n with its pips, greyed when used.
export function dieFace(n, used) {
  return s("svg", {class: `die-face${used ? " used" : ""}`, viewBox: "0 0 24 24", "data-face": n, "aria-hidden": "true"},
    s("rect", {x: 1, y: 1, width: 22, height: 22, rx: 4}),
    ...(pips[n] || []).map(([x, y]) => s("circle", {cx: 6 + 6 * x, cy: 6 + 6 * y, r: 2.2})));
}

// diceView returns the dice to show: their faces, the used ones greyed,
// and the throw as players write it ("6-1").
export function diceView(dice, used) {
  const faces = facesOf(dice);
  const left = faces.filter((_, i) => !used[i]).length;
  return [h("span", {class: "dice-faces"}, faces.map((n, i) => dieFace(n, used[i]))),
    h("strong", {class: "dice-total"}, dice.join("-")),
    h("span", {class: "visually-hidden"}, ` (${left} of ${faces.length} to play)`)];
}
