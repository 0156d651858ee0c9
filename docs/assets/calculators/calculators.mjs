// The calculators on a page: form <-> request, one shared Pyodide worker, results, URL state.
//
// The page holds, per calculator, a form and the result for the default inputs rendered at
// build time (hooks/render_calculator.py), plus JSON: the shared data (messages in the page
// language, boards, clause links, asset URLs) and each calculator's defaults and result view.
// Nothing is loaded until a calculator comes into view or is touched; then ONE module worker
// (worker.mjs) starts Pyodide from the site's own files and answers every calculator.
//
// Messages are always inserted as text (never as HTML); a message missing in the page
// language shows the Dutch text in <span class="i18n-fallback" lang="nl">, a key missing
// everywhere shows the key itself: never a blank, NaN or "undefined".

const RUNTIME_TIMEOUT_MS = 120000;
const URL_FALLBACK_MS = 1000;
const BUSY_DELAY_MS = 100;

// ------------------------------------------------------------------ formatting

class Formatter {
  constructor(shared) {
    this.lang = shared.lang;
    this.messages = shared.messages || {};
    this.fallback = new Set(shared.fallback || []);
    this.money = shared.money || {};
    this.counts = shared.counts || {};
    this.plurals = {};
    for (const [lang, expr] of Object.entries(shared.plural || {})) this.plurals[lang] = pluralRule(expr);
    this._num = new Map();
  }

  has(key) {
    return Object.prototype.hasOwnProperty.call(this.messages, key);
  }

  // {text, lang}: lang is the language the text is in, null when the key exists nowhere.
  t(key, params = {}) {
    if (!this.has(key)) return { text: key, lang: null };
    let text = this.messages[key];
    const lang = this.fallback.has(key) ? "nl" : this.lang;
    if (Array.isArray(text)) {
      // the form by the catalog's Plural-Forms, counted by the message's count parameter
      const n = countOf(params[this.counts[key]]);
      const rule = this.plurals[lang] || ((x) => (x !== 1 ? 1 : 0));
      text = text[n === null ? 0 : Math.min(rule(n), text.length - 1)];
    }
    return { text: fill(String(text), params), lang };
  }

  plain(key, params) {
    return this.t(key, params).text;
  }

  // A message as a DOM node: text, or a marked span when it is not in the page language.
  node(key, params) {
    return textNode(this.t(key, params), this.lang);
  }

  numberFormat(options) {
    const id = JSON.stringify(options);
    if (!this._num.has(id)) this._num.set(id, new Intl.NumberFormat(this.lang, options));
    return this._num.get(id);
  }

  number(value, decimals) {
    const opts = decimals === undefined
      ? { maximumFractionDigits: 2 }
      : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    return this.numberFormat(opts).format(value);
  }

  amount(value, currency) {
    if (typeof value !== "number" || !Number.isFinite(value)) return this.scalar(value);
    const d = Number.isInteger(value) ? 0 : 2;
    if (!currency) return this.number(value, d);
    return this.numberFormat({
      style: "currency", currency, currencyDisplay: "narrowSymbol",
      minimumFractionDigits: d, maximumFractionDigits: d,
    }).format(value);
  }

  scalar(value, money = false, currency = null) {
    if (value === null || value === undefined) return "—";
    if (typeof value === "boolean") return this.plain(value ? "calc.yes" : "calc.no");
    if (typeof value === "number") {
      if (!Number.isFinite(value)) return "—";
      return money ? this.amount(value, currency) : this.number(value);
    }
    if (Array.isArray(value)) return value.map((v) => this.scalar(v, money, currency)).join(", ");
    if (typeof value === "object") return "—";
    return String(value);
  }

  moneyParams(key) {
    let best = "";
    for (const prefix of Object.keys(this.money)) {
      if (key.startsWith(prefix) && prefix.length > best.length) best = prefix;
    }
    return new Set(this.money[best] || []);
  }

  stepParams(key, params, currency) {
    const money = this.moneyParams(key);
    const out = {};
    for (const [k, v] of Object.entries(params || {})) out[k] = this.scalar(v, money.has(k), currency);
    // colour groups come as ids with a level ("orange 5, red 3"): named in the page language
    if (typeof (params || {}).groups === "string" && GROUP_LEVELS.test(params.groups)) {
      out.groups = params.groups.split(", ").map((item) => {
        const [group, level] = item.split(" ");
        return `${this.plain(`calc.group.${group}`)}: ${this.plain(`calc.level.${level}`)}`;
      }).join(", ");
    }
    return out;
  }
}

const GROUP_LEVELS = /^[a-z-]+ [0-5](, [a-z-]+ [0-5])*$/;

// The whole number in a count parameter, already formatted ("1 500" counts as 1500).
function countOf(value) {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  if (typeof value !== "string") return null;
  const digits = value.replace(/[\s\u00a0\u202f.]/g, "");
  return /^\d{1,15}$/.test(digits) ? parseInt(digits, 10) : null;
}

