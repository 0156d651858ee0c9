"""The disputes players have at the table: their structure, in one place.

Each :class:`Dispute` says which clauses settle it and what decides the answer per
edition. Where an edition parameter of :mod:`engine.editions` decides, the dispute
names it (``param``) and the answer is looked up from that parameter's value, so the
disputes page can never disagree with the calculators; its mark (rulebook, ruling,
silence) comes from the value's :class:`~engine.sources.Source`. Where no parameter
decides (lending money, selling houses to a player ...), :class:`Fixed` records per
edition what the rulebook says and where, or that it is silent.

The words are not here: they live in ``translations/<lang>/disputes.po`` under
``dispute.<id>.q`` (the question), ``dispute.<id>.asked`` (the ways players phrase it,
separated by ``|``; the page shows them discreetly and the search index reads them),
and ``dispute.<id>.<answer>`` (one line per possible answer; see :func:`answer_key`).

Why a Python module rather than TOML: the answers point at engine parameters,
editions and clause ids, and amounts come from engine functions (mortgage interest
with its rounding); as Python, a misspelt parameter or clause fails at import or in
``tests/test_disputes.py`` instead of silently rendering nothing, and nothing new
is needed to read it (the engine is stdlib-only and so is this).

>>> DISPUTES["go-exact-double"].param
'go_salary'
>>> answer_key(DISPUTES["go-exact-double"], 200)
'dispute.go-exact-double.value'
>>> len(DISPUTES) >= 40
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Literal, Mapping

from engine.boards import Board
from engine.clauses import CLAUSES
from engine.editions import (EDITIONS, MAIN_EDITIONS, MONEY, PERCENT, Edition, parameters, unit,
                             with_house_rules)
from engine.money import ten_percent as interest
from engine.sources import Source, Value

Basis = Literal["fact", "ruling", "silent", "house"]
"""How an answer is grounded: the rulebook says it (``fact``), this site's ruling decides
(``ruling``), the rulebook says nothing (``silent``), or it is a house rule (``house``)."""

SILENT_RULING = "ruling-silent-sources"
"""The ruling that fills a rulebook's silence from the other editions: shown as a silence."""


@dataclass(frozen=True)
class Fixed:
    """What one edition's rulebook says where no edition parameter decides.

    ``answer`` is the key suffix of the line to show, ``section`` the rulebook section
    (file = the edition's source), ``evidence`` a few words of that section exactly as the
    rulebook writes them (required for a ``fact``: ``tests/test_disputes.py`` finds them
    inside the section, as ``tests/test_sources.py`` does for the engine's values; for a
    silence, what the section does say), ``ruling`` the ruling clause when there is one.
    """

    answer: str
    basis: Basis
    section: str
    evidence: str | None = None
    ruling: str | None = None


@dataclass(frozen=True)
class Dispute:
    """One argument players have, with what settles it.

    ``param``: the edition parameter that decides (None: ``fixed`` per edition decides);
    ``editions``: the rows shown (modes whose value differs are added after their
    edition); ``house_rule``: also show ``nl-2001`` with this house rule of 000 switched
    on; ``amounts``: named numbers (money, percentages) from the engine for the answer's
    placeholders, computed per edition.
    """

    id: str
    topic: str
    clauses: tuple[str, ...]
    param: str | None = None
    fixed: Mapping[str, Fixed] = field(default_factory=dict)
    editions: tuple[str, ...] = MAIN_EDITIONS
    house_rule: str | None = None
    amounts: Callable[[Edition], Mapping[str, int]] | None = None


@dataclass(frozen=True)
class Row:
    """One edition's answer to a dispute, ready to be worded: key, placeholders, basis."""

    edition: Edition
    key: str
    params: Mapping[str, Any]
    basis: Basis
    source: Source
    house_rule: str | None = None
    param: str | None = None  # the deciding parameter (``value`` counts what it counts)

    def unit(self, name: str) -> str | None:
        """What placeholder ``name`` counts: money, percentage points, or None."""
        return unit(self.param) if name == "value" and self.param else AMOUNT_UNITS.get(name)


