"""The house rules of 000 ("varianten") in "My edition": what each one changes, as HTML.

The reader ticks the house rules their table plays next to the edition choice (picker,
``?house=<id>,<id>``; ``docs/assets/my-edition.js`` keeps them in ``localStorage`` and
writes ``<html data-my-house="<id> <id>">``). The ids are the engine's own
(:data:`engine.editions.HOUSE_RULES`), the same the calculators send as ``house_rules``.

Every text stays in the page; CSS shows the blocks of the chosen house rules:

- :func:`clause_blocks`: under the heading of every clause a house rule changes
  (:data:`CHANGES`) and of its own clause (:data:`OWN_CLAUSE`), a block that says what
  the table plays, marked as a house rule and first in the clause
  (``overrides/fragments/rules/house/block.html``).
- :func:`house_values`: in an edition's "your edition" list, the value the house rule
  gives (from :func:`engine.editions.with_house_rules`), shown before the rulebook's
  (``house/value.html``, written by ``editions/mine-item.html``).
- :func:`sheet_section`: the rules sheet's "house rules we play" box
  (``house/sheet-box.html``).

Which clauses a house rule touches is the one thing here that is not engine data: the
engine knows the parameters it switches (``free_parking``, ``auction_every_sale``), the
rest follows from 000's own description (fines and taxes feed the pot; every purchase
is an auction). ``tests/test_house_rules.py`` checks that every parameter the engine
switches has its clause in here.
"""

from __future__ import annotations

from typing import Any, Callable

from markupsafe import Markup

from engine.clauses import CLAUSES
from engine.editions import HOUSE_RULES, Edition, with_house_rules
from engine.sources import Value
from hooks.catalogs.i18n import Message
from hooks.render.templates import fragment

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

T = Callable[..., Message]
"""``t(key, **params)``: a message in the page language (renders as escaped HTML)."""


def clauses_of(house_rule: str) -> tuple[str, ...]:
    """Every clause that shows a house rule's block: the clauses it changes, its own last."""
    return (*CHANGES[house_rule], OWN_CLAUSE[house_rule])


def rules_for(clause_id: str) -> tuple[str, ...]:
    """The house rules that show a block under ``clause_id`` (engine order).

    >>> rules_for("free-parking"), rules_for("rent-set-double")
    (('free-parking-pot',), ())
    """
    return tuple(r for r in HOUSE_RULES if clause_id in clauses_of(r))


def block(t: T, house_rule: str, clause_id: str, link: str | None,
          short: bool = False) -> Markup:
    """The block under one clause: the house-rule mark, its name, what it changes here,
    and the number of the house rule's own clause, a link when ``link`` is given (left
    out on that clause itself). ``short``: name and number only (the rules sheet, whose
    box at the top says what each house rule does)."""
    own = clause_id == OWN_CLAUSE[house_rule]
    what = t("myed.house.on") if own else None if short else t(f"house.{house_rule}.effect")
    # the template keeps the block out of search: the same words under six clauses
    # would crowd out the clauses' own
    return fragment("house/block.html", t=t, house_rule=house_rule, clause_id=clause_id,
                    own=own, number=CLAUSES[OWN_CLAUSE[house_rule]].number, link=link,
                    what=what)


def clause_blocks(t: T, clause_id: str, link: Callable[[str], str | None],
                  short: bool = False) -> Markup:
    """Every house rule's block for one clause (empty when no house rule touches it);
    ``link(clause_id)`` is the URL of a clause from the page being built."""
    return Markup("").join(block(t, r, clause_id, link(OWN_CLAUSE[r]), short)
                           for r in rules_for(clause_id))


def changed_value(edition: Edition, house_rule: str, name: str) -> Value[Any] | None:
    """The value of parameter ``name`` with the house rule on, when it differs."""
    if edition.rules is None:
        return None
    before = getattr(edition.rules, name)
    after = getattr(with_house_rules(edition.rules, [house_rule]), name)
    return after if after.value != before.value else None


def house_values(edition: Edition, name: str) -> list[tuple[str, Value[Any]]]:
    """(house rule, the value it gives) for each house rule that changes parameter ``name``
    in this edition, in engine order. ``editions/mine-item.html`` shows each before the
    rulebook's value (when the reader plays it), which then reads "by the rulebook: ..."."""
    return [(r, value) for r in HOUSE_RULES
            if (value := changed_value(edition, r, name)) is not None]


def sheet_section(t: T) -> Markup:
    """The rules sheet's "house rules we play" box: one item per house rule (shown when
    chosen), with what it changes and the clause numbers it touches (the sheet leaves the
    house rules' own clauses out: they are no edition's rules)."""
    rules = [(r, CLAUSES[OWN_CLAUSE[r]].number,
              ", ".join(CLAUSES[c].number for c in CHANGES[r])) for r in HOUSE_RULES]
    return fragment("house/sheet-box.html", t=t, rules=rules)
