// Decoding the address: ?calc=<kind>&<dotted.path>=<value>...#<calculator id> into the
// values a form shows (DESIGN.md, "Calculator links"). Encoding is the presenter's
// (present/urlstate.py, the one encoder): every answer of the worker carries the canonical
// query string, which the page writes into the address bar and the share link.

// The URL's parameters as a nested object of strings (list indices stay object keys).
export function unflatten(params) {
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

export function asList(v) {
  if (v === undefined || v === null) return [];
  if (Array.isArray(v)) return v;
  if (typeof v === "object") {
    return Object.keys(v).filter((k) => /^\d+$/.test(k)).sort((a, b) => a - b).map((k) => v[k]);
  }
  return String(v) === "" ? [] : String(v).split(",");
}

export function asBool(v) {
  return v === true || v === "1" || v === "true" || v === 1;
}

// Squares named in a link (square=Kalverstraat) as board indices, the way the form holds
// them, and a speed die's face (reroll=3,4,bus) in a field of its own: the decoding side
// of present.urlstate.canonical_request. `board` is the edition's [index, name, ...] rows.
export function formState(state, board) {
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
    out.reroll = reroll.slice(0, 2);
    out.speed_face = reroll[2];
  }
  if (out.square !== undefined) out.square = index(out.square);
  if (out.squares !== undefined) out.squares = asList(out.squares).map(index);
  if (out.players && typeof out.players === "object") {
    out.players = asList(out.players).map((p) => {
      if (!p || typeof p !== "object" || p.properties === undefined) return p;
      const props = asList(p.properties).map((q) => (q && typeof q === "object" && q.square !== undefined
        ? { ...q, square: index(q.square) } : q));
      return { ...p, properties: props };
    });
  }
  return out;
}

// The state in the address (?calc=<kind>&...#<id>) applied to the calculator it names
// (else the first of that kind); returns that calculator, or null.
export function applyLocation(calcs) {
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

// A request as the build keyed its prerendered answers (hooks/render/render_calculator.py
// request_key): JSON with the keys sorted at every level.
export function canonKey(value) {
  const sort = (v) => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === "object") {
      const out = {};
      for (const k of Object.keys(v).sort()) out[k] = sort(v[k]);
      return out;
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

// "My edition" (docs/assets/my-edition.js, <html data-my-edition>): a calculator starts
// with it (and resets to it) unless the address holds a calculation; so do the house rules
// the reader plays (<html data-my-house>) in a calculator that takes them. The calculator's
// starting values with those (`form` offers them), or null when nothing changes.
export function myDefaults(form, start) {
  const mine = document.documentElement.dataset.myEdition;
  const house = (document.documentElement.dataset.myHouse || "").split(" ").filter(Boolean);
  if (!mine && !house.length) return null;
  const defaults = { ...start };
  const select = form.querySelector("select[data-key=edition]");
  if (mine && select && [...select.options].some((o) => o.value === mine)) defaults.edition = mine;
  const boxes = form.querySelector("[data-key=house_rules]");
  if (house.length && boxes && Array.isArray(defaults.house_rules)) {
    defaults.house_rules = house.filter((r) => boxes.querySelector(`input[value="${r}"]`));
  }
  return JSON.stringify(defaults) === JSON.stringify(start) ? null : defaults;
}
