// The page: one table at a time, drawn by the server (hukm.svg), played by clicking the
// cards and the action buttons; the bots of the other seats play through the server.

import { api } from "./api.js";
import { $, el, DealForm } from "./controls.js";
import { choose, lang, languages, loadLanguage, nt, num, pt, rtl, t } from "./i18n.js";

const BOT_DELAY_MS = 350;     // a pause before each bot move, so people can follow the play
// Seconds the server may spend on one analysis, and the longest the page asks for when
// a try only bounds the value (?analysis_timeout= and ?analysis_max= change them).
const QUERY = new URLSearchParams(location.search);
const ANALYSIS_TIMEOUT = Number(QUERY.get("analysis_timeout")) || 10;
const MAX_ANALYSIS_TIMEOUT = Number(QUERY.get("analysis_max")) || 120;
// How long a finished trick stays on the table before a bot leads the next one, and the
// last trick of a hand before the next deal is drawn (?hold= in milliseconds).
const HOLD_MS = Number(QUERY.get("hold")) || 1500;

const app = {
  form: null,
  view: null,       // the last view from the server
  busy: 0,          // requests in flight that change the table
  pending: null,    // the scheduled bot move
  analysisFor: "",  // which view the analysis shown belongs to
};

// A seat's name in the page's text: the player's name when one was given.
function who(v, seat) {
  const name = (v.names || [])[seat];
  return name ? t("{name} (seat {n})", { name, n: seat }) : t("seat {n}", { n: seat });
}

// An action played, in the moves list: its label in every language, English included (the
// server's words for it: A♠, trump ♠ spades, bid 14); a card's label reads left to right
// whatever the page's direction (K♣, not ♣K). An action whose cards the viewer was not
// shown (indicator:?) is told in words ("puts a card face down").
function played(m) {
  return el("bdi", { dir: m.card ? "ltr" : "auto" }, m.label || m.action);
}

// A piece of a mixed line (a card, a number, a list of cards) held apart from the words
// around it (U+2068 ... U+2069), so that a right-to-left line keeps its order.
function isolated(text) {
  return `\u2068${text}\u2069`;
}

// A review mark's name.
function markName(mark) {
  const names = { inaccuracy: pt("mark", "inaccuracy"), mistake: pt("mark", "mistake"),
                  blunder: pt("mark", "blunder") };
  return names[mark] || mark;
}

// Below 760 CSS px (a phone) the server draws the table for the narrow screen: the own
// hand large along the bottom, the other seats as badges, every word 12 px and more.
const PHONE = matchMedia("(max-width: 760px)");

function look() {
  const viewer = $("viewer").value;
  return { viewer: viewer === "none" ? "none" : viewer, all: $("show-all").checked ? 1 : 0,
           layout: PHONE.matches ? "phone" : "wide" };
}

function say(message) {
  const box = $("message");
  box.textContent = message || "";
  box.hidden = !message;
}

function setBusy(delta, text) {
  app.busy = Math.max(0, app.busy + delta);
  $("app").dataset.busy = String(app.busy);
  $("thinking").hidden = app.busy === 0;
  if (text) $("thinking-text").textContent = text;
}

async function guarded(fn, text = t("thinking…")) {
  setBusy(+1, text);
  try {
    return await fn();
  } catch (e) {
    say(e.message);
    return null;
  } finally {
    setBusy(-1);
  }
}

// -- drawing ------------------------------------------------------------------------

function turnOf(v) {
  if (v.terminal) return "over";
  if (v.step < v.steps) return "replay";
  return v.bot_to_move ? "bot" : "human";
}

function canClick(v) {
  return !v.terminal && (v.human.includes(v.current_player) || $("show-all").checked || v.step < v.steps);
}

// The seat of a person to act at the last step, when the view is another seat's: the
// server sends the legal actions to the seat to act alone, so the view turns to it.
function turnTo(v) {
  const viewer = $("viewer").value;
  if (turnOf(v) !== "human" || viewer === "none" || $("show-all").checked) return null;
  return Number(viewer) === v.current_player ? null : v.current_player;
}