TOPICS: tuple[str, ...] = ("go", "buying", "rent", "money", "building", "trading", "jail",
                           "mortgages", "bankruptcy", "speed", "card-game")
"""The page's sections, in order (titles: ``disputes.topic.<topic>``)."""


def _first(board: Board, kind: str) -> Any:
    return next(sq for sq in board.squares if sq.kind == kind)


def _salary(ed: Edition) -> Mapping[str, int]:
    return {"salary": ed.rules.go_salary.value}


def _fine(ed: Edition) -> Mapping[str, int]:
    return {"fine": ed.rules.jail_fine.value}


def _station_interest(ed: Edition) -> Mapping[str, int]:
    """A station's mortgage value and the interest on it (the rounding does not matter)."""
    value = _first(ed.board, "station").mortgage
    return {"mortgage": value, "interest": interest(value, ed.rules)[1]}


def _utility_interest(ed: Edition) -> Mapping[str, Any]:
    """A utility's mortgage value (75: its 10% is 7.5) and what the rounding makes of it."""
    value = _first(ed.board, "utility").mortgage
    exact, paid = interest(value, ed.rules)
    return {"mortgage": value, "exact": exact, "interest": paid, "lift": value + paid}


def _utility_factors(ed: Edition) -> Mapping[str, int]:
    one, both = ed.rules.utility_multipliers.value
    return {"one": one, "both": both}


def _interest_percent(ed: Edition) -> Mapping[str, int]:
    return {"percent": ed.rules.mortgage_interest_percent.value}


def _buildings(ed: Edition) -> Mapping[str, int]:
    return {"houses": ed.rules.houses_in_bank.value, "hotels": ed.rules.hotels_in_bank.value,
            **_opening(ed.rules.shortage_opening.value)}


def _auction(ed: Edition) -> Mapping[str, int]:
    return _opening(ed.rules.auction_opening.value)


def _opening(choice: str) -> Mapping[str, int]:
    """The banker's opening bid as the engine's choice names it (``banker-10``: 10)."""
    head, _, n = choice.rpartition("-")
    return {"opening": int(n)} if head == "banker" and n.isdigit() else {}


AMOUNT_UNITS: Mapping[str, str] = {
    "salary": MONEY, "fine": MONEY, "mortgage": MONEY, "interest": MONEY, "exact": MONEY,
    "lift": MONEY, "opening": MONEY, "percent": PERCENT}
"""What the named numbers of ``amounts`` count (money or percentage points; the others,
``houses``, ``one`` ..., are counts); ``value`` counts what its parameter does
(:func:`engine.editions.unit`)."""


def _fixed(nl: Fixed, nordic: Fixed, modern: Fixed, us: Fixed) -> Mapping[str, Fixed]:
    return MappingProxyType(dict(zip(MAIN_EDITIONS, (nl, nordic, modern, us))))


def F(answer: str, basis: Basis, section: str, evidence: str | None = None,
      ruling: str | None = None) -> Fixed:
    """Shorthand for :class:`Fixed` in the table below."""
    return Fixed(answer, basis, section, evidence, ruling)


KC_000 = "\u201cKans\u201d en \u201cAlgemeen Fonds\u201d"
SPEED = ("nl-modern-speed",)

