// mahjong-fast serve: helpers shared by the pages (no framework, no build step).
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
// the page's language: its buttons switch it without a reload (every string of the page is
// in DATA.words in each language, and the server sends its texts in each: texts, labels...)
let LANG = DATA.lang;

// the catalogue's string KEY in the page's language, {name} fields filled in
function W(key, fields) {
  const words = DATA.words[LANG] || {};
  let text = words[key] || key;
  for (const [k, v] of Object.entries(fields || {})) text = text.split("{" + k + "}").join(String(v));
  return text;
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = v; else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// a tile picture: the page's <symbol id="mf-CODE"> (drawn by the package's SVG tile renderer)
function tilePicture(code) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 30 40");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", code);
  const use = document.createElementNS(ns, "use");
  use.setAttribute("href", "#mf-" + code);
  svg.append(use);
  return svg;
}

function tileSpan(code, cls) {
  return el("span", {class: "tile " + (cls || ""), title: code}, tilePicture(code));
}

async function api(method, url, body) {
  const init = {method: method, headers: {}};
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(url, init);
  let data = null;
  try { data = await response.json(); } catch (e) { data = {error: "BAD_RESPONSE", message: String(e)}; }
  return {ok: response.ok, status: response.status, data: data};
}

// a text the server sent in every language (OBJ[FIELD + "s"][LANG]), else in the one it has
function pick(obj, field) {
  const all = obj[field + "s"];
  return all && all[LANG] !== undefined ? all[LANG] : obj[field];
}

function fillWords(root) {
  for (const node of (root || document).querySelectorAll("[data-w]")) node.textContent = W(node.dataset.w);
}
fillWords();

// what each page redraws when the language changes (its state kept)
const relabelers = [];
function onLanguage(redraw) { relabelers.push(redraw); }

// the link LINK with lang=LANG (the next page opens in the chosen language)
function withLanguage(href) {
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return href;
  url.searchParams.set("lang", LANG);
  return url.pathname + url.search + url.hash;
}

function setLanguage(code) {
  if (!DATA.words[code]) return;
  LANG = code;
  document.documentElement.lang = code;
  const button = document.getElementById("lang-" + code);
  if (button) button.checked = true;
  fillWords();
  for (const a of document.querySelectorAll("a[href]")) a.setAttribute("href", withLanguage(a.getAttribute("href")));
  window.history.replaceState(window.history.state, "", withLanguage(window.location.href));
  for (const redraw of relabelers) redraw();
}
for (const a of document.querySelectorAll("a[href]")) a.setAttribute("href", withLanguage(a.getAttribute("href")));
for (const button of document.querySelectorAll('.langs input[name="page-lang"]')) {
  button.addEventListener("change", () => { if (button.checked) setLanguage(button.value); });
}