// A gettext Plural-Forms expression (C syntax: n, integers, ! * / % + - < > <= >= == != && ||
// ?: and parentheses) as a function of n; anything else falls back to "n != 1".
function pluralRule(expr) {
  const tokens = String(expr).match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()]/g) || [];
  if (tokens.join("") !== String(expr).replace(/\s+/g, "")) return (n) => (n !== 1 ? 1 : 0);
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++];
  const BIN = [["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"]];
  const apply = (op, a, b) => ({
    "||": () => (a || b ? 1 : 0), "&&": () => (a && b ? 1 : 0), "==": () => (a === b ? 1 : 0),
    "!=": () => (a !== b ? 1 : 0), "<": () => (a < b ? 1 : 0), ">": () => (a > b ? 1 : 0),
    "<=": () => (a <= b ? 1 : 0), ">=": () => (a >= b ? 1 : 0), "+": () => a + b, "-": () => a - b,
    "*": () => a * b, "/": () => Math.trunc(a / b), "%": () => a % b,
  })[op]();
  const unary = () => {
    const t = next();
    if (t === "!") { const f = unary(); return (n) => (f(n) ? 0 : 1); }
    if (t === "(") { const f = ternary(); next(); return f; }
    if (t === "n") return (n) => n;
    const v = parseInt(t, 10);
    return () => v;
  };
  const binary = (level) => {
    if (level === BIN.length) return unary();
    let left = binary(level + 1);
    while (BIN[level].includes(peek())) {
      const op = next();
      const l = left;
      const r = binary(level + 1);
      left = (n) => apply(op, l(n), r(n));
    }
    return left;
  };
  const ternary = () => {
    const cond = binary(0);
    if (peek() !== "?") return cond;
    next();
    const a = ternary();
    next(); // ":"
    const b = ternary();
    return (n) => (cond(n) ? a(n) : b(n));
  };
  try {
    const f = ternary();
    return i === tokens.length ? (n) => Number(f(n)) : (n) => (n !== 1 ? 1 : 0);
  } catch (err) {
    return (n) => (n !== 1 ? 1 : 0);
  }
}

// Fill {name} placeholders; {{ and }} are literal braces; a missing parameter shows "?".
function fill(template, params) {
  return template.replace(/\{\{|\}\}|\{([a-z_][a-z0-9_]*)\}/g, (m, name) => {
    if (m === "{{") return "{";
    if (m === "}}") return "}";
    return Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : "?";
  });
}

function textNode(msg, pageLang) {
  if (msg.lang === null) return el("span", { class: "i18n-missing" }, msg.text);
  if (msg.lang !== pageLang) return el("span", { class: "i18n-fallback", lang: msg.lang }, msg.text);
  return document.createTextNode(msg.text);
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    node.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return node;
}

// ------------------------------------------------------------------ view interpreter
// The twin of render_output() in hooks/render_calculator.py: same view, same HTML.

