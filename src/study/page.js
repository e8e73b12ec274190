// The replay page's script. KIT (written above by the kit) holds the
// puzzle and each pattern's packed steps; see src/study/page.rs.
"use strict";
(function () {
  const N = KIT.n;
  const CELLS = N * N;
  const EVERY = 1024; // a board snapshot every EVERY events
  const RATES = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000];
  const DIGIT = new Int8Array(128);
  const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  for (let i = 0; i < 64; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;
  const givens = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) givens[i] = KIT.symbols.indexOf(KIT.givens[i]) + 1;
  const blanks = givens.reduce((k, v) => k + (v === 0 ? 1 : 0), 0);
  const region = new Uint8Array(CELLS);
  for (let i = 0; i < CELLS; i++) region[i] = DIGIT[KIT.regions.charCodeAt(i)];
  function onDiagonal(i) {
    const r = Math.floor(i / N), c = i % N;
    return KIT.diagonals && (r === c || r + c === N - 1);
  }
  // The units of each cell as lists of cells: row, column, box or region,
  // the diagonals it lies on; then the cage of each cell (-1: none).
  const rows = [], cols = [], boxes = [], diagonals = [[], []];
  for (let u = 0; u < N; u++) {
    rows.push([]);
    cols.push([]);
    boxes.push([]);
  }
  for (let i = 0; i < CELLS; i++) {
    const r = Math.floor(i / N), c = i % N;
    rows[r].push(i);
    cols[c].push(i);
    boxes[region[i]].push(i);
    if (KIT.diagonals && r === c) diagonals[0].push(i);
    if (KIT.diagonals && r + c === N - 1) diagonals[1].push(i);
  }
  const cageOf = new Int32Array(CELLS).fill(-1);
  KIT.cages.forEach((cage, k) => { for (const i of cage.cells) cageOf[i] = k; });
  const unitsOf = [];
  for (let i = 0; i < CELLS; i++) {
    const r = Math.floor(i / N), c = i % N;
    const mine = [rows[r], cols[c], boxes[region[i]]];
    if (KIT.diagonals && r === c) mine.push(diagonals[0]);
    if (KIT.diagonals && r + c === N - 1) mine.push(diagonals[1]);
    if (cageOf[i] >= 0) mine.push(KIT.cages[cageOf[i]].cells);
    unitsOf.push(mine);
  }

  function name(cell) {
    return "r" + (Math.floor(cell / N) + 1) + "c" + (cell % N + 1);
  }

  // One pattern: its decoded steps, counters after each event, snapshots.
  function decode(spec) {
    const count = spec.steps.length / KIT.width;
    const undo = new Uint8Array(count), cell = new Uint16Array(count), value = new Uint8Array(count);
    const depth = new Int32Array(count + 1), nodes = new Int32Array(count + 1);
    const snaps = [];
    const why = new Int32Array(count); // per undo: the code of its reason
    const board = givens.slice();
    let undos = 0;
    for (let e = 0, p = 0; e < count; e++) {
      if (e % EVERY === 0) snaps.push(board.slice());
      let code = 0;
      for (let k = 0; k < KIT.width; k++) code = code * 64 + DIGIT[spec.steps.charCodeAt(p++)];
      undo[e] = code & 1;
      code = code >> 1;
      cell[e] = Math.floor(code / (N + 1));
      if (undo[e]) {
        value[e] = board[cell[e]]; // the value the undo erases
        why[e] = DIGIT[spec.reasons.charCodeAt(2 * undos)] * 64 + DIGIT[spec.reasons.charCodeAt(2 * undos + 1)];
        undos++;
        board[cell[e]] = 0;
        depth[e + 1] = depth[e] - 1;
        nodes[e + 1] = nodes[e];
      } else {
        value[e] = code % (N + 1);
        board[cell[e]] = value[e];
        depth[e + 1] = depth[e] + 1;
        nodes[e + 1] = nodes[e] + 1;
      }
    }
    if (count % EVERY === 0) snaps.push(board.slice());
    return { name: spec.name, ending: spec.ending, count, undo, cell, value, why, depth, nodes, snaps,
      board: givens.slice(), t: 0 };
  }

  const panels = KIT.panels.map(decode);
  const total = panels.reduce((m, p) => Math.max(m, p.count), 0);
  let now = 0; // events applied, the same for every panel (each stops at its end)
  let rate = 4; // index into RATES
  let timer = null;
  let showCandidates = false;

  function moveTo(p, t) {
    t = Math.min(t, p.count);
    if (Math.abs(t - p.t) > EVERY) {
      const k = Math.floor(t / EVERY);
      p.board = p.snaps[k].slice();
      p.t = k * EVERY;
    }
    while (p.t < t) {
      const e = p.t++;
      p.board[p.cell[e]] = p.undo[e] ? 0 : p.value[e];
    }
    while (p.t > t) {
      const e = --p.t;
      p.board[p.cell[e]] = p.undo[e] ? p.value[e] : 0;
    }
  }

  // The values the rules leave a blank: none of its units' values, and in
  // a cage room for 1 in each other blank, the sum made by the last (the
  // rule the patterns test).
  function candidates(board, cell) {
    const used = new Uint8Array(N + 1);
    for (const unit of unitsOf[cell]) for (const j of unit) used[board[j]] = 1;
    let total = 0, open = 0;
    const cage = cageOf[cell] >= 0 ? KIT.cages[cageOf[cell]] : null;
    if (cage) for (const j of cage.cells) { total += board[j]; open += board[j] ? 0 : 1; }
    let text = "";
    for (let v = 1; v <= N; v++) {
      if (used[v]) continue;
      if (cage && (open === 1 ? total + v !== cage.sum : total + v + open - 1 > cage.sum)) continue;
      text += KIT.symbols[v - 1];
    }
    return text;
  }

  // An undo's reason: a cell with no candidate left, or a value with no
  // place left in a unit (the text of `sudoku trace --lines`).
  function reason(code) {
    if (code < CELLS) return name(code) + " has no candidate left";
    const u = Math.floor((code - CELLS) / N), v = (code - CELLS) % N;
    const where = u === 3 * N ? "the main diagonal" : u === 3 * N + 1 ? "the anti-diagonal" :
      ["row", "column", KIT.jigsaw ? "region" : "box"][Math.floor(u / N)] + " " + (u % N + 1);
    return "no place left for " + KIT.symbols[v] + " in " + where;
  }

  function describe(p, e) {
    if (p.undo[e]) return "undo " + name(p.cell[e]) + ": " + reason(p.why[e]);
    return "place " + name(p.cell[e]) + "=" + KIT.symbols[p.value[e] - 1] + " depth=" + p.depth[e + 1];
  }

  // ------------------------------------------------------------ Drawing
  const size = N <= 9 ? "n" + N : N <= 16 ? "big" : "huge";
  const STRIP_W = Math.min(480, Math.max(240, N * 30)), STRIP_H = 48;
  const root = document.getElementById("panels");
  for (const p of panels) {
    const div = document.createElement("div");
    div.className = "panel";
    div.dataset.pattern = p.name;
    const h = document.createElement("h2");
    h.textContent = p.name;
    div.appendChild(h);
    const summary = document.createElement("div");
    summary.className = "summary";
    summary.textContent = "whole recording: " + p.ending;
    div.appendChild(summary);
    const table = document.createElement("table");
    table.className = "board " + size;
    p.tds = [];
    for (let r = 0; r < N; r++) {
      const tr = document.createElement("tr");
      for (let c = 0; c < N; c++) {
        const td = document.createElement("td");
        const i = r * N + c;
        if (c < N - 1 && region[i] !== region[i + 1]) td.classList.add("right");
        if (r < N - 1 && region[i] !== region[i + N]) td.classList.add("below");
        if (onDiagonal(i)) td.classList.add("diagonal");
        tr.appendChild(td);
        p.tds.push(td);
      }
      table.appendChild(tr);
    }
    div.appendChild(table);
    p.decor = p.tds.map((td, i) => cageMarks(i));
    p.counters = document.createElement("div");
    p.counters.className = "counters";
    p.counters.innerHTML = 'event <span class="event"></span>/' + p.count +
      ' nodes <span class="nodes"></span> backtracks <span class="backtracks"></span>' +
      ' depth <span class="depth"></span>/' + blanks;
    div.appendChild(p.counters);
    p.line = document.createElement("div");
    p.line.className = "line";
    div.appendChild(p.line);
    p.status = document.createElement("div");
    p.status.className = "status";
    div.appendChild(p.status);
    const strip = document.createElement("div");
    strip.className = "strip";
    const canvas = document.createElement("canvas");
    canvas.width = STRIP_W;
    canvas.height = STRIP_H;
    strip.appendChild(canvas);
    p.mark = document.createElement("div");
    p.mark.className = "mark";
    strip.appendChild(p.mark);
    const caption = document.createElement("div");
    caption.className = "caption";
    caption.textContent = "depth over the events (the shape of the search tree)";
    strip.appendChild(caption);
    div.appendChild(strip);
    root.appendChild(div);
    drawStrip(p, canvas);
  }

  // A killer cell's marks, kept across redraws: its piece of the cage's
  // dashed outline (a side where the cage ends is drawn, inset; a side
  // where it goes on runs to the cell's edge to meet the next piece) and,
  // in the cage's first cell, its sum.
  function cageMarks(i) {
    const k = cageOf[i];
    if (k < 0) return [];
    const r = Math.floor(i / N), c = i % N;
    const inCage = (rr, cc) => rr >= 0 && rr < N && cc >= 0 && cc < N && cageOf[rr * N + cc] === k;
    const outline = document.createElement("span");
    outline.className = "cage";
    const sides = [["top", -1, 0], ["right", 0, 1], ["bottom", 1, 0], ["left", 0, -1]];
    for (const [side, dr, dc] of sides) {
      const open = inCage(r + dr, c + dc);
      outline.style[side] = open ? "-1px" : "3px";
      if (!open) outline.classList.add(side);
    }
    const marks = [outline];
    if (KIT.cages[k].cells[0] === i) {
      const sum = document.createElement("span");
      sum.className = "sum";
      sum.textContent = KIT.cages[k].sum;
      marks.push(sum);
    }
    return marks;
  }

  // The depth after each event, as one vertical span per pixel column.
  function drawStrip(p, canvas) {
    const g = canvas.getContext && canvas.getContext("2d");
    if (!g || total === 0) return;
    g.fillStyle = "#3a6fc4";
    for (let x = 0; x < STRIP_W; x++) {
      const from = Math.floor(x * total / STRIP_W), to = Math.floor((x + 1) * total / STRIP_W);
      if (from >= p.count) break;
      let lo = p.depth[from + 1], hi = lo;
      for (let t = from + 1; t <= Math.min(Math.max(to, from + 1), p.count); t++) {
        lo = Math.min(lo, p.depth[t]);
        hi = Math.max(hi, p.depth[t]);
      }
      const y = (d) => STRIP_H - Math.round(d * (STRIP_H - 2) / Math.max(1, blanks));
      g.fillRect(x, y(hi), 1, Math.max(1, y(lo) - y(hi) + 1));
    }
  }

  function draw() {
    for (const p of panels) {
      moveTo(p, now);
      const last = p.t > 0 ? p.t - 1 : -1;
      for (let i = 0; i < CELLS; i++) {
        const td = p.tds[i];
        const v = p.board[i];
        td.textContent = v ? KIT.symbols[v - 1] : "";
        for (const mark of p.decor[i]) td.appendChild(mark);
        td.className = td.className.replace(/ ?(given|placed|try|undone)/g, "");
        td.removeAttribute("data-undone");
        if (givens[i]) td.classList.add("given");
        else if (v) td.classList.add("placed");
        else if (showCandidates) {
          const span = document.createElement("span");
          span.className = "cands";
          span.textContent = candidates(p.board, i);
          td.appendChild(span);
        }
      }
      if (last >= 0) {
        const td = p.tds[p.cell[last]];
        if (p.undo[last]) {
          td.classList.add("undone");
          td.setAttribute("data-undone", KIT.symbols[p.value[last] - 1]);
        } else {
          td.classList.add("try");
        }
      }
      p.counters.querySelector(".event").textContent = p.t;
      p.counters.querySelector(".nodes").textContent = p.nodes[p.t];
      p.counters.querySelector(".backtracks").textContent = p.t - p.nodes[p.t];
      p.counters.querySelector(".depth").textContent = p.depth[p.t];
      p.line.textContent = last >= 0 ? describe(p, last) : "start";
      const done = p.t === p.count;
      p.status.textContent = done ? p.ending : "";
      p.status.classList.toggle("done", done);
      p.mark.style.left = (total ? Math.round(now * (STRIP_W - 2) / total) : 0) + "px";
    }
    document.getElementById("seek").value = now;
    document.getElementById("at").textContent = now;
    document.getElementById("rate").textContent = RATES[rate] + " events/s";
    document.getElementById("play").textContent = timer ? "\u2016 pause" : "\u25B6 play";
  }

  // ----------------------------------------------------------- Controls
  function go(t) {
    now = Math.max(0, Math.min(total, t));
    if (now === total) stop();
    draw();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  function play() {
    if (timer) { stop(); draw(); return; }
    if (now === total) now = 0;
    let last = Date.now(), owed = 0;
    timer = setInterval(function () {
      const at = Date.now();
      owed += (at - last) * RATES[rate] / 1000;
      last = at;
      const steps = Math.floor(owed);
      owed -= steps;
      if (steps > 0) go(now + steps);
    }, 30);
    draw();
  }

  // The next event (after now) that is an undo in any pattern still running.
  function nextBacktrack() {
    let best = total;
    for (const p of panels) {
      for (let e = now; e < p.count && e < best; e++) {
        if (p.undo[e]) { best = e + 1; break; }
      }
    }
    go(best);
  }

  const actions = {
    start: () => { stop(); go(0); },
    back: () => { stop(); go(now - 1); },
    play: play,
    forward: () => { stop(); go(now + 1); },
    backtrack: () => { stop(); nextBacktrack(); },
    end: () => { stop(); go(total); },
  };
  for (const id in actions) document.getElementById(id).addEventListener("click", actions[id]);
  const seek = document.getElementById("seek");
  seek.max = total;
  seek.addEventListener("input", () => { stop(); go(parseInt(seek.value, 10)); });
  const speed = document.getElementById("speed");
  speed.addEventListener("input", () => { rate = parseInt(speed.value, 10); draw(); });
  const cands = document.getElementById("candidates");
  cands.addEventListener("change", () => { showCandidates = cands.checked; draw(); });
  document.getElementById("total").textContent = total;

  const KEYS = {
    " ": "play", "k": "play", "ArrowRight": "forward", "ArrowLeft": "back",
    "b": "backtrack", "B": "backtrack", "Home": "start", "End": "end",
  };
  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.altKey || ev.metaKey) return;
    if (KEYS[ev.key]) {
      document.getElementById(KEYS[ev.key]).click();
    } else if (ev.key === "+" || ev.key === "-") {
      speed.value = Math.max(0, Math.min(RATES.length - 1, rate + (ev.key === "+" ? 1 : -1)));
      speed.dispatchEvent(new Event("input"));
    } else if (ev.key === "c" || ev.key === "C") {
      cands.click();
    } else {
      return;
    }
    ev.preventDefault();
  });

  draw();

  // A script of keys and clicks in the address's fragment, played through
  // the page's own handlers at load: #do=ArrowRight*25,ArrowLeft*3,click:end
  // (how the kit's browser test drives the page; `seek:N` moves the slider).
  const match = /^#do=(.*)$/.exec(decodeURIComponent(location.hash));
  if (match) {
    for (const word of match[1].split(",")) {
      const [what, times] = word.split("*");
      for (let k = 0; k < (times ? parseInt(times, 10) : 1); k++) {
        if (what.startsWith("click:")) {
          document.getElementById(what.slice(6)).click();
        } else if (what.startsWith("seek:")) {
          seek.value = what.slice(5);
          seek.dispatchEvent(new Event("input"));
        } else {
          document.dispatchEvent(new KeyboardEvent("keydown", { key: what, bubbles: true }));
        }
      }
    }
    document.body.dataset.played = match[1];
  }
})();
