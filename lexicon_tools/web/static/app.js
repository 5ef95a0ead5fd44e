// The table page: tabs, judge, score sheet, tiles left, turn timer, language; the board lives in board.js.
import { api, emptyState, Store } from "./store.js";
import { BoardView } from "./board.js";
import { Sheet, totals } from "./sheet.js";
import { language, loadTexts, setLanguage, t } from "./i18n.js";
import { checkWords, loadLexicon, registerWorker } from "./offline.js";
import { showConflicts } from "./sync.js";

const TABLE_LIMITS = [60, 120, 180, 300];   // seconds: presets for a table whose ruleset names no time limit
const $ = (id) => document.getElementById(id);

async function main() {
  const [rs] = await Promise.all([api("GET", "/api/ruleset"), loadTexts()]);
  setLanguage(Store.device(rs).lang || (navigator.language || rs.language || "de").slice(0, 2));
  const playerName = (i) => `${t("player")} ${i + 1}`;
  const store = new Store(rs, () => refresh(), playerName);
  const board = new BoardView(rs, store, () => {});
  const scores = new Sheet(rs, store);
  $("title").textContent = rs.title;
  document.title = `${rs.title} – lexicon-tools`;
  let tilesTimer = null;

  function refresh() {
    board.render();
    board.evaluate();
    scores.render();
    players(rs, store);
    clearTimeout(tilesTimer);
    tilesTimer = setTimeout(() => tiles(rs, store), 120);
    mover(store);
    clock(store);
    $("undo").disabled = !store.history.length;
    showConflicts(store);
  }

  tabs();
  judge();
  timer(rs, store);
  sharing(store);
  $("lang").addEventListener("click", () => {
    store.device.lang = setLanguage(language() === "de" ? "en" : "de");
    $("lang").textContent = t("other_language");
    store.save();
    refresh();
  });
  $("lang").textContent = t("other_language");
  $("undo").addEventListener("click", () => store.undo());
  $("rack").value = store.device.rack || "";
  $("rack").addEventListener("input", () => { store.device.rack = $("rack").value; store.save(); tiles(rs, store); });
  $("add-player").addEventListener("click", () => store.update((s) => {
    if (s.players.length < rs.players.max) s.players.push(playerName(s.players.length));
  }));
  $("remove-player").addEventListener("click", () => store.update((s) => {
    if (s.players.length > rs.players.min) { s.players.pop(); s.current %= s.players.length; }
  }));
  $("new-game").addEventListener("click", () => {
    if (confirm(t("confirm_new"))) store.update((s) => { Object.assign(s, emptyState(rs, playerName), { players: s.players }); delete s.ranking; });
  });
  store.onConflict = () => status(t("sync_conflict"));
  store.onSynced = (added, conflicts) => status(t("sync_merged", { n: added }) + (conflicts ? ` ${t("sync_conflicts", { n: conflicts })}` : ""));
  const joining = new URLSearchParams(location.hash.slice(1)).get("table");
  if (joining) await store.join(joining).catch((err) => status(err.message));
  else if (store.shared) store.poll();
  refresh();
  document.body.dataset.ready = "1";
  registerWorker();
  loadLexicon().catch(() => 0);     // the compact lexicon for judging while the server is unreachable
}

function status(text) { $("status").textContent = text; }

function tabs() {
  const show = (name) => {
    for (const button of document.querySelectorAll("#tabs button")) {
      button.setAttribute("aria-selected", String(button.dataset.tab === name));
      $(`tab-${button.dataset.tab}`).hidden = button.dataset.tab !== name;
    }
  };
  for (const button of document.querySelectorAll("#tabs button")) {
    button.addEventListener("click", () => show(button.dataset.tab));
  }
  show("board");
}

function judge() {
  $("judge-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const words = $("judge-input").value.split(/[\s,;]+/).filter(Boolean).slice(0, 20);
    const list = $("verdicts");
    list.textContent = "";
    if (!words.length) return;
    try {
      // the verdicts at once (a graph walk), then the suggestions for the refused words (a slower search)
      const reply = await checkWords(words, 0);
      const items = reply.results.map((r) => {
        const item = document.createElement("li");
        item.className = r.valid ? "ok" : "bad";
        item.dataset.testid = "verdict";
        item.textContent = `${r.valid ? "✔" : "✘"} ${r.normalized || r.word} – ${r.explanation}`;
        list.appendChild(item);
        return item;
      });
      if (reply.offline) { status(t("offline_verdict")); return; }
      if ($("status").textContent === t("offline_verdict")) status("");
      const refused = reply.results.map((r, i) => [r, i]).filter(([r]) => !r.valid && r.reason !== "length");
      if (!refused.length) return;
      const more = await api("POST", "/api/check", { words: refused.map(([r]) => r.word), suggestions: 5 });
      more.results.forEach((r, k) => {
        if (r.suggestions && r.suggestions.length) items[refused[k][1]].textContent += `; → ${r.suggestions.join(", ")}`;
      });
    } catch (err) {
      const item = document.createElement("li");
      item.className = "bad";
      item.textContent = err.message;
      list.appendChild(item);
    }
  });
}

