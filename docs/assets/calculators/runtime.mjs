// The calculators' runtime: one module worker (worker.mjs) for every calculator on a page.
//
// The worker is started by the small script in front of the first calculator
// (hooks/runtime/runtime_starter.js); this class takes it over on the first interaction, sends it
// the page's language context once (the messages, plural rules and clause links of the
// page's shared JSON: the presenter in the worker, present.api.answer, writes every answer
// in them) and hands out its answers.

const RUNTIME_TIMEOUT_MS = 120000;

// The language context the worker's presenter loads (present.api.load_context).
function contextJSON(shared) {
  const { lang, messages, fallback, counts, plural, clauses, labels, options } = shared;
  return JSON.stringify({ lang, messages, fallback, counts, plural, clauses, labels, options });
}

export class Runtime {
  constructor(shared) {
    this.shared = shared; // the context is written when the worker starts, not while the page loads
    this.state = "idle"; // idle | loading | ready | failed
    this.listeners = new Set();
    this.pending = new Map();
    this.nextId = 1;
    this.worker = null;
    this.reason = null;
    this.stage = null;
    this.kinds = [];
  }

  on(fn) {
    this.listeners.add(fn);
  }

  emit() {
    for (const fn of this.listeners) fn(this.state, this.stage, this.reason);
  }

  start() {
    if (this.state !== "idle") return;
    this.state = "loading";
    this.stage = "loading";
    this.emit();
    // The worker is started by the small script in front of the first calculator
    // (hooks/render/render_calculator.py, runtime_starter): already during parsing for shared
    // links (?calc=), otherwise now (a calculator was touched). Messages it sent before
    // this point were kept and are replayed here.
    const early = typeof window.__monopolyStartRuntime === "function" ? window.__monopolyStartRuntime() : null;
    if (!early || early.error || !early.worker) {
      this.fail("unsupported");
      return;
    }
    const worker = early.worker;
    this.worker = worker;
    this.timer = setTimeout(() => this.fail("runtime"), RUNTIME_TIMEOUT_MS);
    worker.addEventListener("error", (event) => {
      event.preventDefault();
      this.fail("runtime");
    });
    worker.addEventListener("messageerror", () => this.fail("runtime"));
    worker.addEventListener("message", (event) => this.receive(event.data || {}));
    worker.postMessage({ type: "warm", kinds: this.kinds });
    worker.postMessage({ type: "context", json: contextJSON(this.shared) });
    const kept = early.events || [];
    early.events = null;
    for (const event of kept) {
      if (event.type === "message") this.receive(event.data || {});
      else this.fail("runtime");
    }
  }

  receive(msg) {
    if (msg.type === "progress") {
      this.stage = msg.stage;
      this.emit();
    } else if (msg.type === "ready") {
      clearTimeout(this.timer);
      this.state = "ready";
      this.stage = "ready";
      this.emit();
      // site.js asks the service worker to keep the runtime offline from now on
      window.dispatchEvent(new Event("monopoly:calculators-ready"));
    } else if (msg.type === "failed") {
      if (msg.detail) console.warn("calculators:", msg.reason, msg.detail);
      this.fail(msg.reason === "engine" ? "engine" : "runtime");
    } else if (msg.type === "result") {
      const done = this.pending.get(msg.id);
      if (!done) return;
      this.pending.delete(msg.id);
      if (msg.failure && msg.detail) console.warn("calculators:", msg.failure, msg.detail);
      done(msg);
    }
  }

  fail(reason) {
    if (this.state === "failed") return;
    clearTimeout(this.timer);
    this.state = "failed";
    this.reason = reason;
    if (this.worker) this.worker.terminate();
    for (const done of this.pending.values()) done({ failure: "not-started" });
    this.pending.clear();
    this.emit();
  }

  calculate(kind, request) {
    return new Promise((resolve) => {
      if (this.state !== "ready") {
        resolve({ failure: "not-started" });
        return;
      }
      const id = this.nextId++;
      this.pending.set(id, resolve);
      this.worker.postMessage({ type: "calc", id, kind, request });
    });
  }
}
