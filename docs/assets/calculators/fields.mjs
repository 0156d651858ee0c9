// A calculator form's fields: their values as request values and back (by data-type),
// the element helpers. form.mjs walks the form; lists of items it handles itself.

import { asBool, asList } from "./urlstate.mjs";

// HTML the presenter or the build wrote (escaped there) as nodes for the page.
export function fromHTML(html) {
  const t = document.createElement("template");
  t.innerHTML = String(html);
  return t.content;
}

// Writes that change nothing are skipped: setting an attribute to the value it has still
// invalidates the element's style in Chromium, and a change event touched some 20 of them
// (every error slot, every shown field) while the answer was on its way.
export function setProp(node, name, value) {
  if (node[name] !== value) node[name] = value;
}

export function setData(node, key, value) {
  if (node.dataset[key] !== value) node.dataset[key] = value;
}

export function el(tag, attrs = {}, ...children) {
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

// ------------------------------------------------------------------ one calculator

export function readValue(node, errors, { html, tooLarge, readList }) {
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
        errors.push([node, html("calc.input.not_a_number")]);
        return undefined;
      }
      if (raw === "") {
        if (node.hasAttribute("data-optional")) return undefined;
        errors.push([node, html("calc.input.required")]);
        return undefined;
      }
      // Checked as the text typed: "1e23" or "2.5" are not whole numbers.
      if (!/^[+-]?\d+$/.test(raw)) {
        errors.push([node, html("calc.input.not_a_number")]);
        return undefined;
      }
      // Past what a double holds exactly it cannot go into JSON as typed: refused here
      // with the field's limit (rendered by the build); everything else the engine judges.
      const n = Number(raw);
      if (!Number.isSafeInteger(n)) {
                errors.push([node, tooLarge[node.max] ?? tooLarge[""]]);
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
      return readList(node);
    default:
      return undefined;
  }
}

export function setSelect(select, value) {
  const v = String(value);
  if (![...select.options].some((o) => o.value === v)) {
    select.append(el("option", { value: v, "data-extra": "" }, v));
  }
  select.value = v;
}

export function writeValue(node, value, writeList) {
  const type = node.dataset.type;
  const missing = value === undefined || value === null;
  switch (type) {
    case "choice":
    case "int-choice":
    case "speed-face":
      if (missing) {
        if (node.dataset.key !== "edition" && node.options.length) node.selectedIndex = 0;
      } else {
        setSelect(node, value);
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
        if (dice[i] !== undefined) setSelect(s, dice[i]);
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
        if (pairs[s.dataset.group] !== undefined) setSelect(s, pairs[s.dataset.group]);
        else s.value = "";
      }
      break;
    }
    case "level-map": {
      const map = value && typeof value === "object" ? value : {};
      for (const s of node.querySelectorAll("select[data-lot]")) {
        setSelect(s, map[s.dataset.lot] !== undefined ? map[s.dataset.lot] : 0);
      }
      break;
    }
    case "list":
      writeList(node, asList(value));
      break;
    default:
      break;
  }
}

const PROPERTY = ["street", "station", "utility"];

// The board's lots as the options of a scope's square selects and lot checkboxes.
export function fillBoard(scope, board, id) {
  if (!board.length) return;
  for (const select of scope.querySelectorAll("select[data-squares]")) {
    const keep = select.value;
    select.replaceChildren(...board.filter((s) => PROPERTY.includes(s[2]))
      .map((s) => el("option", { value: String(s[0]) }, s[1])));
    if (keep !== "") setSelect(select, keep);
  }
  for (const box of scope.querySelectorAll("fieldset[data-squares] .calc-lots")) {
    const chosen = new Set([...box.querySelectorAll("input:checked")].map((c) => c.value));
    box.replaceChildren(...board.filter((s) => PROPERTY.includes(s[2])).map((s) => {
      const lid = `${id}-lot-${s[0]}`;
      return el("label", { class: "calc-lot", for: lid },
        el("input", { type: "checkbox", id: lid, value: String(s[0]), checked: chosen.has(String(s[0])) }), ` ${s[1]}`);
    }));
  }
}

