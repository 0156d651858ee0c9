// The calculators on a page: form <-> request, talking to the one shared Pyodide worker,
// putting its answers into the page, the address.
//
// The page holds, per calculator, a form and the result for the default inputs rendered at
// build time (hooks/render/render_calculator.py), plus JSON: the shared data (the language context
// of the presenter, boards, asset URLs, texts the build rendered) and each calculator's
// defaults. Nothing is loaded until a calculator is touched; then ONE module worker
// (worker.mjs, runtime.mjs) starts Pyodide from the site's own files and answers every
// calculator through the presenter (present.api.answer): the result's HTML, the field an
// engine error belongs to and the canonical query string, the same functions the build
// used. This script formats no number and writes no message itself: it inserts the
// presenter's HTML and the texts the build rendered (shared.ui), both escaped there.

import { Runtime } from "./runtime.mjs";
import { clearErrors, el, errorField, fillBoard, followRent, fromHTML, lotRows, readValue, refreshChoices, setData,
  setProp, setSelect, showFieldError, writeValue } from "./fields.mjs";
import { applyLocation, canonKey, formState, myDefaults } from "./urlstate.mjs";
import { setUpInTurn } from "./schedule.mjs";
import { peek } from "./peek.mjs";
import { share } from "./share.mjs";

const BUSY_DELAY_MS = 100;

let uid = 0;

class Calculator {
  constructor(section, shared, runtime) {
    this.section = section;
    this.shared = shared;
    this.ui = shared.ui || {};
    this.runtime = runtime;
    this.config = JSON.parse(section.querySelector("script.calc-config").textContent);
    this.kind = this.config.kind;
    this.id = section.id;
    this.form = section.querySelector("form.calc-form");
    this.resultEl = section.querySelector(".calc-result");
    this.statusEl = section.querySelector(".calc-status");
    this.shareEl = section.querySelector(".calc-share-link");
    this.formError = section.querySelector(".calc-form-error");
    this.buildOutput = this.resultEl.firstElementChild;
    // The build's answers (the worker's presenter) to every edition's start, shown until the runtime runs.
    this.prerendered = new Map((this.config.prerendered || []).map((p) => [p.key, p]));
    this.home = (this.config.prerendered || [])[0];
    this.seq = 0;
    this.waiting = false;
    this.shownState = null; // JSON of the request whose result is on screen
    this.changes = 0; // data-changes / data-updated: see settled()
  }

  // The controls only a working script can serve (hidden in the HTML until then).
  static reveal(section) {
    for (const b of section.querySelectorAll(".calc-submit, .calc-reset, [data-add], [data-remove]")) b.hidden = false;
  }