_ALL: tuple[Dispute, ...] = (
    # --- Start and doubles -------------------------------------------------------------
    Dispute("go-exact-double", "go", ("turn-go-salary",), "go_salary"),
    Dispute("go-twice", "go", ("turn-go-twice", "ruling-go-twice"), "go_twice_per_turn"),
    Dispute("three-doubles-move", "go", ("turn-three-doubles", "ruling-third-double-move"),
            "third_double_moves"),
    Dispute("jail-pass-go", "go", ("jail-sent", "turn-go-salary"), fixed=_fixed(
        F("no", "fact", "Gevangenis", "U ontvangt geen E 200"),
        F("no", "fact", "FÄNGELSE", "inte rätt att inkassera $200 i lön"),
        F("no", "fact", "Naar de gevangenis", "Je ontvangt geen 200"),
        F("no", "fact", "Gevangenis", "krijgt u geen $200 van de Bank")),
        amounts=_salary),
    # --- Buying and auctions -----------------------------------------------------------
    Dispute("auction-must", "buying", ("buy-auction", "buy-unowned"), fixed=_fixed(
        F("yes", "fact", "Grond kopen", "moet de bank de betreffende grond direct bij opbod"),
        F("yes", "fact", "HAMNA PÅ EN LEDIG EGENDOM", "måste banken genast bjuda ut den på auktion"),
        F("yes", "fact", "Straten", "Dat gebeurt verplicht"),
        F("yes", "fact", "Rondom het bord bewegen", "verkoopt de Bankier het in een veiling"))),
    Dispute("auction-decliner", "buying", ("buy-auction-decliner", "ruling-decliner-bids"),
            "decliner_may_bid"),
    Dispute("auction-no-bid", "buying", ("buy-auction-no-bid",), fixed=_fixed(
        F("stays", "silent", "Grond kopen", ruling=SILENT_RULING),
        F("stays", "silent", "HAMNA PÅ EN LEDIG EGENDOM", ruling=SILENT_RULING),
        F("stays", "fact", "Veilingen", "Wil niemand bieden, dan gebeurt er niets"),
        F("stays", "silent", "Rondom het bord bewegen", ruling=SILENT_RULING))),
    Dispute("auction-opening", "buying", ("buy-auction-opening", "ruling-auction-opening"),
            "auction_opening", amounts=_auction),
    Dispute("auction-every-sale", "buying", ("house-auction-all", "buy-unowned"),
            "auction_every_sale", house_rule="auction-every-sale"),
    Dispute("mortgage-to-buy", "buying", ("mortgage-value", "buy-unowned"), fixed=_fixed(
        F("silent", "silent", "Hypotheek", "Als u geen geld meer hebt en u moet een schuld betalen"),
        F("yes", "fact", "INTECKNINGAR", "om de behöver mer pengar"),
        F("yes", "fact", "Geldgebrek", "op twee manieren aan geld komen"),
        F("yes", "fact", "Bouwen en handelen", "U kunt een lening bij de Bank afsluiten"))),
    # --- Rent --------------------------------------------------------------------------
    Dispute("rent-forgotten", "rent", ("rent-claim", "ruling-rent-deadline"),
            "rent_claim_deadline"),
    Dispute("rent-free-deal", "rent", ("rent-claim", "trade-property"), fixed=_fixed(
        F("silent", "silent", "Huur"), F("silent", "silent", "ANMÄRKNINGAR"),
        F("advised-against", "fact", "Officiële tips van Hasbro",
          "maak geen afspraken om elkaar geen huur te vragen"),
        F("silent", "silent", "Regels"))),
    Dispute("rent-double-unbuilt", "rent", ("rent-set-double",), "set_double_rent"),
    Dispute("rent-double-mortgaged", "rent",
            ("rent-mortgaged-group", "ruling-mortgaged-group-rent"), "mortgaged_group_rent"),
    Dispute("rent-double-partly-built", "rent", ("rent-partly-built", "ruling-partly-built"),
            "partly_built_double"),
    Dispute("rent-in-jail", "rent", ("rent-owner-in-jail", "ruling-rent-in-jail"),
            "owner_in_jail_collects"),
    Dispute("utility-dice", "rent", ("rent-utility", "ruling-utility-dice"), "utility_dice",
            amounts=_utility_factors),
    # --- Money, the bank and Free Parking ---------------------------------------------
    Dispute("lend-money", "money", ("trade-property", "bankrupt-raise"), fixed=_fixed(
        F("no", "fact", "Opmerkingen", "Spelers mogen geen geld van elkaar lenen"),
        F("no", "fact", "ANMÄRKNINGAR", "Pengar kan bara lånas ut till en spelare av banken"),
        F("advised-against", "fact", "Officiële tips van Hasbro",
          "Leen geen geld aan andere spelers"),
        F("silent", "silent", "Bouwen en handelen", ruling=SILENT_RULING))),
    Dispute("free-parking-money", "money",
            ("free-parking", "house-free-parking-pot", "ruling-free-parking-money"),
            "free_parking", house_rule="free-parking-pot"),
    Dispute("bank-out-of-money", "money", ("setup-bank",), "bank_never_bankrupt"),
    # --- Building ----------------------------------------------------------------------
    Dispute("build-before-group", "building", ("build-set",), fixed=_fixed(
        F("no", "fact", "Huizen", "pas gaan bebouwen wanneer hij alle straten van één stad"),
        F("no", "fact", "HUS", "Du måste äga en hel färggrupp innan du kan köpa hus"),
        F("no", "fact", "Huizen", "Zodra je alle straten van een kleurgroep bezit, mag je er huizen"),
        F("no", "fact", "Bouwen en handelen",
          "Zodra u alle straten van dezelfde kleur bezit, kunt u daarop huizen gaan bouwen"))),
    Dispute("build-one-street", "building", ("build-even", "build-set"), "even_building"),
    Dispute("build-uneven", "building", ("build-even", "build-sell"), "even_building"),
    Dispute("build-out-of-turn", "building", ("build-when", "ruling-build-outside-turn"),
            "build_when"),
    Dispute("build-hotel-houses", "building", ("build-hotel", "short-hotel"),
            "houses_before_hotel"),
    Dispute("bank-out-of-houses", "building",
            ("build-limit", "build-shortage", "ruling-shortage-opening"), "shortage_opening",
            amounts=_buildings),
    Dispute("break-hotel", "building", ("build-sell-hotel", "ruling-hotel-no-houses"),
            "hotel_sale"),
    Dispute("sell-houses-to-player", "building", ("build-sell",), fixed=_fixed(
        F("no", "fact", "Grond verkopen", "Huizen en hotels mogen niet aan andere spelers verkocht"),
        # 001 and 003 only name selling buildings back to the bank; neither forbids a player
        F("silent", "silent", "SÄLJA EGENDOM", "sälja tillbaka hus och hotell till banken",
          SILENT_RULING),
        F("no", "fact", "Handelen", "Gebouwen verkopen aan andere spelers mag niet"),
        F("silent", "silent", "Bouwen en handelen", "huizen terug verkopen aan de Bank",
          SILENT_RULING))),
    # --- Trading -----------------------------------------------------------------------
    Dispute("sell-lot-to-bank", "trading", ("trade-property", "trade-mortgaged"),
            # 000 and 001 forbid selling *mortgaged* property to the bank; of land in
            # general they say nothing
            fixed=_fixed(F("silent", "silent", "Grond verkopen",
                           "alleen aan andere spelers verkocht worden en niet aan de bank"),
                         F("silent", "silent", "SÄLJA EGENDOM",
                           "Intecknad egendom kan inte säljas till banken"),
                         F("silent", "silent", "Handelen"),
                         F("silent", "silent", "Bouwen en handelen"))),
    Dispute("trade-built-group", "trading", ("trade-property",), "trade_built_groups"),
    Dispute("get-out-card-sell", "trading", ("trade-cards", "jail-card"), "jail_card_buyable"),
    Dispute("get-out-card-price", "trading", ("trade-cards",), fixed=_fixed(
        F("agreed", "fact", KC_000, "voor een bepaalde prijs verkopen"),
        F("agreed", "fact", "FÄNGELSE", "från en annan spelare till överenskommet pris"),
        F("agreed", "fact", "Handelen", "tegen een prijs die jullie samen bepalen"),
        F("agreed", "silent", "Gevangenis", ruling=SILENT_RULING))),
    Dispute("get-out-card-after", "trading", ("cards-get-out", "jail-card"), fixed=_fixed(
        # 000 only says the card may be kept until it is used or sold
        F("kept", "silent", KC_000, "mag u deze houden tot u hem wilt gebruiken", SILENT_RULING),
        F("key", "silent", "HAMNA PÅ CHANCE (CHANS) ELLER COMMUNITY CHEST (ALLMÄNNING)"),
        F("bottom", "fact", "Uit de gevangenis komen", "Leg de kaart onderaan de juiste stapel"),
        F("bottom", "fact", "Rondom het bord bewegen",
          "Zodra u die kaart gebruikt, moet hij terug naar de bodem van de stapel"))),
    Dispute("trade-mortgaged-interest", "trading", ("mortgage-transfer", "trade-mortgaged"),
            "mortgage_interest_percent", amounts=_station_interest),
    # --- Jail --------------------------------------------------------------------------
    Dispute("jail-pay-when", "jail", ("jail-pay",), "jail_pay_when", amounts=_fine),
    Dispute("jail-doubles-again", "jail", ("jail-doubles",), "jail_doubles_extra_roll"),
    # --- Mortgages ---------------------------------------------------------------------
    Dispute("interest-rounding", "mortgages", ("mortgage-rounding", "ruling-interest-rounding"),
            "interest_rounding", amounts=_utility_interest),
    # --- Bankruptcy and the end ----------------------------------------------------------
    Dispute("bankrupt-to-bank", "bankruptcy", ("bankrupt-bank", "ruling-bankrupt-mortgaged"),
            "bankrupt_bank_mortgages"),
    Dispute("bankrupt-to-player", "bankruptcy", ("bankrupt-player", "bankrupt-mortgaged"),
            "creditor_pays_interest", amounts=_interest_percent),
    Dispute("game-end", "bankruptcy", ("end-winner", "short-end", "timed-game"), "game_end"),
    # --- Speed die ---------------------------------------------------------------------
    Dispute("speed-bus", "speed", ("speed-die",), editions=SPEED, fixed=MappingProxyType({
        "nl-modern-speed": F("choose", "fact", "De zijden van de geluksdobbelsteen",
                             "Kies of je je pion verplaatst met de worp van één witte")})),
    Dispute("speed-mr-monopoly", "speed", ("speed-die",), editions=SPEED,
            fixed=MappingProxyType({
                "nl-modern-speed": F("next", "fact", "De zijden van de geluksdobbelsteen",
                                     "naar het eerstvolgende onverkochte vakje")})),
    Dispute("speed-triples", "speed", ("speed-die-triples", "ruling-speed-triples"),
            editions=SPEED, fixed=MappingProxyType({
                "nl-modern-speed": F("any-square", "ruling", "Aanvullende regels",
                                     ruling="ruling-speed-triples")})),
    # --- Card game ---------------------------------------------------------------------
    Dispute("card-set-values", "card-game", ("cards-scoring", "ruling-card-game-values"),
            "set_values", editions=("nl-card-game",)),
)