// The building-level rows of the mortgage form (into `box`): one per street of the group
// of square `index`; `levels` the values to show (else what the rows held), `levelText(n)`
// the level names the build rendered, `offered` the levels the edition has.
export function lotRows(box, board, index, levels, id, levelText, offered = [0, 1, 2, 3, 4, 5]) {
  const old = {};
  for (const s of box.querySelectorAll("select[data-lot]")) old[s.dataset.lot] = s.value;
  const sq = board[index];
  const rows = [];
  if (sq && sq[2] === "street") {
    for (const lot of board.filter((s) => s[3] === sq[3] && s[2] === "street")) {
      const lid = `${id}-b-${lot[0]}`;
      const select = el("select", { id: lid, "data-lot": String(lot[0]), "data-choices": "levels" },
        ...offered.map((n) => el("option", { value: String(n) }, levelText(n))));
      const given = levels && typeof levels === "object" ? levels[String(lot[0])] : undefined;
      setSelect(select, given !== undefined ? given : (old[String(lot[0])] ?? "0"));
      rows.push(el("div", { class: "calc-level-row" }, el("label", { for: lid }, lot[1]), select));
    }
  }
  box.replaceChildren(...rows);
}

// ------------------------------------------------------------------ values per edition, following
// (hooks/render/calculator_fields.py: level_values, jail_turns and follow() there are the same rules)

// A building level the edition has (`levels`): the value, else the highest one below it.
export function stepLevel(value, levels) {
  if (levels.includes(value)) return value;
  const lower = levels.filter((v) => v <= value);
  return lower.length ? lower[lower.length - 1] : levels[0];
}

// Refill every select of `scope` that offers the edition's values (data-choices): building
// levels by name ("levels", "levels-none": with "no complete group" first), the turns in
// jail ("turns"), the ways to arrive on a square of kind `sqKind` ("arrivals": no "nearest"
// card the edition lacks); a value the edition lacks steps down (an arrival: to a roll).
// `html(key)` / `numbered(key, i)`: the texts the build rendered.
export function refreshChoices(scope, ed, levels, html, numbered, sqKind) {
  showKind(scope, ed);
  const turns = ed.jail_turns || [1, 2, 3];
  for (const select of scope.querySelectorAll("select[data-choices]")) {
    const kind = select.dataset.choices;
    let items;
    if (kind === "turns") {
      items = turns.map((n) => [String(n), numbered("calc.jail.turn_n", n - 1)]);
    } else if (kind === "arrivals") {
      const offered = (ed.arrivals || {})[sqKind] || ["roll", "card", "nearest-card"];
      items = offered.map((a) => [a, html(`calc.rent.arrival.${a}`)]);
    } else {
      items = levels.map((n) => [String(n), html(`calc.level.${n}`)]);
      if (kind === "levels-none") items.unshift(["", html("calc.level.none")]);
    }
    // the same values in the same words (an arrival "with a card" reads "with a task" in
    // an edition without cards: `html` gives the edition's words, as Form.arrival_options)
    const same = [...select.options].map((o) => `${o.value}=${o.textContent}`).join("|")
      === items.map(([v, text]) => `${v}=${fromHTML(text).textContent}`).join("|");
    const keep = select.value;  // "" when a state written into it named no option it has
    const has = items.some(([v]) => v === keep);
    if (same && has) continue;
    if (!same) select.replaceChildren(...items.map(([v, text]) => el("option", { value: v }, fromHTML(text))));
    let value = keep;
    if (!has && kind === "arrivals") {
      value = items[0][0];
    } else if (!has && keep !== "") {
      const n = parseInt(keep, 10);
      value = kind === "turns" ? String(Math.min(n, turns[turns.length - 1])) : String(stepLevel(n, levels));
    }
    select.value = value;
  }
}