  init() {
    Calculator.reveal(this.section);
    this.form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.changed(true);
    });
    this.form.addEventListener("change", (e) => this.onInput(e, true));
    this.form.addEventListener("input", (e) => {
      if (e.target.matches("input[type=number], input[type=text]")) this.onInput(e, false);
    });
    this.form.addEventListener("click", (e) => this.onClick(e));
    this.section.querySelector(".calc-reset").addEventListener("click", () => this.reset());
    this.refreshBoard();
    this.refreshChoices();
    this.refreshVisibility();
    this.refreshLists();
    this.baseline = this.requestJSON();
    this.shownState = this.baseline;
    this.section.dataset.baseline = this.baseline;
    this.section.dataset.shownRequest = this.baseline;
  }

  // -- texts the build rendered (shared.ui: escaped HTML, a Dutch fallback marked)

  html(key) {
    const found = this.ui[key];
    return typeof found === "string" ? found : `<span class="i18n-missing">${key.replace(/[<>&"]/g, "")}</span>`;
  }

  text(key) {
    return fromHTML(this.html(key));
  }

  // A message per list position (0-based `i`): "Player 3" as the build wrote it.
  numbered(key, i) {
    const list = this.ui[key] || [];
    return list[Math.min(i, list.length - 1)] ?? key;
  }

  // -- reading the form

  // The form's own fields are the build's and never change (list items, added and removed,
  // are scopes of their own), so they are looked up once: a change event asks for them a
  // dozen times (every visibility rule reads the edition, the square, the arrival).
  scopeFields(scope) {
    if (scope === this.form) {
      this.formFields ??= this.findScopeFields(scope);
      return this.formFields;
    }
    return this.findScopeFields(scope);
  }

  findScopeFields(scope) {
    const all = scope.querySelectorAll("[data-key]");
    return [...all].filter((node) => node.parentElement.closest("[data-item], form") === scope);
  }

  isHidden(node) {
    const hidden = node.closest("[hidden]");
    return hidden !== null && this.form.contains(hidden);
  }

  readScope(scope, errors) {
    const out = {};
    for (const node of this.scopeFields(scope)) {
      if (this.isHidden(node)) continue;
      const key = node.dataset.key;
      const value = this.readField(node, errors);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }

  readField(node, errors) {
    return readValue(node, errors, {
      html: (key) => this.html(key),
      tooLarge: this.config.too_large || {},
      readList: (list) => this.items(list).map((item) => this.readScope(item, errors)),
    });
  }

  items(list) {
    return [...list.children].filter((c) => c.matches("[data-item]"));
  }

  read() {
    const errors = [];
    const request = this.readScope(this.form, errors);
    // A player left without a name gets the page language's "Player 2", not the engine's "P2".
    if (Array.isArray(request.players)) {
      request.players.forEach((p, i) => {
        if (p && typeof p === "object" && p.name === undefined) p.name = this.numbered("calc.score.default_name", i);
      });
    }
    return { request, errors };
  }

  requestJSON() {
    return JSON.stringify(this.read().request);
  }

  top(key) {
    const node = this.topField(key);
    return node ? node.value : undefined;
  }

  topField(key) {
    return this.scopeFields(this.form).find((n) => n.dataset.key === key);
  }

  edition() {
    return this.shared.editions[this.top("edition")] || {};
  }

  board() {
    return this.shared.boards[this.edition().board] || [];
  }

  // -- writing the form (URL state, reset)

  apply(state) {
    const ed = this.shared.editions[state.edition] || this.edition();
    state = formState(state, this.shared.boards[ed.board] || []);
    this.writeScope(this.form, state);
    this.refreshBoard();
    const sq = this.topField("square");
    if (sq && state.square !== undefined) setSelect(sq, state.square);
    this.rebuildLots(state.buildings);
    this.refreshChoices();
    this.writeScope(this.form, state);
    this.refreshChoices();  // a value the state names that the edition lacks (an arrival)
    this.follow(null);
    this.refreshVisibility();
    this.refreshLists();
  }

  writeScope(scope, state) {
    for (const node of this.scopeFields(scope)) {
      this.writeField(node, state ? state[node.dataset.key] : undefined);
    }
  }

  writeField(node, value) {
    writeValue(node, value, (list, wanted) => this.writeList(list, wanted));
  }

  writeList(node, wanted) {
    const min = parseInt(node.dataset.min || "0", 10);
    const count = Math.max(min, wanted.length);
    let items = this.items(node);
    while (items.length > count) items.pop().remove();
    while (items.length < count) {
      this.addItem(node, false);
      items = this.items(node);
    }
    items.forEach((item, i) => {
      this.refreshBoard(item);
      this.refreshChoices(item);
      this.writeScope(item, wanted[i] && typeof wanted[i] === "object" ? wanted[i] : {});
    });
  }

  // -- dynamic parts

  refreshBoard(scope = this.form) {
    fillBoard(scope, this.board(), this.id);
  }

  rebuildLots(levels) {
    const field = this.form.querySelector("[data-type=level-map]");
    if (!field) return;
    lotRows(field.querySelector(".calc-levels"), this.board(), parseInt(this.top("square"), 10), levels,
      this.id, (n) => this.text(`calc.level.${n}`), this.levels());
  }

  // -- values the edition offers, and fields that follow others (fields.mjs)

  levels() {
    return this.edition().levels || [0, 1, 2, 3, 4, 5];
  }

  refreshChoices(scope = this.form) {
    const sq = this.board()[parseInt(this.top("square"), 10)];
    const words = (k) => this.html(this.edition().card_kind === "key" && `${k}.key` in this.ui ? `${k}.key` : k);
    refreshChoices(scope, this.edition(), this.levels(), words, (k, i) => this.numbered(k, i),
      sq ? sq[2] : undefined);
  }

  follow(changed) {
    if (this.kind !== "rent") return;
    followRent((key) => this.topField(key), this.board(), changed);
  }

  // Which fields show is looked up, never worked out here (the same lookups as Form.holds
  // in hooks/render/calculator_forms.py): "reads" = the rent calculation reads this field for the
  // edition, arrival and square kind (shared.rent_fields, the engine's rent_reads); a square
  // kind is board data, the edition's mode edition data, "action-*" the form's own structure.
  predicate(token, key) {
    const ed = this.edition();
    const sqIndex = parseInt(this.top("square"), 10);
    const sq = Number.isInteger(sqIndex) ? this.board()[sqIndex] : undefined;
    if (token === "reads") {
      const byArrival = (this.shared.rent_fields || {})[this.top("edition")] || {};
      const byKind = byArrival[this.top("arrival") || "roll"] || {};
      return Boolean(sq) && (byKind[sq[2]] || []).includes(key);
    }
    if (token === "street" || token === "station" || token === "utility") return Boolean(sq) && sq[2] === token;
    if (token === "action-single") return this.top("action") !== "bankruptcy";
    if (token.startsWith("action-")) return this.top("action") === token.slice("action-".length);
    if (token === "board-game") return ed.mode !== "card-game";
    if (token === "card-game") return ed.mode === "card-game";
    return true;
  }

  refreshVisibility() {
    for (const node of this.form.querySelectorAll("[data-show]")) {
      setProp(node, "hidden", !node.dataset.show.split(/\s+/).every((t) => this.predicate(t, node.dataset.for)));
    }
  }

  refreshLists() {
    const ed = this.edition();
    for (const list of this.form.querySelectorAll("[data-type=list]")) {
      const items = this.items(list);
      let max = parseInt(list.dataset.max || "99", 10);
      if (list.dataset.key === "players" && ed.max_players) max = Math.min(max, ed.max_players);
      const min = parseInt(list.dataset.min || "0", 10);
      const add = list.parentElement.querySelector(`:scope > [data-add="${list.dataset.key}"]`);
      if (add) setProp(add, "disabled", items.length >= max);
      items.forEach((item, i) => {
        const legend = item.querySelector(":scope > legend[data-legend]");
        const name = legend && this.numbered(legend.dataset.legend, i);
        if (legend && legend.dataset.shown !== name) {
          legend.replaceChildren(fromHTML(name));
          legend.dataset.shown = name;
        }
        const remove = item.querySelector(":scope > [data-remove]");
        if (remove) setProp(remove, "disabled", items.length <= min);
      });
    }
  }

  addItem(list, focus = true) {
    const tpl = this.form.querySelector(`template[data-template="${list.dataset.key}"]`);
    if (!tpl) return null;
    const item = tpl.content.firstElementChild.cloneNode(true);
    const token = `x${++uid}`;
    for (const node of [item, ...item.querySelectorAll("*")]) {
      for (const attr of ["id", "for", "aria-describedby"]) {
        const v = node.getAttribute(attr);
        if (v && /__(P?ID|N)__/.test(v)) node.setAttribute(attr, v.replace(/__(P?ID|N)__/g, token));
      }
    }
    for (const b of item.querySelectorAll("[data-add], [data-remove]")) b.hidden = false;
    list.append(item);
    this.refreshBoard(item);
    this.refreshChoices(item);
    if (list.dataset.key === "players") {
      const name = item.querySelector("[data-key=name]");
      const n = this.items(list).length;
      if (name && !name.value) name.value = this.numbered("calc.score.default_name", n - 1);
    }
    if (focus) {
      const first = item.querySelector("input, select");
      if (first) first.focus();
    }
    return item;
  }

  onClick(e) {
    const add = e.target.closest("[data-add]");
    if (add && this.form.contains(add)) {
      const list = add.parentElement.querySelector(`:scope > [data-key="${add.dataset.add}"]`)
        || add.parentElement.querySelector(`[data-key="${add.dataset.add}"]`);
      if (list) {
        this.addItem(list);
        this.afterStructureChange();
      }
      return;
    }
    const remove = e.target.closest("[data-remove]");
    if (remove && this.form.contains(remove)) {
      const item = remove.closest("[data-item]");
      const list = item.parentElement;
      const items = this.items(list);
      const pos = items.indexOf(item);
      item.remove();
      const rest = this.items(list);
      const next = rest[Math.min(pos, rest.length - 1)];
      const target = next ? next.querySelector("input, select") : list.parentElement.querySelector("[data-add]");
      if (target) target.focus();
      this.afterStructureChange();
    }
  }

  afterStructureChange() {
    this.refreshVisibility();
    this.refreshLists();
    this.changed(true);
  }

  onInput(e, structural) {
    const key = e.target.dataset ? e.target.dataset.key : undefined;
    if (key === "edition") {
      this.refreshBoard();
      this.refreshChoices();
      this.rebuildLots();
    } else if (key === "square") {
      this.rebuildLots();
      this.refreshChoices();  // the arrivals follow the square's kind
    } else if (key === "action" && e.target.value === "bankruptcy") {
      const boxes = this.form.querySelector("[data-type=multi]");
      if (boxes && !boxes.querySelector("input:checked")) {
        const box = boxes.querySelector(`input[value="${this.top("square")}"]`);
        if (box) box.checked = true;
      }
    }
    if (structural || key === "owned" || key === "group_mortgaged") this.follow(key);
    if (structural) {
      this.refreshVisibility();
      this.refreshLists();
    }
    this.changed(false, structural);
  }

  reset() {
    this.apply(this.config.defaults);
    this.changed(true);
  }

  // The build's answer for the request the form holds, if it rendered one (else undefined).
  prerenderedFor(request) {
    return this.prerendered.get(canonKey(request));
  }

  // The reader's edition and house rules as the starting values, set while the page loads
  // (Python starts only on a first interaction): the build's answer for that edition shows
  // at once; a start the build did not render (house rules) keeps the page's own answer,
  // marked stale, until the runtime answers the form.
  preset() {
    this.apply(this.config.defaults);
    this.presetPending = true;
    const { request } = this.read();
    const pre = this.prerenderedFor(request);
    const same = pre || [...this.prerendered.values()].find((p) => p.edition === request.edition);
    if (same) this.showBuild(same, pre ? JSON.stringify(request) : same.key);
    if (!pre) this.markStale(true);
  }

  // -- calculating and showing

  changed(explicit, committed = explicit) {
    this.presetPending = false;
    // an engine error found for a committed change (a choice, "calculate") takes the
    // focus to its field; one found while the reader types leaves the focus where it is
    this.focusError = committed;
    const { request, errors } = this.read();
    const change = ++this.changes;
    this.section.dataset.changes = String(change);
    this.runtime.start();
    const json = JSON.stringify(request);
    if (!errors.length && !explicit && !this.clientErrors && json === this.shownState
        && this.resultEl.dataset.source === "live") {
      this.settled(change);
      return; // nothing new (a change event after the input events): keep what is shown
    }
    clearErrors(this.form);
    this.clientErrors = errors.length > 0;
    if (errors.length) {
      this.seq++; // a result still on its way is for older inputs: drop it
      this.waiting = false;
      this.section.removeAttribute("aria-busy");
      for (const [node, html] of errors) showFieldError(this.formError, node, fromHTML(html));
      this.formError.replaceChildren(this.text("calc.input.fix"));
      this.formError.hidden = false;
      this.markStale(true);
      this.settled(change);
      return;
    }
    const atBuild = this.resultEl.dataset.source === "build";
    const pre = this.prerenderedFor(request);
    if (pre && (this.runtime.state !== "ready" || (atBuild && !explicit))) {
      this.writeURL(pre.query, json); // the build encoded this start
      this.seq++;
      this.waiting = false;
      this.showBuild(pre, json);
      this.settled(change);
      return;
    }
    this.compute(request, json, change);
  }

  // The page shows what change number `change` asked for (a result, the build-time result
  // or the input errors): <section data-updated> = <section data-changes> marks "up to date"
  // for tests and tools (every call of changed() increments data-changes).
  //
  // history.replaceState costs milliseconds in Chromium (measured with ./dev bench: most of
  // the page's own time per change), so the address bar follows in a task of its own after
  // the next frame, when what changed has been painted; the markers for tests and tools
  // (data-shown-request, data-updated) follow it, so they never run ahead of the URL.
  settled(change) {
    // never back: showing an answer can move the focus (to the field of an error), which
    // commits another field's edit as a newer change that settles first (it changed nothing)
    this.settledChange = Math.max(this.settledChange || 0, change);
    this.scheduleMarks();
  }

  markShown(json) {
    this.shownMark = json;
    this.scheduleMarks();
  }

  scheduleMarks() {
    if (this.marksPending) return;
    this.marksPending = true;
    const run = () => {
      this.marksPending = false;
      this.flushURL();
      if (this.shownMark !== undefined) this.section.dataset.shownRequest = this.shownMark;
      if (this.settledChange === this.changes) this.section.dataset.updated = String(this.changes);
    };
    if (typeof requestAnimationFrame === "function" && document.visibilityState === "visible") {
      requestAnimationFrame(() => setTimeout(run, 0));
    } else {
      setTimeout(run, 0);
    }
  }

  // A prerendered answer (default: the page language's start, in the page) for the request `json`.
  showBuild(pre = this.home, json = this.baseline) {
    this.section.removeAttribute("aria-busy");
    const home = !pre || pre === this.home;
    this.resultEl.replaceChildren(home ? this.buildOutput : fromHTML(pre.html));
    this.markShown(json);
    setData(this.resultEl, "source", "build");
    setData(this.resultEl, "edition", pre ? pre.edition : "");
    this.shownState = json;
    this.markStale(false);
  }

  compute(request, json, change) {
    const seq = ++this.seq;
    if (this.runtime.state === "failed") {
      this.markStale(json !== this.shownState);
      this.settled(change);
      return;
    }
    if (this.runtime.state !== "ready") {
      this.waiting = { request, json, change };
      this.markStale(json !== this.shownState);
      this.renderStatus();
      return;
    }
    this.waiting = false;
    // Marked busy (and dimmed) only when the answer takes a while: an answer within a
    // frame or two would otherwise cost a restyle and repaint of its own for a flicker.
    const busy = setTimeout(() => {
      if (seq === this.seq) this.section.setAttribute("aria-busy", "true");
    }, BUSY_DELAY_MS);
    this.runtime.calculate(this.kind, request).then((msg) => {
      clearTimeout(busy);
      if (seq !== this.seq) return;
      this.section.removeAttribute("aria-busy");
      this.show(msg, json);
      this.settled(change);
    });
  }

  show(msg, json) {
    if (msg.failure === "not-started") {
      this.markStale(json !== this.shownState);
      return;
    }
    let answer = null;
    if (!msg.failure) {
      try {
        answer = JSON.parse(msg.answer);
      } catch (err) {
        answer = null;
      }
    }
    setData(this.resultEl, "source", "live");
    this.shownState = json;
    this.markShown(json);
    this.markStale(false);
    if (!answer || typeof answer !== "object" || typeof answer.html !== "string") {
      this.resultEl.replaceChildren(fromHTML(`<div class="calc-output calc-output-error"><p class="calc-error-summary">${this.html("calc.failed.internal")}</p></div>`));
    } else {
      if (typeof answer.field_html === "string") {
        const node = this.showEngineError(answer.field, answer.field_html);
        const control = node && (node.matches("input, select") ? node : node.querySelector("input, select"));
        if (control && this.focusError && !node.contains(document.activeElement)) control.focus();
      }
      this.resultEl.replaceChildren(fromHTML(answer.html));
      if (typeof answer.query === "string") this.writeURL(answer.query, json);
    }
    this.section.dataset.computed = String(++computedCount);
  }

  // Says what the result area shows while it is not the answer to the inputs: the result
  // for the starting values (built with the page), the last valid input's result, or - when
  // what was shown is an error about earlier input - nothing at all.
  markStale(stale) {
    let note = this.resultEl.querySelector(":scope > .calc-stale");
    if (stale) {
      const build = this.resultEl.dataset.source === "build";
      if (!build && this.resultEl.querySelector(".calc-output-error")) {
        this.resultEl.replaceChildren();
        this.resultEl.dataset.source = "none";
        this.shownState = null;
        this.markShown("");
        note = null;
      }
      const key = this.resultEl.dataset.source === "none" ? "calc.stale_none"
        : build || this.prerenderedFor(JSON.parse(this.shownState || "null")) ? "calc.stale" : "calc.stale_last";
      if (!note || note.dataset.key !== key) {
        if (note) note.remove();
        note = el("p", { class: "calc-stale", "data-key": key }, this.text(key));
        this.resultEl.prepend(note);
      }
      this.section.classList.add("calc-is-stale");
    } else {
      if (note) note.remove();
      // (removing a class the element lacks still rewrites its class attribute)
      if (this.section.classList.contains("calc-is-stale")) this.section.classList.remove("calc-is-stale");
    }
  }

  // -- errors next to the fields

  // The presenter's message of an engine error next to the field it names (`field`, a
  // request path, or null).
  showEngineError(field, html) {
    const best = errorField(this.form, typeof field === "string" ? field : "", (node) => this.isHidden(node));
    if (best && showFieldError(this.formError, best, fromHTML(html))) return best;
    this.formError.replaceChildren(fromHTML(html));
    this.formError.hidden = false;
    return null;
  }

  // The address and share link for the request whose answer is shown: `query` is the
  // presenter's canonical encoding (present.urlstate), written with the result (settled).
  writeURL(query, json) {
    const url = `?${query}#${this.id}`;
    if (this.shareEl) this.shareEl.setAttribute("href", url);
    if (this.urlTouched || location.search || !this.prerenderedFor(JSON.parse(json))) {
      this.urlTouched = true;
      this.pendingURL = url;
    }
  }

  flushURL() {
    const url = this.pendingURL;
    this.pendingURL = null;
    if (!url) return;
    try {
      history.replaceState(history.state, "", url);
    } catch (err) {
      // a sandboxed frame may refuse; the share link still carries the state
    }
  }

  renderStatus() {
    const { state, stage, reason } = this.runtime;
    let key = null;
    if (state === "loading") key = this.waiting ? "calc.status.waiting" : `calc.status.${stage === "loading" ? "loading" : stage}`;
    else if (state === "ready") key = "calc.status.ready";
    else if (state === "failed") key = `calc.failed.${reason}`;
    this.statusEl.dataset.state = state === "loading" ? "loading" : state;
    if (key) this.statusEl.replaceChildren(this.text(key));
    else this.statusEl.replaceChildren();
    this.statusEl.classList.toggle("calc-notice", state === "failed");
  }

  runtimeChanged() {
    this.renderStatus();
    if (this.runtime.state === "ready" && this.presetPending && !this.waiting) {
      this.changed(false);
    } else if (this.runtime.state === "ready" && this.waiting) {
      const { request, json, change } = this.waiting;
      this.waiting = false;
      this.compute(request, json, change);
    } else if (this.runtime.state === "failed") {
      const waited = this.waiting;
      this.waiting = false;
      const { request } = this.read();
      const json = JSON.stringify(request);
      const pre = this.prerenderedFor(request);
      this.markStale(!pre || this.resultEl.dataset.source !== "build");
      if (pre && (this.resultEl.dataset.source !== "build" || json !== this.shownState)) this.showBuild(pre, json);
      if (waited) this.settled(waited.change);
    }
  }
}

