// Replay and review of a log: the server replays it (and reviews it with the expert); this
// page only steps through what it sent.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(window.location.search);
  const source = params.get("log") ? "logs/" + encodeURIComponent(params.get("log"))
               : params.get("upload") ? "uploads/" + encodeURIComponent(params.get("upload")) : null;
  let data = null, review = null, deal = 0, step = 0;

  function say(text) { $("message").textContent = text || ""; }
  function who(p) { return "P" + p; }

  async function chooser() {
    $("chooser").hidden = false;
    const r = await api("GET", "/api/logs");
    const list = $("logs");
    if (!r.ok || !r.data.logs.length) { list.append(el("li", {"data-w": "web:no_logs", text: W("web:no_logs")})); }
    else for (const log of r.data.logs) {
      list.append(el("li", {}, el("a", {href: withLanguage("/replay?log=" + encodeURIComponent(log.name)), "data-log": log.name, text: log.name})));
    }
    $("upload").addEventListener("change", async () => {
      const file = $("upload").files[0];
      if (!file) return;
      const response = await fetch("/api/uploads", {method: "POST", body: file});
      const body = await response.json();
      if (!response.ok) { say(W("web:bad_request", {message: body.message})); return; }
      window.location.href = body.url;
    });
  }

  function frames() { return data.deals[deal].frames; }

  function show() {
    const d = data.deals[deal];
    const f = frames()[step];
    $("step").textContent = W("web:step", {n: step + 1, total: frames().length});
    const seat = $("seat").value;
    const box = $("replay-table");
    box.textContent = "";
    for (const p of [2, 3, 1, 0]) {
      const s = el("section", {class: "seat" + (f.active === p ? " active" : ""), "data-seat": p});
      s.append(el("h3", {text: who(p) + " (" + d.seats[p] + ") · " + f.scores[p]}));
      const hand = el("div", {class: "row hand", "data-hand": p});
      if (seat === "all" || Number(seat) === p) for (const c of f.hands[p]) hand.append(tileSpan(c));
      else for (let i = 0; i < f.hands[p].length; i++) hand.append(tileSpan("back"));
      const sets = el("div", {class: "row"});
      for (const c of f.bonus[p]) sets.append(tileSpan(c, "small"));
      for (const m of f.melds[p]) { const g = el("span", {class: "meld"}); for (const c of m.tiles) g.append(tileSpan(c, "small")); sets.append(g); }
      const pool = el("div", {class: "row"});
      for (const c of f.discards[p]) pool.append(tileSpan(c, "small"));
      s.append(hand, sets, pool);
      box.append(s);
    }
    const n = $("narration");
    n.textContent = "";
    for (const t of pick(f, "text")) n.append(el("li", {text: t}));
    // the decision made by the action that leads to the next step
    const after = frames()[step + 1];
    showDecision(after ? after.line : -1);
  }

  function showDecision(line) {
    const box = $("decision");
    box.textContent = "";
    box.hidden = true;
    if (!review || !$("review-on").checked) return;
    const dr = review.deals[deal];
    const d = dr && dr.decisions.find((x) => x.line === line);
    if (!d) return;
    const pts = (v) => v === null ? "-" : v.toFixed(2);
    box.append(el("table", {},
      el("tr", {}, el("th", {text: W("chosen")}), el("td", {"data-made": d.made, text: d.made}), el("td", {class: "num", text: pts(d.made_value)})),
      el("tr", {}, el("th", {text: W("expert")}), el("td", {"data-expert": d.expert, text: d.expert}), el("td", {class: "num", text: pts(d.expert_value)})),
      el("tr", {}, el("th", {text: W("loss")}), el("td", {}), el("td", {class: "num", "data-loss": d.loss, text: pts(d.loss)}))));
    box.hidden = false;
  }

  function go(d, s) {
    deal = Math.max(0, Math.min(d, data.deals.length - 1));
    $("deal").value = String(deal);
    step = Math.max(0, Math.min(s, frames().length - 1));
    show();
  }

  function lossText(x) {
    return W("deal_n", {n: x.deal}) + ": " + x.made + " → " + x.expert + " (" + (x.loss === null ? "-" : x.loss.toFixed(2)) + ")";
  }

  async function loadReview() {
    if (review || !$("review-on").checked) { show(); return; }
    const seat = $("seat").value === "all" ? "" : "?seat=" + $("seat").value;
    const r = await api("GET", "/api/" + source + "/review" + seat);
    if (!r.ok) { say(W("web:bad_request", {message: r.data.message})); $("review-on").checked = false; return; }
    review = r.data;
    const list = $("losses");
    list.textContent = "";
    for (const x of review.biggest_losses) {
      const b = el("button", {type: "button", class: "plain", "data-deal": x.deal, "data-line": x.line,
                              text: lossText(x)});
      b.loss = x;
      b.addEventListener("click", () => {
        const d = x.deal - 1;
        const i = data.deals[d].frames.findIndex((f) => f.line === x.line);
        go(d, i > 0 ? i - 1 : 0);
      });
      list.append(el("li", {}, b));
    }
    $("losses-box").hidden = false;
    const link = $("review-page");
    link.href = "/review/" + source + seat + (seat ? "&" : "?") + "lang=" + document.documentElement.lang;
    link.hidden = false;
    show();
  }

  // the deal and seat choices in the page's language
  function labelChoices() {
    Array.from($("deal").options).forEach((o, i) => { o.textContent = W("deal_n", {n: i + 1}); });
    for (const o of $("seat").options) o.textContent = o.value === "all" ? W("web:all_hands") : W("web:seat_view", {who: who(Number(o.value))});
  }

  // another language: the choices, the losses and the step drawn again from what was sent
  onLanguage(() => {
    if (!data || !data.deals.length) return;
    labelChoices();
    for (const b of $("losses").querySelectorAll("button")) if (b.loss) b.textContent = lossText(b.loss);
    show();
  });

  async function viewer() {
    const r = await api("GET", "/api/" + source + "?lang=" + document.documentElement.lang);
    if (!r.ok) { say(W("web:bad_request", {message: r.data.message})); return; }
    data = r.data;
    if (!data.deals.length) { say(W("web:no_logs")); return; }
    $("viewer").hidden = false;
    data.deals.forEach((d, i) => $("deal").append(el("option", {value: String(i)})));
    $("seat").append(el("option", {value: "all"}));
    for (let p = 0; p < 4; p++) $("seat").append(el("option", {value: String(p)}));
    labelChoices();
    $("deal").addEventListener("change", () => go(Number($("deal").value), 0));
    $("seat").addEventListener("change", () => { if (review) { review = null; loadReview(); } else show(); });
    $("review-on").addEventListener("change", loadReview);
    $("prev").addEventListener("click", () => go(deal, step - 1));
    $("next").addEventListener("click", () => go(deal, step + 1));
    document.addEventListener("keydown", (ev) => {
      if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
      if (ev.key === "ArrowLeft") { ev.preventDefault(); go(deal, step - 1); }
      if (ev.key === "ArrowRight") { ev.preventDefault(); go(deal, step + 1); }
    });
    go(0, 0);
  }

  if (source) viewer(); else chooser();
})();