// A label or help worded apart for an edition whose get-out card is a key
// (hooks/render/calculator_forms.py Form.label): the edition's words shown, the other's hidden.
export function showKind(scope, ed) {
  const keys = ed.card_kind === "key";
  for (const span of scope.querySelectorAll(".ck-cards, .ck-keys")) {
    const hide = span.classList.contains("ck-cards") ? keys : !keys;
    if (span.hidden !== hide) span.hidden = hide;
  }
}

// The rent form's counts follow the square's group (`field(key)`: the form's top-level
// field): the owned count stays within the group (the whole group once the street is
// built), the mortgaged ones below it; lowering the owned count under the group clears
// the buildings. A number being typed (`changed`) stays as typed: the engine's message
// then names it.
export function followRent(field, board, changed) {
  const owned = field("owned");
  const buildings = field("buildings");
  const mortgaged = field("group_mortgaged");
  const square = field("square");
  const sq = square ? board[parseInt(square.value, 10)] : undefined;
  if (!owned || !sq) return;
  const size = board.filter((s) => s[3] === sq[3] && s[2] === sq[2]).length;
  const built = sq[2] === "street" && buildings && parseInt(buildings.value, 10) > 0;
  setProp(owned, "max", String(size));
  const n = parseInt(owned.value, 10);
  if (changed !== "owned") {
    if (built) setProp(owned, "value", String(size));
    else if (Number.isInteger(n)) setProp(owned, "value", String(Math.min(Math.max(n, 1), size)));
  } else if (built && Number.isInteger(n) && n < size) {
    setProp(buildings, "value", "0");
  }
  if (!mortgaged) return;
  const have = parseInt(owned.value, 10);
  const hi = Math.max(0, Math.min(Number.isInteger(have) ? have : size, size) - 1);
  setProp(mortgaged, "max", String(hi));
  const m = parseInt(mortgaged.value, 10);
  if (changed !== "group_mortgaged" && Number.isInteger(m)) setProp(mortgaged, "value", String(Math.min(Math.max(m, 0), hi)));
}

// ------------------------------------------------------------------ errors next to the fields

// A field's request path in `form` (players.1.properties.0.square).
export function fieldPath(form, node) {
  const parts = [node.dataset.key];
  let cur = node.parentElement ? node.parentElement.closest("[data-item]") : null;
  while (cur && form.contains(cur)) {
    const list = cur.parentElement;
    parts.unshift(String([...list.children].filter((c) => c.matches("[data-item]")).indexOf(cur)));
    parts.unshift(list.dataset.key);
    cur = list.parentElement ? list.parentElement.closest("[data-item]") : null;
  }
  return parts.join(".");
}

// The field an engine error names (`field`, a request path), among those `isHidden` does
// not hide: the field itself, or the widget holding it (buildings.39 -> the buildings
// fieldset); an error about a list item goes to the item's first field, one about a whole
// list (or naming no field) to none: it goes under the form.
export function errorField(form, field, isHidden) {
  if (!field) return null;
  let best = null;
  let bestLen = -1;
  let isList = false;
  let inside = null;
  for (const node of form.querySelectorAll("[data-key]")) {
    if (isHidden(node)) continue;
    const path = fieldPath(form, node);
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
  return best || (isList ? null : inside);
}

// A message into the field's own slot (else the form's, `formError`), the control marked.
export function showFieldError(formError, node, content) {
  const holder = node.matches("fieldset") ? node : node.closest(".calc-field");
  const slot = holder ? holder.querySelector(":scope > .calc-error") : null;
  if (!slot) {
    formError.replaceChildren(content);
    formError.hidden = false;
    return true;
  }
  slot.replaceChildren(content);
  slot.hidden = false;
  const control = node.matches("input, select") ? node : node.querySelector("input, select");
  if (control) control.setAttribute("aria-invalid", "true");
  return true;
}

export function clearErrors(form) {
  for (const slot of form.querySelectorAll(".calc-error")) {
    setProp(slot, "hidden", true);
    if (slot.firstChild) slot.replaceChildren();
  }
  for (const c of form.querySelectorAll("[aria-invalid]")) c.removeAttribute("aria-invalid");
}
