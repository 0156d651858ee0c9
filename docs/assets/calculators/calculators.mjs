// The calculators on a page: each one's form (form.mjs: form <-> request) talking to the
// one shared Pyodide worker, putting its answers into the page, the address.
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

import { CalculatorForm } from "./form.mjs";
import { Runtime } from "./runtime.mjs";
import { clearErrors, el, errorField, fromHTML, setData, showFieldError } from "./fields.mjs";
import { applyLocation, canonKey, myDefaults } from "./urlstate.mjs";
import { setUpInTurn } from "./schedule.mjs";
import { peek } from "./peek.mjs";
import { share } from "./share.mjs";

const BUSY_DELAY_MS = 100;

class Calculator extends CalculatorForm {
  constructor(section, shared, runtime) {
    super(section, shared);
    this.runtime = runtime;
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