function getPath(data, path) {
  let cur = data;
  for (const part of path ? path.split(".") : []) {
    if (cur !== null && typeof cur === "object" && !Array.isArray(cur)) {
      cur = Object.prototype.hasOwnProperty.call(cur, part) ? cur[part] : null;
    } else if (Array.isArray(cur) && /^\d+$/.test(part) && Number(part) < cur.length) {
      cur = cur[Number(part)];
    } else {
      return null;
    }
    if (cur === undefined) return null;
  }
  return cur;
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function holds(data, when, root) {
  if (when === undefined || when === null) return true;
  if (Array.isArray(when)) return when.every((w) => holds(data, w, root));
  const base = when.root && root ? root : data;
  const value = getPath(base, when.path);
  if ("eq" in when) return same(value, when.eq);
  if ("ne" in when) return !same(value, when.ne);
  if ("in" in when) return when.in.some((v) => same(v, value));
  if ("truthy" in when) return truthy(value);
  if ("falsy" in when) return !truthy(value);
  if ("len" in when) return Array.isArray(value) && value.length === when.len;
  if ("len_gt" in when) return Array.isArray(value) && value.length > when.len_gt;
  if ("ne_path" in when) return !same(value, getPath(base, when.ne_path));
  return false;
}

function truthy(v) {
  if (Array.isArray(v)) return v.length > 0;
  if (v && typeof v === "object") return Object.keys(v).length > 0;
  return Boolean(v);
}

function keyOf(template, data, root) {
  return template.replace(/\{([a-z0-9_.]+)\}/g, (m, path) => {
    let v = getPath(data, path);
    if (v === null && root) v = getPath(root, path);
    return pyStr(v);
  });
}

// str() of a value the way Python writes it (for keys built from values).
function pyStr(v) {
  if (v === null || v === undefined) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  return String(v);
}

function valueText(fmt, spec, data, root) {
  const currency = getPath(root, "currency");
  if ("sum" in spec) {
    const items = getPath(data, spec.sum) || [];
    const where = spec.where || {};
    let total = 0;
    for (const item of items) {
      if (Object.entries(where).every(([k, v]) => v.some((x) => same(x, getPath(item, k))))) {
        total += getPath(item, spec.field) || 0;
      }
    }
    return spec.fmt === "amount" ? fmt.amount(total, currency) : fmt.scalar(total);
  }
  if (spec.count) {
    const items = getPath(data, spec.path);
    return fmt.scalar(Array.isArray(items) ? items.length : 0);
  }
  if ("lookup" in spec) {
    const own = getPath(data, spec.match);
    for (const item of getPath(root, spec.lookup) || []) {
      if (same(getPath(item, spec.match), own)) return fmt.scalar(getPath(item, spec.field));
    }
    return "—";
  }
  let value = getPath(data, spec.path);
  if (value === null && spec.root) value = getPath(root, spec.path);
  if ("enum" in spec) return fmt.plain(`${spec.enum}${pyStr(value)}`);
  if (spec.fmt === "amount") return fmt.amount(value, currency);
  if (spec.fmt === "percent" && typeof value === "number") {
    return fmt.number(Math.round(value * 1000) / 10);
  }
  return fmt.scalar(value);
}

function lineNode(fmt, line, data, root) {
  const params = {};
  for (const [name, spec] of Object.entries(line.params || {})) params[name] = valueText(fmt, spec, data, root);
  return fmt.node(keyOf(line.key, data, root), params);
}

function renderOutput(fmt, view, result, clauses) {
  const out = el("div", { class: "calc-output" });
  for (const block of view) {
    if (!holds(result, block.when, result)) continue;
    if ("table" in block) out.append(tableNode(fmt, block, result));
    else out.append(el("p", { class: block.class || null }, lineNode(fmt, block, result, result)));
  }
  const steps = result.steps || [];
  if (steps.length) {
    out.append(el("p", { class: "calc-steps-title" }, fmt.node("calc.steps")));
    const ol = el("ol", { class: "calc-steps" });
    for (const s of steps) ol.append(stepNode(fmt, s, result.currency, clauses));
    out.append(ol);
  }
  return out;
}

function tableNode(fmt, block, root) {
  const rows = getPath(root, block.table) || [];
  const table = el("table", { class: "calc-table" });
  if (block.caption) table.append(el("caption", {}, fmt.node(block.caption)));
  const headRow = el("tr");
  for (const c of block.columns) headRow.append(el("th", { scope: "col" }, fmt.node(c.label)));
  table.append(el("thead", {}, headRow));
  const body = el("tbody");
  for (const row of rows) {
    if (!holds(row, block.row_when, root)) continue;
    const tr = el("tr");
    block.columns.forEach((c, i) => {
      const cell = el(i === 0 ? "th" : "td", { scope: i === 0 ? "row" : null, "data-label": fmt.plain(c.label) });
      if ("lines" in c) {
        const parts = c.lines.filter((ln) => holds(row, ln.when, root));
        parts.forEach((ln, j) => {
          if (j) cell.append(" ");
          cell.append(lineNode(fmt, ln, row, root));
        });
      } else {
        cell.append(valueText(fmt, c, row, root));
      }
      tr.append(cell);
    });
    body.append(tr);
  }
  table.append(body);
  return el("div", { class: "calc-table-wrap" }, table);
}

function stepNode(fmt, s, currency, clauses) {
  const clause = String(s.clause);
  const [number, href] = clauses[clause] || [clause, ""];
  const params = s.params || {};
  const key = String(s.key);
  const li = el("li", { "data-clause": clause },
    el("a", { class: "calc-clause", href, title: clause }, number), " ",
    el("span", { class: "calc-step-text" }, fmt.node(key, fmt.stepParams(key, params, currency))));
  if (s.source) {
    // the board's own figures (board.md) read as "the deed (board data)" in the page language
    const source = String(s.source);
    const cite = el("span", { class: "calc-cite" }, "(", source.startsWith("board.md")
      ? fmt.plain("calc.source_board") : fmt.plain("calc.source", { source }));
    const ruling = s.ruling;
    if (ruling && clauses[ruling]) {
      const [rnum, rhref] = clauses[ruling];
      cite.append("; ", el("a", { href: rhref, title: ruling }, fmt.plain("calc.ruling", { number: rnum })));
    }
    cite.append(")");
    li.append(" ", cite);
  }
  return li;
}

function errorOutput(fmt, key, params) {
  const shown = {};
  for (const [k, v] of Object.entries(params || {})) shown[k] = fmt.scalar(v);
  return el("div", { class: "calc-output calc-output-error" },
    el("p", { class: "calc-error-summary" }, fmt.node("calc.invalid"), " ", fmt.node(key, shown)));
}

// ------------------------------------------------------------------ URL state
// ?calc=<kind>&<dotted.path>=<value>...#<calculator id>: lists of scalars comma-joined,
// booleans 1/0 (DESIGN.md, "Calculator links"; the Python twin is flatten_request()).

function flatten(obj, prefix = "", out = []) {
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix + key;
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.every((v) => v === null || typeof v !== "object")) {
        out.push([path, value.map(scalarStr).join(",")]);
      } else {
        value.forEach((item, i) => {
          if (Array.isArray(item)) out.push([`${path}.${i}`, item.map(scalarStr).join(",")]);
          else flatten(item, `${path}.${i}.`, out);
        });
      }
    } else if (typeof value === "object") {
      flatten(value, `${path}.`, out);
    } else {
      out.push([path, scalarStr(value)]);
    }
  }
  return out;
}

