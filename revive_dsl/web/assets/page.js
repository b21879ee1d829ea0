// The replay page: rebuilds the state of any step from the first state and each step's patch, and draws it.
// Every text from the data goes in through textContent, never as markup.
"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("revive-data").textContent);
  const SVG = "http://www.w3.org/2000/svg";
  const STEPS = DATA.steps;
  const LAST = STEPS.length;
  const SHAPES = ["\u25CF", "\u25B2", "\u25A0", "\u25C6"]; // a shape per seat, besides its colour
  const SIZE = 14; // a hex cell's radius, in SVG units

  // --- states, rebuilt step by step and kept ---------------------------------------------------------------
  const states = [DATA.start];
  const grounds = [DATA.grounds];
  const rows = [DATA.rows || { players: [], lines: [] }]; // the packs' parts' rows, as the terminal shows them

  function applyPatch(state, changes) {
    const out = structuredClone(state);
    for (const change of changes) {
      const path = change[0];
      let holder = out;
      for (let i = 0; i < path.length - 1; i++) holder = holder[path[i]];
      const last = path[path.length - 1];
      if (change.length === 1) delete holder[last];
      else if (change.length === 4) holder[last].splice(change[1], change[2], ...structuredClone(change[3]));
      else holder[last] = structuredClone(change[1]);
    }
    return out;
  }

  function stateAt(index) {
    for (let i = states.length; i <= index; i++) {
      states.push(applyPatch(states[i - 1], STEPS[i - 1].patch));
      grounds.push(STEPS[i - 1].cells ? Object.assign({}, grounds[i - 1], STEPS[i - 1].cells) : grounds[i - 1]);
      rows.push(STEPS[i - 1].rows || rows[i - 1]);
    }
    return states[index];
  }

  // --- small helpers ------------------------------------------------------------------------------------
  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function svg(tag, attrs, text) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function nameOf(id) {
    const found = DATA.names[id];
    return found ? found.name : String(id);
  }
  function named(value) {
    if (value === null || value === undefined) return "\u2013";
    if (Array.isArray(value)) return value.length ? value.map(named).join(", ") : "\u2013";
    if (typeof value === "object") {
      const keys = Object.keys(value);
      if (!keys.length) return "\u2013";
      return keys.map((k) => `${nameOf(k)}: ${named(value[k])}`).join("; ");
    }
    return typeof value === "string" ? nameOf(value) : String(value);
  }
  // a note's Markdown, the little of it notes use: paragraphs, **bold**, *emphasis*, `code`; built as nodes with
  // textContent, never as markup: anything else (an HTML tag) stays text
  const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|\*[^*\s](?:[^*]*[^*\s])?\*)/;
  function inline(text) {
    if (text.length > 2 && text.startsWith("`") && text.endsWith("`")) return el("code", {}, text.slice(1, -1));
    if (text.length > 4 && text.startsWith("**") && text.endsWith("**")) return el("strong", {}, text.slice(2, -2));
    if (text.length > 2 && text.startsWith("*") && text.endsWith("*")) return el("em", {}, text.slice(1, -1));
    return document.createTextNode(text);
  }
  function markdown(text) {
    const out = document.createDocumentFragment();
    for (const para of String(text).split(/\n\s*\n/)) {
      const p = el("p");
      const words = para.replace(/\s*\n\s*/g, " ").trim();
      for (const part of words.split(INLINE)) if (part) p.appendChild(inline(part));
      out.appendChild(p);
    }
    return out;
  }
  // a try-it step's task, what its note asks before the learner tries: the note's opening bold line
  // ("**Your move: build.**"), else its first sentence; the rest explains the move and waits until it is made
  function taskOf(note) {
    const text = String(note).trim();
    const bold = text.match(/^\*\*[^*]+\*\*/);
    if (bold) return bold[0];
    const sentence = text.match(/^[^\n]*?[.!?](?=\s|$)/);
    return sentence ? sentence[0] : "Make this step's move.";
  }
  function seatName(seat) {
    const player = DATA.players[seat];
    return player ? player.name : `seat ${seat}`;
  }

  // --- the board ----------------------------------------------------------------------------------------
  const place = {};
  let box = null;
  for (const cell of DATA.cells) {
    const x = SIZE * Math.sqrt(3) * (cell.q + cell.r / 2);
    const y = SIZE * 1.5 * cell.r;
    place[cell.key] = [x, y];
    if (!box) box = [x, y, x, y];
    box = [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)];
  }
  // places off the map (a location beside a track): a row of cells under it, each with its name
  const below = box[3] + SIZE * 3;
  (DATA.elsewhere || []).forEach((key, i) => {
    const x = box[0] + i * SIZE * 4;
    place[key] = [x, below];
    box = [box[0], box[1], Math.max(box[2], x), below + SIZE];
  });
  const board = document.getElementById("board");
  const pad = SIZE * 1.2;
  const boardWidth = box[2] - box[0] + 2 * pad;
  board.setAttribute("viewBox", `${box[0] - pad} ${box[1] - pad} ${boardWidth} ${box[3] - box[1] + 2 * pad}`);
  // on a phone the board is drawn at least 1.8 px a unit (a piece ~18 px) and the pane pans sideways
  board.style.setProperty("--board-min", `${Math.ceil(boardWidth * 1.8)}px`);

  // each tile slot's label, at the middle of its cells
  const slotPlaces = {};
  for (const cell of DATA.cells) {
    if (!cell.slot) continue;
    (slotPlaces[cell.slot] = slotPlaces[cell.slot] || []).push(place[cell.key]);
  }
  const slotLabels = Object.entries(slotPlaces).map(([slot, spots]) => [slot,
    spots.reduce((sum, [x]) => sum + x, 0) / spots.length, spots.reduce((sum, [, y]) => sum + y, 0) / spots.length]);

  // an answer that names a space (1,0), a tile slot (a02) or a large location's slot: its cells, marked on hover
  function cellsNamed(key) {
    const word = String(key).trim();
    return [...board.querySelectorAll(".cell")].filter((c) =>
      c.dataset.key === word || c.dataset.slot === word || c.dataset.large === word);
  }
  function point(key) {
    for (const cell of board.querySelectorAll(".cell.pointed")) cell.classList.remove("pointed");
    const found = key === null ? [] : cellsNamed(key);
    for (const cell of found) cell.classList.add("pointed");
    if (found.length) panTo(found[0]);
  }
  function pointsAt(node, key) {
    if (!cellsNamed(key).length) return;
    node.classList.add("points");
    node.addEventListener("mouseenter", () => point(key));
    node.addEventListener("focus", () => point(key));
    node.addEventListener("mouseleave", () => point(null));
    node.addEventListener("blur", () => point(null));
  }
  // a phone: the pane shows the step's asked or changed place, else the board's middle the first time
  let panned = false;
  function followOnPane() {
    const pane = document.getElementById("board-pane");
    const target = board.querySelector(".cell.asked, .cell.changed");
    if (target) panTo(target);
    else if (!panned) pane.scrollLeft = (pane.scrollWidth - pane.clientWidth) / 2;
    panned = true;
  }
  // a board wider than its pane (a phone): pan it sideways to a cell, the page itself does not move
  function panTo(cell) {
    const pane = document.getElementById("board-pane");
    if (pane.scrollWidth <= pane.clientWidth) return;
    const cellBox = cell.getBoundingClientRect();
    const paneBox = pane.getBoundingClientRect();
    pane.scrollLeft += cellBox.left + cellBox.width / 2 - (paneBox.left + paneBox.width / 2);
  }

  function hexPoints(x, y) {
    const points = [];
    for (let i = 0; i < 6; i++) {
      const angle = (Math.PI / 180) * (60 * i - 30);
      points.push(`${(x + SIZE * Math.cos(angle)).toFixed(2)},${(y + SIZE * Math.sin(angle)).toFixed(2)}`);
    }
    return points.join(" ");
  }

  function spaceOf(key) {
    // figures on a large location are kept under its slot; they stand on its middle cell
    return DATA.middle[key] || key;
  }

  function tokensOf(state) {
    const out = [];
    const tokens = state.board.tokens || {};
    const stacked = state.board.stacked_tokens || {};
    for (const space of Object.keys(tokens).sort()) {
      out.push([space, tokens[space]]);
      for (const more of stacked[space] || []) out.push([space, more]);
    }
    return out;
  }

  function changedSpaces(index) {
    const out = new Set();
    if (index === 0) return out;
    for (const change of STEPS[index - 1].patch) {
      const path = change[0];
      if (path[0] === "board" && ["buildings", "figures", "tokens", "stacked_tokens"].includes(path[1]) && path.length > 2) {
        out.add(spaceOf(String(path[2])));
      }
    }
    for (const key of Object.keys(STEPS[index - 1].cells || {})) out.add(key);
    return out;
  }

  function askedSpaces(index) {
    const out = new Set();
    if (index === 0) return out;
    for (const path of STEPS[index - 1].highlight || []) {
      const match = String(path).match(/(-?\d+,-?\d+)/);
      if (match) out.add(match[1]);
    }
    return out;
  }

  function drawBoard(index) {
    const state = stateAt(index);
    const shown = grounds[index];
    const changed = changedSpaces(index);
    const asked = askedSpaces(index);
    board.replaceChildren();
    const cellsLayer = svg("g", { class: "cells" });
    for (const cell of DATA.cells) {
      const [x, y] = place[cell.key];
      const ground = shown[cell.key] || "";
      const known = DATA.terrains[ground];
      const cls = ground === "" ? "empty" : known && !known.colour ? ground : known ? "own" : "other";
      const classes = ["cell", `g-${cls}`];
      if (changed.has(cell.key)) classes.push("changed");
      if (asked.has(cell.key)) classes.push("asked");
      const hex = svg("polygon", { points: hexPoints(x, y), class: classes.join(" "), "data-key": cell.key, "data-ground": ground });
      if (cell.slot) hex.setAttribute("data-slot", cell.slot);
      if (cell.large) hex.setAttribute("data-large", cell.large);
      if (known && known.colour) hex.style.fill = known.colour; // a rules package's own ground
      const word = known ? known.word : ground;
      const tile = cell.slot ? ` (tile ${cell.slot})` : cell.large ? ` (${cell.large})` : "";
      hex.appendChild(svg("title", {}, `${cell.key}${tile}: ${word || "empty slot"}`));
      cellsLayer.appendChild(hex);
      const letter = known ? known.letter : ground ? ground[0] : ".";
      cellsLayer.appendChild(svg("text", { x: x - SIZE * 0.55, y: y - SIZE * 0.2, class: "letter" }, letter));
    }
    for (const key of DATA.elsewhere || []) {
      const [x, y] = place[key];
      const placed = (state.board.large_locations || {})[key];
      const hex = svg("polygon", { points: hexPoints(x, y), class: `cell elsewhere g-${placed ? "large_location" : "empty"}`, "data-key": key });
      hex.appendChild(svg("title", {}, `${key}: ${placed ? nameOf(placed.tile) : "empty"}`));
      cellsLayer.appendChild(hex);
      cellsLayer.appendChild(svg("text", { x: x - SIZE, y: y + SIZE * 1.6, class: "letter" }, key));
    }
    for (const [slot, x, y] of slotLabels) cellsLayer.appendChild(svg("text", { x, y: y + SIZE * 0.15, class: "slot" }, slot));
    board.appendChild(cellsLayer);
    const pieces = svg("g", { class: "pieces" });
    for (const [space, building] of Object.entries(state.board.buildings || {})) {
      if (!place[spaceOf(space)]) continue;
      const [x, y] = place[spaceOf(space)];
      const side = building.size === "large" ? 15 : 10;
      const g = svg("g", { class: `piece building seat${building.player}${changed.has(spaceOf(space)) ? " changed" : ""}`,
        "data-space": space, "data-player": building.player, "data-size": building.size || "small" });
      g.appendChild(svg("rect", { x: x - side / 2, y: y - side / 2, width: side, height: side, class: "body" }));
      g.appendChild(svg("text", { x: x - 3, y: y + 3.5 }, building.player + 1));
      g.appendChild(svg("title", {}, `${seatName(building.player)}'s ${building.size || "small"} building on ${space}`));
      pieces.appendChild(g);
    }
    for (const [where, seats] of Object.entries(state.board.figures || {})) {
      const space = spaceOf(where);
      if (!place[space]) continue;
      const [x, y] = place[space];
      seats.forEach((seat, i) => {
        const dx = (i - (seats.length - 1) / 2) * 8;
        const g = svg("g", { class: `piece figure seat${seat}${changed.has(space) ? " changed" : ""}`,
          "data-space": where, "data-player": seat });
        g.appendChild(svg("circle", { cx: x + dx, cy: y + 6, r: 4.6, class: "body" }));
        g.appendChild(svg("text", { x: x + dx - 2.2, y: y + 8.6, class: "small" }, seat + 1));
        g.appendChild(svg("title", {}, `${seatName(seat)}'s population figure on ${where}`));
        pieces.appendChild(g);
      });
    }
    for (const [space, token] of tokensOf(state)) {
      if (!place[spaceOf(space)]) continue;
      const [x, y] = place[spaceOf(space)];
      const sign = (DATA.tokens[token.token] || { sign: "!" }).sign;
      const word = (DATA.tokens[token.token] || { word: token.token }).word;
      const g = svg("g", { class: `piece token seat${token.player}${changed.has(spaceOf(space)) ? " changed" : ""}`,
        "data-space": space, "data-player": token.player, "data-token": token.token });
      g.appendChild(svg("polygon", { points: `${x + 6},${y - 11} ${x + 11},${y - 6} ${x + 6},${y - 1} ${x + 1},${y - 6}`, class: "body" }));
      g.appendChild(svg("text", { x: x + 3.5, y: y - 2.5 }, sign));
      g.appendChild(svg("title", {}, `${seatName(token.player)}'s ${word} on ${space}`));
      pieces.appendChild(g);
    }
    board.appendChild(pieces);
    followOnPane();
    const large = Object.entries(state.board.large_locations || {}).map(([slot, placed]) => `${slot}: ${nameOf(placed.tile)}`);
    document.getElementById("large").textContent = large.length ? `Large locations \u2014 ${large.join("; ")}` : "";
  }

  // --- the step ---------------------------------------------------------------------------------------
  function drawStep(index, waiting) {
    const title = document.getElementById("step-title");
    const account = document.getElementById("account");
    const decisions = document.getElementById("decisions");
    const changes = document.getElementById("changes");
    const note = document.getElementById("note");
    account.replaceChildren();
    decisions.replaceChildren();
    changes.replaceChildren();
    document.getElementById("changes-box").hidden = true;
    note.replaceChildren();
    if (index === 0) {
      title.textContent = "Set up";
      account.appendChild(el("li", {}, `${DATA.players.length} player(s); packs: ${DATA.packs.join(", ")}`));
      if (DATA.description) note.appendChild(markdown(DATA.description));
      return;
    }
    const step = STEPS[index - 1];
    if (waiting) {
      title.textContent = `Step ${step.index} \u00B7 ${step.player}: your move`;
      note.appendChild(markdown(step.note ? taskOf(step.note) : "Make this step's move."));
      return;
    }
    title.textContent = `Step ${step.index} \u00B7 ${step.player}: ${step.move}`;
    const silent = step.move.split(" ")[0] === "end" ? [] : ["(nothing to tell)"];  // an end step says nothing more
    for (const line of step.account.length ? step.account : silent) account.appendChild(el("li", {}, line));
    for (const [prompt, answer, label] of step.decisions) {
      const row = el("tr");
      row.appendChild(el("td", {}, `${prompt}:`));
      const cell = el("td");
      cell.appendChild(el("strong", {}, answer));
      pointsAt(cell, answer);
      if (label && label !== answer) cell.appendChild(el("span", { class: "label" }, ` \u00B7 ${label}`));
      row.appendChild(cell);
      decisions.appendChild(row);
    }
    if (step.note) note.appendChild(markdown(step.note));
    for (const [, text] of step.changes) changes.appendChild(el("li", {}, text));
    document.getElementById("changes-box").hidden = !step.changes.length;
  }

  // --- the players and the supply ---------------------------------------------------------------------------
  const PLAYER_ROWS = [
    ["points", (p) => p.laps * 50 + p.points + (p.purple ? ` (+${p.purple} purple)` : "")],
    ["resources", (p) => Object.entries(p.resources).map(([k, v]) => `${v} ${k}`).join(", ")],
    ["energy", (p) => `${p.energy} in storage${p.energy_on.length ? `; on ${p.energy_on.join(", ")}` : ""}`],
    ["progress", (p) => `${p.progress}; hibernations ${p.hibernations}`],
    ["tracks", (p) => Object.entries(p.tracks || {}).map(([k, v]) => `${k} ${v}`).join(", ") || "\u2013"],
    ["slots", (p) => Object.entries(p.slots).map(([slot, cards]) =>
      `${slot.replace("_", " ")}: ${cards.length ? cards.map((c) => `${nameOf(c.card)} (${c.half})`).join(", ") : "\u2013"}`).join("; ")],
    ["modules", (p) => Object.entries(p.modules).map(([slot, spaces]) =>
      `${slot.replace("_", " ")}: ${spaces.map((m) => (m ? nameOf(m) : "\u00B7")).join(" ")}`).join("; ") || "\u2013"],
    ["active", (p) => named(p.active)],
    ["resting", (p) => named(p.resting)],
    ["unlocked", (p) => named(p.unlocked)],
    ["machines", (p) => named(p.special_machines)],
    ["crates", (p) => `${p.crates_closed.length} closed, ${p.crates_opened.length} open`],
    ["artifacts", (p) => [p.artifact_card ? nameOf(p.artifact_card) : null, ...p.majors.map(nameOf), ...p.minors.map(nameOf)].filter(Boolean).join(", ") || "\u2013"],
    ["buildings left", (p) => Object.entries(p.buildings_left).map(([k, v]) => `${v} ${k}`).join(", ")],
  ];
  const SHOWN = new Set(["seat", "name", "tribe", "side", "laps", "points", "purple", "resources", "energy", "energy_on",
    "progress", "hibernations", "tracks", "slots", "modules", "active", "resting", "unlocked", "special_machines",
    "crates_closed", "crates_opened", "crates_reactivated", "artifact_card", "majors", "minors", "buildings_left"]);
  const ROW_FIELDS = {
    points: ["points", "laps", "purple"], resources: ["resources"], energy: ["energy", "energy_on"],
    progress: ["progress", "hibernations"], tracks: ["tracks"], slots: ["slots"], modules: ["modules"], active: ["active"],
    resting: ["resting"], unlocked: ["unlocked"], machines: ["special_machines"], crates: ["crates_closed", "crates_opened"],
    artifacts: ["artifact_card", "majors", "minors"], "buildings left": ["buildings_left"],
  };

  function changedFields(index, name) {
    const out = new Set();
    if (index === 0) return out;
    for (const [path] of STEPS[index - 1].changes) {
      if (path.startsWith(`${name}.`)) out.add(path.slice(name.length + 1).split(".")[0]);
    }
    return out;
  }

  // a pack's declared counters (engine/declared.py) under its key: one row each, "heat 3 (0-5)"; false if the key
  // holds none
  function drawCounters(rows, key, value, changed) {
    const mine = Object.entries(DATA.counters || {}).filter(([, c]) => c.pack === key);
    if (!mine.length || typeof value !== "object" || value === null) return false;
    for (const [word, c] of mine) {
      if (!(word in value)) continue;
      rows.appendChild(el("dt", changed ? { class: "changed" } : {}, c.label));
      const bounds = c.high < 1000 ? ` (${c.low}\u2013${c.high})` : "";  // 1000: a counter with no top of its own
      rows.appendChild(el("dd", changed ? { class: "changed" } : {}, `${value[word]}${bounds}`));
    }
    for (const [k, v] of Object.entries(value)) {  // a rules package's own fields beside them
      if (mine.some(([word]) => word === k)) continue;
      rows.appendChild(el("dt", changed ? { class: "changed" } : {}, k.replaceAll("_", " ")));
      rows.appendChild(el("dd", changed ? { class: "changed" } : {}, named(v)));
    }
    return true;
  }

  function drawPlayers(index) {
    const state = stateAt(index);
    const pane = document.getElementById("players-pane");
    pane.replaceChildren(el("h2", {}, "Players"));
    state.players.forEach((p) => {
      const fields = changedFields(index, p.name);
      const box = el("article", { class: `player seat${p.seat}${state.turn.player === p.seat && !state.turn.over ? " turn" : ""}`, "data-player": p.seat });
      const head = el("h3");
      head.appendChild(el("span", { class: "swatch" }, `${SHAPES[p.seat % 4]} ${p.seat + 1}`));
      head.appendChild(document.createTextNode(` ${p.name} \u2014 ${nameOf(p.tribe)} (${p.side})`));
      box.appendChild(head);
      const rows = el("dl", { class: "rows" });
      for (const [label, show] of PLAYER_ROWS) {
        const changed = (ROW_FIELDS[label] || []).some((f) => fields.has(f));
        rows.appendChild(el("dt", changed ? { class: "changed" } : {}, label));
        rows.appendChild(el("dd", changed ? { class: "changed" } : {}, show(p)));
      }
      const own = rowsAt(index).players[p.seat] || {};
      for (const key of Object.keys(p)) {
        if (SHOWN.has(key)) continue;
        const value = p[key];
        if (drawCounters(rows, key, value, fields.has(key))) continue;
        if (own[key]) { drawPartRows(rows, own[key], fields.has(key)); continue; }
        if (value === null || value === false || value === 0 || (typeof value === "object" && !Object.keys(value).length)) continue;
        const changed = fields.has(key);
        rows.appendChild(el("dt", changed ? { class: "changed" } : {}, key.replaceAll("_", " ")));
        rows.appendChild(el("dd", changed ? { class: "changed" } : {}, named(value)));
      }
      box.appendChild(rows);
      pane.appendChild(box);
    });
    const scores = state.turn.final_scores;
    if (scores && scores.length) {
      const table = el("table", { class: "score" });
      const head = el("tr");
      for (const h of ["player", "blue", "purple", "total"]) head.appendChild(el("th", {}, h));
      table.appendChild(head);
      for (const line of scores) {
        const row = el("tr");
        row.appendChild(el("td", {}, seatName(line.seat)));
        for (const k of ["blue", "purple", "total"]) row.appendChild(el("td", {}, line[k]));
        table.appendChild(row);
      }
      pane.appendChild(el("h2", {}, "Final scores"));
      pane.appendChild(table);
      scores.forEach((line, i) => pane.appendChild(sheetOf(line, index > 0 ? (STEPS[index - 1].sheets || [])[i] : null)));
    }
    for (const line of rowsAt(index).lines || []) pane.appendChild(el("p", { class: "score-line" }, line));
  }

  function rowsAt(index) {
    stateAt(index);
    return rows[index];
  }

  // a rules package's part of a player, as its rows() gives it (what the terminal's player panel shows)
  function drawPartRows(list, partRows, changed) {
    for (const [label, text] of partRows) {
      list.appendChild(el("dt", changed ? { class: "changed" } : {}, label));
      list.appendChild(el("dd", changed ? { class: "changed" } : {}, text));
    }
  }

  // one player's final score sheet: a line per scoring rule (a pack's own lines too), then the totals
  function sheetOf(line, named) {
    const table = el("table", { class: "sheet", "data-player": line.seat });
    table.appendChild(el("caption", {}, `${seatName(line.seat)}: ${line.total} points`));
    const head = el("tr");
    for (const h of ["rule", "points", "detail"]) head.appendChild(el("th", {}, h));
    table.appendChild(head);
    const lines = named || (line.lines || []).map((l) => [l.rule, l.points, l.detail]);
    for (const cells of [...lines, ...["blue", "purple", "total"].filter((k) => k in line).map((k) => [k, line[k], ""])]) {
      const row = el("tr");
      for (const text of cells) row.appendChild(el("td", {}, text));
      table.appendChild(row);
    }
    return table;
  }

  function drawSupply(index) {
    const supply = stateAt(index).supply;
    const state = stateAt(index);
    const pane = document.getElementById("supply-pane");
    pane.replaceChildren(el("h2", {}, "Supply"));
    const rows = el("dl", { class: "rows" });
    const add = (label, text) => { rows.appendChild(el("dt", {}, label)); rows.appendChild(el("dd", {}, text)); };
    add("citizens", named(supply.citizen_display));
    add("modules", named(supply.module_display));
    add("machines", named(supply.machine_display));
    add("piles", `citizen deck ${supply.citizen_deck.length}, modules ${supply.module_pile.length}, crates ${supply.crates.length}, energy ${supply.energy}`);
    add("major artifacts", named(state.board.majors));
    for (const key of Object.keys(state.board)) drawCounters(rows, key, state.board[key], false);
    pane.appendChild(rows);
  }

  // --- tutorials: the learner makes the try-it steps' moves ------------------------------------------------
  const solved = new Set();
  let trying = null; // {index, at}: the try-it step under way and the decision reached

  function pending(index) {
    return index > 0 && STEPS[index - 1].try && !solved.has(index);
  }

  function drawTry(index) {
    const step = STEPS[index - 1];
    const box = document.getElementById("tutorial");
    box.replaceChildren();
    if (!trying || trying.index !== index) trying = { index, at: 0 };
    const decisions = step.try.decisions;
    while (trying.at < decisions.length && decisions[trying.at].by) trying.at += 1; // another player's answer
    if (trying.at >= decisions.length) { finish(index, "Well done: that is the move."); return; }
    const asked = decisions[trying.at];
    box.appendChild(el("p", {}, `Your move, ${step.player}: ${asked.prompt}`));
    const verdict = el("p", { class: "verdict", "aria-live": "polite" });
    const choices = el("div", { class: "choices" });
    for (const [key, label, name] of asked.options) {
      const shown = name !== key ? `${name}` : key;
      const button = el("button", { type: "button", "data-key": key }, label && label !== shown ? `${shown} \u00B7 ${label}` : shown);
      pointsAt(button, key);
      button.addEventListener("click", () => {
        if (key === asked.answer) {
          trying.at += 1;
          drawTry(index);
          return;
        }
        verdict.textContent = "That is legal, but it is not the move this lesson makes here." + (step.try.hint ? ` Hint: ${step.try.hint}` : "");
      });
      choices.appendChild(button);
    }
    for (const [key, why] of Object.entries(asked.refused || {})) {
      const button = el("button", { type: "button", class: "refused", "data-key": key }, key);
      button.addEventListener("click", () => { verdict.textContent = `That move cannot be made now: ${why}.`; });
      choices.appendChild(button);
    }
    box.appendChild(choices);
    box.appendChild(verdict);
    const help = el("p");
    if (step.try.hint) {
      const hint = el("button", { type: "button", id: "hint" }, "hint");
      hint.addEventListener("click", () => { verdict.textContent = `Hint: ${step.try.hint}`; });
      help.appendChild(hint);
    }
    const show = el("button", { type: "button", id: "show-move" }, "show me the move");
    show.addEventListener("click", () => { verdict.textContent = `The move here is: ${step.line}`; });
    const skip = el("button", { type: "button", id: "play-move" }, "play it for me");
    skip.addEventListener("click", () => finish(index, `Played for you: ${step.line}`));
    help.append(show, skip);
    box.appendChild(help);
  }

  function finish(index, message) {
    solved.add(index);
    trying = null;
    moves.children[index].textContent = STEPS[index - 1].line;
    go(index);
    const box = document.getElementById("tutorial");
    box.replaceChildren(el("p", { class: "verdict" }, message));
  }

  // --- the moves and navigation -------------------------------------------------------------------------
  const moves = document.getElementById("moves");
  const setupItem = el("li", { tabindex: "0", "data-step": "0" }, "set up");
  moves.appendChild(setupItem);
  STEPS.forEach((step, i) => moves.appendChild(
    el("li", { tabindex: "0", "data-step": String(i + 1) }, step.try ? `${step.player}: your move` : step.line)));
  moves.addEventListener("click", (event) => {
    const item = event.target.closest("li");
    if (item) go(Number(item.dataset.step));
  });
  moves.addEventListener("keydown", (event) => {
    const item = event.target.closest("li");
    if (item && (event.key === "Enter" || event.key === " ")) { event.preventDefault(); go(Number(item.dataset.step)); }
  });

  const slider = document.getElementById("slider");
  slider.max = String(LAST);
  slider.addEventListener("input", () => go(Number(slider.value)));
  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", () => go(current - 1));
  document.getElementById("next").addEventListener("click", () => go(current + 1));
  document.getElementById("last").addEventListener("click", () => go(LAST));
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type !== "range") return;
    const moveTo = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: LAST }[event.key];
    if (moveTo !== undefined) { event.preventDefault(); go(moveTo); }
  });

  let current = -1;
  const drawTimes = [];

  // the move list scrolls by itself to the step's line; the page does not move, so the board stays in view
  function showInList(item) {
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < moves.scrollTop || bottom > moves.scrollTop + moves.clientHeight) {
      moves.scrollTop = Math.max(0, top - (moves.clientHeight - item.offsetHeight) / 2);
    }
  }

  function go(index) {
    index = Math.max(0, Math.min(LAST, Number.isFinite(index) ? Math.trunc(index) : 0));
    const started = performance.now();
    const waiting = pending(index);
    const shown = waiting ? index - 1 : index; // a move the learner is to make: the state before it
    drawBoard(shown);
    drawStep(index, waiting);
    drawPlayers(shown);
    drawSupply(shown);
    document.getElementById("tutorial").replaceChildren();
    if (waiting) drawTry(index);
    drawTimes.push(performance.now() - started);
    const previous = moves.querySelector("li.current");
    if (previous) previous.classList.remove("current");
    const item = moves.children[index];
    item.classList.add("current");
    if (current !== -1) showInList(item);
    current = index;
    slider.value = String(index);
    document.getElementById("where").textContent = `step ${index} of ${LAST}`;
    const hash = `#step=${index}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
  }

  function fromHash() {
    const match = location.hash.match(/step=(\d+)/);
    return match ? Number(match[1]) : 0;
  }
  window.addEventListener("hashchange", () => go(fromHash()));

  // --- the map's legend: the terrain letters the board shows and the pieces ------------------------------------
  function legendItem(sign, text, cls) {
    const item = el("li");
    item.appendChild(el("span", { class: `key ${cls || ""}` }, sign));
    item.appendChild(document.createTextNode(` ${text}`));
    return item;
  }
  function drawMapLegend(box) {
    const list = el("ul");
    const shown = new Set(Object.values(DATA.grounds));
    for (const step of STEPS) for (const ground of Object.values(step.cells || {})) shown.add(ground);
    for (const [ground, t] of Object.entries(DATA.terrains)) {
      if (shown.has(ground) && t.letter.trim()) list.appendChild(legendItem(t.letter, t.word || "empty slot", "letter-key"));
    }
    list.appendChild(legendItem("\u25A0", "building (a large one is bigger), with its player's number"));
    list.appendChild(legendItem("\u25CF", "population figure"));
    for (const t of Object.values(DATA.tokens)) list.appendChild(legendItem(`\u25C6${t.sign}`, t.word));
    list.appendChild(legendItem("a01", "tile slot"));
    box.replaceChildren(el("h3", {}, "Map key"), list);
  }

  // --- the header ---------------------------------------------------------------------------------------
  document.getElementById("subtitle").textContent = `${DATA.file} \u00B7 packs: ${DATA.packs.join(", ")} \u00B7 ${LAST} steps`;
  const legend = document.getElementById("legend");
  DATA.players.forEach((p, seat) => {
    const item = el("li", { class: `seat${seat}` });
    item.appendChild(el("span", { class: "swatch" }, `${SHAPES[seat % 4]} ${seat + 1}`));
    item.appendChild(document.createTextNode(`${p.name} \u2014 ${nameOf(p.tribe)} (${p.side})`));
    legend.appendChild(item);
  });
  drawMapLegend(document.getElementById("map-legend"));
  if (DATA.error) document.getElementById("error").textContent = `The replay stopped: ${DATA.error}`;

  // what tests and people can ask of the page from the console
  window.revive = {
    data: DATA,
    stateAt,
    go,
    get step() { return current; },
    solveAll() { STEPS.forEach((s, i) => { if (s.try) { solved.add(i + 1); moves.children[i + 1].textContent = s.line; } }); go(current); },
    count: LAST,
    drawTimes,
  };
  go(fromHash());
})();
