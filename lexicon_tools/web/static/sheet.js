// The score sheet: turns from the board, or typed (a word and its score, or a score alone), pass, exchange and
// resign kept apart, any turn corrected, the end step (the server applies the ruleset's rack penalties and
// credit and ranks), the sheet as CSV, and a game laid on the board as a game record (GCG, for `replay`).
import { api, nextClock } from "./store.js";
import { t } from "./i18n.js";
import { history } from "./board.js";

const $ = (id) => document.getElementById(id);

export function kindOf(turn) { return turn.kind || (turn.pass ? "pass" : "place"); }

// Players who left the game: resigned, or put out by passing too often in a row (the server says when).
export function left(state) {
  return state.turns.filter((turn) => kindOf(turn) === "resign" || turn.out).map((turn) => turn.player);
}

// Ask the engine whether `player` may pass, exchange or resign now (with the bag the turns leave), and
// whether the turn puts them out; null when the server is unreachable (the sheet takes the turn as entered).
export async function checkScoreless(state, player, kind, turns = state.turns) {
  try {
    return await api("POST", "/api/scoreless", { players: state.players.length, player, kind,
      history: history({ ...state, turns }) });
  } catch (err) {
    if (err.status !== undefined) return { legal: false, error: err.message };
    return null;
  }
}

// The engine's refusal as the status line shows it: the message and its hint.
export function refusal(reply) { return `${reply.error} ${reply.hint || ""}`.trim(); }

// A pass, exchange or resignation for the sheet, marked out when the engine's answer says it puts the player
// out (`reply` null: taken offline, as entered).
export function scorelessTurn(player, kind, reply) {
  return { player, kind, notation: "-", score: 0, valid: true, ...(reply && reply.out ? { out: true } : {}) };
}

// What the engine's answer tells the table: a player out, the game over by the rules ("" when neither).
export function passedOut(state, player, reply) {
  return [reply.out ? t("passed_out", { name: state.players[player], n: reply.passes_to_lose }) : "",
    reply.over ? t("rules_over") : ""].filter(Boolean).join(" ");
}

// The next seat to move after `seat`: players who resigned or are out leave the order.
export function nextSeat(state, seat) {
  const gone = new Set(left(state));
  for (let step = 1; step <= state.players.length; step++) {
    const next = (seat + step) % state.players.length;
    if (!gone.has(next)) return next;
  }
  return seat;
}

export function totals(state) {
  const sums = state.players.map(() => 0);
  for (const turn of state.turns) if (turn.player < sums.length) sums[turn.player] += turn.score || 0;
  return sums;
}

function said(turn) {
  const kind = kindOf(turn);
  if (kind === "place") return `${turn.notation} ${turn.score}${turn.valid ? "" : " ✘"}`;
  if (kind === "scored") return `${turn.word ? turn.word + " " : ""}${turn.score}`;
  if (kind === "end") return `${t("end_adjust")} ${turn.score > 0 ? "+" : ""}${turn.score}`;
  return t({ pass: "passed", exchange: "exchanged", resign: "resigned" }[kind] || "passed") + (turn.out ? ` – ${t("out")}` : "");
}

export class Sheet {
  constructor(rs, store) {
    this.rs = rs;
    this.store = store;
    this.editing = null;             // index of the turn being corrected
    $("typed").addEventListener("submit", (event) => { event.preventDefault(); this.enter(); });
    for (const kind of ["exchange", "pass", "resign"]) {
      $(`typed-${kind}`).addEventListener("click", () => this.scoreless(kind));
    }
    $("end-open").addEventListener("click", () => { $("end-step").hidden = !$("end-step").hidden; this.render(); });
    $("end-go").addEventListener("click", () => this.finish());
    $("csv").addEventListener("click", () => this.csv());
    $("record-gcg").addEventListener("click", () => this.gameRecord());
  }

  enter() {
    const score = Number($("typed-score").value);
    if ($("typed-score").value === "" || !Number.isInteger(score)) { $("typed-score").focus(); return; }
    const word = $("typed-word").value.trim().toUpperCase().slice(0, 40);
    const player = Number($("typed-player").value);
    const editing = this.editing;
    this.store.update((s) => {
      if (editing !== null && s.turns[editing]) {
        const turn = s.turns[editing];
        turn.score = score;
        if (kindOf(turn) !== "place") { turn.kind = "scored"; turn.word = word; turn.pass = false; }
        return;
      }
      s.turns.push({ player, kind: "scored", word, score, valid: true });
      s.current = nextSeat(s, player);
      nextClock(s);
    });
    this.editing = null;
    $("typed-word").value = "";
    $("typed-score").value = "";
  }

  // The engine checks the turn with the bag as the table's turns leave it (an exchange needs the ruleset's
  // tiles in the bag); with the server unreachable the sheet takes it as entered.
  async scoreless(kind) {
    const player = Number($("typed-player").value);
    const buttons = ["exchange", "pass", "resign", "go"].map((k) => $(`typed-${k}`));   // one turn at a time
    const state = this.store.state;
    buttons.forEach((b) => { b.disabled = true; });
    const reply = await checkScoreless(state, player, kind);
    buttons.forEach((b) => { b.disabled = false; });
    if (reply && !reply.legal) { $("status").textContent = refusal(reply); return; }
    if (reply && (reply.out || reply.over)) $("status").textContent = passedOut(state, player, reply);
    this.store.update((s) => {
      s.turns.push(scorelessTurn(player, kind, reply));
      s.current = nextSeat(s, player);
      s.pending = []; s.take = []; s.swap = []; s.line = 0;
      nextClock(s);
    });
  }

