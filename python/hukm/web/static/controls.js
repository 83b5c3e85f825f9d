// The deal form: the game chooser, the options and position fields of the chosen game, and
// the translation between the form, the URL of a view and the server's table request.
// Options and position fields keep their keys and values (the names the URL takes).

import { lang, langInUrl, nt, t } from "./i18n.js";

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) node.append(c);
  return node;
}

export { $, el };

// Query keys the page reads besides the game's options (`opt.KEY`) and position keywords.
const SWITCHES = ["all", "analysis", "present", "dark", "large"];
const NUMBERS = { hold: "milliseconds", analysis_timeout: "seconds", analysis_max: "seconds" };
const KNOWN = new Set(["game", "seed", "deal", "actions", "step", "human", "viewer", "bots", "samples", "names",
                       "lang", ...SWITCHES, ...Object.keys(NUMBERS)]);

// The names of a names field or parameter: split at commas (the Arabic comma too).
const splitNames = (text) => text.split(/[,،]/);
const WHOLE = /^\d+$/;

// What is wrong with the query `q` for game `g`: one message per bad parameter.
function queryErrors(q, g) {
  const errors = [];
  // The values a URL takes are written as typed there (Western digits, the keys' names).
  const bad = (key, want) => errors.push(t('{key}: expected {want}, got "{value}"', { key, want, value: q.get(key) }));
  const whole = () => t("a whole number ≥ {min}", { min: "0" });
  const seed = q.get("seed");
  if (seed !== null && !(WHOLE.test(seed) && BigInt(seed) < 2n ** 63n)) bad("seed", whole());
  const step = q.get("step");
  if (step !== null && step !== "" && !WHOLE.test(step)) bad("step", whole());
  for (const key of ["human", "viewer"]) {
    const v = q.get(key);
    if (v !== null && v !== "none" && !(WHOLE.test(v) && Number(v) < g.players)) {
      bad(key, t("a seat {first}..{last} or none", { first: "0", last: String(g.players - 1) }));
    }
  }
  const bots = q.get("bots");
  if (bots !== null && !["heuristic", "random", "pimc"].includes(bots)) bad("bots", t("heuristic, random or pimc"));
  const samples = q.get("samples");
  if (samples !== null && !(WHOLE.test(samples) && Number(samples) >= 1 && Number(samples) <= 200)) {
    bad("samples", t("a whole number {lo}..{hi}", { lo: "1", hi: "200" }));
  }
  for (const key of SWITCHES) {
    if (q.get(key) !== null && !["0", "1"].includes(q.get(key))) bad(key, t("{a} or {b}", { a: "0", b: "1" }));
  }
  for (const [key, unit] of Object.entries(NUMBERS)) {
    const v = q.get(key);
    if (v !== null && !(Number(v) > 0)) {
      bad(key, unit === "seconds" ? t("a number of seconds > {min}", { min: "0" })
        : t("a number of milliseconds > {min}", { min: "0" }));
    }
  }
  const names = q.get("names");
  if (names !== null && splitNames(names).length > g.players) {
    bad("names", nt("at most {n} name", "at most {n} names", g.players));
  }
  const options = new Map(g.options.map((o) => [o.key, o]));
  const position = new Set(g.position.map((p) => p.key));
  for (const [key, value] of q.entries()) {
    if (key.startsWith("opt.")) {
      const o = options.get(key.slice(4));
      if (!o) errors.push(t('{key}: {game} has no option "{option}"', { key, game: g.name, option: key.slice(4) }));
      else if (value !== "" && optionError(o, value)) bad(key, optionError(o, value));
    } else if (!KNOWN.has(key) && !position.has(key)) {
      errors.push(t("{key}: not a parameter of the page", { key }));
    }
  }
  return errors;
}

// What a value of option `o` should have been, or "" when `value` fits.
function optionError(o, value) {
  if (o.kind === "switch") return ["on", "off"].includes(value) ? "" : t("{a} or {b}", { a: "on", b: "off" });
  if (o.kind === "words") return o.values.includes(value) ? "" : t("one of {values}", { values: o.values.join(", ") });
  if (o.kind === "number") {
    const [lo, hi] = o.values.map(Number);
    const n = Number(value);
    return /^-?\d+$/.test(value) && n >= lo && n <= hi ? "" : t("a whole number {lo}..{hi}", { lo: String(lo), hi: String(hi) });
  }
  return "";
}

// The names field as a list by seat ([] when empty).
function namesOf(text) {
  return text.trim() ? splitNames(text).map((x) => x.trim()) : [];
}

export class DealForm {
  constructor(games) {
    this.games = games;
    this.byName = new Map(games.map((g) => [g.name, g]));
    const select = $("game");
    const families = new Map();
    for (const g of games) {
      if (!families.has(g.family)) families.set(g.family, el("optgroup", { label: g.family_title }));
      // The preset's name is English: other languages show the title alone.
      const text = lang() === "en" ? `${g.name} — ${g.title}` : g.title;
      families.get(g.family).append(el("option", { value: g.name, title: g.name }, text));
    }
    for (const group of families.values()) select.append(group);
    select.addEventListener("change", () => this.fill({}));
    $("bots").addEventListener("change", () => { $("samples-box").hidden = $("bots").value !== "pimc"; });
  }

  get game() {
    return this.byName.get($("game").value);
  }