function scalarStr(v) {
  if (v === true) return "1";
  if (v === false) return "0";
  return String(v);
}

function queryString(kind, request) {
  const enc = (s, safe) => encodeURIComponent(s).replace(safe, (c) => decodeURIComponent(c));
  return [["calc", kind], ...flatten(request)]
    .map(([k, v]) => `${enc(k, /%2E/g)}=${enc(v, /%2C/g)}`).join("&");
}

// The URL's parameters as a nested object of strings (list indices stay object keys).
function unflatten(params) {
  const root = {};
  for (const [key, value] of params) {
    if (key === "calc") continue;
    const parts = key.split(".");
    if (parts.some((p) => p === "" || p === "__proto__" || p === "constructor" || p === "prototype")) continue;
    let cur = root;
    parts.slice(0, -1).forEach((p) => {
      if (typeof cur[p] !== "object" || cur[p] === null) cur[p] = {};
      cur = cur[p];
    });
    cur[parts[parts.length - 1]] = value;
  }
  return root;
}

function asList(v) {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === "object") {
    return Object.keys(v).filter((k) => /^\d+$/.test(k)).sort((a, b) => a - b).map((k) => v[k]);
  }
  return String(v) === "" ? [] : String(v).split(",");
}

function asBool(v) {
  return v === true || v === "1" || v === "true" || v === 1;
}

// ------------------------------------------------------------------ the runtime (one worker)

