// The page's language: its messages (GET /api/i18n?lang=), its direction, its digits and its
// fonts. t("…") translates a message, nt("…", "…", n) one that counts, pt("context", "…")
// one that needs its context; {placeholders} are filled, numbers in the language's digits.
// The language is the URL's ?lang= when given, else the one chosen in this browser (the
// language menu keeps it), else English.

const STORE = "hukm-lang";

const current = {
  lang: "en",
  dir: "ltr",
  digits: "0123456789",
  fonts: "",
  messages: {},
  languages: [{ code: "en", name: "English" }],
  plural: (n) => (n !== 1 ? 1 : 0),
  fromUrl: false,   // the language was asked for by the URL (or the menu), kept in the URL
};

// A number (or a text with Western digits) in the language's digits.
export function num(value) {
  const d = current.digits;
  return String(value).replace(/[0-9]/g, (c) => d[Number(c)]);
}

function fill(text, args) {
  if (!args) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key) => {
    if (!(key in args)) return whole;
    const v = args[key];
    return typeof v === "number" ? num(v) : String(v);
  });
}

export function t(message, args) {
  const m = current.messages[message];
  return fill(typeof m === "string" && m ? m : message, args);
}

export function nt(singular, plural, n, args) {
  const forms = current.messages[singular];
  let text = n === 1 ? singular : plural;
  if (Array.isArray(forms)) {
    const form = forms[current.plural(n)];
    if (form) text = form;
  }
  return fill(text, { n, ...args });
}

export function pt(context, message, args) {
  const m = current.messages[`${context}\u0004${message}`];
  return fill(typeof m === "string" && m ? m : message, args);
}

export const lang = () => current.lang;
export const rtl = () => current.dir === "rtl";
export const langInUrl = () => current.fromUrl || current.lang !== "en";
export const languages = () => current.languages;

// The catalog's plural expression (C syntax, as gettext writes it) as a function of n.
function pluralOf(expression) {
  if (!/^[\sn0-9!=<>&|?:%()+-]*$/.test(expression)) return current.plural;
  // eslint-disable-next-line no-new-func
  const f = new Function("n", `return Number(${expression});`);
  return (n) => f(n);
}

async function fetchLanguage(code) {
  const response = await fetch(`/api/i18n?lang=${encodeURIComponent(code)}`);
  const data = await response.json();
  if (!response.ok) {
    const err = new Error(data.error || response.statusText);
    err.status = response.status;
    throw err;
  }
  return data;
}

// Loads the page's language: ?lang= first, then the remembered choice, then English.
// Returns the message to show when the URL asked for a language there is none of ("").
export async function loadLanguage(query) {
  const asked = query.get("lang");
  const saved = localStorage.getItem(STORE);
  let data = null;
  let problem = "";
  if (asked !== null && asked !== "") {
    try {
      data = await fetchLanguage(asked);
      current.fromUrl = true;
    } catch (e) {
      problem = asked;
    }
  }
  if (data === null && saved) {
    try { data = await fetchLanguage(saved); } catch (e) { localStorage.removeItem(STORE); }
  }
  if (data === null) data = await fetchLanguage("en");
  Object.assign(current, {
    lang: data.lang, dir: data.dir, digits: data.digits, fonts: data.fonts,
    messages: data.messages, languages: data.languages, plural: pluralOf(data.plural),
  });
  apply();
  return problem;
}

// The document in the language: <html lang dir>, the fonts, every [data-t] element's text.
function apply() {
  const root = document.documentElement;
  root.lang = current.lang;
  root.dir = current.dir;
  // English keeps the system's font; the others the stack that covers their script.
  if (current.lang === "en") root.style.removeProperty("--font");
  else root.style.setProperty("--font", current.fonts);
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
}

// The menu's choice: kept in this browser and written in the URL, the page opened again.
export function choose(code) {
  localStorage.setItem(STORE, code);
  const q = new URLSearchParams(location.search);
  q.set("lang", code);
  location.search = q.toString();
}