  // Builds the option, position and seat fields of the chosen game, set from `values`
  // (option and position values by key; `human` and `viewer` seats).
  fill(values) {
    const g = this.game;
    const options = $("options");
    options.replaceChildren();
    for (const o of g.options) {
      const id = `opt-${o.key}`;
      const given = values[`opt.${o.key}`];
      let input;
      if (o.kind === "words" || o.kind === "switch") {
        const choices = o.kind === "switch" ? ["on", "off"] : o.values;
        input = el("select", { id, "data-option": o.key });
        const shown = (v) => (v === "on" ? t("on") : v === "off" ? t("off") : v);
        input.append(el("option", { value: "" },
          o.default === null ? t("(preset)") : t("(preset: {value})", { value: shown(o.default) })));
        for (const v of choices) input.append(el("option", { value: v }, shown(v)));
      } else if (o.kind === "number") {
        input = el("input", { id, type: "number", min: o.values[0], max: o.values[1], "data-option": o.key,
                              placeholder: o.default ?? "" });
      } else {
        input = el("input", { id, type: "text", "data-option": o.key, placeholder: o.values[0] || "" });
      }
      if (given !== undefined) input.value = given;
      options.append(el("label", { for: id }, o.key, input));
    }
    $("options-box").hidden = g.options.length === 0;
    const position = $("position");
    position.replaceChildren();
    for (const p of g.position) {
      const id = `pos-${p.key}`;
      const input = el("input", { id, "data-position": p.key, type: p.whole ? "number" : "text",
                                  min: p.whole ? 0 : undefined, size: 6 });
      if (values[p.key] !== undefined) input.value = values[p.key];
      position.append(el("label", { for: id, title: p.key }, p.label ?? p.key, input));
    }
    const seats = (id, extra) => {
      const s = $(id);
      s.replaceChildren();
      for (const [v, text] of extra) s.append(el("option", { value: v }, text));
      for (let i = 0; i < g.players; i++) s.append(el("option", { value: String(i) }, t("seat {n}", { n: i })));
    };
    seats("human", [["none", t("no seat (bots play all)")]]);
    seats("viewer", [["none", t("nobody (all hands)")]]);
    $("human").value = values.human ?? "0";
    $("viewer").value = values.viewer ?? values.human ?? "0";
    if ($("human").value === "") $("human").value = "0";
    if ($("viewer").value === "") $("viewer").value = "0";
  }

  // The form's values as the table request of the server.
  request() {
    const g = this.game;
    const spec = { game: g.name, options: {}, bots: $("bots").value };
    for (const input of document.querySelectorAll("[data-option]")) {
      if (input.value !== "") spec.options[input.dataset.option] = input.value;
    }
    const deal = $("deal").value.trim();
    if (deal) {
      spec.deal = deal;
      spec.position = {};
      for (const input of document.querySelectorAll("[data-position]")) {
        if (input.value !== "") spec.position[input.dataset.position] = input.value;
      }
    } else {
      spec.seed = Number($("seed").value || 0);
    }
    const human = $("human").value;
    spec.human = human === "none" ? [] : [Number(human)];
    const names = namesOf($("names").value);
    if (names.length) spec.names = names;
    if (spec.bots === "pimc") spec.samples = Number($("samples").value || 20);
    return spec;
  }

  // Sets the form from a URL's query (see `toQuery`); returns the request's extras
  // (actions, step) and the view switches. A query with a bad parameter throws an Error
  // naming every bad one, the form left as it was.
  fromQuery(q) {
    const name = q.get("game");
    if (name && !this.byName.has(name)) throw new Error(t('unknown game "{name}"', { name }));
    const errors = queryErrors(q, this.byName.get(name || this.games[0].name));
    if (errors.length) throw new Error(t("This link cannot be opened: {errors}", { errors: errors.join("; ") }));
    $("game").value = name || this.games[0].name;
    const values = {};
    for (const [k, v] of q.entries()) values[k] = v;
    this.fill(values);
    $("seed").value = q.get("seed") || "0";
    $("deal").value = q.get("deal") || "";
    $("deal-box").open = Boolean(q.get("deal"));
    $("bots").value = q.get("bots") || "heuristic";
    $("samples").value = q.get("samples") || "20";
    $("samples-box").hidden = $("bots").value !== "pimc";
    $("show-all").checked = q.get("all") === "1";
    $("analysis").checked = q.get("analysis") === "1";
    $("names").value = q.get("names") || "";
    if (q.get("dark") !== null) $("dark").checked = q.get("dark") === "1";
    $("large").checked = q.get("large") === "1";
    const extra = {};
    const actions = q.get("actions");
    if (actions) extra.actions = actions.split(",").filter((a) => a);
    if (q.get("step") !== null && q.get("step") !== "") extra.step = Number(q.get("step"));
    return extra;
  }

  // The URL query of a view: the form, the actions played and the step shown.
  toQuery(view) {
    const spec = this.request();
    const q = new URLSearchParams();
    q.set("game", spec.game);
    for (const [k, v] of Object.entries(spec.options)) q.set(`opt.${k}`, v);
    if (spec.deal !== undefined) {
      q.set("deal", spec.deal);
      for (const [k, v] of Object.entries(spec.position)) q.set(k, v);
    } else {
      q.set("seed", String(spec.seed));
    }
    if (view && view.actions.length) q.set("actions", view.actions.join(","));
    if (view) q.set("step", String(view.step));
    q.set("human", $("human").value);
    q.set("viewer", $("viewer").value);
    if (spec.bots !== "heuristic") q.set("bots", spec.bots);
    if (spec.samples) q.set("samples", String(spec.samples));
    if ($("show-all").checked) q.set("all", "1");
    if ($("analysis").checked) q.set("analysis", "1");
    if (spec.names) q.set("names", spec.names.join(","));
    if ($("large").checked) q.set("large", "1");
    if ($("dark").checked) q.set("dark", "1");
    if (langInUrl()) q.set("lang", lang());
    return q.toString();
  }
}