function show(v) {
  app.view = v;
  const seat = turnTo(v);
  if (seat !== null) {
    $("viewer").value = String(seat);
    refresh();
    return;
  }
  const root = $("app");
  root.dataset.table = v.table;
  root.dataset.step = String(v.step);
  root.dataset.steps = String(v.steps);
  root.dataset.hand = String(v.hand_number ?? "");
  root.dataset.turn = turnOf(v);
  root.dataset.game = v.game;
  root.dataset.phase = v.phase;
  root.dataset.finished = v.finished ? "1" : "0";
  root.dataset.current = v.terminal ? "" : String(v.current_player);
  $("board").innerHTML = v.held_svg || v.svg;
  const you = v.human.includes(v.current_player) ? " " + t("(you)") : "";
  const turn = v.terminal ? t("over") : t("{who} to act", { who: who(v, v.current_player) }) + you;
  // While the last trick of a hand is held: the finished hand's status, its result and
  // its counts with that trick counted; then the next deal's.
  $("status").textContent = v.held_svg ? `${v.held_header} · ${v.result || t("over")}` : `${v.header} · ${turn}`;
  drawCounts(v.held_svg ? v.held_counts : v.counts);
  const scores = $("scores");
  scores.dataset.scores = JSON.stringify(v.scores);
  scores.dataset.returns = JSON.stringify(v.returns);
  // Side by side from the first seat's (from the right in a right-to-left language), each
  // side's score its own element.
  const [before, after] = t("scores {list}").split("{list}");
  const list = [];
  v.scores.forEach((x, i) => list.push(...(i ? [" – "] : []), el("span", { "data-side": i }, num(x))));
  scores.replaceChildren(before, ...list, after ?? "",
    v.returns ? " · " + t("result {list}", { list: v.returns.map(num).join(" / ") }) : "");
  $("step-text").textContent = t("step {step} of {steps}", { step: v.step, steps: v.steps });
  $("back").disabled = $("first").disabled = v.step === 0;
  $("forward").disabled = $("last").disabled = v.step === v.steps;
  $("save-pbn").hidden = !v.pbn;
  drawMoves(v);
  drawLegend(v);
  history.replaceState(null, "", `/?${app.form.toQuery(v)}`);
  if (v.held_svg) {
    // The step ended a hand: its last trick stays on the table with the result until the
    // player moves on (the "Next hand" button, or a step); among bots alone, a while.
    root.dataset.held = "1";
    $("actions").replaceChildren();
    $("hand-strip").replaceChildren();
    const moveOn = () => {
      if (app.view !== v || root.dataset.held !== "1") return;
      root.dataset.held = "0";
      root.dataset.turn = turnOf(v);
      $("board").innerHTML = v.svg;
      $("status").textContent = `${v.header} · ${turn}`;
      drawCounts(v.counts);
      playOn(v);
    };
    if (v.human.length && v.step === v.steps && !v.terminal) {
      const next = el("button", { type: "button", id: "next-hand", class: "action" }, t("Next hand"));
      next.addEventListener("click", moveOn);
      $("actions").append(next);
      root.dataset.turn = "held";  // nobody moves until the player goes on
      return;
    }
    setBusy(+1, t("the last trick of the hand"));
    setTimeout(() => {
      setBusy(-1);
      moveOn();
    }, HOLD_MS);
    return;
  }
  root.dataset.held = "0";
  playOn(v);
}

// The counts of the hand shown (tricks, points, tens ...), in large type beside the status
// line: each its name and its values side by side, every side's seats in its title.
function drawCounts(counts) {
  $("counts").replaceChildren(...(counts || []).filter((c) => !c.match).map((c) =>
    el("div", { class: "count", "data-key": c.key, "data-values": JSON.stringify(c.values), title: c.line },
      `${c.label} `, el("b", {}, c.score))));
}

