// The board tab: draw the ruleset's board, enter the tiles of a turn, show the engine's evaluation.
// Nothing here knows a rule: the server's /api/score validates and scores; this file only displays.
import { api, nextClock } from "./store.js";
import { t } from "./i18n.js";
import { checkScoreless, kindOf, nextSeat, passedOut, refusal, scorelessTurn } from "./sheet.js";

const COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export class BoardView {
  constructor(ruleset, store, onRecorded) {
    this.rs = ruleset;
    this.store = store;
    this.onRecorded = onRecorded;
    this.cursor = null;          // square name being filled
    this.across = true;
    this.blank = false;
    this.mode = "place";         // place | take | swap
    this.evaluation = null;
    this.seq = 0;
    this.el = document.getElementById("board");
    this.el.style.gridTemplateColumns = `repeat(${ruleset.cols}, 1fr)`;
    this.el.style.setProperty("--cols", String(ruleset.cols));
    this.frame = document.getElementById("board-frame");
    this.zoomed = false;
    this.squares = [];
    for (let r = 0; r < ruleset.rows; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      for (let c = 0; c < ruleset.cols; c++) {
        const sq = document.createElement("button");
        sq.type = "button";
        sq.className = "sq";
        sq.setAttribute("role", "gridcell");
        sq.dataset.square = `${COLS[c]}${r + 1}`;
        const kind = ruleset.premiums[sq.dataset.square];
        if (kind) sq.classList.add(`prem-${kind}`, `col-${ruleset.colours[kind] || "none"}`);
        if (ruleset.start.includes(sq.dataset.square)) sq.classList.add("start");
        sq.addEventListener("click", () => this.tap(sq.dataset.square, r, c));
        row.appendChild(sq);
        this.squares.push(sq);
      }
      this.el.appendChild(row);
    }
    this.keys();
    this.buttons();
  }

  keys() {
    const keys = document.getElementById("keys");
    for (const letter of this.rs.letters) {
      const key = document.createElement("button");
      key.type = "button";
      key.className = "key";
      key.textContent = letter;
      key.dataset.letter = letter;
      key.addEventListener("click", () => this.type(letter));
      keys.appendChild(key);
    }
    document.addEventListener("keydown", (event) => {
      if (event.target.tagName === "INPUT" || document.getElementById("tab-board").hidden) return;
      const letter = event.key.toUpperCase();
      if (this.rs.letters.includes(letter)) this.type(letter);
      else if (event.key === "Backspace") this.backspace();
    });
  }

  // A tap on the overview zooms the board (44 px squares) around the tapped square; "Übersicht" goes back.
  zoom(on, name) {
    this.zoomed = on;
    this.el.classList.toggle("zoomed", on);
    this.frame.classList.toggle("zoomed", on);
    document.getElementById("zoom").textContent = t(on ? "overview" : "zoom_in");
    const target = name && this.squares.find((sq) => sq.dataset.square === name);
    if (on && target) {        // centre the square in the frame, and the frame below the sticky header
      const frame = this.frame;
      frame.scrollLeft = target.offsetLeft - (frame.clientWidth - target.offsetWidth) / 2;
      frame.scrollTop = target.offsetTop - (frame.clientHeight - target.offsetHeight) / 2;
      const header = document.getElementById("top").getBoundingClientRect().height;
      const top = frame.getBoundingClientRect().top;
      if (top < header || top > window.innerHeight / 2) window.scrollBy(0, top - header - 4);
    }
  }

  buttons() {
    const byId = (id) => document.getElementById(id);
    byId("zoom").addEventListener("click", () => this.zoom(!this.zoomed, this.cursor || this.rs.start[0]));
    byId("zoom").textContent = t("zoom_in");
    byId("dir").addEventListener("click", () => { this.across = !this.across; this.render(); });
    byId("blank").addEventListener("click", () => { this.blank = !this.blank; this.render(); });
    byId("nextword").hidden = !this.rs.multi_word;
    byId("nextword").addEventListener("click", () => {
      const state = this.store.state;
      if (state.pending.some((p) => p.line === state.line)) this.store.update((s) => { s.line += 1; });
    });
    for (const mode of ["take", "swap"]) {
      byId(mode).hidden = !this.rs[mode];
      byId(mode).addEventListener("click", () => { this.mode = this.mode === mode ? "place" : mode; this.render(); });
    }
    byId("clear").addEventListener("click", () => this.store.update((s) => {
      s.pending = []; s.take = []; s.swap = []; s.line = 0;
    }));
    byId("record").addEventListener("click", () => this.record());
    byId("pass").addEventListener("click", () => this.pass());
  }

  letterAt(state, r, c) { return state.board[r][c]; }

  tap(name, r, c) {
    if (!this.zoomed) this.zoom(true, name);
    const state = this.store.state;
    const onBoard = this.letterAt(state, r, c) !== ".";
    if (this.mode === "take" && onBoard) {
      return this.store.update((s) => { s.take = s.take.includes(name) ? s.take.filter((x) => x !== name) : [name]; });
    }
    if (this.mode === "swap" && onBoard) {
      return this.store.update((s) => { s.swap = s.swap.includes(name) ? s.swap.filter((x) => x !== name) : [...s.swap, name]; });
    }
    if (state.pending.some((p) => p.square === name)) {
      this.cursor = name;
      return this.store.update((s) => { s.pending = s.pending.filter((p) => p.square !== name); });
    }
    if (!onBoard || state.take.includes(name)) { this.cursor = name; this.render(); }
  }

  type(letter) {
    if (!this.cursor) return;
    const name = this.cursor;
    const blank = this.blank;
    this.cursor = this.advance(name);
    this.blank = false;
    this.store.update((s) => {
      s.pending = s.pending.filter((p) => p.square !== name);
      s.pending.push({ square: name, letter, blank, line: s.line });
    });
  }

  backspace() {
    const state = this.store.state;
    const last = state.pending[state.pending.length - 1];
    if (!last) return;
    this.cursor = last.square;
    this.store.update((s) => { s.pending.pop(); });
  }

  advance(name) {
    let c = COLS.indexOf(name[0]);
    let r = Number(name.slice(1)) - 1;
    const state = this.store.state;
    do {
      if (this.across) c += 1; else r += 1;
    } while (r < this.rs.rows && c < this.rs.cols && state.board[r][c] !== "." && !state.take.includes(`${COLS[c]}${r + 1}`));
    return r < this.rs.rows && c < this.rs.cols ? `${COLS[c]}${r + 1}` : null;
  }

  // ---- drawing ---------------------------------------------------------------------------------
  render() {
    const state = this.store.state;
    const pending = new Map(state.pending.map((p) => [p.square, p]));
    const scored = new Set((this.evaluation && this.evaluation.words || []).flatMap((w) => w.squares));
    for (const sq of this.squares) {
      const name = sq.dataset.square;
      const c = COLS.indexOf(name[0]);
      const r = Number(name.slice(1)) - 1;
      const ch = state.board[r][c];
      const p = pending.get(name);
      const letter = p ? p.letter : ch !== "." ? ch.toUpperCase() : "";
      const blank = p ? p.blank : ch !== "." && ch !== ch.toUpperCase();
      sq.textContent = "";
      if (letter) {
        const tile = document.createElement("span");
        tile.className = "tile";
        tile.textContent = letter;
        const value = document.createElement("sub");
        value.textContent = blank && !this.rs.blank_scores_letter ? "" : String(this.rs.values[letter] ?? "");
        tile.appendChild(value);
        sq.appendChild(tile);
      } else if (this.rs.premiums[name]) {
        sq.textContent = t(`premium_${this.rs.premiums[name]}`);
      }
      sq.classList.toggle("filled", Boolean(letter));
      sq.classList.toggle("new", Boolean(p));
      sq.classList.toggle("blank", Boolean(blank));
      sq.classList.toggle("cursor", this.cursor === name);
      sq.classList.toggle("taken", state.take.includes(name));
      sq.classList.toggle("swapped", state.swap.includes(name));
      sq.classList.toggle("scored", scored.has(name));
      sq.dataset.line = p ? String(p.line + 1) : "";
      const kind = this.rs.premiums[name];
      const value = letter ? sq.textContent : "";       // the letter and its value, as shown
      sq.setAttribute("aria-label", `${value || (kind ? t(`premium_${kind}`) : t("empty"))} ${name}`);
    }
    document.getElementById("dir").textContent = this.across ? "→" : "↓";
    document.getElementById("dir").setAttribute("aria-label", `${t("direction")}: ${t(this.across ? "direction_across" : "direction_down")}`);
    document.getElementById("blank").classList.toggle("on", this.blank);
    document.getElementById("take").classList.toggle("on", this.mode === "take");
    document.getElementById("swap").classList.toggle("on", this.mode === "swap");
  }

  // ---- evaluation by the server ------------------------------------------------------------------
  async evaluate() {
    const state = this.store.state;
    const seq = ++this.seq;
    if (!state.pending.length) { this.evaluation = null; this.show(); return; }
    try {
      // the table's turns go along: the rules that depend on the game so far (first turn, who laid a joker)
      const result = await api("POST", "/api/score", {
        history: history(state), player: state.current, board: state.board,
        tiles: state.pending, take: state.take, swap: state.swap,
      });
      if (seq !== this.seq) return;
      this.evaluation = result;
    } catch (err) {
      if (seq !== this.seq) return;
      this.evaluation = { legal: false, error: err.message, hint: err.status === undefined ? t("offline_scoring") : "" };
    }
    this.show();
  }

  show() {
    const out = document.getElementById("result");
    const record = document.getElementById("record");
    const ev = this.evaluation;
    out.textContent = "";
    record.disabled = !ev || !ev.legal;
    record.textContent = ev && ev.legal && !ev.valid ? t("record_anyway") : t("record");
    if (!ev) { out.append(note(t("place_hint"))); this.render(); return; }
    if (!ev.legal) {
      out.append(line("bad", `✘ ${t("illegal")}: ${ev.error}`));
      if (ev.hint) out.append(note(ev.hint));
      this.render();
      return;
    }
    for (const w of ev.words) {
      const extra = w.premiums.length ? ` (${w.premiums.map((k) => t(`premium_${k}`)).join(", ")})` : "";
      out.append(line(w.valid ? "ok" : "bad", `${w.valid ? "✔" : "✘"} ${w.display} ${w.score}${extra}` +
        (w.valid ? "" : ` – ${t("word_invalid")}${w.reason ? ": " + w.reason : ""}`), "word"));
    }
    for (const part of ev.cut) out.append(line("ok", `${t("cut")}: ${part.word} ${part.score}`, "word"));
    if (ev.bingo) out.append(line("ok", `${t("bingo")}: ${ev.bingo}`, "word"));
    const total = line("total", t("score", { n: ev.score }));
    total.dataset.testid = "turn-score";
    out.append(total);
    if (!ev.valid) out.append(note(t("words_invalid")));
    this.render();
  }

  // A pass waits for the engine, as the sheet's does: the ruleset may not allow passing (then the refusal is
  // shown and nothing is recorded), and the answer says whether it puts the player out (SmartFeud: three
  // passes in a row lose). With the server unreachable the pass is recorded as entered. The tiles laid when
  // Passen was tapped go; tiles laid while the engine was asked stay (they are the next player's).
  async pass() {
    const button = document.getElementById("pass");
    if (button.disabled) return;                 // one pass at a time: a second tap waits for the first
    const before = this.store.state;
    const player = before.current;
    const laid = JSON.stringify([before.pending, before.take, before.swap]);
    button.disabled = true;
    let reply;
    try {
      reply = await checkScoreless(before, player, "pass");
    } finally {
      button.disabled = false;
    }
    const status = document.getElementById("status");
    if (reply && !reply.legal) { status.textContent = refusal(reply); return; }
    if (reply && (reply.out || reply.over)) status.textContent = passedOut(before, player, reply);
    this.store.update((s) => {
      s.turns.push(scorelessTurn(player, "pass", reply));
      if (JSON.stringify([s.pending, s.take, s.swap]) === laid) { s.pending = []; s.take = []; s.swap = []; s.line = 0; }
      s.current = nextSeat(s, player);
      nextClock(s);
    });
  }

  record() {
    const ev = this.evaluation;
    if (!ev || !ev.legal) return;
    this.store.update((s) => {
      s.turns.push({ player: s.current, kind: "place", notation: ev.notation, score: ev.score, valid: ev.valid });
      s.board = ev.board; s.used = ev.used;
      s.pending = []; s.take = []; s.swap = []; s.line = 0;
      s.current = nextSeat(s, s.current);
      nextClock(s);
    });
    this.cursor = null;
    this.mode = "place";
    this.onRecorded();
  }
}

// The turns as the server replays them: seat, kind, and a placement's notation (as the server wrote it).
export function history(state) {
  return state.turns.filter((turn) => kindOf(turn) !== "end").map((turn) => kindOf(turn) === "place"
    ? { player: turn.player, kind: "place", notation: turn.notation }
    : { player: turn.player, kind: kindOf(turn) });
}

function line(kind, text, testid) {
  const p = document.createElement("p");
  p.className = kind;
  p.textContent = text;
  if (testid) p.dataset.testid = testid;
  return p;
}

function note(text) { return line("note", text); }
