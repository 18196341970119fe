// troef viewer. Reads the records from the JSON block of this page and
// draws them. Every string of a record is untrusted: it is only ever set
// as textContent, never parsed as markup, and never used in a URL.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("troef-data").textContent);
  const records = data.records;
  const SVGNS = "http://www.w3.org/2000/svg";
  const CARD = /^[SHDC][2-9TJQKA]$/;
  const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
  const COMPASS = ["N", "E", "S", "W"];
  const $ = (id) => document.getElementById(id);

  let rec = null;
  // The line being stepped through: the main line at the bottom, a
  // variation on top. `i` counts the steps taken on that line; a frame
  // below a variation stands at the step the variation replaces.
  let stack = [];

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function card(c, extra) {
    const s = document.createElementNS(SVGNS, "svg");
    s.setAttribute("class", "card" + (extra ? " " + extra : ""));
    s.setAttribute("viewBox", "0 0 60 84");
    s.setAttribute("role", "img");
    const t = document.createElementNS(SVGNS, "title");
    t.textContent = String(c);
    s.appendChild(t);
    if (CARD.test(c)) {
      s.dataset.card = c;
      const u = document.createElementNS(SVGNS, "use");
      u.setAttribute("href", "#c-" + c);
      s.appendChild(u);
    }
    return s;
  }

  // A card as text with its suit symbol: "♠A", "♥10".
  function cardText(c) {
    if (!CARD.test(c)) return String(c);
    const r = c[1] === "T" ? "10" : c[1];
    return SUITS[c[0]] + r;
  }

  function cardSpan(c) {
    const s = el("span", CARD.test(c) ? "suit-" + c[0] : "", cardText(c));
    return s;
  }

  // A name as shown: cut to 60 characters (the whole name is the
  // element's title).
  function playerName(p) {
    if (!p.name) return p.seat;
    const chars = Array.from(p.name);
    return p.seat + " " + (chars.length > 60 ? chars.slice(0, 59).join("") + "\u2026" : p.name);
  }

  function ddClass(step) {
    const dd = step.dd;
    if (!dd || dd.kind === "best_line") return null;
    if (dd.kind === "value" || dd.cost === 0) return "dd-best";
    if (step.glyph === "??") return "dd-blunder";
    if (step.glyph === "?") return "dd-mistake";
    return "dd-inaccuracy";
  }

  function ddText(dd) {
    if (!dd) return "";
    if (dd.kind === "value") return dd.value;
    if (dd.kind === "best_line") return "best line";
    return "\u2212" + dd.cost;
  }

  // ---- where we are ----

  function top() {
    return stack[stack.length - 1];
  }

  // The step shown: the last one taken on the innermost line that has
  // taken one, or null at the start of the play.
  function current() {
    for (let k = stack.length - 1; k >= 0; k--) {
      if (stack[k].i > 0) return stack[k].steps[stack[k].i - 1];
    }
    return null;
  }

  // The step that comes next on the line being stepped through.
  function upcoming() {
    const f = top();
    return f.i < f.steps.length ? f.steps[f.i] : null;
  }

  function go(fn) {
    fn();
    render();
  }

  const nav = {
    next() {
      const f = top();
      if (f.i < f.steps.length) f.i++;
    },
    prev() {
      const f = top();
      if (f.i > 1 || (f.i === 1 && stack.length === 1)) f.i--;
      else if (stack.length > 1) stack.pop();
    },
    start() {
      stack = [stack[0]];
      stack[0].i = 0;
    },
    end() {
      const f = top();
      f.i = f.steps.length;
    },
    nextTrick() {
      const f = top();
      do {
        f.i++;
      } while (f.i < f.steps.length && !f.steps[f.i - 1].won);
      f.i = Math.min(f.i, f.steps.length);
    },
    prevTrick() {
      const f = top();
      if (f.i === 0) return nav.prev();
      do {
        f.i--;
      } while (f.i > 0 && !f.steps[f.i - 1].won);
      if (f.i === 0 && stack.length > 1) stack.pop();
    },
    enter(k) {
      const next = upcoming();
      if (next && next.variations[k] && next.variations[k].length) {
        stack.push({ steps: next.variations[k], i: 1, k: k });
      }
    },
    leave() {
      if (stack.length > 1) stack.pop();
    },
  };

  // Jumps to step `i` of a line reached by `route`: a list of
  // [step index, variation index] pairs from the main line.
  function jump(route, i) {
    stack = [stack[0]];
    let steps = rec.steps;
    for (const [at, k] of route) {
      top().i = at;
      steps = steps[at].variations[k];
      stack.push({ steps: steps, i: 0, k: k });
    }
    top().i = i;
    render();
  }

  // ---- drawing ----

  function isCompass() {
    return rec.players.length === 4 && rec.players.every((p, i) => p.seat === COMPASS[i]);
  }

  function render() {
    remember();
    const step = current();
    const hands = step ? step.hands : rec.start;
    const table = step ? step.table : [];
    const next = upcoming();
    drawTable(step, hands, table, next);
    drawPoints(step);
    drawControls(next);
    drawNote(step);
    drawMoves();
  }

  function drawTable(step, hands, table, next) {
    const t = $("table");
    t.replaceChildren();
    const compass = isCompass();
    const ring = el("div", "ring");
    const n = rec.players.length;
    // Who is to move: the next step's player, or before any step (a
    // record only dealt) the first to play.
    const mover = next ? next.seat : step ? null : rec.first;
    const best = next && next.dd && next.dd.kind === "cost" ? next.dd.best : [];
    rec.players.forEach((p, i) => {
      const seat = el("div", "seat");
      seat.id = "seat-" + p.seat;
      if (compass) {
        seat.classList.add("seat-" + p.seat);
      } else {
        const a = (Math.PI * 2 * i) / n - Math.PI / 2;
        seat.style.left = 50 + 38 * Math.cos(a) + "%";
        seat.style.top = 50 + 36 * Math.sin(a) + "%";
      }
      if (mover === p.seat) seat.classList.add("to-move");
      let label = playerName(p);
      if (rec.dealer === p.seat) label += " (dealer)";
      seat.appendChild(el("div", "label", label));
      const hand = el("div", "hand");
      hand.id = "hand-" + p.seat;
      for (const c of hands[i] || []) {
        hand.appendChild(card(c, mover === p.seat && best.includes(c) ? "best" : ""));
      }
      seat.appendChild(hand);
      (compass ? t : ring).appendChild(seat);
    });
    if (!compass) t.appendChild(ring);
    const centre = el("div", compass ? "" : "row");
    centre.id = "centre";
    for (const [seat, c] of table) {
      // A step that won a trick shows the trick whole: mark its winner.
      const won = step && step.won && step.won.winner === seat;
      const e = card(c, "at-" + seat + (won ? " winner" : ""));
      e.dataset.seat = seat;
      centre.appendChild(e);
    }
    if (step && !step.played && step.card) {
      const e = card(step.card, "at-" + (mover || "S") + " illegal");
      centre.appendChild(e);
    }
    t.appendChild(centre);
    if (step && step.won) {
      const note = el("div", "", "trick to " + seatName(step.won.winner) + ", " + step.won.points + " points");
      note.id = "trick-note";
      t.appendChild(note);
    }
  }

  function seatName(seat) {
    const p = rec.players.find((x) => x.seat === seat);
    return p ? playerName(p) : seat;
  }

  function drawPoints(step) {
    const box = $("points");
    box.replaceChildren();
    const taken = step ? step.taken : [];
    if (!taken.length) return;
    const pairs = rec.game === "klaverjassen" || rec.game === "jass";
    if (pairs) {
      box.appendChild(el("span", "", "NS " + (taken[0] + taken[2])));
      box.appendChild(el("span", "", "EW " + (taken[1] + taken[3])));
    } else {
      rec.players.forEach((p, i) => box.appendChild(el("span", "", p.seat + " " + taken[i])));
    }
    box.appendChild(el("span", "muted", "card points taken"));
  }

  function drawControls(next) {
    const f = top();
    $("prev").disabled = f.i === 0 && stack.length === 1;
    $("next").disabled = f.i >= f.steps.length;
    $("leave").hidden = stack.length === 1;
    const vars = $("variations");
    vars.replaceChildren();
    if (next) {
      next.variations.forEach((v, k) => {
        if (!v.length) return;
        const b = el("button", "enter");
        b.dataset.variation = k;
        const head = v[0].dd && v[0].dd.kind === "best_line" ? "best line: " : "variation: ";
        b.textContent = head + v.slice(0, 6).map((s) => cardText(s.text)).join(" ") + (v.length > 6 ? " \u2026" : "");
        b.addEventListener("click", () => go(() => nav.enter(k)));
        vars.appendChild(b);
      });
    }
    const where = stack.length === 1 ? "main line" : "variation (depth " + (stack.length - 1) + ")";
    $("position").textContent = where + ", step " + f.i + " of " + f.steps.length;
    $("position").dataset.depth = stack.length - 1;
    $("position").dataset.step = f.i;
  }

  function drawNote(step) {
    const box = $("note");
    box.replaceChildren();
    if (!step) {
      box.appendChild(el("h2", "", "Before the play"));
      // The game's own account of what came before the first card: the
      // lines of the score sheet above its trick table.
      for (const line of rec.summary.split("\n")) {
        if (/^\s*#|^\s+\d/.test(line)) break;
        if (line.trim()) box.appendChild(el("div", "", line));
      }
      for (const w of rec.opening_words) box.appendChild(el("div", "words", w));
      if (rec.steps.length) box.appendChild(el("div", "muted", "Right arrow or \u25B6 plays the first card."));
      if (!rec.steps.length) box.appendChild(el("div", "muted", "No play in this record."));
      return;
    }
    const h = el("h2");
    h.appendChild(el("span", "", (step.seat ? seatName(step.seat) + ": " : "") ));
    h.appendChild(step.card ? cardSpan(step.card) : el("span", "", step.text));
    if (step.glyph) h.appendChild(el("span", "glyph", " " + step.glyph));
    for (const n of step.nags) h.appendChild(el("span", "muted", " $" + n));
    box.appendChild(h);
    if (!step.played) box.appendChild(el("div", "muted", "Not played: the replay stops here."));
    if (step.rest) box.appendChild(el("div", "words", "Written after it, not replayed: " + step.rest));
    if (step.dd) {
      const d = el("div");
      d.id = "dd";
      const dd = step.dd;
      d.dataset.kind = dd.kind;
      const badge = el("span", "dd " + (ddClass(step) || "dd-best"), ddText(dd));
      d.appendChild(badge);
      if (dd.kind === "cost") {
        d.dataset.cost = dd.cost;
        d.dataset.best = dd.best.join(" ");
        d.appendChild(el("span", "", " " + dd.before + " \u2192 " + dd.after + "; cost " + dd.cost + " " + dd.unit + "; best "));
        dd.best.forEach((c, i) => {
          if (i) d.appendChild(el("span", "", " "));
          d.appendChild(cardSpan(c));
        });
      } else if (dd.kind === "value") {
        d.dataset.value = dd.value;
        d.appendChild(el("span", "muted", " double-dummy value kept"));
      }
      box.appendChild(d);
    }
    for (const c of step.comments) box.appendChild(el("p", "comment", c));
    for (const w of step.words) {
      box.appendChild(el("div", "words", w.text));
      for (const c of w.comments) box.appendChild(el("p", "comment", c));
    }
    for (const i of step.diagnostics.concat(...step.words.map((w) => w.diagnostics))) {
      box.appendChild(diagnostic(rec.diagnostics[i]));
    }
  }

  function diagnostic(d) {
    const box = el("div", "diag " + d.severity);
    box.appendChild(el("div", "", d.severity + "[" + d.code + "]: " + d.message));
    box.appendChild(el("div", "muted", rec.file + ":" + d.line + ":" + d.column + " (record " + rec.index + ")"));
    box.appendChild(el("pre", "", d.snippet));
    for (const n of d.notes) box.appendChild(el("div", "muted", "= " + n));
    return box;
  }

  // The move list: the main line by tricks (or turns), variations inline.
  function drawMoves() {
    const box = $("moves");
    box.replaceChildren();
    const route = stack.slice(1).map((f, k) => [stack[k].i, f.k]);
    const here = JSON.stringify([route, top().i]);
    let row = null;
    let n = 0;
    rec.steps.forEach((s, i) => {
      if (!row) {
        n++;
        box.appendChild(el("div", "n", n));
        row = el("div");
        box.appendChild(row);
      }
      row.appendChild(move(s, [], i, here));
      for (const [k, v] of s.variations.entries()) {
        if (!v.length) continue;
        const span = el("span", "var", "(");
        v.forEach((vs, j) => span.appendChild(move(vs, [[i, k]], j, here)));
        span.appendChild(document.createTextNode(")"));
        row.appendChild(span);
      }
      if (s.won || !s.card) row = null;
    });
  }

  function move(s, route, i, here) {
    const m = el("span", "mv");
    if (JSON.stringify([route, i + 1]) === here) m.classList.add("current");
    if (!s.played) m.classList.add("unplayed");
    if (s.card) m.appendChild(cardSpan(s.card));
    else {
      m.classList.add("turn");
      m.appendChild(el("span", "", (s.seat ? s.seat + ": " : "") + s.text));
    }
    if (s.glyph) m.appendChild(el("span", "glyph", s.glyph));
    const cls = ddClass(s);
    if (cls && s.dd.kind === "cost") m.appendChild(el("span", "dd " + cls, ddText(s.dd)));
    if (s.words.length) m.appendChild(el("span", "words", " " + s.words.map((w) => w.text).join(" ")));
    if (s.rest) m.appendChild(el("span", "words", " " + s.rest));
    m.addEventListener("click", () => jump(route, i + 1));
    return m;
  }

  // The address names the record and the main-line step shown
  // (`#record-3/17`), so that a position can be shared as a link.
  function remember() {
    if (!rec) return;
    const step = stack[0].i;
    const hash = "#record-" + (records.indexOf(rec) + 1) + (step ? "/" + step : "");
    if (location.hash !== hash) {
      try {
        history.replaceState(null, "", hash);
      } catch (e) {
        // Some viewers of local files refuse it; the page works without.
      }
    }
  }

  // ---- one record ----

  function show(index) {
    rec = records[index];
    stack = [{ steps: rec.steps, i: 0 }];
    document.title = "troef: " + rec.title;
    $("title").textContent = rec.title;
    $("game").textContent = [rec.game, rec.rules && "(" + rec.rules + " rules)"].filter(Boolean).join(" ");
    const v = $("valid");
    v.textContent = rec.valid ? "valid" : "invalid";
    v.className = "badge" + (rec.valid ? "" : " invalid");
    const players = $("players");
    players.replaceChildren();
    rec.players.forEach((p, i) => {
      if (i) players.appendChild(document.createTextNode(", "));
      const b = el("bdi", "", playerName(p));
      if (p.name) b.title = p.name;
      players.appendChild(b);
    });
    $("contract").textContent = rec.contract || "";
    drawPhases();
    drawNotes();
    drawScore();
    drawDiagnostics();
    const list = $("list");
    list.querySelectorAll("tr[data-index]").forEach((tr) => {
      const here = Number(tr.dataset.index) === index;
      tr.classList.toggle("current", here);
      if (here && (tr.offsetTop < list.scrollTop || tr.offsetTop > list.scrollTop + list.clientHeight - 20)) {
        list.scrollTop = tr.offsetTop - 30;
      }
    });
    render();
  }

  function drawPhases() {
    const box = $("phases");
    box.replaceChildren();
    for (const p of rec.phases) {
      const d = el("div");
      d.appendChild(el("strong", "", p.name + " "));
      d.appendChild(el("span", "muted", p.value + ": "));
      for (const t of p.tokens) {
        const s = el("span", "mv", t.text + (t.glyph || ""));
        if (t.diagnostics.length) s.classList.add("unplayed");
        d.appendChild(s);
        for (const c of t.comments) d.appendChild(el("span", "comment", " {" + c + "} "));
      }
      box.appendChild(d);
    }
  }

  function drawNotes() {
    const box = $("notes");
    box.replaceChildren();
    for (const n of rec.notes) box.appendChild(el("p", "comment", n));
    box.parentElement.hidden = !rec.notes.length;
  }

  function drawScore() {
    const box = $("score");
    box.replaceChildren();
    const t = el("table", "list");
    for (const [k, v] of rec.score) {
      const tr = el("tr");
      tr.appendChild(el("th", "", k));
      tr.appendChild(el("td", "", v));
      t.appendChild(tr);
    }
    box.appendChild(t);
    if (rec.result) box.appendChild(el("p", "", "Claimed: " + rec.result));
    const sheet = $("sheet");
    sheet.textContent = rec.summary;
    const tags = $("tags");
    tags.replaceChildren();
    for (const [k, v] of rec.tags) {
      const tr = el("tr");
      tr.appendChild(el("th", "", k));
      tr.appendChild(el("td", "", v));
      tags.appendChild(tr);
    }
  }

  function drawDiagnostics() {
    const box = $("diagnostics");
    box.replaceChildren();
    for (const d of rec.diagnostics) box.appendChild(diagnostic(d));
    box.parentElement.hidden = !rec.diagnostics.length;
  }

  function drawList() {
    const box = $("list");
    if (records.length < 2) {
      box.parentElement.hidden = true;
      return;
    }
    const t = el("table", "list");
    const head = el("tr");
    for (const h of ["#", "record", "game", "contract", "result", ""]) head.appendChild(el("th", "", h));
    t.appendChild(head);
    records.forEach((r, i) => {
      const tr = el("tr");
      tr.dataset.index = i;
      tr.appendChild(el("td", "nowrap", i + 1));
      tr.appendChild(el("td", "", r.title));
      tr.appendChild(el("td", "nowrap", r.game || ""));
      tr.appendChild(el("td", "", r.contract || ""));
      tr.appendChild(el("td", "", r.result || ""));
      const v = el("td");
      v.appendChild(el("span", "badge" + (r.valid ? "" : " invalid"), r.valid ? "valid" : "invalid"));
      tr.appendChild(v);
      tr.title = r.file + ", record " + r.index + " (line " + r.line + "): " + r.players.map((p) => p.name || p.seat).join(", ");
      tr.addEventListener("click", () => show(i));
      t.appendChild(tr);
    });
    box.appendChild(t);
  }

  // ---- wiring ----

  const buttons = {
    start: nav.start,
    prevtrick: nav.prevTrick,
    prev: nav.prev,
    next: nav.next,
    nexttrick: nav.nextTrick,
    end: nav.end,
    leave: nav.leave,
  };
  for (const [id, fn] of Object.entries(buttons)) {
    $(id).addEventListener("click", () => go(fn));
  }
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = {
      ArrowRight: nav.next,
      ArrowLeft: nav.prev,
      ArrowDown: nav.nextTrick,
      PageDown: nav.nextTrick,
      ArrowUp: nav.prevTrick,
      PageUp: nav.prevTrick,
      Home: nav.start,
      End: nav.end,
      Escape: nav.leave,
    };
    let fn = keys[e.key];
    if (!fn && /^[1-9]$/.test(e.key)) fn = () => nav.enter(Number(e.key) - 1);
    if (!fn) return;
    e.preventDefault();
    go(fn);
  });
  drawList();
  const wanted = /^#record-(\d+)(?:\/(\d+))?$/.exec(location.hash);
  const start = wanted ? Math.min(Number(wanted[1]) - 1, records.length - 1) : 0;
  if (records.length) {
    show(Math.max(0, start));
    if (wanted && wanted[2]) go(() => (stack[0].i = Math.min(Number(wanted[2]), rec.steps.length)));
  } else $("title").textContent = "No record";
})();