// The view is drawn: the actions and cards to click, the analysis, then the bots.
function playOn(v) {
  drawActions(v);
  markCards(v);
  drawHand(v);
  $("analysis-panel").hidden = !$("analysis").checked;
  // With the analysis on, the bots wait until the values of the position are shown.
  if ($("analysis").checked) analyse().then(() => { if (app.view === v) scheduleBot(); });
  else scheduleBot();
}

function drawActions(v, only) {
  const box = $("actions");
  box.replaceChildren();
  if (!canClick(v)) return;
  const entries = only || v.legal.filter((e) => !e.card);
  if (only) box.append(el("p", { class: "hint" }, t("Which one?")));
  for (const e of entries) {
    const b = el("button", { type: "button", class: "action", "data-action": e.action }, e.label);
    b.addEventListener("click", () => play(e.action));
    box.append(b);
  }
}

function drawMoves(v) {
  const list = $("moves");
  list.replaceChildren();
  for (const m of v.played) {
    const item = el("li", { "data-step": m.step }, `${who(v, m.player)}: `, played(m));
    if (m.step === v.step) item.classList.add("current");
    if (m.step > v.step) item.classList.add("future");
    item.addEventListener("click", () => goto(m.step));
    list.append(item);
  }
  // The current move in view inside the list, without scrolling the page.
  const current = list.querySelector(".current");
  if (current && (current.offsetTop < list.scrollTop
                  || current.offsetTop + current.offsetHeight > list.scrollTop + list.clientHeight)) {
    list.scrollTop = current.offsetTop - list.clientHeight / 2;
  }
}

function markCards(v) {
  if (!canClick(v) || document.body.classList.contains("present")) return;
  const playable = new Set(v.legal.flatMap((e) => e.cards));
  const mover = new Set();
  for (const g of $("board").querySelectorAll('g.card[data-card][data-role="hand"]')) {
    if (playable.has(g.getAttribute("data-card"))) mover.add(g.getAttribute("data-seat"));
  }
  for (const g of $("board").querySelectorAll("g.card[data-card]")) {
    const role = g.getAttribute("data-role");
    if (role !== "hand") continue;
    if (!playable.has(g.getAttribute("data-card"))) {
      if (mover.has(g.getAttribute("data-seat"))) g.classList.add("unplayable");
      continue;
    }
    g.classList.add("legal");
    g.addEventListener("click", () => clickCard(g.getAttribute("data-card")));
  }
}

// The cards that can be played as buttons large enough to tap (shown on phones and with
// the large cards; the table's own cards are too small there).
function drawHand(v) {
  const strip = $("hand-strip");
  strip.replaceChildren();
  if (!canClick(v)) return;
  const labels = new Map(v.legal.filter((e) => e.card).map((e) => [e.action, e.label]));
  const game = app.form.byName.get(v.game);
  const suits = (game && game.legend) || [];
  const seen = new Set();
  for (const e of v.legal) {
    for (const card of e.cards) {
      if (seen.has(card)) continue;
      seen.add(card);
      const label = labels.get(card) || card;
      const b = el("button", { type: "button", class: "card-button", "data-card": card, dir: "ltr",
                               "data-red": /[♥♦]/.test(label) ? "1" : undefined, title: card }, label);
      const suit = suits.find((x) => card.endsWith(x.code));
      if (suit) {  // a pack of emblems: the rank in the suit's colour beside its emblem
        b.replaceChildren(card.slice(0, card.length - suit.code.length));
        b.insertAdjacentHTML("afterbegin", suit.svg);
        b.style.color = suit.colour;
        b.title = t("{rank} of {suit}", { rank: b.textContent, suit: suit.name });
      }
      b.addEventListener("click", () => clickCard(card));
      strip.append(b);
    }
  }
}

// The suits of a pack drawn with emblems (Ganjifa, Dashavatara), named.
function drawLegend(v) {
  const box = $("legend");
  const game = app.form.byName.get(v.game);
  const suits = (game && game.legend) || [];
  box.hidden = suits.length === 0;
  if (box.dataset.game === v.game) return;
  box.dataset.game = v.game;
  box.replaceChildren();
  for (const s of suits) {
    const item = el("span", { "data-suit": s.code });
    item.innerHTML = s.svg;
    item.append(`${s.name} (${s.code})`);
    box.append(item);
  }
}

