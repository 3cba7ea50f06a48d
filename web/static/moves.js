// Choosing a move by clicking positions. A legal move in the universal
// notation (docs/notation.md) names the positions it goes through among
// other words: "e2 - e4 pawn-push", "+ e3 x c5 man-jump nw + c5 x e7
// man-jump ne +", "b2 drop-on-empty X Mark". The words that are names of
// the board's positions, with repeats in a row merged (a chain's step ends
// where the next one starts), are the clicks that make the move.

// pathOf returns the positions a move goes through, in order.
export function pathOf(move, names) {
  const out = [];
  for (const word of move.trim().split(/\s+/)) {
    if (names.has(word) && out[out.length - 1] !== word) out.push(word);
  }
  return out;
}

// Picker follows the clicks made so far against the legal moves.
export class Picker {
  // legal: the legal moves; names: a Set of the board's position names.
  constructor(legal, names) {
    this.moves = legal.map((move) => ({move, path: pathOf(move, names)}));
    this.prefix = [];
  }

  // candidates are the moves whose path starts with the clicks so far.
  candidates() {
    const p = this.prefix;
    return this.moves.filter((m) => m.path.length >= p.length && p.every((x, i) => m.path[i] === x));
  }

  // next returns the positions that may be clicked next.
  next() {
    const out = new Set();
    const n = this.prefix.length;
    for (const m of this.candidates()) if (m.path.length > n) out.add(m.path[n]);
    return out;
  }

  // complete returns the moves whose whole path has been clicked.
  complete() {
    const n = this.prefix.length;
    return n === 0 ? [] : this.candidates().filter((m) => m.path.length === n).map((m) => m.move);
  }

  // pathless returns the moves that name no position (a pass): they are
  // offered as buttons.
  pathless() {
    return this.moves.filter((m) => m.path.length === 0).map((m) => m.move);
  }

  // starts returns the positions a move can start from.
  starts() {
    return new Set(this.moves.filter((m) => m.path.length > 0).map((m) => m.path[0]));
  }

  // click takes a click on a position and says what follows:
  //   {move}      one move is chosen: play it;
  //   {choices}   several moves end here: ask which (a promotion);
  //   {more}      keep clicking (the next positions are in next());
  //   {none}      the click fits no move: the selection is cleared.
  // A click on the last selected position takes it back; a click that does
  // not continue the selection but starts a move begins a new one.
  click(name) {
    const n = this.prefix.length;
    if (n > 0 && this.prefix[n - 1] === name) {
      this.prefix.pop();
      return {more: true};
    }
    if (this.next().has(name)) {
      this.prefix.push(name);
    } else if (this.starts().has(name)) {
      this.prefix = [name];
    } else {
      this.prefix = [];
      return {none: true};
    }
    return this.settle();
  }

  // settle says what the selection so far leads to.
  settle() {
    const done = this.complete();
    const more = this.next().size > 0;
    if (done.length === 1 && !more) return {move: done[0]};
    if (done.length > 1 || (done.length === 1 && more)) return {choices: done, more};
    return {more: true};
  }

  // reset clears the selection.
  reset() {
    this.prefix = [];
  }
}

// difference returns, for each of several moves, the words that tell it
// from the others (the piece of a promotion), or the whole move when the
// moves share no words.
export function difference(moves) {
  if (moves.length < 2) return moves.slice();
  const split = moves.map((m) => m.trim().split(/\s+/));
  const common = split[0].filter((w) => split.every((ws) => ws.includes(w)));
  return split.map((ws, i) => {
    const rest = ws.filter((w) => !common.includes(w));
    return rest.length ? rest.join(" ") : moves[i];
  });
}
