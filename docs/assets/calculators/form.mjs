// One calculator's form: reading it into a request, writing a state into it, and the parts
// that follow the edition and each other (the board's squares, the levels and arrivals it
// offers, which fields show, the lists of players and lots). calculators.mjs extends it with
// what calculates and shows the answer (changed(), the subclass's, is what a change calls).

import { fillBoard, followRent, fromHTML, lotRows, readValue, refreshChoices, setProp, setSelect,
  writeValue } from "./fields.mjs";
import { formState } from "./urlstate.mjs";

let uid = 0;

export class CalculatorForm {
  constructor(section, shared) {
    this.section = section;
    this.shared = shared;
    this.ui = shared.ui || {};
    this.config = JSON.parse(section.querySelector("script.calc-config").textContent);
    this.kind = this.config.kind;
    this.id = section.id;
    this.form = section.querySelector("form.calc-form");
  }

  // The controls only a working script can serve (hidden in the HTML until then).
  static reveal(section) {
    for (const b of section.querySelectorAll(".calc-submit, .calc-reset, [data-add], [data-remove]")) b.hidden = false;
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
}
