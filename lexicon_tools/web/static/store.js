import { language, t } from "./i18n.js";
import { fingerprints, merge, stamp } from "./sync.js";
// The game as the phone keeps it: state + undo history in local storage, optionally synced to a shared table.
// The server keeps nothing unless the table is shared; then this phone pushes every change and polls for others'.
// While the server is unreachable the changes stay queued here (`pending`) and go out when it answers again;
// sync.js merges them with what other phones entered meanwhile, by turn id.
const HISTORY = 60;          // undo steps kept (bounded: a shared table's state is limited in size)
const POLL_MS = 2000;
const API_TIMEOUT_MS = 15000;  // a server that does not answer (a phone out of the Wi-Fi) counts as unreachable

export function emptyState(ruleset, name = (i) => `${i + 1}`) {
  return {
    board: Array.from({ length: ruleset.rows }, () => ".".repeat(ruleset.cols)), used: [],
    pending: [], take: [], swap: [], line: 0,
    players: Array.from({ length: ruleset.players.min }, (_, i) => name(i)), turns: [], current: 0,
    timer: { limit: 0, started: null, spent: 0 },
  };
}

// A turn was recorded: the clock starts afresh, running at once for the next player unless the table
// switched that off (timer.auto false; on by default).
export function nextClock(s) {
  s.timer.spent = 0;
  s.timer.started = s.timer.auto === false ? null : Date.now();
}

export class Store {
  constructor(ruleset, onChange, name) {
    this.key = `lexicon-tools:${ruleset.name}`;
    this.ruleset = ruleset;
    this.onChange = onChange;
    const saved = this.read(this.key);
    this.state = saved && saved.state && saved.state.board && saved.state.board.length === ruleset.rows
      ? saved.state : emptyState(ruleset, name);
    this.history = (saved && saved.history) || [];
    this.shared = (saved && saved.shared) || null;     // {id, version}
    this.pending = Boolean(saved && saved.pending);   // changes the shared table has not got yet
    this.synced = (saved && saved.synced) || {};      // the shared table's turns at the last sync (sync.js)
    this.device = Store.device(ruleset);
  }

  static device(ruleset) {
    try { return JSON.parse(localStorage.getItem(`lexicon-tools:${ruleset.name}:device`) || "{}") || {}; } catch { return {}; }
  }