// -- playing ------------------------------------------------------------------------

function clickCard(card) {
  const v = app.view;
  const single = v.legal.find((e) => e.card && e.action === card);
  const withCard = v.legal.filter((e) => e.cards.includes(card));
  if (single && withCard.length === 1) return play(card);
  if (withCard.length === 1) return play(withCard[0].action);
  drawActions(v, withCard);
}

async function play(action) {
  const v = app.view;
  clearBot();
  say("");
  const next = await guarded(() => api.act(v.table, action, v.step, look()));
  if (next) show(next);
}

function clearBot() {
  if (app.pending) clearTimeout(app.pending);
  app.pending = null;
}

function scheduleBot() {
  clearBot();
  const v = app.view;
  if (!v || !v.bot_to_move) return;
  app.pending = setTimeout(async () => {
    app.pending = null;
    if (app.view !== v) return;
    const next = await guarded(() => api.bot(v.table, look()),
      t("{who} is thinking…", { who: t("seat {n}", { n: v.current_player }) }));
    if (next && app.view === v) show(next);
  }, v.finished ? HOLD_MS : BOT_DELAY_MS);  // a finished trick stays a while before the next lead
}

async function goto(step) {
  const v = app.view;
  if (!v || step < 0 || step > v.steps || step === v.step) return;
  clearBot();
  const next = await guarded(() => api.view(v.table, step, look()), "…");
  if (next) show(next);
}

async function refresh() {
  const v = app.view;
  if (!v) return;
  const next = await guarded(() => api.view(v.table, v.step, look()), "…");
  if (next) show(next);
}

// -- analysis -----------------------------------------------------------------------

async function analyse(timeout = ANALYSIS_TIMEOUT) {
  const v = app.view;
  const key = `${v.table}:${v.step}:${v.steps}:${JSON.stringify(look())}`;
  const again = timeout !== ANALYSIS_TIMEOUT && app.analysisFor === key;
  app.analysisFor = key;
  const panel = $("analysis-panel");
  if (v.terminal) {
    panel.replaceChildren(el("p", { class: "hint" }, t("The hand is over.")));
    return;
  }
  // A longer try keeps the bounds of the last one on show while it runs.
  if (!again) panel.replaceChildren(el("p", { class: "hint" }, t("solving…")));
  const a = await guarded(() => api.analysis(v.table, v.step, look(), timeout), t("solving…"));
  if (!a || app.analysisFor !== key) return;
  panel.replaceChildren();
  if (a.status === "bounds") {
    // The time ran out first: show what is proven and ask again for longer, so the
    // bounds narrow until the value is exact or the longest search allowed has run.
    const more = timeout < MAX_ANALYSIS_TIMEOUT;
    showBounds(panel, a, more);
    if (more) await analyse(Math.min(timeout * 2, MAX_ANALYSIS_TIMEOUT));
    return;
  }
  if (a.status !== "ok") {
    // The solver's reason is English (a library message): other languages name the case,
    // the reason kept in the tooltip.
    const text = a.status === "unavailable"
      ? (lang() === "en" ? t("No double-dummy value here: {reason}", { reason: a.message })
        : t("No double-dummy value in this position."))
      : t("solver time limit reached (timeout={seconds} s)", { seconds: timeout });
    panel.append(el("p", { class: "hint", "data-status": a.status, title: a.message }, text));
    return;
  }
  $("board").innerHTML = a.svg;
  markCards(v);
  panel.append(el("h3", { "data-value": a.value, "data-grade": "exact" },
    t("Double dummy for {who}'s side: {value}", { who: who(v, a.player), value: a.value_text })));
  const table = el("table", { class: "values", "data-step": a.step });
  for (const [action, value] of Object.entries(a.values)) {
    const row = el("tr", { "data-action": action, "data-value": value, "data-grade": "exact" },
      el("td", {}, action), el("td", {}, num(value)));
    if (a.best.includes(action)) row.classList.add("best");
    table.append(row);
  }
  panel.append(table);
  if (a.line.length) {
    panel.append(el("h3", {}, t("Best line")));
    panel.append(el("p", { class: "line", dir: "ltr" }, a.line.map((s) => `${num(s.player)}:${s.action}`).join("  ")));
    const pic = el("div", { class: "line-svg" });
    pic.innerHTML = a.line_svg;
    panel.append(pic);
  }
}

