import { language } from "./i18n.js";
// The game as the phone keeps it: state + undo history in local storage, optionally synced to a shared table.
// The server keeps nothing unless the table is shared; then this phone pushes every change and polls for others'.
const HISTORY = 60;          // undo steps kept (bounded: a shared table's state is limited in size)
const POLL_MS = 2000;

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
    this.device = Store.device(ruleset);
  }

  static device(ruleset) {
    try { return JSON.parse(localStorage.getItem(`lexicon-tools:${ruleset.name}:device`) || "{}") || {}; } catch { return {}; }
  }

  read(key) {
    try { return JSON.parse(localStorage.getItem(key) || "null"); } catch { return null; }
  }

  save() {
    localStorage.setItem(this.key, JSON.stringify({ state: this.state, history: this.history, shared: this.shared }));
    localStorage.setItem(`${this.key}:device`, JSON.stringify(this.device));
  }

  // Change the state through `mutate(draft)`; the previous state goes on the undo stack.
  update(mutate, { undoable = true } = {}) {
    const before = JSON.stringify(this.state);
    const draft = JSON.parse(before);
    mutate(draft);
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
    this.save();
    this.poll();
    return reply.id;
  }

  async join(id) {
    const reply = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
    this.adopt(reply);
    this.poll();
  }

  shareable() { return { game: this.state, history: this.history.slice(-20) }; }

  adopt(reply) {
    this.shared = { id: reply.id, version: reply.version };
    if (reply.state && reply.state.game) {
      this.state = reply.state.game;
      this.history = reply.state.history || [];
    }
    this.save();
    this.onChange();
  }

  async push() {
    if (!this.shared) return;
    try {
      const reply = await api("PUT", `/api/tables/${this.shared.id}`,
        { version: this.shared.version, state: this.shareable() });
      this.shared.version = reply.version;
      this.save();
    } catch (err) {
      if (err.status === 409) {
        this.adopt({ id: this.shared.id, version: err.body.version, state: err.body.state });
        this.onConflict && this.onConflict();
      }
    }
  }

  poll() {
    if (this.timer || !this.shared) return;
    this.timer = setInterval(async () => {
      if (!this.shared) return;
      try {
        const reply = await api("GET", `/api/tables/${this.shared.id}`);
        if (reply.version > this.shared.version) this.adopt(reply);
      } catch (err) {
        if (err.status === 404) { this.shared = null; this.save(); clearInterval(this.timer); this.timer = null; }
      }
    }, POLL_MS);
  }
}

export async function api(method, path, body) {
  const headers = { "accept-language": language() };
  if (body) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method, headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    const err = new Error(data.error || response.statusText);
    err.status = response.status;
    err.body = data;
    throw err;
  }
  return data;
}
