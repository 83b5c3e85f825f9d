// The server's API: one function per route. Every call returns the parsed JSON answer, or
// throws an Error carrying the server's message (a 4xx answer is {"error": message}).
// Every request carries the page's language (`lang`): the server writes the pictures, the
// status line and the labels in it.

import { lang } from "./i18n.js";

async function call(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data;
  try {
    data = text ? JSON.parse(text) : {};
  } catch (e) {
    data = { error: text || response.statusText };
  }
  if (!response.ok) {
    const err = new Error(data.error || `${response.status} ${response.statusText}`);
    err.status = response.status;
    throw err;
  }
  return data;
}

async function download(path) {
  const response = await fetch(path, { credentials: "same-origin" });
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try { message = JSON.parse(text).error; } catch (e) { /* plain text */ }
    throw new Error(message);
  }
  const disposition = response.headers.get("Content-Disposition") || "";
  const name = (disposition.match(/filename="([^"]+)"/) || [])[1] || "hand.txt";
  return { name, text };
}

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null) q.set(k, String(v));
  }
  return q.toString();
}

export const api = {
  games: () => call("GET", `/api/games?${query({ lang: lang() })}`),
  create: (spec) => call("POST", "/api/tables", { ...spec, lang: lang() }),
  load: (spec) => call("POST", "/api/tables/load", { ...spec, lang: lang() }),
  view: (id, step, look) => call("GET", `/api/tables/${id}?${query({ step, ...look, lang: lang() })}`),
  act: (id, action, step, look) => call("POST", `/api/tables/${id}/act`, { action, step, ...look, lang: lang() }),
  bot: (id, look) => call("POST", `/api/tables/${id}/bot`, { ...look, lang: lang() }),
  analysis: (id, step, look, timeout) =>
    call("GET", `/api/tables/${id}/analysis?${query({ step, timeout, ...look, lang: lang() })}`),
  review: (id, player, look, hand) =>
    call("GET", `/api/tables/${id}/review?${query({ player, hand, ...look, lang: lang() })}`),
  record: (id) => download(`/api/tables/${id}/record`),
  pbn: (id) => download(`/api/tables/${id}/pbn`),
};