// A graded answer (the time ran out before the exact value): the value and each action
// with its grade, in words the server wrote in the page's language ("between 7 and 10",
// "about 8.4 (estimate)"), the proven bounds beside an estimate, the best action by the
// estimates and those proven worse marked.
function showBounds(panel, a, more) {
  $("board").innerHTML = a.svg;
  markCards(app.view);
  const [lo, hi] = a.bounds;
  panel.append(el("h3", { "data-status": "bounds", "data-grade": a.grade, "data-bounds": `${lo}..${hi}` },
    t("Double dummy for {who}'s side: {value}", { who: t("seat {n}", { n: a.player }), value: a.value_text })));
  panel.append(more
    ? el("p", { class: "hint", "data-status": "searching" }, t("still searching…"))
    : el("p", { class: "hint", "data-status": "stopped", title: a.stopped },
      t("solver time limit reached (timeout={seconds} s)", { seconds: a.timeout })));
  const table = el("table", { class: "values", "data-step": a.step });
  for (const [action, [x, y]] of Object.entries(a.action_bounds)) {
    const grade = a.grades[action];
    const cells = [el("td", {}, action), el("td", {}, a.texts[action])];
    if (grade === "estimate") cells.push(el("td", { class: "proven" }, `${num(x)}–${num(y)}`));
    const row = el("tr", { "data-action": action, "data-bounds": `${x}..${y}`, "data-grade": grade }, ...cells);
    if (a.best.includes(action)) row.classList.add("best");
    if (a.worse.includes(action)) {
      row.classList.add("worse");
      row.title = t("proven worse");
    }
    table.append(row);
  }
  panel.append(table);
}

// -- review -------------------------------------------------------------------------

// The double-dummy review of the hand played so far: the chart of the value for the
// viewer's side, the marked cards and each player's summary; a click on a point or a
// marked card shows the position where that card was chosen.
// The review of one hand (the last played, or the one chosen in the list when a match has
// several): its chart by trick, ending at the hand's result, the marked cards, the summary.
async function review(hand) {
  const v = app.view;
  if (!v) return;
  const viewer = $("viewer").value;
  const player = viewer === "none" ? 0 : Number(viewer);
  const panel = $("review-panel");
  panel.hidden = false;
  panel.replaceChildren(el("p", { class: "hint" }, t("reviewing…")));
  const r = await guarded(() => api.review(v.table, player, look(), typeof hand === "number" ? hand : undefined),
    t("reviewing…"));
  if (!r) return;
  panel.dataset.hand = String(r.hand);
  panel.replaceChildren(el("h3", {}, t("Review of hand {n}, double dummy (every hand known): {who}'s side, {unit}",
    { n: r.hand, who: t("seat {n}", { n: r.player }), unit: pt("term", r.unit) })));
  if (r.hands.length > 1) {
    const choice = el("select", { id: "review-hand", "aria-label": t("hand") });
    choice.replaceChildren(...r.hands.map((h) => el("option", { value: String(h) }, t("hand {n}", { n: h }))));
    choice.value = String(r.hand);
    choice.addEventListener("change", () => review(Number(choice.value)));
    panel.append(el("label", { class: "review-hand" }, t("Hand"), " ", choice));
  }
  const chart = el("div", { class: "review-chart" });
  chart.innerHTML = r.chart;
  chart.addEventListener("click", (event) => {
    const point = event.target.closest("g.point");
    if (point) goto(Number(point.dataset.step));
  });
  panel.append(chart);
  const marks = el("ol", { class: "review-marks" });
  for (const d of r.decisions.filter((x) => x.mark)) {
    const item = el("li", { "data-step": d.step, "data-mark": d.mark },
      t("step {step} · {who} {action}: {best} → {played} ({mark}); best {actions}", {
        step: d.step, who: t("seat {n}", { n: d.seat }), action: isolated(d.action_label || d.action),
        best: isolated(num(d.best)), played: isolated(num(d.played)), mark: markName(d.mark),
        actions: (d.best_labels || d.best_actions).map(isolated).join(" ") }));
    item.addEventListener("click", () => goto(d.step));
    marks.append(item);
  }
  if (!marks.children.length) marks.append(el("li", { class: "hint" }, t("every card was a best card")));
  if (r.skipped.length) {
    marks.append(el("li", { class: "hint" },
      nt("{n} card not solved in time", "{n} cards not solved in time", r.skipped.length)));
  }
  if (r.unvalued.length) {
    marks.append(el("li", { class: "hint", title: r.reason },
      nt("{n} card not valued", "{n} cards not valued", r.unvalued.length) + (lang() === "en" ? `: ${r.reason}` : "")));
  }
  panel.append(marks);
  const table = el("table", { class: "values review-summary" });
  for (const s of r.summary) {
    table.append(el("tr", { "data-seat": s.seat },
      el("td", {}, t("seat {n}", { n: s.seat })), el("td", {}, t("{best}/{n} best", { best: s.best, n: s.decisions })),
      el("td", {}, nt("{n} mistake", "{n} mistakes", s.mistakes + s.blunders)), el("td", {}, t("cost {cost}", { cost: s.cost }))));
  }
  panel.append(table);
}

