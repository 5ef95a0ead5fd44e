// Syncing a shared table's sheet after the server was unreachable (store.js calls these).
// Every turn carries an id (stamped when it is entered). The phone remembers the turns the server had at
// the last sync (id and content); a turn entered since then is queued until the server takes it. When the server's
// table moved on meanwhile (another phone entered turns: a 409), the two are merged by id: the server's
// turns stay as they are, each queued turn is added once (a turn whose id the server already has is never
// added again, so a repeated or lost reply cannot apply a turn twice). A queued board turn can only be added
// when the server's board is the one it was laid on (no other board turn came in between); otherwise it is
// not applied but kept in the state's `conflicts` and shown on the sheet for the table to enter again.
// A correction or an undo made here goes to the table too, unless the table changed the same turn meanwhile:
// then the table's version stands and ours is shown among the conflicts.
import { t } from "./i18n.js";
import { kindOf, nextSeat } from "./sheet.js";

export function newId() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
}

// Give every turn without an id one (turns are pushed in several places; one stamp after each change).
export function stamp(state) {
  for (const turn of state.turns || []) if (!turn.id) turn.id = newId();
}

export function ids(state) { return (state.turns || []).map((turn) => turn.id).filter(Boolean); }

// What the shared table had at the last sync: turn id -> the turn as JSON (a correction changes it).
export function fingerprints(state) {
  const out = {};
  for (const turn of state.turns || []) if (turn.id) out[turn.id] = JSON.stringify(turn);
  return out;
}

// The merged game: `theirs` (the server's) with this phone's changes since the last sync (`synced`, from
// `fingerprints`): turns the server has not seen are added; a turn corrected or undone here is corrected or
// removed there too, unless the table changed that turn as well (then the table's stands and ours is shown).
// Returns {game, added, changed, conflicts}.
export function merge(mine, theirs, synced) {
  const base = Array.isArray(synced) ? Object.fromEntries(synced.map((id) => [id, null])) : { ...(synced || {}) };
  const known = new Set(Object.keys(base));
  const held = new Set(ids(theirs));
  const here = new Map(mine.turns.filter((turn) => turn.id).map((turn) => [turn.id, turn]));
  const queued = mine.turns.filter((turn) => turn.id && !held.has(turn.id) && !known.has(turn.id));
  const game = JSON.parse(JSON.stringify(theirs));
  stamp(game);
  // the board turns the server got that this phone had not seen: if there are none, our board turns
  // were laid on the server's board, and our board (with them) is the merged board
  const boardFree = !theirs.turns.some((turn) => kindOf(turn) === "place" && !known.has(turn.id));
  const added = [], changed = [], conflicts = [];
  game.turns = game.turns.flatMap((turn) => {
    const before = base[turn.id];
    if (before == null) return [turn];                          // new on the table, or no record of it
    const ours = here.get(turn.id);
    if (ours && JSON.stringify(ours) === before) return [turn];  // not changed here
    if (JSON.stringify(turn) !== before) {                       // changed on the table too: the table's stands
      if (ours) conflicts.push(ours);
      return [turn];
    }
    if (!ours && (kindOf(turn) !== "place" || boardFree)) { changed.push(turn); return []; }   // undone here
    if (!ours) return [turn];
    changed.push(ours);
    return [ours];                                               // corrected here
  });
  for (const turn of queued) {
    if (kindOf(turn) === "place" && !boardFree) conflicts.push(turn);
    else added.push(turn);
  }
  game.turns.push(...added);
  if (boardFree && [...added, ...changed].some((turn) => kindOf(turn) === "place")) {
    Object.assign(game, { board: mine.board, used: mine.used });
  }
  if (added.length) game.current = nextSeat(game, added[added.length - 1].player);
  game.conflicts = [...(theirs.conflicts || []), ...conflicts];
  return { game, added, changed, conflicts };
}

// The conflicts on the sheet: turns entered offline that could not be applied; "Gesehen" clears them.
export function showConflicts(store) {
  let box = document.getElementById("conflicts");
  const list = store.state.conflicts || [];
  if (!box) {
    box = document.createElement("div");
    box.id = "conflicts";
    box.className = "conflicts";
    box.dataset.testid = "conflicts";
    box.setAttribute("role", "status");
    const sheet = document.querySelector('[data-testid="sheet"]');
    if (!sheet) return;
    sheet.after(box);
  }
  box.textContent = "";
  box.hidden = !list.length;
  if (!list.length) return;
  const head = document.createElement("p");
  head.textContent = t("sync_conflicts", { n: list.length });
  box.append(head);
  const items = document.createElement("ul");
  for (const turn of list) {
    const item = document.createElement("li");
    item.textContent = `${store.state.players[turn.player] || turn.player + 1}: ${turn.notation || turn.word || ""} ${turn.score || 0}`;
    items.append(item);
  }
  box.append(items);
  const done = document.createElement("button");
  done.type = "button";
  done.textContent = t("sync_conflicts_seen");
  done.dataset.testid = "conflicts-seen";
  done.addEventListener("click", () => store.update((s) => { s.conflicts = []; }));
  box.append(done);
}