  read(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; }
  }

  save() {
    localStorage.setItem(this.key, JSON.stringify({ state: this.state, history: this.history, shared: this.shared,
      pending: this.pending, synced: this.synced }));
    localStorage.setItem(`${this.key}:device`, JSON.stringify(this.device));
  }

  // Change the state through `mutate(draft)`; the previous state goes on the undo stack.
  update(mutate, { undoable = true } = {}) {
    const before = JSON.stringify(this.state);
    const draft = JSON.parse(before);
    mutate(draft);
    stamp(draft);
    if (JSON.stringify(draft) === before) return;
    if (undoable) this.history = [...this.history.slice(-(HISTORY - 1)), before];
    this.state = draft;
    this.save();
    this.push();
    this.onChange();
  }

  undo() {
    if (!this.history.length) return false;
    this.state = JSON.parse(this.history[this.history.length - 1]);
    this.history = this.history.slice(0, -1);
    this.save();
    this.push();
    this.onChange();
    return true;
  }

  // ---- shared tables -------------------------------------------------------------------------
  async share() {
    const reply = await api("POST", "/api/tables", { state: this.shareable() });
    this.shared = { id: reply.id, version: reply.version };
    this.synced = fingerprints(this.state);
    this.save();
    this.poll();
    return reply.id;
  }

  // Open the shared table `id` (a link). When this phone holds that table already, its queued changes are
  // merged rather than replaced, and a server that lost the table (a restart) gets it back.
  async join(id) {
    const mine = this.shared && this.shared.id === id;
    try {
      const reply = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
      if (mine && this.pending) this.reconcile(reply);
      else this.adopt(reply);
      // a table `serve` opened empty (its terminal QR code): the first phone in brings its game
      if (!(reply.state && reply.state.game)) await this.push();
    } catch (err) {
      if (!mine) throw err;
      if (err.status === 404) await this.restore();
    }
    this.poll();
  }

  shareable() { return { game: this.state, history: this.history.slice(-20) }; }

  adopt(reply) {
    this.shared = { id: reply.id, version: reply.version };
    if (reply.state && reply.state.game) {
      this.state = reply.state.game;
      this.history = reply.state.history || [];
    }
    this.pending = false;
    this.synced = fingerprints(this.state);
    this.save();
    this.onChange();
  }

  // One PUT at a time: a change made while one is under way is sent when it is answered, with the
  // version it returns. Two PUTs of the same version would refuse the second (409), and its merge
  // would take the table's state over the taps made meanwhile.
  async push() {
    if (!this.shared) return;
    this.pending = true;
    this.save();
    if (this.pushing) { this.again = true; return; }
    this.pushing = true;
    try {
      do {
        this.again = false;
        await this.send();
      } while (this.again && this.shared && this.pending);
    } finally {
      this.pushing = false;
    }
  }

  async send() {
    const id = this.shared.id;
    try {
      const sent = this.shareable();
      const reply = await api("PUT", `/api/tables/${id}`, { version: this.shared.version, state: sent });
      this.acknowledged(reply.version, sent.game);
    } catch (err) {
      if (err.status === 409) this.reconcile({ id, version: err.body.version, state: err.body.state });
      else if (err.status === 404) await this.restore();
      // no answer at all: the server is down; the change stays pending and the poll sends it later
    }
  }

  // The server took `game` as `version`; a change made while the request was under way is still pending.
  acknowledged(version, game) {
    this.shared.version = version;
    this.synced = fingerprints(game);
    this.pending = JSON.stringify(game) !== JSON.stringify(this.state);
    this.save();
  }

  // The server restarted (shared tables live in memory): share the table again under its id, so the
  // other phones' links keep working; the first phone back restores it, the others merge into it.
  async restore() {
    const id = this.shared.id;
    try {
      const sent = this.shareable();
      const reply = await api("POST", "/api/tables", { id, state: sent });
      this.shared = { id: reply.id, version: reply.version };
      this.acknowledged(reply.version, sent.game);
    } catch (err) {
      if (err.status === 409) this.reconcile({ id, version: err.body.version, state: err.body.state });
    }
  }

  // The shared table changed while this phone had changes of its own: merge by turn id (sync.js).
  reconcile(reply) {
    if (!reply.state || !reply.state.game) { this.adopt(reply); return; }    // an empty table: ours goes in
    if (!this.pending) {
      this.adopt(reply);
      this.onConflict && this.onConflict();
      return;
    }
    const { game, added, changed, conflicts } = merge(this.state, reply.state.game, this.synced);
    this.history = [...this.history.slice(-(HISTORY - 1)), JSON.stringify(this.state)];
    this.state = game;
    this.shared = { id: reply.id, version: reply.version };
    this.synced = fingerprints(reply.state.game);
    this.save();
    this.onChange();
    this.onSynced && this.onSynced(added.length + changed.length, conflicts.length);
    this.push();
  }

  poll() {
    if (this.timer || !this.shared) return;
    this.timer = setInterval(async () => {
      if (!this.shared || this.polling) return;        // one round at a time, however slow the network
      this.polling = true;
      try {
        if (this.pending) await this.push();
        else {
          const reply = await api("GET", `/api/tables/${this.shared.id}`);
          // another version, also a lower one: a restarted server numbers a restored table from 1 again
          if (reply.version !== this.shared.version) this.adopt(reply);
        }
      } catch (err) {
        if (err.status === 404) await this.restore();
      } finally {
        this.polling = false;
      }
    }, POLL_MS);
  }
}

export async function api(method, path, body, { timeout = API_TIMEOUT_MS } = {}) {
  const headers = { "accept-language": language() };
  if (body) headers["content-type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeout) });
  } catch {
    throw new Error(t("offline"));         // no answer (the server is down): no status, unlike a refusal
  }
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    const err = new Error(data.error || response.statusText);
    err.status = response.status;
    err.body = data;
    throw err;
  }
  return data;
}