DISPUTES: Mapping[str, Dispute] = MappingProxyType({d.id: d for d in _ALL})
"""Every dispute by id, in page order (grouped by :data:`TOPICS`)."""


def value_of(edition: Edition, name: str) -> Value[Any]:
    """The :class:`Value` of parameter ``name`` in an edition (board rules or card game)."""
    record = edition.rules if edition.rules is not None else edition.card_game
    return getattr(record, name)


def answer_key(dispute: Dispute, value: object) -> str:
    """The message key of the answer for a parameter value.

    Booleans give ``.true``/``.false``, None ``.none``, numbers ``.value`` (the number is
    a placeholder), strings the value itself (``.before-roll``).
    """
    if value is None:
        suffix = "none"
    elif isinstance(value, bool):
        suffix = "true" if value else "false"
    elif isinstance(value, str):
        suffix = value
    else:
        suffix = "value"
    return f"dispute.{dispute.id}.{suffix}"


def basis_of(value: Value[Any]) -> Basis:
    """Rulebook fact, ruling, or a silence filled from the other editions."""
    ruling = value.source.ruling
    if ruling is None:
        return "fact"
    return "silent" if ruling == SILENT_RULING else "ruling"


def _param_row(dispute: Dispute, ed: Edition, house_rule: str | None = None) -> Row:
    value = value_of(ed, dispute.param)  # type: ignore[arg-type]
    params: dict[str, Any] = dict(dispute.amounts(ed)) if dispute.amounts else {}
    if isinstance(value.value, int) and not isinstance(value.value, bool):
        params["value"] = value.value
    basis: Basis = "house" if house_rule else basis_of(value)
    return Row(ed, answer_key(dispute, value.value), MappingProxyType(params), basis,
               value.source, house_rule, dispute.param)


