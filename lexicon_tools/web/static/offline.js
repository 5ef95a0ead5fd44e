// Offline: the service worker (sw.js) keeps the page loadable, and this module judges words from the compact
// lexicon (lexicon/compact.py: gzip of a JSON header line and the sorted words in tile numbers, front-coded in
// buckets) when the server does not answer. The compact set is kept in its own cache with its ETag, asked for
// again on every load (304 when the lexicon is unchanged) and used from the cache when the server is down.
// Normalisation follows lexicon_tools/model/alphabet.py step by step, from the header's data: replacements
// (ß → SS), upper case, replacements again, accents dropped from letters that are not tiles of their own
// (É → E, Ä stays), repeated until nothing changes. Offline there are no reasons (the verdict table stays on
// the server) and no suggestions.
import { api } from "./store.js";
import { t } from "./i18n.js";

const LEXICON_URL = "/api/lexicon/compact";
const LEXICON_CACHE = "lexicon-tools-lexicon";   // not a shell cache: sw.js never deletes it
const MAX_WORD_LENGTH = 64;                      // as cli/wordinput.py
const CHECK_TIMEOUT_MS = 4000;                   // then the phone judges: a verdict is a graph walk on the server
let lexicon = null;                              // {header, bytes, starts, index}

export function registerWorker() {
  if (!("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => null);
}

async function stored() {
  if (typeof caches === "undefined") return null;    // no secure context (plain http on a LAN address)
  try { return await (await caches.open(LEXICON_CACHE)).match(LEXICON_URL); } catch { return null; }
}

// Download (or revalidate) the compact lexicon; falls back to the stored copy. Resolves to the word count or 0.
export async function loadLexicon() {
  const kept = await stored();
  let response = null;
  try {
    const headers = kept && kept.headers.get("etag") ? { "if-none-match": kept.headers.get("etag") } : {};
    response = await fetch(LEXICON_URL, { headers, cache: "no-store", signal: AbortSignal.timeout(60000) });
    if (response.status === 304) response = kept;
    else if (response.ok && typeof caches !== "undefined") {
      await (await caches.open(LEXICON_CACHE)).put(LEXICON_URL, response.clone()).catch(() => {});
    } else if (!response.ok) response = kept;
  } catch {
    response = kept;                                   // the server is unreachable
  }
  if (!response) return 0;
  const etag = response.headers.get("etag");
  if (lexicon && lexicon.etag === etag) return lexicon.header.words;
  lexicon = parse(new Uint8Array(await new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer()));
  lexicon.etag = etag;
  document.body.dataset.offlineWords = String(lexicon.header.words);
  return lexicon.header.words;
}

function parse(bytes) {
  const newline = bytes.indexOf(10);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline)));
  const body = bytes.subarray(newline + 1);
  const starts = [];                                   // offset of each bucket's first word (stored whole)
  let at = 0;
  for (let i = 0; at < body.length; i++) {
    if (i % header.bucket === 0) starts.push(at);
    at += 2 + body[at + 1];
  }
  const index = new Map(header.alphabet.map((letter, i) => [letter, i + 1]));
  return { header, bytes: body, starts, index };
}

function compare(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

function contains(tiles) {
  const { bytes, starts, header } = lexicon;
  const head = (k) => bytes.subarray(starts[k] + 2, starts[k] + 2 + bytes[starts[k] + 1]);
  let lo = 0, hi = starts.length - 1, found = -1;        // the last bucket whose first word <= tiles
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (compare(head(mid), tiles) <= 0) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  if (found < 0) return false;
  let at = starts[found];
  let word = new Uint8Array(0);
  for (let i = 0; i < header.bucket && at < bytes.length; i++) {
    const shared = bytes[at], length = bytes[at + 1];
    const next = new Uint8Array(shared + length);
    next.set(word.subarray(0, shared));
    next.set(bytes.subarray(at + 2, at + 2 + length), shared);
    const order = compare(next, tiles);
    if (order === 0) return true;
    if (order > 0) return false;
    word = next;
    at += 2 + length;
  }
  return false;
}

// Alphabet.normalize, once
function normalizeOnce(word, header, index) {
  const pairs = header.normalisation.replacements;
  let text = word.trim().normalize("NFC");
  for (const [from, to] of pairs) text = text.split(from).join(to);
  text = text.toUpperCase();
  for (const [from, to] of pairs) text = text.split(from).join(to);
  if (!header.normalisation.strip_accents) return text;
  let out = "";
  for (const ch of text) {
    if (index.has(ch) || ch.charCodeAt(0) < 128) out += ch;
    else out += ch.normalize("NFD").replace(/\p{M}/gu, "");
  }
  return out.trim();
}

export function normalize(word) {
  const { header, index } = lexicon;
  let text = word;
  for (let pass = 0; pass < 4; pass++) {
    const next = normalizeOnce(text, header, index);
    if (next === text) return next;
    text = next;
  }
  return text;
}

// Invisible and control characters are dropped, as cli/wordinput.visible does.
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2060\ufeff\u202a-\u202e\u2066-\u2069\p{Cc}]/gu;

// One result per word, shaped like the server's /api/check results, marked offline.
export function judgeOffline(words) {
  return words.map((raw) => {
    const word = raw.replace(INVISIBLE, "");
    if ([...word].length > MAX_WORD_LENGTH) {
      return { word, normalized: "", valid: false, reason: "length", offline: true, explanation: t("offline_reason") };
    }
    const normalized = normalize(word);
    const tiles = [...normalized].map((ch) => lexicon.index.get(ch));
    const tileable = tiles.length > 0 && tiles.every(Boolean);
    const valid = tileable && contains(Uint8Array.from(tiles));
    return { word, normalized, valid, reason: valid ? "listed" : tileable ? "unknown" : "not-tileable", offline: true,
      explanation: tileable ? t("offline_reason") : `${t("offline_not_tiles")} · ${t("offline_reason")}` };
  });
}

export function offlineReady() { return lexicon !== null; }

// Judge through the server; when it does not answer (a network error, not a refusal), from the compact set.
export async function checkWords(words, suggestions = 0) {
  try {
    return await api("POST", "/api/check", { words, suggestions }, { timeout: CHECK_TIMEOUT_MS });
  } catch (err) {
    if (err.status !== undefined) throw err;           // the server answered: its error stands
    if (!lexicon) await loadLexicon();
    if (!lexicon) throw new Error(t("offline_no_lexicon"));
    const results = judgeOffline(words);
    return { results, all_valid: results.every((r) => r.valid), offline: true };
  }
}