  edit(index) {
    const turn = this.store.state.turns[index];
    this.editing = index;
    $("typed-player").value = String(turn.player);
    $("typed-word").value = turn.word || (kindOf(turn) === "place" ? turn.notation : "");
    $("typed-score").value = String(turn.score || 0);
    $("typed-go").textContent = t("correct");
    $("typed-score").focus();
  }

  async finish() {
    const state = this.store.state;
    const racks = state.players.map((_, i) => ($(`end-rack-${i}`) || { value: "" }).value);
    const out = $("end-out").value === "" ? null : Number($("end-out").value);
    const placers = state.turns.filter((turn) => ["place", "scored"].includes(kindOf(turn)));
    try {
      const reply = await api("POST", "/api/end", {
        names: state.players, scores: totals(state), racks, went_out: out,
        last_placer: placers.length ? placers[placers.length - 1].player : null, left: left(state),
      });
      this.store.update((s) => {
        for (const a of reply.adjustments) s.turns.push({ player: a.player, kind: "end", score: a.delta, tiles: a.tiles, valid: true });
        s.ranking = reply.ranking;
      });
      $("end-step").hidden = true;
    } catch (err) {
      $("ranking").textContent = err.message;
    }
  }

  csv() {
    const state = this.store.state;
    const quote = (v) => `"${String(v).replace(/"/g, '""')}"`;
    const running = state.players.map(() => 0);
    const lines = [[t("turn"), t("player"), t("kind"), t("word"), t("points"), t("total")].map(quote).join(",")];
    state.turns.forEach((turn, index) => {
      running[turn.player] += turn.score || 0;
      const word = kindOf(turn) === "place" ? turn.notation : turn.word || turn.tiles || "";
      lines.push([index + 1, state.players[turn.player], t(`kind_${kindOf(turn)}`), word, turn.score || 0,
        running[turn.player]].map(quote).join(","));
    });
    download(lines.join("\r\n") + "\r\n", "text/csv", `${this.rs.name}-spielstand.csv`);
  }

  // The server lays the board turns again and writes them with the racks they needed and the engine's scores.
  async gameRecord() {
    const state = this.store.state;
    const adjustments = state.turns.filter((turn) => kindOf(turn) === "end")
      .map((turn) => ({ player: turn.player, delta: turn.score, tiles: turn.tiles || "" }));
    try {
      const reply = await api("POST", "/api/record", { names: state.players, history: history(state), adjustments });
      download(reply.gcg, "text/plain", reply.filename);
    } catch (err) {
      $("status").textContent = err.message;
    }
  }

  render() {
    const state = this.store.state;
    const head = $("sheet-head");
    head.textContent = "";
    head.append(cell("th", "#"));
    state.players.forEach((name) => head.append(cell("th", name)));
    const body = $("sheet-body");
    body.textContent = "";
    const running = state.players.map(() => 0);
    state.turns.forEach((turn, index) => {
      const row = document.createElement("tr");
      const number = cell("td", "");
      const fix = document.createElement("button");
      fix.type = "button";
      fix.className = "small";
      fix.textContent = `${index + 1} ✎`;
      fix.dataset.testid = `edit-${index + 1}`;
      fix.setAttribute("aria-label", `${t("correct")}: ${t("turn")} ${index + 1}`);
      fix.addEventListener("click", () => this.edit(index));
      number.append(fix);
      row.append(number);
      running[turn.player] += turn.score || 0;
      state.players.forEach((_, p) => {
        const td = cell("td", p === turn.player ? said(turn) : "");
        if (p === turn.player) { const sub = document.createElement("sub"); sub.textContent = ` Σ${running[p]}`; td.append(sub); }
        row.append(td);
      });
      body.append(row);
    });
    const foot = $("sheet-total");
    foot.textContent = "";
    foot.append(cell("th", t("total")));
    totals(state).forEach((sum) => foot.append(cell("th", String(sum))));
    // a game record needs every placement's tiles: only for a game laid on the board
    const kinds = state.turns.map(kindOf);
    $("record-gcg").hidden = !kinds.includes("place") || !kinds.every((k) => ["place", "pass", "resign", "end"].includes(k));
    this.form();
    this.ranking();
  }

  form() {
    const state = this.store.state;
    const select = $("typed-player");
    if (document.activeElement !== select) {
      select.textContent = "";
      state.players.forEach((name, i) => { const o = cell("option", name); o.value = String(i); select.append(o); });
      select.value = String(state.current);
    }
    if (this.editing === null) $("typed-go").textContent = t("enter");
    const racks = $("end-racks");
    if (!$("end-step").hidden && !racks.contains(document.activeElement)) {
      racks.textContent = "";
      const out = $("end-out");
      out.textContent = "";
      const none = cell("option", t("nobody_out"));
      none.value = "";
      out.append(none);
      state.players.forEach((name, i) => {
        const label = document.createElement("label");
        label.className = "row";
        label.append(cell("span", `${name}: ${t("rack_left")}`));
        const input = document.createElement("input");
        input.id = `end-rack-${i}`;
        input.dataset.testid = `end-rack-${i + 1}`;
        input.maxLength = 16;
        input.autocapitalize = "characters";
        label.append(input);
        racks.append(label);
        const option = cell("option", name);
        option.value = String(i);
        out.append(option);
      });
    }
  }

  ranking() {
    const list = $("ranking");
    list.textContent = "";
    const state = this.store.state;
    if (!state.ranking) return;
    const sums = totals(state);
    for (const { rank, player } of state.ranking) list.append(cell("li", `${rank}. ${state.players[player]} ${sums[player]}`));
  }
}

function download(text, type, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

function cell(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}