def _modes(edition_id: str) -> tuple[Edition, ...]:
    return tuple(e for e in EDITIONS.values() if e.base == edition_id and e.rules is not None)


def rows(dispute: Dispute, editions: Mapping[str, Edition] | None = None) -> tuple[Row, ...]:
    """Every edition's answer to ``dispute``, in the order the page shows them.

    ``editions`` replaces the engine's editions (a test passes changed copies).
    """
    table = EDITIONS if editions is None else editions
    out: list[Row] = []
    for eid in dispute.editions:
        ed = table[eid]
        if dispute.param is None:
            fx = dispute.fixed[eid]
            params = dict(dispute.amounts(ed)) if dispute.amounts else {}
            out.append(Row(ed, f"dispute.{dispute.id}.{fx.answer}", MappingProxyType(params),
                           fx.basis, Source(ed.source, fx.section, fx.ruling, fx.evidence)))
            continue
        row = _param_row(dispute, ed)
        out.append(row)
        for mode in _modes(eid):
            mode = table.get(mode.id, mode)
            other = _param_row(dispute, mode)
            if (other.key, dict(other.params)) != (row.key, dict(row.params)):
                out.append(other)
        if dispute.house_rule and eid == "nl-2001":
            house = Edition(ed.id, ed.source, ed.language, ed.board,
                            with_house_rules(ed.rules, [dispute.house_rule]), base=ed.base,
                            mode=ed.mode)
            out.append(_param_row(dispute, house, dispute.house_rule))
    return tuple(out)


