// The table: shows the server's view of the human's seat (P0) and sends back a choice; the
// server's engine checks it. No rule of the game is written here.
"use strict";
(function () {
  const GAME = DATA.game;
  const $ = (id) => document.getElementById(id);
  let state = null;       // the last state the server sent
  let nextEvent = 0;      // the number of the first event not yet shown
  let busy = true;        // a request or the AI's moves are being shown: no move may be made
  let selected = -1;      // the hand tile chosen with the arrow keys
  let drawn = null;       // the table last drawn and the seat shown moving in it
  let told = [];          // the events told in the log so far (each in every language)
  let hinted = null;      // the hint shown, if any

  function who(p) { return p === 0 ? W("you") : "P" + p; }
  function sleep(s) { return new Promise((resolve) => setTimeout(resolve, s * 1000)); }
  function say(text) { $("message").textContent = text || ""; }

  function row(tiles, cls) {
    const r = el("div", {class: "row " + (cls || "")});
    for (const t of tiles) r.append(tileSpan(t.code, "small"));
    return r;
  }

  function renderInfo(t) {
    const info = $("info");
    info.textContent = "";
    info.append(el("span", {text: W("web:round_wind") + ": " + W("wind:" + t.prevailing_wind)}),
                el("span", {text: W("term:dealer") + ": " + who(t.dealer)}),
                el("span", {id: "wall-count", text: W("web:tiles_left", {n: t.remaining})}));
  }

  function renderTable(t, moving) {
    drawn = {t: t, moving: moving};
    const box = $("table");
    box.textContent = "";
    for (const p of [2, 3, 1, 0]) {
      const seat = el("section", {class: "seat", "data-seat": p});
      if (moving === undefined ? (state.status === "waiting" && !busy && p === 0) : p === moving) seat.classList.add("active");
      seat.append(el("h3", {text: who(p) + " · " + W("wind:" + t.seat_winds[p]) + (p === t.dealer ? " · " + W("term:dealer") : "")
                                   + " · " + t.scores[p]}));
      const sets = el("div", {class: "row"});
      for (const b of t.bonus[p]) sets.append(tileSpan(b.code, "small"));
      for (const m of t.melds[p]) {
        const meld = el("span", {class: "meld", "data-meld": m.kind});
        for (const x of m.tiles) meld.append(tileSpan(m.kind === "ckong" && p !== 0 ? x.code : x.code, "small"));
        sets.append(meld);
      }
      seat.append(sets, row(t.discards[p], "discards"));
      box.append(seat);
    }
  }

  function mayDiscard() { return !busy && state && state.status === "waiting" && state.may_discard; }

  function renderHand(t) {
    const hand = $("hand");
    hand.textContent = "";
    const tiles = t.hand.slice();
    if (t.drawn) tiles.push(Object.assign({drawn: true}, t.drawn));
    const open = mayDiscard();
    tiles.forEach((x, i) => {
      const b = el("button", {type: "button", class: "tile" + (x.drawn ? " drawn" : ""), title: x.code, "data-id": x.id});
      if (open && x.discard) {
        b.dataset.tile = x.code;
        b.addEventListener("click", () => send({type: "discard", tiles: [x.id]}));
      } else {
        b.tabIndex = -1;
      }
      if (open && i === selected) b.classList.add("selected");
      b.append(tilePicture(x.code));
      hand.append(b);
    });
  }

  function renderActions() {
    const box = $("actions");
    box.textContent = "";
    if (busy || !state || state.status !== "waiting") return;
    (state.legal || []).forEach((a, i) => {
      const b = el("button", {type: "button", class: "act", "data-action": a.class, "data-type": a.type, "data-key": i + 1});
      b.append(el("span", {text: (i + 1) + ". " + pick(a, "label")}));
      b.addEventListener("click", () => send({type: a.type, tiles: a.tiles.map((x) => x.id)}));
      box.append(b);
    });
  }

  function renderResult() {
    const box = $("result");
    const t = state.table;
    const last = state.results.length ? state.results[state.results.length - 1] : null;
    const ended = last && t && last.deal_index === t.deal_index && (state.status === "between" || state.status === "over");
    box.hidden = !ended;
    box.textContent = "";
    if (!ended) return;
    box.append(el("h2", {text: last.winners.length ? last.winners.map((p) => W("web:winner", {who: who(p)})).join(", ") : W("web:exhaustive")}));
    const wins = last.wins && last.wins.length ? last.wins : [];
    for (const w of wins) {
      const tb = el("table", {class: "elements", "data-player": w.player});
      tb.append(el("tr", {}, el("th", {text: who(w.player)}), el("th", {text: W("term:" + w.unit)})));
      for (const e of w.elements) tb.append(el("tr", {"data-element": e.code}, el("td", {text: pick(e, "label")}), el("td", {class: "num", text: e.value})));
      tb.append(el("tr", {class: "total"}, el("td", {text: W("total")}), el("td", {class: "num", "data-total": w.value, text: w.value})));
      box.append(tb);
      const hand = last.final_hands && last.final_hands[w.player];
      if (hand) box.append(row(hand.map((c) => ({code: c}))));
    }
    const pay = el("table", {class: "payments"});
    pay.append(el("tr", {}, el("th", {text: ""}), el("th", {text: W("payments")}), el("th", {text: W("scores")})));
    for (let p = 0; p < 4; p++) {
      const v = last.payments[p];
      pay.append(el("tr", {"data-seat": p}, el("td", {text: who(p)}),
                    el("td", {class: "num", "data-payment": v, text: (v > 0 ? "+" : "") + v}),
                    el("td", {class: "num", "data-score": last.scores[p], text: last.scores[p]})));
    }
    box.append(pay);
    box.append(el("p", {id: "log-file", text: state.log ? W("web:log_saved", {file: state.log}) : W("web:no_log")}));
    if (state.status === "between") {
      const b = el("button", {type: "button", class: "act", id: "next-deal", text: W("web:next_deal")});
      b.addEventListener("click", nextDeal);
      box.append(b);
    } else if (state.final_scores && state.mode === "match") {
      box.append(el("p", {id: "final-scores", text: W("web:final_scores") + ": " + state.final_scores.map((s, p) => who(p) + " " + s).join("  ")}));
    }
  }

  function renderStatus() {
    let text = "";
    if (state.status === "waiting") text = state.may_discard ? W("web:your_discard") : W("web:your_choice");
    else if (state.status === "running" || state.status === "starting") text = W("web:ai_moving");
    else if (state.status === "over") text = W("web:game_over");
    else if (state.status === "dropped") text = W("web:dropped");
    else if (state.status === "failed") text = W("web:failed") + ": " + (state.error || "");
    $("status").textContent = busy && state.status === "waiting" ? W("web:ai_moving") : text;
    $("hint-button").disabled = busy || state.status !== "waiting";
  }

  function render() {
    if (!state) return;
    if (state.table) {
      renderInfo(state.table);
      renderTable(state.table);
      renderHand(state.table);
    }
    renderActions();
    renderResult();
    renderStatus();
  }

  function tell(ev) {
    const log = $("log");
    log.append(el("li", {"data-event": ev.e.e, text: pick(ev, "text")}));
    log.scrollTop = log.scrollHeight;
  }

  // the events since the last state, one line each; the AI's moves at the game's pace
  async function showEvents(events, pace) {
    for (const ev of events) {
      if (pick(ev, "text")) {
        told.push(ev);
        tell(ev);
      }
      // an AI seat's move comes with the table just after it: drawn, then the pause
      if (ev.table && pace > 0) {
        renderInfo(ev.table);
        renderTable(ev.table, ev.e.p);
        renderHand(ev.table);
        await sleep(pace);
      }
    }
  }

  async function receive(r) {
    if (!r.ok) {
      busy = false;
      if (r.status === 410) { state = Object.assign(state || {}, {status: "dropped"}); }
      say(W("web:bad_request", {message: r.data.message || r.data.error}));
      render();
      return;
    }
    say("");
    const fresh = r.data;
    nextEvent = fresh.next_event;
    busy = true;
    // the table as it was, nothing to click, while the moves since are shown (a page opened
    // on a game under way tells them without pausing)
    const first = state === null;
    if (!first) render();
    else state = fresh;
    await showEvents(fresh.events, first ? 0 : fresh.pace);
    state = fresh;
    busy = false;
    selected = -1;
    render();
  }

  async function send(action) {
    if (busy) return;
    busy = true;
    render();
    $("hint-panel").hidden = true;
    hinted = null;
    await receive(await api("POST", "/api/games/" + GAME + "/act?since=" + nextEvent, action));
  }

  async function nextDeal() {
    if (busy) return;
    busy = true;
    render();
    await receive(await api("POST", "/api/games/" + GAME + "/next?since=" + nextEvent));
  }

  async function hint() {
    if (busy) return;
    const r = await api("GET", "/api/games/" + GAME + "/hint");
    if (!r.ok) { say(W("web:bad_request", {message: r.data.message})); return; }
    hinted = r.data;
    renderHint();
  }

  function renderHint() {
    const box = $("hint-panel");
    box.textContent = "";
    if (!hinted) return;
    box.append(el("h2", {text: W("web:hint_title")}));
    const t = el("table");
    for (const x of hinted.rows) {
      t.append(el("tr", {class: x.expert ? "expert" : null, "data-option": x.action.type},
                  el("td", {text: (x.expert ? "★ " : "") + pick(x, "option")}),
                  el("td", {class: "num", text: x.value === null ? "-" : (x.value >= 0 ? "+" : "") + x.value.toFixed(2)}),
                  el("td", {text: pick(x, "reason")})));
    }
    box.append(t);
    box.hidden = false;
  }
  $("hint-button").addEventListener("click", hint);

  document.addEventListener("keydown", (ev) => {
    if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
    if (/^[1-9]$/.test(ev.key)) {
      const b = document.querySelector('#actions button[data-key="' + ev.key + '"]');
      if (b) { ev.preventDefault(); b.click(); }
      return;
    }
    if (ev.key === "h" || ev.key === "?") { hint(); return; }
    const tiles = Array.from(document.querySelectorAll("#hand [data-tile]"));
    const all = Array.from(document.querySelectorAll("#hand .tile"));
    if (!tiles.length) {
      if (ev.key === "Enter" && document.getElementById("next-deal") && !busy) { ev.preventDefault(); nextDeal(); }
      return;
    }
    if (ev.key === "ArrowLeft" || ev.key === "ArrowRight") {
      ev.preventDefault();
      const step = ev.key === "ArrowLeft" ? -1 : 1;
      let i = selected >= 0 ? selected : (step > 0 ? -1 : all.length);
      for (let k = 0; k < all.length; k++) {
        i = (i + step + all.length) % all.length;
        if (all[i].dataset.tile) break;
      }
      selected = i;
      all.forEach((b, j) => b.classList.toggle("selected", j === i));
      all[i].focus();
    } else if (ev.key === "Enter" && selected >= 0 && all[selected] && all[selected].dataset.tile) {
      ev.preventDefault();
      all[selected].click();
    }
  });

  // another language: everything drawn again from what the server sent (no request)
  onLanguage(() => {
    $("log").textContent = "";
    for (const ev of told) tell(ev);
    if (!state) return;
    if (drawn && busy) {
      renderInfo(drawn.t);
      renderTable(drawn.t, drawn.moving);
      renderHand(drawn.t);
      renderActions();
      renderResult();
      renderStatus();
    } else {
      render();
    }
    if (hinted && !$("hint-panel").hidden) renderHint();
  });

  (async function start() {
    await receive(await api("GET", "/api/games/" + GAME + "?since=0"));
  })();
})();
