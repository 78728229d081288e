// mahjong-fast serve: helpers shared by the pages (no framework, no build step).
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);

// the catalogue's string KEY in the page's language, {name} fields filled in
function W(key, fields) {
  let text = (DATA.words && DATA.words[key]) || key;
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

function fillWords(root) {
  for (const node of (root || document).querySelectorAll("[data-w]")) node.textContent = W(node.dataset.w);
}
fillWords();
