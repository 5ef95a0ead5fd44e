// The page's texts come from the server's message catalogue (lexicon_tools/messages/catalogue.json), the same
// one the CLI uses; the server also answers verdicts and rule messages in the language the page asks for.
let TEXT = { de: {}, en: {} };
let lang = "de";

export async function loadTexts() {
  const response = await fetch("/api/messages");
  if (response.ok) TEXT = (await response.json()).texts;
  return TEXT;
}

export function setLanguage(code) {
  lang = TEXT[code] ? code : "de";
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  return lang;
}

export function language() { return lang; }

export function t(key, values = {}) {
  const text = (TEXT[lang] && TEXT[lang][key]) || (TEXT.de && TEXT.de[key]) || key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}
