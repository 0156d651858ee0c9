"""Stable clause ids: the rules the engine applies, one id per rule.

A clause id is language-neutral and never changes once published: it is the
anchor of that rule's text on every language's page (``/sv/rent/#rent-set-double``),
and every explanation step the engine returns names the clause it applied.
The visible number ("4.3") follows from the order of the pages and of the
clauses on them; the id, not the number, is the permalink.

>>> clause("rent-set-double").number
'4.3'
>>> clause("rent-set-double").page
'rent'
>>> clause("nope")
Traceback (most recent call last):
...
engine.errors.EngineError: error.unknown_clause {'clause': 'nope'}
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from .errors import EngineError


@dataclass(frozen=True)
class Clause:
    """One numbered rule: ``id`` is the permalink anchor, ``number`` what players cite."""

    id: str
    number: str
    page: str
    title: str  # English working title, for code and reviews; pages carry their own words

    @property
    def is_ruling(self) -> bool:
        """A ruling of this site (R23, the rulings page), not a rule of the booklets.

        >>> CLAUSES["ruling-go-twice"].is_ruling, CLAUSES["rent-set-double"].is_ruling
        (True, False)
        """
        return self.page == "rulings"


@dataclass(frozen=True)
class Page:
    """A rules page: its file name (the same in every language) and its clauses, in order."""

    slug: str
    chapter: str  # "4", or "R" for the rulings page
    clauses: tuple[tuple[str, str], ...]  # (id, English working title)


# Order matters: it gives the visible numbers. Append new clauses at the end of
# a page so existing numbers stay put; never rename or reuse an id.
PAGES: tuple[Page, ...] = (
    Page("setup", "1", (
        ("setup-goal", "Aim of the game and the winner"),
        ("setup-players", "Number of players"),
        ("setup-bank", "The bank and the banker"),
        ("setup-money", "Starting money"),
        ("setup-buildings", "Houses and hotels in the box"),
        ("setup-first-player", "Who starts"),
    )),
    Page("turn", "2", (
        ("turn-roll", "Rolling and moving"),
        ("turn-doubles", "Doubles: roll again"),
        ("turn-three-doubles", "Third double in a row: to jail"),
        ("turn-go-salary", "Salary at GO"),
        ("turn-go-twice", "Passing GO twice in one turn"),
    )),
    Page("buying", "3", (
        ("buy-unowned", "Buying an unowned property"),
        ("buy-auction", "Declined purchase: auction"),
        ("buy-auction-decliner", "May the player who declined bid"),
        ("buy-auction-opening", "Where the auction opens"),
        ("buy-auction-no-bid", "Nobody bids"),
    )),
    Page("rent", "4", (
        ("rent-claim", "Claiming rent and its deadline"),
        ("rent-street", "Rent of an unbuilt street"),
        ("rent-set-double", "Double rent for a complete group"),
        ("rent-mortgaged-group", "A mortgaged lot in the group"),
        ("rent-partly-built", "Unbuilt lots of a partly built group"),
        ("rent-houses", "Rent with houses and a hotel"),
        ("rent-station", "Station rent"),
        ("rent-utility", "Utility rent and which dice count"),
        ("rent-utility-card", "Arriving at a utility by card"),
        ("rent-card-arrival", "Card arrivals that change the rent"),
        ("rent-mortgaged", "No rent on a mortgaged property"),
        ("rent-owner-in-jail", "An owner in jail still collects"),
    )),
    Page("squares", "5", (
        ("cards-draw", "Chance and Community Chest cards"),
        ("cards-dice-task", "Chance by three dice (travel edition)"),
        ("cards-get-out", "Get out of jail card or key"),
        ("tax-income", "Income Tax"),
        ("tax-income-percent", "The 10% option and what counts"),
        ("tax-luxury", "The second tax square"),
        ("free-parking", "Free Parking"),
        ("cards-shuffle", "Shuffling the decks at the start"),
    )),
    Page("jail", "6", (
        ("jail-sent", "How you end up in jail"),
        ("jail-visiting", "Just visiting"),
        ("jail-pay", "Paying the fine"),
        ("jail-card", "Using a get-out card"),
        ("jail-doubles", "Rolling for doubles"),
        ("jail-third-failure", "After the third failed roll"),
        ("jail-rights", "What a jailed player may do"),
    )),
    Page("building", "7", (
        ("build-set", "Building needs a complete, unmortgaged group"),
        ("build-when", "When you may build"),
        ("build-even", "Building evenly"),
        ("build-hotel", "From houses to a hotel"),
        ("build-limit", "The bank's houses and hotels"),
        ("build-shortage", "Building shortage and its auction"),
        ("build-sell", "Selling houses back"),
        ("build-sell-hotel", "Selling a hotel"),
    )),
    Page("trading", "8", (
        ("trade-property", "Trading property"),
        ("trade-mortgaged", "Trading mortgaged property"),
        ("trade-cards", "Trading get-out cards"),
        ("trade-debt-property", "Paying a debt with property"),
        ("trade-no-rent-deals", "No deals to waive rent"),
    )),
    Page("mortgages", "9", (
        ("mortgage-value", "The mortgage value"),
        ("mortgage-buildings", "Buildings go first"),
        ("mortgage-lift", "Lifting a mortgage: value plus 10%"),
        ("mortgage-rounding", "Rounding the 10%"),
        ("mortgage-transfer", "Receiving a mortgaged property"),
    )),
    Page("bankruptcy", "10", (
        ("bankrupt-raise", "Raising money before going bankrupt"),
        ("bankrupt-bank", "Bankrupt to the bank"),
        ("bankrupt-player", "Bankrupt to another player"),
        ("bankrupt-mortgaged", "Mortgaged property passing to a creditor"),
        ("end-winner", "The end of the game"),
    )),
    Page("variants", "11", (
        ("short-setup", "Short game: dealing deeds"),
        ("short-hotel", "Short game: three houses before a hotel"),
        ("short-end", "Short game: when it ends"),
        ("short-score", "Short game: the final count"),
        ("timed-game", "Time-limited game"),
        ("speed-die", "The speed die"),
        ("speed-die-triples", "Speed die: three of a kind"),
        ("speed-die-jail", "Speed die and jail"),
        ("house-free-parking-pot", "House rule: money on Free Parking"),
        ("house-auction-all", "House rule: auction every sale"),
    )),
    Page("card-game", "12", (
        ("cards-goal", "Card game: goal"),
        ("cards-deck", "Card game: the 60 cards"),
        ("cards-turn", "Card game: a turn"),
        ("cards-going-out", "Card game: going out"),
        ("cards-scoring", "Card game: scoring a round"),
        ("cards-three-players", "Card game: three players"),
    )),
    Page("rulings", "R", (
        ("ruling-free-parking-money", "Money on Free Parking"),
        ("ruling-decliner-bids", "May the player who declined bid"),
        ("ruling-auction-opening", "Where an auction opens"),
        ("ruling-rent-deadline", "The deadline for claiming rent"),
        ("ruling-rent-in-jail", "Collecting rent while in jail"),
        ("ruling-mortgaged-group-rent", "Double rent with a mortgaged lot in the group"),
        ("ruling-utility-dice", "Which dice count for a utility"),
        ("ruling-income-tax", "Income Tax: 10% and what counts"),
        ("ruling-build-outside-turn", "Building outside your own turn"),
        ("ruling-shortage-opening", "Opening price in a building-shortage auction"),
        ("ruling-hotel-no-houses", "Selling a hotel when the bank has no houses"),
        ("ruling-interest-rounding", "Rounding the 10% mortgage interest"),
        ("ruling-bankrupt-mortgaged", "Mortgaged lots in a bankruptcy"),
        ("ruling-short-end", "Short game: first or second bankruptcy"),
        ("ruling-short-hotel-value", "What a hotel is worth in the short-game score"),
        ("ruling-in-jail-square", "The IN JAIL square in the Nordic text"),
        ("ruling-third-double-move", "Is the third double moved"),
        ("ruling-speed-triples", "Three of a kind with the speed die"),
        ("ruling-go-twice", "Collecting the salary twice in one turn"),
        ("ruling-jailed-nothing", "The summary that says a jailed player can do nothing"),
        ("ruling-velperplein", "The disputed Velperplein rents"),
        ("ruling-mortgage-scope", "Which buildings to sell before mortgaging"),
        ("ruling-timed-valuation", "Who is richest in the time-limited game"),
        ("ruling-card-game-values", "The card game's missing set values"),
        ("ruling-partly-built", "Double rent on the unbuilt lots of a partly built group"),
        ("ruling-silent-sources", "Where a rulebook is silent"),
        ("ruling-luxury-tax", "The second tax square on the Atlantic City board"),
        ("ruling-jailed-may-deal", "Building and trading from jail where the text names only rent"),
        ("ruling-third-failed-roll", "Which roll moves you after the third failed jail roll"),
        ("ruling-short-score-count", "Mortgaged lots in the 2001 short-game count"),
        ("ruling-handed-back", "Buildings 'handed back' in the Nordic text"),
        ("ruling-text-slips", "Slips in the rulebook texts"),
        ("ruling-speed-die-turn", "Speed die: every turn, and Mr. Monopoly at the end of the turn"),
        ("ruling-bankrupt-player-modern", "Bankrupt to a player in the modern rules"),
        ("ruling-card-game-sets", "Utilities and stations in the card game's sets"),
        ("ruling-short-hotel-sale", "Short game: what selling a hotel brings"),
        ("ruling-card-game-gaps", "The card game's lost text: bonus cards, section B, three players"),
        ("ruling-card-game-tie", "Card game: two players with the same winning total"),
        ("ruling-card-after-third-roll", "Your own get-out card after the third failed jail roll"),
    )),
)


def _number(page: Page, index: int) -> str:
    return f"{page.chapter}{index}" if page.chapter == "R" else f"{page.chapter}.{index}"


CLAUSES: Mapping[str, Clause] = MappingProxyType({
    cid: Clause(cid, _number(page, i), page.slug, title)
    for page in PAGES
    for i, (cid, title) in enumerate(page.clauses, start=1)
})
"""Every clause by id (built once at import, never changed)."""


MODE_CLAUSES: Mapping[str, str] = MappingProxyType({
    "short-setup": "short", "short-hotel": "short", "short-end": "short", "short-score": "short",
    "timed-game": "timed",
    "speed-die": "speed", "speed-die-triples": "speed", "speed-die-jail": "speed",
})
"""The clauses that are rules of one mode of play (``Edition.mode`` of
``engine.editions``: the short game, the timed game, the speed die): they hold only for
the editions that have that mode (:func:`engine.editions.clause_editions`)."""

EDITION_CLAUSES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "cards-dice-task": ("nordic-2005",), "tax-income-percent": ("classic-us",),
    "cards-shuffle": ("nl-2001", "nl-modern", "classic-us"),
})
"""The clauses that are the rule of some main editions only: the travel edition's three dice
instead of the card decks, the American 10 % choice on income tax, and shuffling the decks
(the travel edition has none). Every other edition's answer there is "not in my game", which
the clause's fold line says (with a choice, its text folds whole under "does not hold for
your edition", and the edition's rules sheet leaves it out;
:func:`engine.editions.clause_editions`)."""


def clause(clause_id: object) -> Clause:
    """The clause with this id, or :class:`EngineError` ``error.unknown_clause``.

    >>> clause(float("inf"))
    Traceback (most recent call last):
    ...
    engine.errors.EngineError: error.unknown_clause {'clause': 'inf'}
    """
    if isinstance(clause_id, str) and clause_id in CLAUSES:
        return CLAUSES[clause_id]
    # the id is shown in a message: always short text (never a float, list or huge number)
    from .validate import show
    shown = clause_id[:40] if isinstance(clause_id, str) else show(clause_id)
    raise EngineError("error.unknown_clause", clause=shown)


def page_clauses(slug: str) -> tuple[Clause, ...]:
    """The clauses of one page, in order.

    >>> [c.number for c in page_clauses("trading")]
    ['8.1', '8.2', '8.3', '8.4', '8.5']
    """
    return tuple(c for c in CLAUSES.values() if c.page == slug)
