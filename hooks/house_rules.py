"""The house rules of 000 ("varianten") in "My edition": what each one changes, as HTML.

The reader ticks the house rules their table plays next to the edition choice (picker,
``?house=<id>,<id>``; ``docs/assets/my-edition.js`` keeps them in ``localStorage`` and
writes ``<html data-my-house="<id> <id>">``). The ids are the engine's own
(:data:`engine.editions.HOUSE_RULES`), the same the calculators send as ``house_rules``.

Every text stays in the page; CSS shows the blocks of the chosen house rules:

- :func:`clause_blocks`: under the heading of every clause a house rule changes
  (:data:`CHANGES`) and of its own clause (:data:`OWN_CLAUSE`), a block that says what
  the table plays, marked as a house rule and first in the clause.
- :func:`value_items`: in an edition's "your edition" list, the value the house rule
  gives (from :func:`engine.editions.with_house_rules`), shown before the rulebook's.
- :func:`sheet_section`: the rules sheet's "house rules we play" box.

Which clauses a house rule touches is the one thing here that is not engine data: the
engine knows the parameters it switches (``free_parking``, ``auction_every_sale``), the
rest follows from 000's own description (fines and taxes feed the pot; every purchase
is an auction). ``tests/test_house_rules.py`` checks that every parameter the engine
switches has its clause in here.
"""

from __future__ import annotations

from typing import Any, Callable

from engine.clauses import CLAUSES
from engine.editions import HOUSE_RULES, Edition, with_house_rules
from engine.sources import Value
from hooks.common import h

OWN_CLAUSE: dict[str, str] = {
    "free-parking-pot": "house-free-parking-pot",
    "auction-every-sale": "house-auction-all",
}
"""The clause (page "variants") that describes each house rule."""

CHANGES: dict[str, tuple[str, ...]] = {
    # 000 «varianten»: "alle boetes en dergelijke" go aside, whoever lands on Free Parking
    # takes them; the site's clause and example name fines and taxes
    "free-parking-pot": ("tax-income", "tax-luxury", "free-parking", "jail-pay"),
    # 000 «varianten»: whoever may buy opens the bidding (at least the printed price)
    "auction-every-sale": ("buy-unowned", "buy-auction"),
}
"""The rule clauses whose rule a house rule changes (in clause order)."""

Text = Callable[..., str]
"""``text(key, **params)``: a message as escaped HTML in the page language."""


def clauses_of(house_rule: str) -> tuple[str, ...]:
    """Every clause that shows a house rule's block: the clauses it changes, its own last."""
    return (*CHANGES[house_rule], OWN_CLAUSE[house_rule])


def rules_for(clause_id: str) -> tuple[str, ...]:
    """The house rules that show a block under ``clause_id`` (engine order).

    >>> rules_for("free-parking"), rules_for("rent-set-double")
    (('free-parking-pot',), ())
    """
    return tuple(r for r in HOUSE_RULES if clause_id in clauses_of(r))


def block(text: Text, house_rule: str, clause_id: str, link: str | None,
          short: bool = False) -> str:
    """The block under one clause: the house-rule mark, its name, what it changes here,
    and the number of the house rule's own clause, a link when ``link`` is given (left
    out on that clause itself). ``short``: name and number only (the rules sheet, whose
    box at the top says what each house rule does)."""
    own = clause_id == OWN_CLAUSE[house_rule]
    what = text("myed.house.on") if own else text(f"house.{house_rule}.effect")
    if short:
        what = text("myed.house.on") if own else ""
    number = h(CLAUSES[OWN_CLAUSE[house_rule]].number)
    ref = "" if own else f" ({number})" if link is None else \
        f' (<a class="house-ref" href="{h(link)}">{number}</a>)'
    # out of search: the same words under six clauses would crowd out the clauses' own
    return (f'<div class="house-mine" data-house="{h(house_rule)}" data-clause="{h(clause_id)}" '
            f'data-search-exclude>'
            f'<p><span class="dispute-mark dispute-mark-house">{text("disputes.mark.house")}'
            f'</span> <strong class="house-name">{text(f"house.{house_rule}.name")}</strong>'
            f'{ref}{": " + what if what else ""}</p></div>')


def clause_blocks(text: Text, clause_id: str, link: Callable[[str], str | None],
                  short: bool = False) -> str:
    """Every house rule's block for one clause (empty when no house rule touches it);
    ``link(clause_id)`` is the URL of a clause from the page being built."""
    return "".join(block(text, r, clause_id, link(OWN_CLAUSE[r]), short)
                   for r in rules_for(clause_id))


def changed_value(edition: Edition, house_rule: str, name: str) -> Value[Any] | None:
    """The value of parameter ``name`` with the house rule on, when it differs."""
    if edition.rules is None:
        return None
    before = getattr(edition.rules, name)
    after = getattr(with_house_rules(edition.rules, [house_rule]), name)
    return after if after.value != before.value else None


def value_items(edition: Edition, name: str,
                render: Callable[[str, Value[Any]], str], text: Text) -> tuple[str, str, str]:
    """(items to put before the rulebook's value, attributes of the rulebook's item,
    a note to put in front of the rulebook's value).

    For each house rule that changes ``name`` in this edition: an item with the house
    rule's value (``render(name, value)``, marked as a house rule), shown when the reader
    plays it; the rulebook's own value then reads "by the rulebook: ..."."""
    before, off, notes = [], [], []
    for r in HOUSE_RULES:
        value = changed_value(edition, r, name)
        if value is None:
            continue
        off.append(r)
        before.append(f'<li class="ed-house-val" data-house="{h(r)}">'
                      f'<span class="dispute-mark dispute-mark-house">{text("disputes.mark.house")}'
                      f'</span> {render(name, value)}</li>')
        notes.append(f'<span class="ed-house-without" data-house="{h(r)}">'
                     f'{text("myed.house.without")} </span>')
    attrs = f' data-house-off="{h(" ".join(off))}"' if off else ""
    return "".join(before), attrs, "".join(notes)


def sheet_section(text: Text) -> str:
    """The rules sheet's "house rules we play" box: one item per house rule (shown when
    chosen), with what it changes and the clause numbers it touches (the sheet leaves the
    house rules' own clauses out: they are no edition's rules)."""
    items = "".join(
        f'<li class="sheet-house-rule" data-house="{h(r)}"><strong>{text(f"house.{r}.name")}'
        f'</strong> ({h(CLAUSES[OWN_CLAUSE[r]].number)}): {text(f"house.{r}.effect")} '
        f'{text("sheet.house.changes", clauses=", ".join(CLAUSES[c].number for c in CHANGES[r]))}'
        f'</li>' for r in HOUSE_RULES)
    return (f'<div class="sheet-house"><h3 class="sheet-chapter">{text("sheet.house.title")}</h3>'
            f'<ul>{items}</ul></div>')
