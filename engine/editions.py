"""Editions (rulesets) as data: every rule point a named parameter with its source.

An :class:`Edition` bundles a board and a :class:`Rules` record. Every field of
``Rules`` is a :class:`~engine.sources.Value`: the value plus the rulebook file
and section it comes from, or the ruling clause that decides it where the
source is silent or contradicts itself. Each field also names, in its
metadata, the clause it belongs to and the values it may take, so the site's
edition matrix and the per-clause edition notes are generated from here.

Editions are found by id, like python-chess variants:

>>> edition("nl-2001").rules.mortgaged_group_rent.value
'none'
>>> edition("nordic-2005").rules.mortgaged_group_rent.value
'double'
>>> edition("nl-2001-short").rules.houses_before_hotel.value
3
>>> edition("xx")
Traceback (most recent call last):
...
engine.errors.EngineError: error.unknown_edition {'edition': 'xx'}
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from types import MappingProxyType
from typing import Any, Mapping

from .boards import ATLANTIC_CITY, DUTCH, Board
from .errors import EngineError
from .sources import Source, Value, fact, ruled
from .validate import show


def _p(clause: str, choices: tuple[Any, ...] | None = None) -> Any:
    """Field metadata: the clause a parameter belongs to and its allowed values."""
    return field(metadata={"clause": clause, "choices": choices})


@dataclass(frozen=True)
class Rules:
    """Every rule point on which the editions may differ (see edition-differences.md)."""

    # Setup
    start_money: Value[int] = _p("setup-money")
    min_players: Value[int] = _p("setup-players")
    max_players: Value[int] = _p("setup-players")
    bank_never_bankrupt: Value[bool] = _p("setup-bank", (True, False))
    houses_in_bank: Value[int] = _p("setup-buildings")
    hotels_in_bank: Value[int] = _p("setup-buildings")
    # Moving
    go_salary: Value[int] = _p("turn-go-salary")
    doubles_to_jail: Value[int] = _p("turn-three-doubles")
    third_double_moves: Value[bool] = _p("turn-three-doubles", (True, False))
    go_twice_per_turn: Value[bool] = _p("turn-go-twice", (True, False))
    # Buying and auctions
    decliner_may_bid: Value[bool] = _p("buy-auction-decliner", (True, False))
    auction_opening: Value[str] = _p("buy-auction-opening", ("any-offer", "banker-10"))
    # Rent
    rent_claim_deadline: Value[str] = _p(
        "rent-claim", ("before-next-roll", "owner-watches", "before-second-next-roll"))
    set_double_rent: Value[bool] = _p("rent-set-double", (True, False))
    mortgaged_group_rent: Value[str] = _p("rent-mortgaged-group", ("none", "double", "others-keep"))
    partly_built_double: Value[bool] = _p("rent-partly-built", (True, False))
    station_rents: Value[tuple[int, ...]] = _p("rent-station")
    mortgaged_count_for_set: Value[bool] = _p("rent-station", (True, False))
    utility_multipliers: Value[tuple[int, int]] = _p("rent-utility")
    utility_dice: Value[str] = _p("rent-utility", ("arrival-roll", "reroll"))
    utility_dice_by_card: Value[str] = _p("rent-utility-card", ("reroll", "arrival-roll", "card-10x"))
    station_card_double: Value[bool] = _p("rent-card-arrival", (True, False))
    owner_in_jail_collects: Value[bool] = _p("rent-owner-in-jail", (True, False))
    # Squares
    card_mode: Value[str] = _p("cards-draw", ("deck", "three-dice-task"))
    income_tax: Value[int] = _p("tax-income")
    income_tax_percent: Value[int | None] = _p("tax-income-percent")
    free_parking: Value[str] = _p("free-parking", ("nothing", "pot"))
    # Jail
    jail_fine: Value[int] = _p("jail-pay")
    jail_max_turns: Value[int] = _p("jail-doubles")
    jail_pay_when: Value[str] = _p("jail-pay", ("before-roll", "any-time-then-next-turn"))
    jail_doubles_extra_roll: Value[bool] = _p("jail-doubles", (True, False))
    jail_third_failure: Value[str] = _p("jail-third-failure", ("pay-then-move",))
    jail_card_buyable: Value[bool] = _p("jail-card", (True, False))
    jailed_may_deal: Value[bool] = _p("jail-rights", (True, False))
    # Building
    build_when: Value[str] = _p("build-when", ("any-time", "own-turn"))
    even_building: Value[bool] = _p("build-even", (True, False))
    houses_before_hotel: Value[int] = _p("build-hotel")
    shortage_opening: Value[str] = _p(
        "build-shortage", ("lowest-deed-price", "banker-10", "any-offer"))
    hotel_sale: Value[str] = _p("build-sell-hotel", ("half-hotel-and-houses", "needs-bank-houses"))
    # Trading, mortgages, bankruptcy
    trade_built_groups: Value[bool] = _p("trade-property", (True, False))
    debt_in_property: Value[bool] = _p("trade-debt-property", (True, False))
    mortgage_scope: Value[str] = _p("mortgage-buildings", ("lot", "group"))
    mortgage_interest_percent: Value[int] = _p("mortgage-lift")
    interest_rounding: Value[str] = _p("mortgage-rounding", ("up", "exact", "half-up", "up-to-10"))
    bankrupt_bank_mortgages: Value[str] = _p("bankrupt-bank", ("auctioned", "lapse"))
    creditor_pays_interest: Value[bool] = _p("bankrupt-mortgaged", (True, False))
    # Shorter games
    game_end: Value[str] = _p("end-winner", ("last-player", "second-bankruptcy",
                                             "first-bankruptcy", "time-up"))
    score_mortgaged: Value[str] = _p("short-score", ("half-price", "mortgage-value"))
    score_hotel: Value[str] = _p("short-score", ("hotel-price-plus-houses", "four-houses"))
    deal_deeds: Value[int] = _p("short-setup")
    # Speed die
    speed_die: Value[bool] = _p("speed-die", (True, False))
    # House rules (toggles a request may switch on)
    auction_every_sale: Value[bool] = _p("house-auction-all", (True, False))


@dataclass(frozen=True)
class CardGameRules:
    """The card game (004): its own, much smaller rule set."""

    target: Value[int] = _p("cards-goal")
    min_players: Value[int] = _p("cards-goal")
    max_players: Value[int] = _p("cards-goal")
    hand_size_to_go_out: Value[int] = _p("cards-going-out")
    extra_cards_first_out: Value[int] = _p("cards-going-out")
    token_multiplier: Value[int] = _p("cards-scoring")
    house_adds_set_value: Value[bool] = _p("cards-scoring", (True, False))
    set_values: Value[None] = _p("cards-scoring")
    hotel_value: Value[None] = _p("cards-scoring")


@dataclass(frozen=True)
class Edition:
    """A ruleset with a stable id (``nl-2001``), its board and its rules."""

    id: str
    source: str  # rulebook file number, "000" .. "004"
    language: str
    board: Board | None
    rules: Rules | None
    card_game: CardGameRules | None = None
    base: str | None = None  # the edition this mode or variant derives from
    mode: str = "standard"  # standard, short, timed, speed, card-game

    @property
    def currency(self) -> str:
        return self.board.currency if self.board else "EUR"


# --- nl-2001: Hasbro Netherlands 2001 rulebook (source 000) -----------------
S = "000"
NL_2001 = Rules(
    start_money=fact(1500, S, "4. De bankier en de bank"),
    min_players=ruled(2, "ruling-silent-sources", S, "HET SPEL"),
    max_players=ruled(8, "ruling-silent-sources", S, "4. De bankier en de bank"),
    bank_never_bankrupt=fact(True, S, "4. De bankier en de bank"),
    houses_in_bank=fact(32, S, "Tekort aan huizen en hotels"),
    hotels_in_bank=fact(12, S, "Tekort aan huizen en hotels"),
    go_salary=fact(200, S, "E 200 salaris innen"),
    doubles_to_jail=fact(3, S, "Dubbel gooien"),
    third_double_moves=ruled(False, "ruling-third-double-move", S, "Dubbel gooien"),
    go_twice_per_turn=fact(True, S, "\u201cSTART\u201d passeren"),
    decliner_may_bid=fact(True, S, "Grond kopen"),
    auction_opening=fact("any-offer", S, "Grond kopen"),
    rent_claim_deadline=fact("before-next-roll", S, "Huur"),
    set_double_rent=fact(True, S, "Huur"),
    mortgaged_group_rent=fact("none", S, "Huur"),
    partly_built_double=fact(True, S, "Huizen"),
    station_rents=fact((25, 50, 100, 200), S, "Stations"),
    mortgaged_count_for_set=ruled(True, "ruling-mortgaged-group-rent", S, "Stations"),
    utility_multipliers=fact((4, 10), S, "Nutsbedrijven"),
    utility_dice=fact("arrival-roll", S, "Nutsbedrijven"),
    utility_dice_by_card=fact("reroll", S, "Nutsbedrijven"),
    station_card_double=fact(False, S, "\u201cKans\u201d en \u201cAlgemeen Fonds\u201d"),
    owner_in_jail_collects=fact(True, S, "Gevangenis"),
    card_mode=fact("deck", S, "\u201cKans\u201d en \u201cAlgemeen Fonds\u201d"),
    income_tax=fact(200, S, "Belastingen"),
    income_tax_percent=fact(None, S, "Belastingen"),
    free_parking=fact("nothing", S, "Vrij parkeren"),
    jail_fine=fact(50, S, "Gevangenis"),
    jail_max_turns=fact(3, S, "Gevangenis"),
    jail_pay_when=ruled("any-time-then-next-turn", "ruling-silent-sources", S, "Gevangenis"),
    jail_doubles_extra_roll=ruled(False, "ruling-silent-sources", S, "Gevangenis"),
    jail_third_failure=fact("pay-then-move", S, "Gevangenis"),
    jail_card_buyable=fact(True, S, "Gevangenis"),
    jailed_may_deal=fact(True, S, "Gevangenis"),
    build_when=fact("any-time", S, "Huizen"),
    even_building=fact(True, S, "Huizen"),
    houses_before_hotel=fact(4, S, "Hotels"),
    shortage_opening=fact("lowest-deed-price", S, "Tekort aan huizen en hotels"),
    hotel_sale=fact("half-hotel-and-houses", S, "Grond verkopen"),
    trade_built_groups=fact(False, S, "Grond verkopen"),
    debt_in_property=fact(True, S, "Opmerkingen"),
    mortgage_scope=ruled("group", "ruling-mortgage-scope", S, "Hypotheek"),
    mortgage_interest_percent=fact(10, S, "Hypotheek"),
    interest_rounding=ruled("up", "ruling-interest-rounding", S, "Hypotheek"),
    bankrupt_bank_mortgages=ruled("lapse", "ruling-bankrupt-mortgaged", S, "Faillissement"),
    creditor_pays_interest=fact(True, S, "Faillissement"),
    game_end=fact("last-player", S, "De winnaar"),
    score_mortgaged=fact("half-price", S, "SPELREGELS VOOR EEN KORT SPEL"),
    score_hotel=fact("hotel-price-plus-houses", S, "SPELREGELS VOOR EEN KORT SPEL"),
    deal_deeds=fact(0, S, "HET SPEL"),
    speed_die=fact(False, S, "HET SPEL"),
    auction_every_sale=fact(False, S, "varianten"),
)

NL_2001_SHORT = replace(
    NL_2001,
    houses_before_hotel=fact(3, S, "SPELREGELS VOOR EEN KORT SPEL"),
    game_end=fact("second-bankruptcy", S, "SPELREGELS VOOR EEN KORT SPEL"),
    deal_deeds=fact(2, S, "SPELREGELS VOOR EEN KORT SPEL"),
)
NL_2001_TIMED = replace(
    NL_2001,
    game_end=fact("time-up", S, "SPEL MET BEPERKTE SPEELTIJD"),
    deal_deeds=fact(2, S, "SPEL MET BEPERKTE SPEELTIJD"),
    score_mortgaged=ruled("half-price", "ruling-timed-valuation", S, "SPEL MET BEPERKTE SPEELTIJD"),
    score_hotel=ruled("hotel-price-plus-houses", "ruling-timed-valuation", S,
                      "SPEL MET BEPERKTE SPEELTIJD"),
)

# --- nordic-2005: Games to Go travel edition, SV/DA/NO (source 001) ----------
S = "001"
NORDIC_2005 = replace(
    NL_2001,
    start_money=fact(1500, S, "BANKEN"),
    min_players=ruled(2, "ruling-silent-sources", S, "Innehåll"),
    max_players=fact(6, S, "Innehåll"),
    bank_never_bankrupt=fact(True, S, "BANKEN"),
    houses_in_bank=fact(32, S, "Innehåll"),
    hotels_in_bank=fact(12, S, "Innehåll"),
    go_salary=fact(200, S, "PASSERA GO (GÅ)"),
    doubles_to_jail=fact(3, S, "DUBBELSLAG"),
    third_double_moves=ruled(False, "ruling-third-double-move", S, "DUBBELSLAG"),
    go_twice_per_turn=ruled(True, "ruling-go-twice", S, "PASSERA GO (GÅ)"),
    decliner_may_bid=ruled(True, "ruling-decliner-bids", S, "HAMNA PÅ STATLIGA VERK"),
    auction_opening=ruled("any-offer", "ruling-auction-opening", S, "HAMNA PÅ EN LEDIG EGENDOM"),
    rent_claim_deadline=fact("owner-watches", S, "BEMÆRKNINGER TIL SPILLET"),
    set_double_rent=fact(True, S, "HAMNA PÅ EN ÄGD EGENDOM"),
    mortgaged_group_rent=fact("double", S, "HAMNA PÅ EN ÄGD EGENDOM"),
    partly_built_double=ruled(True, "ruling-partly-built", S, "HAMNA PÅ EN ÄGD EGENDOM"),
    station_rents=fact((25, 50, 100, 200), S, "HAMNA PÅ TÅGSTATIONER"),
    mortgaged_count_for_set=ruled(True, "ruling-mortgaged-group-rent", S, "HAMNA PÅ TÅGSTATIONER"),
    utility_multipliers=fact((4, 10), S, "HAMNA PÅ STATLIGA VERK"),
    utility_dice=fact("arrival-roll", S, "HAMNA PÅ STATLIGA VERK"),
    utility_dice_by_card=ruled("arrival-roll", "ruling-utility-dice", S, "HAMNA PÅ STATLIGA VERK"),
    station_card_double=fact(False, S, "HAMNA PÅ CHANCE (CHANS)"),
    owner_in_jail_collects=fact(True, S, "FÄNGELSE"),
    card_mode=fact("three-dice-task", S, "HAMNA PÅ CHANCE (CHANS) ELLER COMMUNITY CHEST (ALLMÄNNING)"),
    income_tax=fact(200, S, "FLYTTA RUNT SPELPLANEN"),
    income_tax_percent=fact(None, S, "FLYTTA RUNT SPELPLANEN"),
    free_parking=fact("nothing", S, "FREE PARKING (FRI PARKERING)"),
    jail_fine=fact(50, S, "FÄNGELSE"),
    jail_max_turns=fact(3, S, "FÄNGELSE"),
    jail_pay_when=ruled("any-time-then-next-turn", "ruling-silent-sources", S, "FÄNGELSE"),
    jail_doubles_extra_roll=ruled(False, "ruling-silent-sources", S, "FÄNGELSE"),
    jail_third_failure=fact("pay-then-move", S, "FÄNGELSE"),
    jail_card_buyable=fact(True, S, "FÄNGELSE"),
    jailed_may_deal=fact(True, S, "FÄNGELSE"),
    build_when=fact("own-turn", S, "HUS"),
    even_building=fact(True, S, "HUS"),
    houses_before_hotel=fact(4, S, "HOTELL"),
    shortage_opening=ruled("lowest-deed-price", "ruling-shortage-opening", S, "HUS"),
    hotel_sale=fact("half-hotel-and-houses", S, "SÄLJA EGENDOM"),
    trade_built_groups=fact(False, S, "SÄLJA EGENDOM"),
    debt_in_property=fact(True, S, "BEMÆRKNINGER TIL SPILLET"),
    mortgage_scope=fact("group", S, "INTECKNINGAR"),
    mortgage_interest_percent=fact(10, S, "INTECKNINGAR"),
    interest_rounding=ruled("up", "ruling-interest-rounding", S, "INTECKNINGAR"),
    bankrupt_bank_mortgages=ruled("lapse", "ruling-bankrupt-mortgaged", S, "KONKURS"),
    creditor_pays_interest=fact(True, S, "KONKURS"),
    game_end=fact("last-player", S, "SÅ HÄR VINNER DU"),
    score_mortgaged=ruled("mortgage-value", "ruling-timed-valuation", S, "SÅ HÄR VINNER DU"),
    score_hotel=ruled("hotel-price-plus-houses", "ruling-timed-valuation", S, "SÅ HÄR VINNER DU"),
    deal_deeds=fact(0, S, "FÖRBEREDELSER"),
    speed_die=fact(False, S, "Innehåll"),
    auction_every_sale=fact(False, S, "HAMNA PÅ EN LEDIG EGENDOM"),
)

# --- nl-modern: modern Dutch rules after the official Hasbro rules (002) -------
S = "002"
NL_MODERN = replace(
    NL_2001,
    start_money=fact(1500, S, "Voorbereiding"),
    min_players=fact(2, S, "Doel van het spel"),
    max_players=fact(6, S, "Doel van het spel"),
    bank_never_bankrupt=ruled(True, "ruling-silent-sources", S, "Voorbereiding"),
    houses_in_bank=ruled(32, "ruling-silent-sources", S, "Bouwen"),
    hotels_in_bank=ruled(12, "ruling-silent-sources", S, "Bouwen"),
    go_salary=fact(200, S, "START"),
    doubles_to_jail=fact(3, S, "Een beurt"),
    third_double_moves=fact(False, S, "Een beurt"),
    go_twice_per_turn=ruled(True, "ruling-go-twice", S, "START"),
    decliner_may_bid=fact(True, S, "Veilingen"),
    auction_opening=fact("banker-10", S, "Veilingen"),
    rent_claim_deadline=fact("before-second-next-roll", S, "Straten"),
    set_double_rent=fact(True, S, "Straten"),
    mortgaged_group_rent=fact("others-keep", S, "Een hypotheek nemen"),
    partly_built_double=ruled(True, "ruling-partly-built", S, "Straten"),
    station_rents=fact((25, 50, 100, 200), S, "Stations"),
    mortgaged_count_for_set=fact(True, S, "Een hypotheek nemen"),
    utility_multipliers=fact((4, 10), S, "Nutsbedrijven"),
    utility_dice=fact("reroll", S, "Nutsbedrijven"),
    utility_dice_by_card=fact("reroll", S, "Nutsbedrijven"),
    station_card_double=fact(False, S, "Kans en Algemeen Fonds"),
    owner_in_jail_collects=fact(True, S, "Naar de gevangenis"),
    card_mode=fact("deck", S, "Kans en Algemeen Fonds"),
    income_tax=fact(200, S, "Inkomstenbelasting en Extra belasting"),
    income_tax_percent=fact(None, S, "Inkomstenbelasting en Extra belasting"),
    free_parking=fact("nothing", S, "Vrij Parkeren"),
    jail_fine=fact(50, S, "Uit de gevangenis komen"),
    jail_max_turns=fact(3, S, "Uit de gevangenis komen"),
    jail_pay_when=fact("before-roll", S, "Uit de gevangenis komen"),
    jail_doubles_extra_roll=fact(False, S, "Uit de gevangenis komen"),
    jail_third_failure=fact("pay-then-move", S, "Uit de gevangenis komen"),
    jail_card_buyable=fact(True, S, "Uit de gevangenis komen"),
    jailed_may_deal=fact(True, S, "Naar de gevangenis"),
    build_when=fact("any-time", S, "Bouwen"),
    even_building=fact(True, S, "Bouwen"),
    houses_before_hotel=fact(4, S, "Bouwen"),
    shortage_opening=fact("banker-10", S, "Bouwen"),
    hotel_sale=fact("half-hotel-and-houses", S, "Bouwen"),
    trade_built_groups=ruled(False, "ruling-silent-sources", S, "Handelen"),
    debt_in_property=ruled(True, "ruling-silent-sources", S, "Faillissement"),
    mortgage_scope=fact("group", S, "Een hypotheek nemen"),
    mortgage_interest_percent=fact(10, S, "Een hypotheek nemen"),
    interest_rounding=ruled("up", "ruling-interest-rounding", S, "Een hypotheek nemen"),
    bankrupt_bank_mortgages=fact("lapse", S, "Faillissement"),
    creditor_pays_interest=fact(True, S, "Faillissement"),
    game_end=fact("last-player", S, "Doel van het spel"),
    score_mortgaged=ruled("mortgage-value", "ruling-timed-valuation", S, "Einde van het spel"),
    score_hotel=ruled("hotel-price-plus-houses", "ruling-timed-valuation", S, "Einde van het spel"),
    deal_deeds=fact(0, S, "Voorbereiding"),
    speed_die=fact(False, S, "Voorbereiding"),
    auction_every_sale=fact(False, S, "Veilingen"),
)
NL_MODERN_SPEED = replace(
    NL_MODERN,
    start_money=fact(2500, S, "Voor gevorderden: de geluksdobbelsteen"),
    speed_die=fact(True, S, "Voor gevorderden: de geluksdobbelsteen"),
)

# --- classic-us: encyclopedia summary of the classic US rules (003) ----------
S = "003"
CLASSIC_US = replace(
    NORDIC_2005,
    start_money=fact(1500, S, "Het spel instellen"),
    min_players=fact(2, S, "Monopoly"),
    max_players=fact(8, S, "Monopoly"),
    bank_never_bankrupt=ruled(True, "ruling-silent-sources", S, "Het spel instellen"),
    houses_in_bank=fact(32, S, "Bouwen en handelen"),
    hotels_in_bank=fact(12, S, "Bouwen en handelen"),
    go_salary=fact(200, S, "Rondom het bord bewegen"),
    doubles_to_jail=fact(3, S, "Rondom het bord bewegen"),
    third_double_moves=ruled(False, "ruling-third-double-move", S, "Rondom het bord bewegen"),
    go_twice_per_turn=ruled(True, "ruling-go-twice", S, "Rondom het bord bewegen"),
    decliner_may_bid=fact(True, S, "Regels"),
    auction_opening=ruled("any-offer", "ruling-auction-opening", S, "Regels"),
    rent_claim_deadline=ruled("before-next-roll", "ruling-rent-deadline", S, "Regels"),
    set_double_rent=ruled(True, "ruling-silent-sources", S, "Regels"),
    mortgaged_group_rent=ruled("others-keep", "ruling-mortgaged-group-rent", S, "Bouwen en handelen"),
    partly_built_double=ruled(True, "ruling-partly-built", S, "Regels"),
    station_rents=fact((25, 50, 100, 200), S, "Regels"),
    mortgaged_count_for_set=ruled(True, "ruling-mortgaged-group-rent", S, "Bouwen en handelen"),
    utility_multipliers=fact((4, 10), S, "Regels"),
    utility_dice=fact("arrival-roll", S, "Regels"),
    utility_dice_by_card=ruled("card-10x", "ruling-utility-dice", S, "Regels"),
    station_card_double=ruled(True, "ruling-silent-sources", S, "Regels"),
    owner_in_jail_collects=ruled(True, "ruling-jailed-nothing", S, "Gevangenis"),
    card_mode=fact("deck", S, "Regels"),
    income_tax=fact(200, S, "Inkomstenbelasting"),
    income_tax_percent=fact(10, S, "Inkomstenbelasting"),
    free_parking=fact("nothing", S, "Free Parking"),
    jail_fine=fact(50, S, "Gevangenis"),
    jail_max_turns=fact(3, S, "Gevangenis"),
    jail_pay_when=ruled("before-roll", "ruling-silent-sources", S, "Gevangenis"),
    jail_doubles_extra_roll=fact(False, S, "Gevangenis"),
    jail_third_failure=fact("pay-then-move", S, "Gevangenis"),
    jail_card_buyable=ruled(True, "ruling-silent-sources", S, "Gevangenis"),
    jailed_may_deal=ruled(True, "ruling-jailed-nothing", S, "Gevangenis"),
    build_when=ruled("any-time", "ruling-build-outside-turn", S, "Bouwen en handelen"),
    even_building=fact(True, S, "Bouwen en handelen"),
    houses_before_hotel=fact(4, S, "Bouwen en handelen"),
    shortage_opening=ruled("any-offer", "ruling-shortage-opening", S, "Bouwen en handelen"),
    hotel_sale=fact("needs-bank-houses", S, "Bouwen en handelen"),
    trade_built_groups=ruled(False, "ruling-silent-sources", S, "Bouwen en handelen"),
    debt_in_property=ruled(True, "ruling-silent-sources", S, "Einde van het spel"),
    mortgage_scope=fact("lot", S, "Bouwen en handelen"),
    mortgage_interest_percent=fact(10, S, "Bouwen en handelen"),
    interest_rounding=ruled("up", "ruling-interest-rounding", S, "Bouwen en handelen"),
    bankrupt_bank_mortgages=ruled("lapse", "ruling-bankrupt-mortgaged", S, "Einde van het spel"),
    creditor_pays_interest=ruled(True, "ruling-bankrupt-mortgaged", S, "Einde van het spel"),
    game_end=fact("last-player", S, "Einde van het spel"),
    score_mortgaged=fact("mortgage-value", S, "Einde van het spel"),
    score_hotel=ruled("hotel-price-plus-houses", "ruling-short-hotel-value", S, "Einde van het spel"),
    deal_deeds=fact(0, S, "Het spel instellen"),
    speed_die=fact(False, S, "Het spel instellen"),
    auction_every_sale=fact(False, S, "Regels"),
)
CLASSIC_US_SHORT = replace(
    CLASSIC_US,
    game_end=fact("first-bankruptcy", S, "Einde van het spel"),
    deal_deeds=ruled(0, "ruling-short-end", S, "Einde van het spel"),
)

# --- nl-card-game: Monopoly Het Kaartspel (004) -------------------------------
S = "004"
CARD_GAME = CardGameRules(
    target=fact(10000, S, "Phil Orbanes MONOPOLY Het Kaartspel"),
    min_players=fact(2, S, "Voor 2-6 spelers"),
    max_players=fact(6, S, "Voor 2-6 spelers"),
    hand_size_to_go_out=fact(10, S, "Uitkomen"),
    extra_cards_first_out=fact(5, S, "Uitkomen"),
    token_multiplier=fact(2, S, "De Bankier betaalt"),
    house_adds_set_value=fact(True, S, "De Bankier betaalt"),
    set_values=ruled(None, "ruling-card-game-values", S, "De Bankier betaalt"),
    hotel_value=ruled(None, "ruling-card-game-values", S, "De Bankier betaalt"),
)

_ALL = (
    Edition("nl-2001", "000", "nl", DUTCH, NL_2001),
    Edition("nl-2001-short", "000", "nl", DUTCH, NL_2001_SHORT, base="nl-2001", mode="short"),
    Edition("nl-2001-timed", "000", "nl", DUTCH, NL_2001_TIMED, base="nl-2001", mode="timed"),
    Edition("nordic-2005", "001", "sv da nb", ATLANTIC_CITY, NORDIC_2005),
    Edition("nl-modern", "002", "nl", DUTCH, NL_MODERN),
    Edition("nl-modern-speed", "002", "nl", DUTCH, NL_MODERN_SPEED, base="nl-modern", mode="speed"),
    Edition("classic-us", "003", "nl", ATLANTIC_CITY, CLASSIC_US),
    Edition("classic-us-short", "003", "nl", ATLANTIC_CITY, CLASSIC_US_SHORT,
            base="classic-us", mode="short"),
    Edition("nl-card-game", "004", "nl", None, None, card_game=CARD_GAME, mode="card-game"),
)

EDITIONS: Mapping[str, Edition] = MappingProxyType({e.id: e for e in _ALL})
"""Every edition by id."""

MAIN_EDITIONS = ("nl-2001", "nordic-2005", "nl-modern", "classic-us")
"""The four full editions the site compares side by side."""

HOUSE_RULES = ("free-parking-pot", "auction-every-sale")
"""House rules of 000 ("varianten") that a request may switch on."""


def edition(edition_id: object) -> Edition:
    """The edition with this id, or ``error.unknown_edition``."""
    if isinstance(edition_id, str) and edition_id in EDITIONS:
        return EDITIONS[edition_id]
    raise EngineError("error.unknown_edition", field="edition",
                      edition=edition_id[:40] if isinstance(edition_id, str) else show(edition_id))


def board_edition(edition_id: object) -> Edition:
    """Like :func:`edition`, but only editions played on a board (not the card game)."""
    ed = edition(edition_id)
    if ed.rules is None or ed.board is None:
        raise EngineError("error.not_a_board_edition", field="edition", edition=ed.id)
    return ed


def with_house_rules(rules: Rules, house_rules: object) -> Rules:
    """The rules with the named house rules of 000 switched on."""
    if house_rules is None:
        return rules
    if not isinstance(house_rules, (list, tuple)):
        raise EngineError("error.not_a_list", field="house_rules", value=show(house_rules))
    if len(house_rules) > len(HOUSE_RULES):
        raise EngineError("error.list_length", field="house_rules", count=len(house_rules), min=0,
                          max=len(HOUSE_RULES))
    for i, name in enumerate(house_rules):
        if name not in HOUSE_RULES:
            raise EngineError("error.bad_choice", field=f"house_rules.{i}", value=show(name),
                              choices=", ".join(HOUSE_RULES))
    src = Source("000", "varianten")
    if "free-parking-pot" in house_rules:
        rules = replace(rules, free_parking=Value("pot", src))
    if "auction-every-sale" in house_rules:
        rules = replace(rules, auction_every_sale=Value(True, src))
    return rules


def parameters() -> tuple[tuple[str, str, tuple[Any, ...] | None], ...]:
    """Every edition parameter as (name, clause id, allowed values), in rule-book order.

    >>> ("mortgaged_group_rent", "rent-mortgaged-group", ("none", "double", "others-keep")) in parameters()
    True
    """
    return tuple((f.name, f.metadata["clause"], f.metadata["choices"]) for f in fields(Rules))
