// The new-game form: the ruleset's switches listed from the ruleset itself (/api/rules).
"use strict";
(function () {
  const rules = document.getElementById("rules");
  const box = document.getElementById("switches");
  const message = document.getElementById("message");
  for (const name of JSON.parse(DATA.presets)) rules.append(el("option", {value: name, text: name}));
  const seats = document.getElementById("opponents");
  for (const kind of JSON.parse(DATA.seats)) seats.append(el("option", {value: kind, text: kind, selected: kind === "expert"}));
  let table = [];

  function show(v) { return (typeof v === "string") ? v : JSON.stringify(v); }

  function input(row) {
    const id = "sw-" + row.name;
    if (row.values) {
      const s = el("select", {id: id, "data-switch": row.name});
      for (const v of row.values) s.append(el("option", {value: show(v), text: show(v), selected: show(v) === show(row.default)}));
      return s;
    }
    if (row.kind === "int") return el("input", {id: id, "data-switch": row.name, type: "number", min: row.min, max: row.max, value: row.default});
    return el("input", {id: id, "data-switch": row.name, value: show(row.default)});
  }

  async function load() {
    const r = await api("GET", "/api/rules?rules=" + encodeURIComponent(rules.value));
    box.textContent = "";
    if (!r.ok) { message.textContent = r.data.message; return; }
    table = r.data.switches;
    const t = el("table");
    for (const row of table) {
      const field = input(row);
      const tr = el("tr", {title: row.doc}, el("td", {}, el("label", {for: field.id, text: row.name})), el("td", {}, field),
                    el("td", {class: "small", text: row.section}));
      field.addEventListener("change", () => tr.classList.toggle("changed", field.value !== show(row.default)));
      t.append(tr);
    }
    box.append(t);
  }
  rules.addEventListener("change", load);
  load();

  document.getElementById("new-game").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const switches = {};
    for (const row of table) {
      const field = document.getElementById("sw-" + row.name);
      if (field && field.value !== show(row.default)) switches[row.name] = field.value;
    }
    const body = {rules: rules.value, mode: document.getElementById("mode").value,
                  opponents: seats.value, seed: document.getElementById("seed").value,
                  pace: document.getElementById("pace").value, lang: LANG,
                  switches: switches};
    const r = await api("POST", "/api/games", body);
    if (!r.ok) { message.textContent = r.data.message; return; }
    window.location.href = r.data.url;
  });
})();