function players(rs, store) {
  const box = $("players");
  if (box.contains(document.activeElement)) return;
  box.textContent = "";
  store.state.players.forEach((name, index) => {
    const input = document.createElement("input");
    input.value = name;
    input.maxLength = 20;
    input.setAttribute("aria-label", `${t("player")} ${index + 1}`);
    input.dataset.testid = `player-${index + 1}`;
    input.addEventListener("change", () => store.update((s) => { s.players[index] = input.value.slice(0, 20) || `${t("player")} ${index + 1}`; }));
    box.append(input);
  });
  $("add-player").disabled = store.state.players.length >= rs.players.max;
  $("remove-player").disabled = store.state.players.length <= rs.players.min;
}

function mover(store) {
  const state = store.state;
  const sums = totals(state);
  const box = $("mover");
  box.textContent = "";
  state.players.forEach((name, index) => {
    const who = cell("span", `${index === state.current ? "▶ " : ""}${name} ${sums[index]}`);
    who.className = index === state.current ? "who now" : "who";
    box.append(who);
  });
  box.title = `${state.players[state.current]} ${t("to_move")}`;
}

async function tiles(rs, store) {
  try {
    const reply = await api("POST", "/api/tiles-left", { board: store.state.board, rack: (store.device.rack || "").slice(0, 16) });
    const grid = $("tile-grid");
    grid.textContent = "";
    for (const [letter, left] of [...Object.entries(reply.letters), [rs.blank, reply.blanks]]) {
      const item = cell("span", `${letter} ${left}`);
      item.className = left <= 0 ? "gone" : "";
      item.dataset.letter = letter;
      grid.append(item);
    }
    const bag = Math.max(0, reply.unseen - (store.state.players.length - 1) * rs.rack_size);
    $("unseen").textContent = `${t("unseen", { n: reply.unseen })} · ${t("in_bag", { n: bag })}`;
    if (reply.too_many.length) $("unseen").textContent += ` · ${t("too_many", { l: reply.too_many.join(" ") })}`;
  } catch (err) {
    $("unseen").textContent = err.message;
  }
}

// ---- the turn timer: the ruleset's limits (else table presets); the state holds when the turn started --------
function timer(rs, store) {
  const select = $("limit");
  const options = [[0, t("no_limit")], ...rs.time_limits.map((o) => [o.seconds, `${o.label} (${t("ruleset_limits")})`]),
    ...TABLE_LIMITS.map((s) => [s, `${s / 60}m`])];
  for (const [seconds, label] of options) {
    const option = document.createElement("option");
    option.value = String(seconds);
    option.textContent = label;
    select.append(option);
  }
  select.addEventListener("change", () => store.update((s) => { s.timer.limit = Number(select.value); }, { undoable: false }));
  $("clock-toggle").addEventListener("click", () => store.update((s) => {
    if (s.timer.started) { s.timer.spent += Date.now() - s.timer.started; s.timer.started = null; }
    else s.timer.started = Date.now();
  }, { undoable: false }));
  $("clock-auto").addEventListener("click", () => store.update((s) => { s.timer.auto = s.timer.auto === false; },
    { undoable: false }));
  setInterval(() => clock(store), 500);
}

let alarmed = "";

// Time is up: vibrate and beep where the browser allows (a phone in silent mode still vibrates).
function alarm() {
  try { if (navigator.vibrate) navigator.vibrate([300, 150, 300]); } catch { /* not allowed */ }
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator();
    tone.frequency.value = 880;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch { /* no audio before the first tap */ }
}

function clock(store) {
  const timer = store.state.timer;
  $("limit").value = String(timer.limit);
  const spent = timer.spent + (timer.started ? Date.now() - timer.started : 0);
  const seconds = timer.limit ? Math.max(0, timer.limit - spent / 1000) : spent / 1000;
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  $("clock").textContent = h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
  const over = timer.limit && spent / 1000 >= timer.limit;
  $("clock").classList.toggle("over", Boolean(over));
  $("clock").title = over ? t("time_up") : "";
  $("clock-toggle").textContent = timer.started ? t("pause") : t("start");
  $("clock-auto").setAttribute("aria-pressed", String(timer.auto !== false));
  $("clock-auto").classList.toggle("on", timer.auto !== false);
  const key = `${timer.started}:${timer.limit}`;
  if (over && timer.started && alarmed !== key) { alarmed = key; alarm(); }
}

function sharing(store) {
  const link = () => `${location.origin}/#table=${store.shared.id}`;
  $("share").addEventListener("click", async () => {
    try {
      if (!store.shared) await store.share();
      $("share-link").textContent = `${t("shared")} ${link()}`;
      $("share-qr").src = `/api/tables/${encodeURIComponent(store.shared.id)}/qr.svg`;
      $("share-qr").hidden = false;
      $("share-send").hidden = false;
    } catch (err) {
      $("share-link").textContent = `${t("share_failed")}: ${err.message}`;
    }
  });
  // the Web Share API where the phone has it (messenger, mail), else the link goes to the clipboard
  $("share-send").addEventListener("click", async () => {
    if (!store.shared) return;
    try {
      if (navigator.share) await navigator.share({ title: document.title, url: link() });
      else { await navigator.clipboard.writeText(link()); status(t("copied")); }
    } catch (err) {
      if (err.name !== "AbortError") status(`${t("share_failed")}: ${err.message}`);
    }
  });
}

function cell(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

main().catch((err) => { status(`${t("offline")}: ${err.message}`); });
