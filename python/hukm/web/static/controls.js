// The deal form: the game chooser, the options and position fields of the chosen game, and
// the translation between the form, the URL of a view and the server's table request.

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

export class DealForm {
  constructor(games) {
    this.games = games;
    this.byName = new Map(games.map((g) => [g.name, g]));
    const select = $("game");
    const families = new Map();
    for (const g of games) {
      if (!families.has(g.family)) families.set(g.family, el("optgroup", { label: g.family }));
      families.get(g.family).append(el("option", { value: g.name }, `${g.name} — ${g.title}`));
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
        input.append(el("option", { value: "" }, o.default === null ? "(preset)" : `(preset: ${o.default})`));
        for (const v of choices) input.append(el("option", { value: v }, v));
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
      position.append(el("label", { for: id }, p.key, input));
    }
    const seats = (id, extra) => {
      const s = $(id);
      s.replaceChildren();
      for (const [v, text] of extra) s.append(el("option", { value: v }, text));
      for (let i = 0; i < g.players; i++) s.append(el("option", { value: String(i) }, `seat ${i}`));
    };
    seats("human", [["none", "no seat (bots play all)"]]);
    seats("viewer", [["none", "nobody (all hands)"]]);
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
    if (spec.bots === "pimc") spec.samples = Number($("samples").value || 20);
    return spec;
  }

  // Sets the form from a URL's query (see `toQuery`); returns the request's extras
  // (actions, step) and the view switches.
  fromQuery(q) {
    const name = q.get("game");
    if (name && !this.byName.has(name)) throw new Error(`unknown game "${name}"`);
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
    return q.toString();
  }
}
