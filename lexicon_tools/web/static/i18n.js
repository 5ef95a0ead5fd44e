// German and English texts of the table page. Messages from the rules engine come in English.
export const TEXT = {
  de: {
    tab_board: "Brett", tab_judge: "Prüfen", tab_sheet: "Spielstand", tab_tiles: "Steine",
    start: "Start", pause: "Pause", joker: "Joker", next_word: "+ Wort", take: "Buchstaben nehmen",
    swap: "Joker tauschen", record: "Zug eintragen", record_anyway: "Trotzdem eintragen", pass: "Passen",
    clear: "Leeren", undo: "Rückgängig", check: "Prüfen", add_player: "+ Spieler", remove_player: "− Spieler",
    new_game: "Neues Spiel", share: "Tisch teilen", my_rack: "Meine Steine", player: "Spieler", turn: "Zug",
    total: "Summe", to_move: "am Zug", unseen: "{n} Steine ungesehen", in_bag: "etwa {n} im Beutel",
    score: "{n} Punkte", bingo: "Bonus", cut: "Rest nach dem Nehmen", premiums: "Prämien", word_invalid: "kein Wort",
    illegal: "Nicht erlaubt", words_invalid: "Ungültige Wörter – die Runde entscheidet.", place_hint:
      "Feld antippen, dann Buchstaben wählen. Gelegte Steine antippen, um sie zu entfernen.",
    no_limit: "ohne Zeit", ruleset_limits: "Regel", table_limits: "Tisch", time_up: "Zeit abgelaufen!",
    passed: "gepasst", shared: "Geteilt – diesen Link öffnen:", share_failed: "Teilen fehlgeschlagen",
    sync_conflict: "Der Tisch wurde auf einem anderen Telefon geändert und neu geladen.",
    confirm_new: "Neues Spiel beginnen? Der Spielstand wird gelöscht.", too_many: "Mehr auf dem Brett als im Spiel: {l}",
    offline: "Server nicht erreichbar", word: "Wort", points: "Punkte", line: "Wort {n}", taken: "genommen",
    swapped: "getauscht",
  },
  en: {
    tab_board: "Board", tab_judge: "Judge", tab_sheet: "Scores", tab_tiles: "Tiles",
    start: "Start", pause: "Pause", joker: "Joker", next_word: "+ Word", take: "Take a letter",
    swap: "Swap joker", record: "Record turn", record_anyway: "Record anyway", pass: "Pass",
    clear: "Clear", undo: "Undo", check: "Check", add_player: "+ Player", remove_player: "− Player",
    new_game: "New game", share: "Share table", my_rack: "My rack", player: "Player", turn: "Turn",
    total: "Total", to_move: "to move", unseen: "{n} tiles unseen", in_bag: "about {n} in the bag",
    score: "{n} points", bingo: "Bonus", cut: "Left after the take", premiums: "Premiums", word_invalid: "not a word",
    illegal: "Not allowed", words_invalid: "Invalid words – the table decides.", place_hint:
      "Tap a square, then pick letters. Tap a placed tile to remove it.",
    no_limit: "no limit", ruleset_limits: "Rules", table_limits: "Table", time_up: "Time is up!",
    passed: "passed", shared: "Shared – open this link:", share_failed: "Sharing failed",
    sync_conflict: "The table changed on another phone and was reloaded.",
    confirm_new: "Start a new game? The score sheet is cleared.", too_many: "More on the board than in the game: {l}",
    offline: "Server not reachable", word: "Word", points: "Points", line: "word {n}", taken: "taken",
    swapped: "swapped",
  },
};

let lang = "de";

export function setLanguage(code) {
  lang = TEXT[code] ? code : "en";
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  return lang;
}

export function language() { return lang; }

export function t(key, values = {}) {
  const text = (TEXT[lang] && TEXT[lang][key]) || TEXT.en[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}