let computedCount = 0;


// ------------------------------------------------------------------ boot

async function boot() {
  const sharedEl = document.querySelector("script.calc-shared");
  const sections = [...document.querySelectorAll("section.calc[data-calc]")];
  if (!sharedEl || !sections.length) return;
  let shared;
  try { shared = JSON.parse(sharedEl.textContent); } catch (err) { return; }
  const runtime = new Runtime(shared);
  runtime.kinds = sections.map((s) => s.dataset.calc);
  const calcs = [];
  runtime.on(() => calcs.forEach((c) => c.runtimeChanged()));
  // Start Python only when the reader uses a calculator: focus in its form, a touch or a
  // press ("calculate" included), never because it scrolled into view (a rule page read on
  // mobile data would pull megabytes it never uses). Until then the build-time result stays.
  const start = () => runtime.start();
  for (const s of sections) {
    for (const type of ["focusin", "pointerdown", "touchstart", "input", "submit"]) s.addEventListener(type, start, { once: true, passive: true });
  }

  // One task per calculator (schedule.mjs); all their buttons show at once: nothing moves.
  sections.forEach((s) => { Calculator.reveal(s); peek(s); share(s, shared.ui || {}); });
  const first = sections.find((s) => location.hash === `#${s.id}`) || sections[0];
  await new Promise((done) => setUpInTurn(sections, first, (section) => {
    if (calcs.some((c) => c.section === section)) return;
    try { const calc = new Calculator(section, shared, runtime); calc.init(); calcs.push(calc); }
    catch (err) { console.warn("calculators: could not start", section.id, err); }
  }, done));
  calcs.sort((a, b) => sections.indexOf(a.section) - sections.indexOf(b.section));

  // A shared link: ?calc=<kind>&...#<id> reopens that calculator's state; so does going
  // back or forward through the states the page wrote (the same function both times).
  const fromAddress = applyLocation(calcs);
  window.addEventListener("popstate", () => applyLocation(calcs));
  if (!fromAddress) {
    for (const c of calcs) {
      const defaults = myDefaults(c.form, c.config.defaults);
      if (!defaults) continue;
      c.config.defaults = defaults;
      c.preset();
    }
  }
  document.documentElement.dataset.calculators = "ready";
}

boot().catch((err) => console.warn("calculators:", err));