class Runtime {
  constructor(shared) {
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
    // (hooks/render_calculator.py, runtime_starter): already during parsing for shared
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

// ------------------------------------------------------------------ one calculator

let uid = 0;

class Calculator {
  constructor(section, shared, fmt, runtime) {
    this.section = section;
    this.shared = shared;
    this.fmt = fmt;
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
    this.seq = 0;
    this.waiting = false;
    this.shownState = null; // JSON of the request whose result is on screen
    this.changes = 0; // data-changes / data-updated: see settled()
  }

  init() {
    for (const b of this.section.querySelectorAll(".calc-submit, .calc-reset, [data-add], [data-remove]")) {
      b.hidden = false;
    }
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
    this.refreshVisibility();
    this.refreshLists();
    this.baseline = this.requestJSON();
    this.shownState = this.baseline;
    this.section.dataset.baseline = this.baseline;
    this.section.dataset.shownRequest = this.baseline;
  }

  // -- reading the form

  scopeFields(scope) {
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
    const type = node.dataset.type;
    switch (type) {
      case "choice":
        return node.value;
      case "int-choice":
        return /^-?\d+$/.test(node.value) ? parseInt(node.value, 10) : node.value;
      case "speed-face":
        return /^\d+$/.test(node.value) ? parseInt(node.value, 10) : node.value;
      case "str":
        return node.value.trim() === "" ? undefined : node.value;
      case "bool":
        if (!node.checked && node.hasAttribute("data-omit-false")) return undefined;
        return node.checked;
      case "int": {
        const raw = node.value.trim();
        if (node.validity && node.validity.badInput) {
          errors.push([node, "calc.input.not_a_number"]);
          return undefined;
        }
        if (raw === "") {
          if (node.hasAttribute("data-optional")) return undefined;
          errors.push([node, "calc.input.required"]);
          return undefined;
        }
        // Checked as the text typed: "1e23" or "2.5" are not whole numbers, and a number
        // past what a double holds exactly is refused before it can turn into another one.
        if (!/^[+-]?\d+$/.test(raw)) {
          errors.push([node, "calc.input.not_a_number"]);
          return undefined;
        }
        const n = Number(raw);
        if (!Number.isSafeInteger(n)) {
          const max = node.max !== "" && node.max !== undefined ? Number(node.max) : this.shared.max_amount;
          errors.push([node, "calc.input.too_large", { max: this.fmt.number(max) }]);
          return undefined;
        }
        return n;
      }
      case "dice":
        return [...node.querySelectorAll("select[data-die]")].map((s) => parseInt(s.value, 10));
      case "multi":
        return [...node.querySelectorAll("input[type=checkbox]:checked")]
          .map((c) => (node.dataset.values === "str" ? c.value : parseInt(c.value, 10)));
      case "levels":
        return [...node.querySelectorAll("select[data-group]")]
          .filter((s) => s.value !== "").map((s) => [s.dataset.group, parseInt(s.value, 10)]);
      case "level-map": {
        const out = {};
        for (const s of node.querySelectorAll("select[data-lot]")) out[s.dataset.lot] = parseInt(s.value, 10);
        return out;
      }
      case "list":
        return this.items(node).map((item) => this.readScope(item, errors));
      default:
        return undefined;
    }
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
        if (p && typeof p === "object" && p.name === undefined) p.name = this.fmt.plain("calc.score.default_name", { n: String(i + 1) });
      });
    }
    return { request, errors };
  }

  requestJSON() {
    return JSON.stringify(this.read().request);
  }

  top(key) {
    const node = this.scopeFields(this.form).find((n) => n.dataset.key === key);
    return node ? node.value : undefined;
  }

  edition() {
    return this.shared.editions[this.top("edition")] || {};
  }

  board() {
    return this.shared.boards[this.edition().board] || [];
  }

  // -- writing the form (URL state, reset)

  apply(state) {
    state = this.canonical(state);
    this.writeScope(this.form, state);
    this.refreshBoard();
    const sq = this.scopeFields(this.form).find((n) => n.dataset.key === "square");
    if (sq && state.square !== undefined) this.setSelect(sq, state.square);
    this.rebuildLots(state.buildings);
    this.writeScope(this.form, state);
    this.refreshVisibility();
    this.refreshLists();
  }

  // Squares named in a link (square=Kalverstraat) become board indices, as the form holds
  // them (canonical_request in hooks/render_calculator.py does the same for built links).
  canonical(state) {
    const ed = this.shared.editions[state.edition] || this.edition();
    const board = this.shared.boards[ed.board] || [];
    const index = (ref) => {
      if (typeof ref !== "string") return ref;
      const key = ref.split(/\s+/).filter(Boolean).join(" ").toLowerCase();
      if (/^\d{1,3}$/.test(key)) return key;
      const sq = board.find((s) => s[1].toLowerCase() === key);
      return sq ? String(sq[0]) : ref;
    };
    const out = { ...state };
    const reroll = asList(out.reroll);
    if (reroll.length === 3 && out.speed_face === undefined) {
      // the speed die's face has a field of its own in the form
      out.reroll = reroll.slice(0, 2);
      out.speed_face = reroll[2];
    }
    if (out.square !== undefined) out.square = index(out.square);
    if (out.squares !== undefined) out.squares = asList(out.squares).map(index);
    if (out.players && typeof out.players === "object") {
      const players = asList(out.players).map((p) => {
        if (!p || typeof p !== "object" || p.properties === undefined) return p;
        const props = asList(p.properties).map((q) => (q && typeof q === "object" && q.square !== undefined
          ? { ...q, square: index(q.square) } : q));
        return { ...p, properties: props };
      });
      out.players = players;
    }
    return out;
  }

  writeScope(scope, state) {
    for (const node of this.scopeFields(scope)) {
      this.writeField(node, state ? state[node.dataset.key] : undefined);
    }
  }

  setSelect(select, value) {
    const v = String(value);
    if (![...select.options].some((o) => o.value === v)) {
      select.append(el("option", { value: v, "data-extra": "" }, v));
    }
    select.value = v;
  }

  writeField(node, value) {
    const type = node.dataset.type;
    const missing = value === undefined || value === null;
    switch (type) {
      case "choice":
      case "int-choice":
      case "speed-face":
        if (missing) {
          if (node.dataset.key !== "edition" && node.options.length) node.selectedIndex = 0;
        } else {
          this.setSelect(node, value);
        }
        break;
      case "str":
      case "int":
        node.value = missing ? (node.dataset.default ?? "") : String(value);
        break;
      case "bool":
        node.checked = !missing && asBool(value);
        break;
      case "dice": {
        const dice = asList(missing ? node.dataset.default : value);
        node.querySelectorAll("select[data-die]").forEach((s, i) => {
          if (dice[i] !== undefined) this.setSelect(s, dice[i]);
        });
        break;
      }
      case "multi": {
        const chosen = new Set(asList(value).map(String));
        for (const c of node.querySelectorAll("input[type=checkbox]")) c.checked = chosen.has(c.value);
        break;
      }
      case "levels": {
        const pairs = {};
        for (const item of asList(value)) {
          const [g, lv] = Array.isArray(item) ? item : String(item).split(",");
          pairs[g] = lv;
        }
        for (const s of node.querySelectorAll("select[data-group]")) {
          if (pairs[s.dataset.group] !== undefined) this.setSelect(s, pairs[s.dataset.group]);
          else s.value = "";
        }
        break;
      }
      case "level-map": {
        const map = value && typeof value === "object" ? value : {};
        for (const s of node.querySelectorAll("select[data-lot]")) {
          this.setSelect(s, map[s.dataset.lot] !== undefined ? map[s.dataset.lot] : 0);
        }
        break;
      }
      case "list": {
        const wanted = asList(value);
        const min = parseInt(node.dataset.min || "0", 10);
        const count = Math.max(min, wanted.length);
        let items = this.items(node);
        while (items.length > count) items.pop().remove();
        while (items.length < count) {
          this.addItem(node, false);
          items = this.items(node);
        }
        items.forEach((item, i) => {
          const st = wanted[i] && typeof wanted[i] === "object" ? wanted[i] : {};
          this.refreshBoard(item);
          this.writeScope(item, st);
        });
        break;
      }
      default:
        break;
    }
  }

  // -- dynamic parts

  refreshBoard(scope = this.form) {
    const board = this.board();
    if (!board.length) return;
    for (const select of scope.querySelectorAll("select[data-squares]")) {
      const keep = select.value;
      select.replaceChildren(...board.filter((s) => ["street", "station", "utility"].includes(s[2]))
        .map((s) => el("option", { value: String(s[0]) }, s[1])));
      if (keep !== "") this.setSelect(select, keep);
    }
    for (const box of scope.querySelectorAll("fieldset[data-squares] .calc-lots")) {
      const chosen = new Set([...box.querySelectorAll("input:checked")].map((c) => c.value));
      box.replaceChildren(...board.filter((s) => ["street", "station", "utility"].includes(s[2])).map((s) => {
        const id = `${this.id}-lot-${s[0]}`;
        return el("label", { class: "calc-lot", for: id },
          el("input", { type: "checkbox", id, value: String(s[0]), checked: chosen.has(String(s[0])) }), ` ${s[1]}`);
      }));
    }
  }

  rebuildLots(levels) {
    const field = this.form.querySelector("[data-type=level-map]");
    if (!field) return;
    const box = field.querySelector(".calc-levels");
    const old = {};
    for (const s of box.querySelectorAll("select[data-lot]")) old[s.dataset.lot] = s.value;
    const board = this.board();
    const index = parseInt(this.top("square"), 10);
    const sq = board[index];
    const rows = [];
    if (sq && sq[2] === "street") {
      for (const lot of board.filter((s) => s[3] === sq[3] && s[2] === "street")) {
        const id = `${this.id}-b-${lot[0]}`;
        const select = el("select", { id, "data-lot": String(lot[0]) },
          ...[0, 1, 2, 3, 4, 5].map((n) => el("option", { value: String(n) }, this.fmt.node(`calc.level.${n}`))));
        const given = levels && typeof levels === "object" ? levels[String(lot[0])] : undefined;
        const value = given !== undefined ? given : (old[String(lot[0])] ?? "0");
        this.setSelect(select, value);
        rows.push(el("div", { class: "calc-level-row" }, el("label", { for: id }, lot[1]), select));
      }
    }
    box.replaceChildren(...rows);
  }

  // Which fields show is looked up, never worked out here (the same lookups as Form.holds
  // in hooks/calculator_forms.py): "reads" = the rent calculation reads this field for the
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
      node.hidden = !node.dataset.show.split(/\s+/).every((t) => this.predicate(t, node.dataset.for));
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
      if (add) add.disabled = items.length >= max;
      items.forEach((item, i) => {
        const legend = item.querySelector(":scope > legend[data-legend]");
        if (legend) legend.replaceChildren(this.fmt.node(legend.dataset.legend, { n: String(i + 1) }));
        const remove = item.querySelector(":scope > [data-remove]");
        if (remove) remove.disabled = items.length <= min;
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
    if (list.dataset.key === "players") {
      const name = item.querySelector("[data-key=name]");
      const n = this.items(list).length;
      if (name && !name.value) name.value = this.fmt.plain("calc.score.default_name", { n: String(n) });
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
      this.rebuildLots();
    } else if (key === "square") {
      this.rebuildLots();
    } else if (key === "action" && e.target.value === "bankruptcy") {
      const boxes = this.form.querySelector("[data-type=multi]");
      if (boxes && !boxes.querySelector("input:checked")) {
        const box = boxes.querySelector(`input[value="${this.top("square")}"]`);
        if (box) box.checked = true;
      }
    }
    if (structural) {
      this.refreshVisibility();
      this.refreshLists();
    }
    this.changed(false);
  }

  reset() {
    this.apply(this.config.defaults);
    this.changed(true);
  }

  // The reader's edition and house rules as the starting values, set while the page loads:
  // the form shows them at once, but Python starts only on a first interaction (a choice
  // made on another page is none), so until then the result built with the page stays,
  // marked as the answer to the page's own starting values; once the runtime is ready, the
  // answer to the form replaces it.
  preset() {
    this.apply(this.config.defaults);
    this.presetPending = true;
    this.markStale(this.requestJSON() !== this.baseline);
  }

  // -- calculating and showing

  changed(explicit) {
    this.presetPending = false;
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
    this.clearErrors();
    this.clientErrors = errors.length > 0;
    if (errors.length) {
      this.seq++; // a result still on its way is for older inputs: drop it
      this.waiting = false;
      this.section.removeAttribute("aria-busy");
      for (const [node, key, params] of errors) this.showFieldError(node, this.fmt.node(key, params || {}));
      this.formError.replaceChildren(this.fmt.node("calc.input.fix"));
      this.formError.hidden = false;
      this.markStale(true);
      this.settled(change);
      return;
    }
    this.writeURL(request);
    const atBuild = this.resultEl.dataset.source === "build";
    if (json === this.baseline && (this.runtime.state !== "ready" || (atBuild && !explicit))) {
      this.seq++;
      this.waiting = false;
      this.showBuild();
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
    this.settledChange = change;
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

  showBuild() {
    this.section.removeAttribute("aria-busy");
    this.resultEl.replaceChildren(this.buildOutput);
    this.markShown(this.baseline);
    this.resultEl.dataset.source = "build";
    this.shownState = this.baseline;
    this.markStale(false);
  }

  compute(request, json, change) {
    const seq = ++this.seq;
    if (this.runtime.state === "failed") {
      this.markStale(json !== this.baseline);
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
      this.markStale(json !== this.baseline);
      return;
    }
    let result = null;
    if (!msg.failure) {
      try {
        result = JSON.parse(msg.json);
      } catch (err) {
        result = null;
      }
    }
    this.resultEl.dataset.source = "live";
    this.shownState = json;
    this.markShown(json);
    this.markStale(false);
    if (!result || typeof result !== "object") {
      this.resultEl.replaceChildren(errorLike(this.fmt, "calc.failed.internal"));
    } else if (result.error) {
      this.showEngineError(result);
      this.resultEl.replaceChildren(errorOutput(this.fmt, String(result.error), result.params));
    } else {
      this.resultEl.replaceChildren(renderOutput(this.fmt, this.config.view, result, this.shared.clauses));
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
        : build || this.shownState === this.baseline ? "calc.stale" : "calc.stale_last";
      if (!note || note.dataset.key !== key) {
        if (note) note.remove();
        note = el("p", { class: "calc-stale", "data-key": key }, this.fmt.node(key));
        this.resultEl.prepend(note);
      }
      this.section.classList.add("calc-is-stale");
    } else {
      if (note) note.remove();
      this.section.classList.remove("calc-is-stale");
    }
  }

  // -- errors next to the fields

  fieldPath(node) {
    const parts = [node.dataset.key];
    let cur = node.parentElement ? node.parentElement.closest("[data-item]") : null;
    let child = node;
    while (cur && this.form.contains(cur)) {
      const list = cur.parentElement;
      parts.unshift(String(this.items(list).indexOf(cur)));
      parts.unshift(list.dataset.key);
      child = list;
      cur = child.parentElement ? child.parentElement.closest("[data-item]") : null;
    }
    return parts.join(".");
  }

  showEngineError(result) {
    const field = typeof result.field === "string" ? result.field : "";
    const shown = {};
    for (const [k, v] of Object.entries(result.params || {})) shown[k] = this.fmt.scalar(v);
    const message = () => this.fmt.node(String(result.error), shown);
    // The field itself, or the widget holding it (buildings.39 -> the buildings fieldset);
    // an error about a whole list goes under the form; one about a list item to its first field.
    let best = null;
    let bestLen = -1;
    let isList = false;
    let inside = null;
    if (field) {
      for (const node of this.form.querySelectorAll("[data-key]")) {
        if (this.isHidden(node)) continue;
        const path = this.fieldPath(node);
        if (node.dataset.type === "list") {
          if (path === field) isList = true;
          continue;
        }
        if ((field === path || field.startsWith(`${path}.`)) && path.length > bestLen) {
          best = node;
          bestLen = path.length;
        }
        if (!inside && path.startsWith(`${field}.`)) inside = node;
      }
    }
    if (!best && !isList) best = inside;
    if (best && this.showFieldError(best, message())) return;
    this.formError.replaceChildren(message());
    this.formError.hidden = false;
  }

  showFieldError(node, content) {
    const holder = node.matches("fieldset") ? node : node.closest(".calc-field");
    const slot = holder ? holder.querySelector(":scope > .calc-error") : null;
    if (!slot) {
      this.formError.replaceChildren(content);
      this.formError.hidden = false;
      return true;
    }
    slot.replaceChildren(content);
    slot.hidden = false;
    const control = node.matches("input, select") ? node : node.querySelector("input, select");
    if (control) control.setAttribute("aria-invalid", "true");
    return true;
  }

  clearErrors() {
    for (const slot of this.form.querySelectorAll(".calc-error")) {
      slot.hidden = true;
      slot.replaceChildren();
    }
    for (const c of this.form.querySelectorAll("[aria-invalid]")) c.removeAttribute("aria-invalid");
  }

  writeURL(request) {
    const query = queryString(this.kind, request);
    const url = `?${query}#${this.id}`;
    if (this.shareEl) this.shareEl.setAttribute("href", url);
    if (this.urlTouched || location.search || !same(JSON.parse(this.baseline), request)) {
      this.urlTouched = true;
      this.pendingURL = url;
      // Written with the result (see settled); this timer only covers a result that never
      // comes (the runtime failed or is still loading).
      clearTimeout(this.urlTimer);
      this.urlTimer = setTimeout(() => this.flushURL(), URL_FALLBACK_MS);
    }
  }

  flushURL() {
    clearTimeout(this.urlTimer);
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
    if (key) this.statusEl.replaceChildren(this.fmt.node(key));
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
      this.markStale(this.requestJSON() !== this.baseline || this.resultEl.dataset.source !== "build");
      if (this.resultEl.dataset.source !== "build" && this.requestJSON() === this.baseline) this.showBuild();
      if (waited) this.settled(waited.change);
    }
  }
}

let computedCount = 0;

function errorLike(fmt, key) {
  return el("div", { class: "calc-output calc-output-error" }, el("p", { class: "calc-error-summary" }, fmt.node(key)));
}

// ------------------------------------------------------------------ boot

// The state in the address (?calc=<kind>&...#<id>) applied to the calculator it names
// (else the first of that kind); returns that calculator, or null.
function applyLocation(calcs) {
  const params = new URLSearchParams(location.search);
  const kind = params.get("calc");
  if (!kind) return null;
  const hash = decodeURIComponent(location.hash.slice(1));
  const target = calcs.find((c) => c.id === hash && c.kind === kind) || calcs.find((c) => c.kind === kind);
  if (!target) return null;
  const state = unflatten(params.entries());
  if (state.edition === undefined) state.edition = target.config.defaults.edition;
  target.apply(state);
  target.urlTouched = true;
  target.changed(true);
  return target;
}

function boot() {
  const sharedEl = document.querySelector("script.calc-shared");
  const sections = [...document.querySelectorAll("section.calc[data-calc]")];
  if (!sharedEl || !sections.length) return;
  let shared;
  try {
    shared = JSON.parse(sharedEl.textContent);
  } catch (err) {
    return;
  }
  const fmt = new Formatter(shared);
  const runtime = new Runtime(shared);
  runtime.kinds = sections.map((s) => s.dataset.calc);
  const calcs = [];
  for (const section of sections) {
    try {
      const calc = new Calculator(section, shared, fmt, runtime);
      calc.init();
      calcs.push(calc);
    } catch (err) {
      console.warn("calculators: could not start", section.id, err);
    }
  }
  runtime.on(() => calcs.forEach((c) => c.runtimeChanged()));

  // Start Python only when the reader uses a calculator: focus in its form, a touch or a
  // press ("calculate" included), never because it scrolled into view (a rule page read on
  // mobile data would pull megabytes it never uses). Until then the build-time result stays.
  const start = () => runtime.start();
  for (const s of sections) {
    for (const type of ["focusin", "pointerdown", "touchstart", "input", "submit"]) s.addEventListener(type, start, { once: true, passive: true });
  }

  // A shared link: ?calc=<kind>&...#<id> reopens that calculator's state; so does going
  // back or forward through the states the page wrote (the same function both times).
  const fromAddress = applyLocation(calcs);
  window.addEventListener("popstate", () => applyLocation(calcs));
  // "My edition" (docs/assets/my-edition.js, <html data-my-edition>): the calculators start
  // with it (and reset to it) unless the address holds a calculation; so do the house
  // rules the reader plays (<html data-my-house>) in a calculator that takes them.
  const mine = document.documentElement.dataset.myEdition;
  const house = (document.documentElement.dataset.myHouse || "").split(" ").filter(Boolean);
  if ((mine || house.length) && !fromAddress) {
    for (const c of calcs) {
      const defaults = { ...c.config.defaults };
      const select = c.form.querySelector("select[data-key=edition]");
      if (mine && select && [...select.options].some((o) => o.value === mine)) defaults.edition = mine;
      const boxes = c.form.querySelector("[data-key=house_rules]");
      if (house.length && boxes && Array.isArray(defaults.house_rules)) {
        defaults.house_rules = house.filter((r) => boxes.querySelector(`input[value="${r}"]`));
      }
      if (JSON.stringify(defaults) === JSON.stringify(c.config.defaults)) continue;
      c.config.defaults = defaults;
      c.preset();
    }
  }
  document.documentElement.dataset.calculators = "ready";
}

try {
  boot();
} catch (err) {
  console.warn("calculators:", err);
}