// -- tables -------------------------------------------------------------------------

async function deal(extra = {}) {
  clearBot();
  $("review-panel").hidden = true;
  say("");
  const next = await guarded(() => api.create({ ...app.form.request(), ...extra, ...look() }), t("dealing…"));
  if (next) show(next);
}

async function save(kind) {
  const v = app.view;
  if (!v) return;
  const file = await guarded(() => (kind === "pbn" ? api.pbn(v.table) : api.record(v.table)), "…");
  if (!file) return;
  const url = URL.createObjectURL(new Blob([file.text], { type: "text/plain" }));
  const a = el("a", { href: url, download: file.name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function load(file) {
  const text = await file.text();
  const isPbn = /\.pbn$/i.test(file.name) || /^\s*[%[]/.test(text);
  const spec = isPbn ? { pbn: text } : { record: text };
  const human = $("human").value;
  spec.human = human === "none" ? [] : [Number(human)];
  spec.bots = $("bots").value;
  clearBot();
  say("");
  const next = await guarded(() => api.load({ ...spec, ...look() }), t("loading…"));
  if (next) {
    $("game").value = next.game;
    app.form.fill({ human: $("human").value, viewer: $("viewer").value });
    show(next);
  }
}

// -- presentation and keys ----------------------------------------------------------

function present(on) {
  document.body.classList.toggle("present", on);
  if (app.view) {
    $("board").innerHTML = app.view.svg;  // the table without the marks of play
    markCards(app.view);
  }
  if (on && document.documentElement.requestFullscreen) {
    document.documentElement.requestFullscreen().catch(() => {});
  } else if (!on && document.fullscreenElement) {
    document.exitFullscreen().catch(() => {});
  }
}

// Light or dark, large cards or not: the body's classes, the choice kept in this browser.
function theme() {
  document.body.classList.toggle("dark", $("dark").checked);
  document.body.classList.toggle("large", $("large").checked);
  localStorage.setItem("hukm-dark", $("dark").checked ? "1" : "0");
  if (app.view) history.replaceState(null, "", `/?${app.form.toQuery(app.view)}`);
}

// The keys work wherever the focus is, except where the key types or chooses: a text
// field, a list. The arrows step the way the page reads: right to left, ← is forward.
function onKey(event) {
  const target = event.target;
  if (target.matches("textarea, select, [contenteditable]")) return;
  if (target.matches("input") && !["checkbox", "radio", "button", "submit", "file"].includes(target.type)) return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const v = app.view;
  if (!v) return;
  const back = rtl() ? 1 : -1;
  const keys = {
    ArrowLeft: () => goto(v.step + back),
    ArrowRight: () => goto(v.step - back),
    Home: () => goto(0),
    End: () => goto(v.steps),
    p: () => present(!document.body.classList.contains("present")),
    Escape: () => present(false),
  };
  const fn = keys[event.key] || keys[event.key.toLowerCase()];
  if (fn) {
    event.preventDefault();
    if (target.matches("input, button")) target.blur();  // the key acts on the page, not on the control
    fn();
  }
}

// The words of the page's own attributes (placeholders, tooltips) and the language menu.
function translatePage() {
  const [backKey, forwardKey] = rtl() ? ["→", "←"] : ["←", "→"];
  $("deal").placeholder = t("hands in seat order, e.g. {deal}",
    { deal: "N:AKJ64.J4.QT2.A82 .AKT95.AKJ4.T976 ..." });
  $("names").placeholder = t("by seat: Ana, Bo, Cy, Di");
  $("names").setAttribute("aria-label", t("player names"));
  $("review-button").title = t("what each card cost, double dummy");
  $("present").title = t("presentation mode (P); Esc leaves");
  $("first").title = t("first (Home)");
  $("back").title = t("back ({key})", { key: backKey });
  $("forward").title = t("forward ({key})", { key: forwardKey });
  $("last").title = t("last (End)");
  const menu = $("lang");
  menu.setAttribute("aria-label", t("Language"));
  menu.replaceChildren(...languages().map((x) => el("option", { value: x.code, lang: x.code }, x.name)));
  menu.value = lang();
  menu.addEventListener("change", () => choose(menu.value));
}

async function main() {
  const unknown = await loadLanguage(new URLSearchParams(location.search));
  translatePage();
  const games = await guarded(() => api.games(), t("loading…"));
  if (!games) return;
  app.form = new DealForm(games);
  const saved = localStorage.getItem("hukm-dark");
  $("dark").checked = saved === null ? matchMedia("(prefers-color-scheme: dark)").matches : saved === "1";
  let extra = {};
  let failed = null;
  try {
    extra = app.form.fromQuery(new URLSearchParams(location.search));
  } catch (e) {
    failed = e.message;
    app.form.fromQuery(new URLSearchParams());
  }
  $("deal-form").addEventListener("submit", (event) => { event.preventDefault(); deal(); });
  $("first").addEventListener("click", () => goto(0));
  // Before a deal is shown (a link that opens nothing) the step buttons do nothing.
  $("back").addEventListener("click", () => app.view && goto(app.view.step - 1));
  $("forward").addEventListener("click", () => app.view && goto(app.view.step + 1));
  $("last").addEventListener("click", () => app.view && goto(app.view.steps));
  for (const id of ["viewer", "show-all", "analysis"]) $(id).addEventListener("change", refresh);
  PHONE.addEventListener("change", refresh);  // the screen turned or the window resized past 760 px
  $("save-record").addEventListener("click", () => save("record"));
  $("save-pbn").addEventListener("click", () => save("pbn"));
  $("load").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) load(file);
    event.target.value = "";
  });
  $("present").addEventListener("click", () => present(true));
  for (const id of ["dark", "large"]) $(id).addEventListener("change", theme);
  $("review-button").addEventListener("click", () => review());
  document.addEventListener("keydown", onKey);
  document.addEventListener("fullscreenchange", () => {
    if (!document.fullscreenElement) document.body.classList.remove("present");
  });
  if (new URLSearchParams(location.search).get("present") === "1") document.body.classList.add("present");
  theme();
  const notice = unknown ? t('There is no language "{lang}" here: the page is in {name}.',
    { lang: unknown, name: languages().find((x) => x.code === lang()).name }) : "";
  if (failed) say([notice, failed].filter((x) => x).join(" "));  // a URL the page cannot open: say why, deal nothing
  else {
    await deal(extra);
    if (notice) say([notice, $("message").hidden ? "" : $("message").textContent].filter((x) => x).join(" "));
  }
}

main();