def keys() -> tuple[str, ...]:
    """Every message key the disputes can ask for (questions, queries, all answers)."""
    out: list[str] = []
    for d in DISPUTES.values():
        out += [f"dispute.{d.id}.q", f"dispute.{d.id}.asked"]
        if d.param is None:
            out += sorted({f"dispute.{d.id}.{fx.answer}" for fx in d.fixed.values()})
            continue
        choices = dict((n, c) for n, _, c in parameters()).get(d.param)
        values: set[str] = set()
        if choices:
            values = {answer_key(d, v) for v in choices}
        for r in rows(d):
            values.add(r.key)
        out += sorted(values)
    return tuple(dict.fromkeys(out))


def _check() -> None:
    """Fail at import on a dispute that names an unknown clause, parameter or edition."""
    names = {n for n, _, _ in parameters()} | {"set_values"}
    problems = []
    for d in _ALL:
        if d.topic not in TOPICS:
            problems.append(f"{d.id}: unknown topic {d.topic!r}")
        if not d.clauses or any(c not in CLAUSES for c in d.clauses):
            problems.append(f"{d.id}: links no clause or an unknown one {d.clauses}")
        if any(e not in EDITIONS for e in d.editions):
            problems.append(f"{d.id}: unknown edition in {d.editions}")
        if d.param is not None and d.param not in names:
            problems.append(f"{d.id}: unknown edition parameter {d.param!r}")
        if d.param is None and set(d.fixed) != set(d.editions):
            problems.append(f"{d.id}: needs one Fixed answer per edition shown")
        if d.id in CLAUSES:
            problems.append(f"{d.id}: a dispute id must not be a clause id")
    if len(DISPUTES) != len(_ALL):
        problems.append("dispute ids must be unique")
    if problems:
        raise ValueError("hooks/render/disputes.py: " + "; ".join(problems))


_check()
