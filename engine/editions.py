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

from .boards import ATLANTIC_CITY, DUTCH, NL_BOARD, US_BOARD, Board
from .clauses import EDITION_CLAUSES, MODE_CLAUSES
from .errors import EngineError
from .sources import Source, Value, deed, fact, ruled
from .validate import show


MONEY, PERCENT, TIMES = "money", "percent", "times"
"""What a numeric parameter counts (:func:`unit`): an amount in the edition's currency,
percentage points (10 is 10 %), or a factor (4 is 4 × the dice); other numbers count things
(players, houses, turns)."""


def _p(clause: str, choices: tuple[Any, ...] | None = None, unit: str | None = None) -> Any:
    """Field metadata: the clause a parameter belongs to, its allowed values, its unit."""
    return field(metadata={"clause": clause, "choices": choices, "unit": unit})


@dataclass(frozen=True)
class Rules:
    """Every rule point on which the editions may differ (see edition-differences.md)."""

    # Setup
    start_money: Value[int] = _p("setup-money", unit=MONEY)
    min_players: Value[int] = _p("setup-players")
    max_players: Value[int] = _p("setup-players")
    bank_never_bankrupt: Value[bool] = _p("setup-bank", (True, False))
    houses_in_bank: Value[int] = _p("setup-buildings")
    hotels_in_bank: Value[int] = _p("setup-buildings")
    # Moving
    go_salary: Value[int] = _p("turn-go-salary", unit=MONEY)
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
    station_rents: Value[tuple[int, ...]] = _p("rent-station", unit=MONEY)
    mortgaged_count_for_set: Value[bool] = _p("rent-station", (True, False))
    utility_multipliers: Value[tuple[int, int]] = _p("rent-utility", unit=TIMES)
    utility_dice: Value[str] = _p("rent-utility", ("arrival-roll", "reroll"))
    utility_dice_by_card: Value[str] = _p("rent-utility-card", ("reroll", "arrival-roll", "card-10x"))
    station_card_double: Value[bool] = _p("rent-card-arrival", (True, False))
    owner_in_jail_collects: Value[bool] = _p("rent-owner-in-jail", (True, False))
    # Squares
    card_mode: Value[str] = _p("cards-draw", ("deck", "three-dice-task"))
    income_tax: Value[int] = _p("tax-income", unit=MONEY)
    income_tax_percent: Value[int | None] = _p("tax-income-percent", unit=PERCENT)
    free_parking: Value[str] = _p("free-parking", ("nothing", "pot"))
    # Jail
    jail_fine: Value[int] = _p("jail-pay", unit=MONEY)
    jail_max_turns: Value[int] = _p("jail-doubles")
    jail_pay_when: Value[str] = _p("jail-pay", ("before-roll", "any-time-then-next-turn"))
    jail_doubles_extra_roll: Value[bool] = _p("jail-doubles", (True, False))
    jail_third_failure: Value[str] = _p("jail-third-failure", ("pay-then-move",))
    jail_card_after_third_roll: Value[bool] = _p("jail-third-failure", (True, False))
    jail_card_buyable: Value[bool] = _p("jail-card", (True, False))
    jailed_may_deal: Value[bool] = _p("jail-rights", (True, False))
    # Building
    build_when: Value[str] = _p("build-when", ("any-time", "own-turn"))
    build_unmortgaged_group: Value[bool] = _p("build-set", (True,))  # no building next to a mortgage
    even_building: Value[bool] = _p("build-even", (True, False))
    houses_before_hotel: Value[int] = _p("build-hotel")
    shortage_opening: Value[str] = _p(
        "build-shortage", ("lowest-deed-price", "banker-10", "any-offer"))
    hotel_sale: Value[str] = _p("build-sell-hotel", ("half-hotel-and-houses", "needs-bank-houses"))
    hotel_sale_price: Value[str] = _p("build-sell-hotel", ("half-deed-price",))  # the short game's words
    # Trading, mortgages, bankruptcy
    trade_built_groups: Value[bool] = _p("trade-property", (True, False))
    debt_in_property: Value[bool] = _p("trade-debt-property", (True, False))
    mortgage_scope: Value[str] = _p("mortgage-buildings", ("group",))
    handback_price: Value[str] = _p("mortgage-buildings", ("half-price",))  # buildings cleared first
    mortgage_interest_percent: Value[int] = _p("mortgage-lift", unit=PERCENT)
    interest_rounding: Value[str] = _p("mortgage-rounding", ("up",))  # the one ruling every edition has
    bankrupt_bank_mortgages: Value[str] = _p("bankrupt-bank", ("auctioned", "lapse"))
    creditor_pays_interest: Value[bool] = _p("bankrupt-mortgaged", (True, False))
    creditor_lift_interest: Value[str] = _p("bankrupt-mortgaged", ("once",))  # lifting at once
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
    max_sets: Value[int] = _p("cards-scoring")
    bonus_card_effects: Value[str] = _p("cards-scoring", ("not-counted",))
    tie_at_target: Value[str] = _p("cards-goal", ("shared",))


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


class _Book:
    """Shorthands for the values of one rulebook (``000`` ... ``004``): ``fact`` and ``ruled``."""

    def __init__(self, file: str) -> None:
        self.file = file

    def fact(self, value: Any, section: str, evidence: str) -> Value[Any]:
        return fact(value, self.file, section, evidence)

    def ruled(self, value: Any, ruling: str, section: str, evidence: str | None = None) -> Value[Any]:
        return ruled(value, ruling, self.file, section, evidence)


# Board and deed data (shared/reference/board.md): "the amount on the deed / on the square".
_COMMON = "Board and card facts"
_NL_BOARD = NL_BOARD
_US_BOARD = US_BOARD
_NL_DECKS = "Dutch Kans and Algemeen Fonds decks (guilder-era text; same amounts in the euro texts)"
_STATION_DEED = deed((25, 50, 100, 200), _COMMON, "rent 25/50/100/200 by number owned")
_UTILITY_DEED = deed((4, 10), _COMMON, "rent 4x or 10x the dice")
_NL_INCOME_TAX = deed(200, _NL_BOARD, "**Inkomstenbelasting** | – | pay **200**")
_US_INCOME_TAX = deed(200, _US_BOARD, "Income Tax | *tax* | pay 200")
_NL_NO_STATION_CARD = deed(False, _NL_DECKS, 'no "nearest railroad/utility" cards')

# --- nl-2001: Hasbro Netherlands 2001 rulebook (source 000) -----------------
_b = _Book("000")
NL_2001 = Rules(
    start_money=_b.fact(1500, "4. De bankier en de bank", "De bank geeft elke speler E 1500"),
    min_players=_b.ruled(2, "ruling-silent-sources", "HET SPEL"),
    max_players=_b.ruled(8, "ruling-silent-sources", "4. De bankier en de bank",
                         "Als er meer dan vijf spelers zijn"),
    bank_never_bankrupt=_b.fact(True, "4. De bankier en de bank", "De bank kan nooit"),
    # 000 only says the supply is limited; the count is what 001 and 003 give (issue 13, item 1)
    houses_in_bank=_b.ruled(32, "ruling-silent-sources", "Tekort aan huizen en hotels",
                            "beperkt aantal huizen of hotels"),
    hotels_in_bank=_b.ruled(12, "ruling-silent-sources", "Tekort aan huizen en hotels",
                            "beperkt aantal huizen of hotels"),
    go_salary=_b.fact(200, "\u201cSTART\u201d passeren", "ontvangt u E 200 salaris"),
    doubles_to_jail=_b.fact(3, "Dubbel gooien", "drie keer achter elkaar dubbel gooit"),
    third_double_moves=_b.ruled(False, "ruling-third-double-move", "Dubbel gooien"),
    go_twice_per_turn=_b.fact(True, "\u201cSTART\u201d passeren", "in één beurt twee keer E 200 verdienen"),
    decliner_may_bid=_b.fact(True, "Grond kopen", "De speler die afzag van zijn kooprecht mag ook meebieden"),
    auction_opening=_b.fact("any-offer", "Grond kopen",
                            "te beginnen bij een prijs die een van de spelers ervoor geven wil"),
    rent_claim_deadline=_b.fact("before-next-roll", "Huur",
                                "voordat de volgende speler de dobbelstenen gooit"),
    set_double_rent=_b.fact(True, "Huur", "de dubbele huur vragen"),
    mortgaged_group_rent=_b.fact("none", "Huur", "mag er geen dubbele huur geïnd worden"),
    partly_built_double=_b.fact(True, "Huizen", "mag u nog steeds dubbele huur vragen"),
    station_rents=_STATION_DEED,  # 000 «Stations»: "het op het eigendomsbewijs aangegeven bedrag"
    mortgaged_count_for_set=_b.ruled(True, "ruling-mortgaged-group-rent", "Stations"),
    utility_multipliers=_b.fact((4, 10), "Nutsbedrijven", "4 maal het aantal ogen"),
    utility_dice=_b.fact("arrival-roll", "Nutsbedrijven", "wat u zojuist gegooid heeft"),
    utility_dice_by_card=_b.fact("reroll", "Nutsbedrijven",
                                 "dan moet u de dobbelstenen gooien om de verschuldigde huur te bepalen"),
    station_card_double=_NL_NO_STATION_CARD,  # 000 lists no cards; the Dutch deck has no such card
    owner_in_jail_collects=_b.fact(True, "Gevangenis", "mogen gewoon huur innen"),
    card_mode=_b.fact("deck", "\u201cKans\u201d en \u201cAlgemeen Fonds\u201d",
                      "neemt de bovenste kaart van de betreffende stapel"),
    income_tax=_NL_INCOME_TAX,  # 000 «Belastingen»: "betaalt u het verschuldigde bedrag"
    income_tax_percent=deed(None, _NL_BOARD, "**Inkomstenbelasting** | – | pay **200**"),
    free_parking=_b.fact("nothing", "Vrij parkeren", "Er staan geen straffen op dit vakje"),
    jail_fine=_b.fact(50, "Gevangenis", "E 50 boete betalen"),
    jail_max_turns=_b.fact(3, "Gevangenis", "3 beurten in de gevangenis blijven wachten"),
    jail_pay_when=_b.ruled("any-time-then-next-turn", "ruling-silent-sources", "Gevangenis",
                           "E 50 boete betalen en bij uw volgende beurt verder spelen"),
    jail_doubles_extra_roll=_b.ruled(False, "ruling-silent-sources", "Gevangenis"),
    # 000 says pay before moving, not by which roll you move
    jail_third_failure=_b.ruled("pay-then-move", "ruling-third-failed-roll", "Gevangenis",
                                "E 50 boete betalen voordat u uw pion verplaatst"),
    # 000 names the fine after three turns, not whether an owned card may replace it (issue 23)
    jail_card_after_third_roll=_b.ruled(True, "ruling-card-after-third-roll", "Gevangenis",
                                        "Na drie beurten moet u de gevangenis verlaten"),
    jail_card_buyable=_b.fact(True, "Gevangenis", "van een andere speler kopen en gebruiken"),
    jailed_may_deal=_b.ruled(True, "ruling-jailed-may-deal", "Gevangenis", "mogen gewoon huur innen"),
    build_when=_b.fact("any-time", "Huizen", "U mag op elk moment van het spel kopen of verkopen"),
    build_unmortgaged_group=_b.fact(True, "Huizen", "In een stad mag niet gebouwd worden wanneer "
                                    "een van de straten met hypotheek bezwaard is"),
    even_building=_b.fact(True, "Huizen", "u moet uw grond gelijkmatig bebouwen"),
    houses_before_hotel=_b.fact(4, "Hotels", "moet eerst op elke straat van een stad vier huizen hebben"),
    shortage_opening=_b.fact("lowest-deed-price", "Tekort aan huizen en hotels",
                             "De bank begint bij de laagste prijs die op een eigendomsbewijs staat"),
    # 000 contradicts itself on the swap back to houses (issue 13, item 9): a ruling
    hotel_sale=_b.ruled("half-hotel-and-houses", "ruling-hotel-no-houses", "Tekort aan huizen en hotels",
                        "een hotel verkopen en door huizen vervangen wanneer er geen huizen beschikbaar zijn"),
    hotel_sale_price=_b.fact("half-deed-price", "Grond verkopen",
                             "Voor hotels betaalt de bank de helft van de prijs voor een hotel"),
    trade_built_groups=_b.fact(False, "Grond verkopen",
                               "dan mag er van die stad niets verkocht worden"),
    debt_in_property=_b.fact(True, "Opmerkingen", "zijn schuld (gedeeltelijk) voldoen in de vorm van bezit"),
    mortgage_scope=_b.ruled("group", "ruling-mortgage-scope", "Hypotheek",
                            "Verkoop eerst alle eventuele bebouwing"),
    handback_price=_b.fact("half-price", "Grond verkopen", "U verkoopt ze aan de bank voor de helft"),
    mortgage_interest_percent=_b.fact(10, "Hypotheek", "plus 10% hypotheekrente"),
    interest_rounding=_b.ruled("up", "ruling-interest-rounding", "Hypotheek"),
    bankrupt_bank_mortgages=_b.ruled("lapse", "ruling-bankrupt-mortgaged", "Faillissement"),
    creditor_pays_interest=_b.fact(True, "Faillissement", "De schuldeiser moet hiervoor direct 10% rente"),
    # 000 says pay 10% at once and choose; whether lifting at once adds another 10% it leaves open
    creditor_lift_interest=_b.ruled("once", "ruling-bankrupt-mortgaged", "Faillissement",
                                    "direct 10% rente betalen en kiezen"),
    game_end=_b.fact("last-player", "De winnaar", "De speler die als laatste overblijft"),
    # items 2 and 3 of the count, read literally, count a mortgaged lot twice
    score_mortgaged=_b.ruled("half-price", "ruling-short-score-count", "SPELREGELS VOOR EEN KORT SPEL",
                             "de helft van de op het bord aangegeven prijzen voor bezit dat"),
    score_hotel=_b.ruled("hotel-price-plus-houses", "ruling-short-hotel-value",
                         "SPELREGELS VOOR EEN KORT SPEL", "(= de prijs van vier huizen)"),
    deal_deeds=_b.fact(0, "4. De bankier en de bank", "beheert de bank ook de eigendomsbewijzen"),
    speed_die=_b.fact(False, "HET SPEL", "gooit u beide dobbelstenen"),
    auction_every_sale=_b.fact(False, "Grond kopen", "Als u besluit niet te kopen, moet de bank"),
)

NL_2001_SHORT = replace(
    NL_2001,
    houses_before_hotel=_b.fact(3, "SPELREGELS VOOR EEN KORT SPEL", "maar drie huizen (i.p.v. vier)"),
    # the same section prices a hotel "= de prijs van vier huizen" in the count: which price?
    hotel_sale_price=_b.ruled("half-deed-price", "ruling-short-hotel-sale", "SPELREGELS VOOR EEN KORT SPEL",
                              "Een hotel verkopen brengt de helft van de aankoopprijs op plus drie huizen"),
    game_end=_b.fact("second-bankruptcy", "SPELREGELS VOOR EEN KORT SPEL",
                     "zodra er een tweede speler failliet gaat, is het spel afgelopen"),
    deal_deeds=_b.fact(2, "SPELREGELS VOOR EEN KORT SPEL", "de bank deelt aan alle spelers twee kaartjes uit"),
)
NL_2001_TIMED = replace(
    NL_2001,
    game_end=_b.fact("time-up", "SPEL MET BEPERKTE SPEELTIJD", "een bepaalde speeltijd af"),
    deal_deeds=_b.fact(2, "SPEL MET BEPERKTE SPEELTIJD", "de bank geeft elke speler twee kaartjes"),
    score_mortgaged=_b.ruled("half-price", "ruling-timed-valuation", "SPEL MET BEPERKTE SPEELTIJD",
                             "het rijkste is"),
    score_hotel=_b.ruled("hotel-price-plus-houses", "ruling-timed-valuation",
                         "SPEL MET BEPERKTE SPEELTIJD", "het rijkste is"),
)

# --- nordic-2005: Games to Go travel edition, SV/DA/NO (source 001) ----------
_b = _Book("001")
NORDIC_2005 = replace(
    NL_2001,
    start_money=_b.fact(1500, "BANKEN", "Varje spelare erhåller $1 500"),
    min_players=_b.ruled(2, "ruling-silent-sources", "Innehåll"),
    # the box holds 6 tokens; the leaflet gives no player count (issue 13, item 6)
    max_players=_b.ruled(6, "ruling-silent-sources", "Innehåll", "6 spelpjäser i plast"),
    bank_never_bankrupt=_b.fact(True, "BANKEN", "Banken kan aldrig gå i konkurs"),
    houses_in_bank=_b.fact(32, "Innehåll", "32 hus och 12 hotell"),
    hotels_in_bank=_b.fact(12, "Innehåll", "32 hus och 12 hotell"),
    go_salary=_b.fact(200, "PASSERA GO (GÅ)", "får du $200 från banken"),
    doubles_to_jail=_b.fact(3, "DUBBELSLAG", "Om du slår lika tre gånger i rad"),
    third_double_moves=_b.ruled(False, "ruling-third-double-move", "DUBBELSLAG"),
    go_twice_per_turn=_b.ruled(True, "ruling-go-twice", "PASSERA GO (GÅ)"),
    decliner_may_bid=_b.ruled(True, "ruling-decliner-bids", "HAMNA PÅ STATLIGA VERK",
                              "Du kan också delta i budgivningen"),
    auction_opening=_b.ruled("any-offer", "ruling-auction-opening", "HAMNA PÅ EN LEDIG EGENDOM"),
    rent_claim_deadline=_b.fact("owner-watches", "BEMÆRKNINGER TIL SPILLET", "Du skal selv holde øje med"),
    set_double_rent=_b.fact(True, "HAMNA PÅ EN ÄGD EGENDOM", "dubbel hyra för obebyggda tomter inom gruppen"),
    # the Swedish text literally says double rent *if* a lot is mortgaged: a ruling reads it as "even if"
    mortgaged_group_rent=_b.ruled("double", "ruling-mortgaged-group-rent", "HAMNA PÅ EN ÄGD EGENDOM",
                                  "kan ta ut dubbel hyra om någon av tomterna är intecknad"),
    partly_built_double=_b.fact(True, "HAMNA PÅ EN ÄGD EGENDOM",
                                "dubbel hyra för obebyggda tomter inom gruppen"),
    station_rents=_STATION_DEED,  # 001: "det belopp som anges på lagfartskortet"
    mortgaged_count_for_set=_b.ruled(True, "ruling-mortgaged-group-rent", "HAMNA PÅ TÅGSTATIONER"),
    utility_multipliers=_b.fact((4, 10), "HAMNA PÅ STATLIGA VERK", "fyra gånger värdet på de slagna tärningarna"),
    utility_dice=_b.fact("arrival-roll", "HVIS EN SPILLER LANDER PÅ FORSYNINGSSELSKABER",
                         "den terningeværdi, du slog får at nå frem til feltet"),
    utility_dice_by_card=_b.ruled("arrival-roll", "ruling-utility-dice", "HAMNA PÅ STATLIGA VERK"),
    # the task lists are not in the text
    station_card_double=_b.ruled(False, "ruling-silent-sources",
                                 "HAMNA PÅ CHANCE (CHANS) ELLER COMMUNITY CHEST (ALLMÄNNING)",
                                 "läser du motsvarande chans eller allmänning på uppdragskorten"),
    owner_in_jail_collects=_b.fact(True, "FÄNGELSE", "När du sitter i fängelse kan du inkräva hyra"),
    card_mode=_b.fact("three-dice-task", "HAMNA PÅ CHANCE (CHANS) ELLER COMMUNITY CHEST (ALLMÄNNING)",
                      "kastar du tre tärningar"),
    income_tax=_US_INCOME_TAX,  # 001 only says "betala skatt"
    income_tax_percent=_b.ruled(None, "ruling-income-tax", "FLYTTA RUNT SPELPLANEN", "betala skatt"),
    free_parking=_b.fact("nothing", "FREE PARKING (FRI PARKERING)", "Du behöver inte betala något"),
    jail_fine=_b.fact(50, "FÄNGELSE", "betala böter på $50"),
    jail_max_turns=_b.fact(3, "FÄNGELSE", "slå lika någon av följande tre gånger"),
    jail_pay_when=_b.ruled("any-time-then-next-turn", "ruling-silent-sources", "FÄNGELSE"),
    jail_doubles_extra_roll=_b.ruled(False, "ruling-silent-sources", "FÄNGELSE"),
    jail_third_failure=_b.fact("pay-then-move", "FÄNGELSE",
                               "kan genast flytta framåt från fängelset så många steg som tärningarna visar"),
    # like 000: the leaflet names the fine after the third roll, not the key you may own (issue 23)
    jail_card_after_third_roll=_b.ruled(True, "ruling-card-after-third-roll", "FÄNGELSE",
                                        "När du har slagit tärningarna tre gånger måste du betala böter"),
    jail_card_buyable=_b.fact(True, "FÄNGELSE", "nyckel från en annan spelare till överenskommet pris"),
    jailed_may_deal=_b.ruled(True, "ruling-jailed-may-deal", "FÄNGELSE", "kan du inkräva hyra"),
    build_when=_b.fact("own-turn", "HUS", "När det är din tur kan du köpa och bygga"),
    build_unmortgaged_group=_b.fact(True, "HUS", "Du kan inte bygga hus om någon av tomterna i samma "
                                    "färggrupp är intecknad"),
    even_building=_b.fact(True, "HUS", "du måste bygga jämnt"),
    houses_before_hotel=_b.fact(4, "HOTELL", "fyra hus på varje tomt"),
    shortage_opening=_b.ruled("lowest-deed-price", "ruling-shortage-opening", "HUS"),
    hotel_sale=_b.fact("half-hotel-and-houses", "SÄLJA EGENDOM",
                       "För hotell betalar banken hälften av hotellpriset"),
    hotel_sale_price=_b.fact("half-deed-price", "SÄLJA EGENDOM",
                             "För hotell betalar banken hälften av hotellpriset"),
    trade_built_groups=_b.fact(False, "SÄLJA EGENDOM",
                               "förbjudet att sälja en tomt om det finns byggnader på någon av tomterna"),
    debt_in_property=_b.fact(True, "BEMÆRKNINGER TIL SPILLET", "delvist med kontanter og delvist med ejendom"),
    mortgage_scope=_b.fact("group", "INTECKNINGAR",
                           "lämna tillbaka alla byggnader på den och andra tomter i samma färggrupp"),
    # "hand back" to the bank, with no price: the half price of a sale is a ruling
    handback_price=_b.ruled("half-price", "ruling-handed-back", "INTECKNINGAR",
                            "lämna tillbaka alla byggnader"),
    mortgage_interest_percent=_b.fact(10, "INTECKNINGAR", "Räntan för inteckningar är 10 %"),
    interest_rounding=_b.ruled("up", "ruling-interest-rounding", "INTECKNINGAR"),
    bankrupt_bank_mortgages=_b.ruled("lapse", "ruling-bankrupt-mortgaged", "KONKURS"),
    creditor_pays_interest=_b.fact(True, "KONKURS", "som genast måste betala 10 %"),
    creditor_lift_interest=_b.ruled("once", "ruling-bankrupt-mortgaged", "KONKURS",
                                    "genast måste betala 10 % och sedan välja"),
    game_end=_b.fact("last-player", "SÅ HÄR VINNER DU", "Den spelare som är sist kvar vinner"),
    score_mortgaged=_b.ruled("mortgage-value", "ruling-timed-valuation", "SÅ HÄR VINNER DU"),
    score_hotel=_b.ruled("hotel-price-plus-houses", "ruling-timed-valuation", "SÅ HÄR VINNER DU"),
    deal_deeds=_b.fact(0, "HAMNA PÅ EN LEDIG EGENDOM", "kan du köpa den från banken"),
    speed_die=_b.fact(False, "FLYTTA RUNT SPELPLANEN", "Den första spelaren slår två tärningar"),
    auction_every_sale=_b.fact(False, "HAMNA PÅ EN LEDIG EGENDOM",
                               "Om du bestämmer dig för att inte köpa egendomen måste banken"),
)

# --- nl-modern: modern Dutch rules after the official Hasbro rules (002) -------
_b = _Book("002")
_TITLE_002 = "Monopoly – Spelregels en Speluitleg"
NL_MODERN = replace(
    NL_2001,
    start_money=_b.fact(1500, "Voorbereiding", "Geef elke speler 1500"),
    min_players=_b.fact(2, _TITLE_002, "voor twee tot zes spelers"),
    max_players=_b.fact(6, _TITLE_002, "voor twee tot zes spelers"),
    bank_never_bankrupt=_b.ruled(True, "ruling-silent-sources", "Voorbereiding"),
    houses_in_bank=_b.ruled(32, "ruling-silent-sources", "Beperkingen",
                            "Zijn er geen huizen of hotels meer in de bank"),
    hotels_in_bank=_b.ruled(12, "ruling-silent-sources", "Beperkingen",
                            "Zijn er geen huizen of hotels meer in de bank"),
    go_salary=_b.fact(200, "START", "ontvang je 200 van de bank"),
    doubles_to_jail=_b.fact(3, "Een beurt", "drie keer op rij dubbel"),
    third_double_moves=_b.fact(False, "Een beurt", "dan tel je die zet niet"),
    go_twice_per_turn=_b.ruled(True, "ruling-go-twice", "START", "Elke keer dat je pion op of langs START komt"),
    decliner_may_bid=_b.fact(True, "Veilingen", "de speler die het vakje niet wilde kopen"),
    auction_opening=_b.fact("banker-10", "Veilingen", "De bankier opent het bod op 10"),
    rent_claim_deadline=_b.fact("before-second-next-roll", "Straten",
                                "voordat de tweede speler na jou de dobbelstenen gooit"),
    set_double_rent=_b.fact(True, "Straten", "De huur verdubbelt dan voor straten zonder gebouwen"),
    mortgaged_group_rent=_b.fact("others-keep", "Een hypotheek nemen", "blijf je wel de verhoogde huur ontvangen"),
    partly_built_double=_b.fact(True, "Straten", "De huur verdubbelt dan voor straten zonder gebouwen"),
    station_rents=_b.fact((25, 50, 100, 200), "Stations",
                          "Bij één station betaal je 25, bij twee stations 50, bij drie stations 100 "
                          "en bij vier stations 200"),
    mortgaged_count_for_set=_b.fact(True, "Een hypotheek nemen", "Hetzelfde geldt voor stations en nutsbedrijven"),
    utility_multipliers=_b.fact((4, 10), "Nutsbedrijven", "vier keer het aantal ogen"),
    utility_dice=_b.fact("reroll", "Nutsbedrijven", "dan gooi je de dobbelstenen opnieuw om de huur te bepalen"),
    utility_dice_by_card=_b.fact("reroll", "Nutsbedrijven",
                                 "dan gooi je de dobbelstenen opnieuw om de huur te bepalen"),
    station_card_double=_NL_NO_STATION_CARD,  # 002 lists no cards; the Dutch deck has no such card
    owner_in_jail_collects=_b.fact(True, "Naar de gevangenis", "In de gevangenis mag je nog altijd huur ontvangen"),
    card_mode=_b.fact("deck", "Kans en Algemeen Fonds", "Pak de bovenste kaart van de bijbehorende stapel"),
    income_tax=_NL_INCOME_TAX,  # 002: "Betaal het bedrag dat op het vakje staat"
    income_tax_percent=_b.fact(None, "Inkomstenbelasting en Extra belasting",
                               "Betaal het bedrag dat op het vakje staat"),
    free_parking=_b.fact("nothing", "Vrij Parkeren", "Op dit vakje gebeurt niets"),
    jail_fine=_b.fact(50, "Uit de gevangenis komen", "Betaal aan het begin van je volgende beurt 50"),
    jail_max_turns=_b.fact(3, "Uit de gevangenis komen", "Je hebt maximaal drie beurten"),
    jail_pay_when=_b.fact("before-roll", "Uit de gevangenis komen",
                          "Betaal aan het begin van je volgende beurt 50 aan de bank. Gooi daarna"),
    jail_doubles_extra_roll=_b.fact(False, "Uit de gevangenis komen", "Je gooit hierna niet nog eens"),
    jail_third_failure=_b.fact("pay-then-move", "Uit de gevangenis komen",
                               "dan betaal je 50 en gebruik je die laatste worp"),
    # 002 uses the card at the start of the turn, before the roll; after a failed third roll you pay
    jail_card_after_third_roll=_b.fact(False, "Uit de gevangenis komen",
                                       "Lukt het bij de derde poging niet, dan betaal je 50"),
    jail_card_buyable=_b.fact(True, "Uit de gevangenis komen", "mag je ook van een andere speler kopen"),
    jailed_may_deal=_b.fact(True, "Naar de gevangenis", "hypotheken nemen en handelen met andere spelers"),
    build_when=_b.fact("any-time", "Huizen", "Dat mag op elk moment, ook buiten je beurt"),
    build_unmortgaged_group=_b.fact(True, "Beperkingen", "Je mag niet bouwen in een kleurgroep waarvan "
                                    "één van de straten een hypotheek heeft"),
    even_building=_b.fact(True, "Huizen", "Je bouwt gelijkmatig"),
    houses_before_hotel=_b.fact(4, "Hotels", "Staan er vier huizen op een straat"),
    shortage_opening=_b.fact("banker-10", "Beperkingen", "dan veilt de bankier het vanaf 10"),
    hotel_sale=_b.fact("half-hotel-and-houses", "Gebouwen verkopen",
                       "Een hotel verkoop je voor de helft van de prijs"),
    hotel_sale_price=_b.fact("half-deed-price", "Gebouwen verkopen",
                             "Een hotel verkoop je voor de helft van de prijs"),
    # only the street itself must be cleared for a trade (a mortgage clears the whole group)
    trade_built_groups=_b.fact(True, "Handelen", "eerst alle gebouwen op die straat aan de bank verkopen"),
    debt_in_property=_b.ruled(True, "ruling-silent-sources", "Faillissement"),
    mortgage_scope=_b.fact("group", "Een hypotheek nemen", "alle gebouwen in de hele kleurgroep"),
    handback_price=_b.fact("half-price", "Een hypotheek nemen", "aan de bank voor de helft van de prijs"),
    mortgage_interest_percent=_b.fact(10, "Een hypotheek nemen", "de hypotheekwaarde plus 10 procent"),
    interest_rounding=_b.ruled("up", "ruling-interest-rounding", "Een hypotheek nemen"),
    bankrupt_bank_mortgages=_b.fact("lapse", "Faillissement", "vervallen alle hypotheken"),
    creditor_pays_interest=_b.fact(True, "Faillissement", "of alleen de 10 procent betaalt"),
    creditor_lift_interest=_b.fact("once", "Faillissement",
                                   "kiest de nieuwe eigenaar meteen of hij de hypotheek aflost of alleen"),
    game_end=_b.fact("last-player", "Einde van het spel", "tot er nog één speler over is"),
    score_mortgaged=_b.ruled("mortgage-value", "ruling-timed-valuation", "Einde van het spel"),
    score_hotel=_b.ruled("hotel-price-plus-houses", "ruling-timed-valuation", "Einde van het spel"),
    deal_deeds=_b.fact(0, "Voorbereiding", "de hotels en de eigendomsbewijzen"),
    speed_die=_b.fact(False, "Voorbereiding", "Wil je met de geluksdobbelsteen spelen, lees dan verderop"),
    auction_every_sale=_b.fact(False, "Veilingen", "en niet koopt, veilt de bankier het vakje"),
)
NL_MODERN_SPEED = replace(
    NL_MODERN,
    start_money=_b.fact(2500, "Voor gevorderden: de geluksdobbelsteen", "Geef elke speler bij de start 1000 extra"),
    speed_die=_b.fact(True, "Voor gevorderden: de geluksdobbelsteen", "voeg je de rode geluksdobbelsteen toe"),
)

# --- classic-us: encyclopedia summary of the classic US rules (003) ----------
_b = _Book("003")
_TITLE_003 = "Monopoly | bordspel gespeeld door twee tot acht spelers"
_MOVE = "Rondom het bord bewegen"
_BUILD = "Bouwen en handelen"
_END = "Einde van het spel"
CLASSIC_US = replace(
    NORDIC_2005,
    start_money=_b.fact(1500, "Het spel instellen", "De bankier geeft elke speler $1500"),
    min_players=_b.fact(2, _TITLE_003, "twee tot acht spelers"),
    max_players=_b.fact(8, _TITLE_003, "twee tot acht spelers"),
    bank_never_bankrupt=_b.ruled(True, "ruling-silent-sources", "Het spel instellen"),
    houses_in_bank=_b.fact(32, _BUILD, "slechts 32 huizen en 12 hotels"),
    hotels_in_bank=_b.fact(12, _BUILD, "slechts 32 huizen en 12 hotels"),
    go_salary=_b.fact(200, _MOVE, "ontvangt u $200 van de Bank"),
    doubles_to_jail=_b.fact(3, _MOVE, "drie keer achter elkaar dubbel gooit"),
    third_double_moves=_b.ruled(False, "ruling-third-double-move", _MOVE),
    go_twice_per_turn=_b.ruled(True, "ruling-go-twice", _MOVE),
    decliner_may_bid=_b.fact(True, _MOVE, "ook al zei hij oorspronkelijk dat hij het eigendom niet wilde kopen"),
    auction_opening=_b.ruled("any-offer", "ruling-auction-opening", _MOVE),
    rent_claim_deadline=_b.ruled("before-next-roll", "ruling-rent-deadline", _MOVE),
    set_double_rent=_b.ruled(True, "ruling-silent-sources", _MOVE),
    mortgaged_group_rent=_b.ruled("others-keep", "ruling-mortgaged-group-rent", _BUILD),
    partly_built_double=_b.ruled(True, "ruling-partly-built", _MOVE),
    station_rents=_STATION_DEED,  # 003: "de huur betalen die op de eigendomskaart staat"
    mortgaged_count_for_set=_b.ruled(True, "ruling-mortgaged-group-rent", _BUILD),
    utility_multipliers=_UTILITY_DEED,  # 003 has no utility rule (issue 13, item 3)
    utility_dice=_b.ruled("arrival-roll", "ruling-utility-dice", _MOVE),
    utility_dice_by_card=_b.ruled("card-10x", "ruling-utility-dice", _MOVE),
    station_card_double=_b.ruled(True, "ruling-silent-sources", _MOVE),
    owner_in_jail_collects=_b.ruled(True, "ruling-jailed-nothing", "Gevangenis"),
    card_mode=_b.fact("deck", _MOVE, "de bovenste kaart van de betreffende stapel trekken"),
    income_tax=_b.fact(200, _MOVE, "in plaats daarvan $200 te betalen"),
    income_tax_percent=_b.fact(10, _MOVE, "moet u 10% berekenen van de waarde"),
    free_parking=_b.fact("nothing", _MOVE, "Als u op Vrij Parkeren terechtkomt, gebeurt er niets"),
    jail_fine=_b.fact(50, "Gevangenis", "Betaal een boete van $50"),
    jail_max_turns=_b.fact(3, "Gevangenis", "Als u drie beurten achter elkaar geen dubbelrol gooit"),
    jail_pay_when=_b.ruled("before-roll", "ruling-silent-sources", "Gevangenis"),
    jail_doubles_extra_roll=_b.fact(False, "Gevangenis", "u krijgt geen nieuwe beurt"),
    jail_third_failure=_b.fact("pay-then-move", "Gevangenis", "moet u deze optie kiezen"),
    # 003: after three failed turns "this option" (paying the fine) is the one you must choose
    jail_card_after_third_roll=_b.fact(False, "Gevangenis", "Als u drie beurten achter elkaar geen "
                                       "dubbelrol gooit, moet u deze optie kiezen"),
    jail_card_buyable=_b.ruled(True, "ruling-silent-sources", "Gevangenis"),
    jailed_may_deal=_b.ruled(True, "ruling-jailed-nothing", "Gevangenis", "kunt u niets anders doen in het spel"),
    build_when=_b.ruled("any-time", "ruling-build-outside-turn", _BUILD),
    # 003 has no such condition (issue 13, item 11): filled as the other editions have it
    build_unmortgaged_group=_b.ruled(True, "ruling-silent-sources", _BUILD),
    even_building=_b.fact(True, _BUILD, "moet u gelijkmatig bouwen"),
    houses_before_hotel=_b.fact(4, _BUILD, "Zodra u vier huizen in een straat heeft, kunt u een hotel kopen"),
    shortage_opening=_b.ruled("any-offer", "ruling-shortage-opening", _BUILD),
    # the condition is 003's; what a single hotel fetches it does not say
    hotel_sale=_b.ruled("needs-bank-houses", "ruling-hotel-no-houses", _BUILD, "u het hotel niet kunt verkopen"),
    hotel_sale_price=_b.ruled("half-deed-price", "ruling-hotel-no-houses", _BUILD,
                              "de helft van de prijs terugkrijgt die u voor de hotels heeft betaald"),
    trade_built_groups=_b.fact(True, _BUILD, "als u huizen of een hotel in de straat heeft"),
    debt_in_property=_b.ruled(True, "ruling-silent-sources", _END),
    # 003 names only the lot's own buildings, which would leave houses beside a mortgage, a
    # state its own build rule forbids: the published classic rules clear the whole group
    mortgage_scope=_b.ruled("group", "ruling-mortgage-scope", _BUILD,
                            "Als er huizen of hotels op een eigendom staan waarop u een hypotheek wilt nemen"),
    handback_price=_b.fact("half-price", _BUILD, "huizen terug verkopen aan de Bank voor de helft"),
    mortgage_interest_percent=_b.fact(10, _BUILD, "plus 10% rente terugbetalen"),
    interest_rounding=_b.ruled("up", "ruling-interest-rounding", _BUILD),
    bankrupt_bank_mortgages=_b.ruled("lapse", "ruling-bankrupt-mortgaged", _END),
    creditor_pays_interest=_b.ruled(True, "ruling-bankrupt-mortgaged", _END),
    creditor_lift_interest=_b.ruled("once", "ruling-bankrupt-mortgaged", _END),
    game_end=_b.fact("last-player", _END, "wint de laatst overgebleven speler"),
    score_mortgaged=_b.fact("mortgage-value", _END, "de hypotheekwaarden van alle eigendommen met hypotheek"),
    score_hotel=_b.ruled("hotel-price-plus-houses", "ruling-short-hotel-value", _END),
    deal_deeds=_b.fact(0, _MOVE, "mag u het van de Bank kopen"),
    speed_die=_b.fact(False, _MOVE, "hetzelfde getal op beide dobbelstenen"),
    auction_every_sale=_b.fact(False, _MOVE, "Als u het niet wilt kopen, verkoopt de Bankier het in een veiling"),
)
CLASSIC_US_SHORT = replace(
    CLASSIC_US,
    game_end=_b.fact("first-bankruptcy", _END, "eindigt het spel zodra één speler is uitgeschakeld"),
    deal_deeds=_b.ruled(0, "ruling-short-end", _END),
)

# --- nl-card-game: Monopoly Het Kaartspel (004) -------------------------------
_b = _Book("004")
CARD_GAME = CardGameRules(
    target=_b.fact(10000, "Het spel in het kort", "als eerste speler € 10.000 te verdienen"),
    min_players=_b.fact(2, "Phil Orbanes MONOPOLY Het Kaartspel", "Voor 2-6 spelers"),
    max_players=_b.fact(6, "Phil Orbanes MONOPOLY Het Kaartspel", "Voor 2-6 spelers"),
    hand_size_to_go_out=_b.fact(10, "3. Uitkomen", "niet meer en niet minder dan 10 kaarten"),
    extra_cards_first_out=_b.fact(5, "A) De Beloning", "5 kaarten van de ‘pak’-stapel"),
    token_multiplier=_b.fact(2, "Korte uitleg van de speelkaarten", "verdubbelen zij de inkomsten hiervan"),
    house_adds_set_value=_b.fact(True, "Scoren", "Elk Huis dat aan een stratenset is toegevoegd is "
                                 "nogmaals de ‘grondprijs’"),
    set_values=_b.ruled(None, "ruling-card-game-values", "Scoren", "(van € 50 tot € 400)"),
    hotel_value=_b.ruled(None, "ruling-card-game-values", "Korte uitleg van de speelkaarten",
                         "kan er een hotel op worden gebouwd met de Hotel-kaart"),
    # eight colour sets, the utilities (a ruling) and stations, which two players can split 2 + 2
    max_sets=_b.ruled(11, "ruling-card-game-sets", "Een geldig ‘monopolie’", "bestaat uit 2, 3 of alle 4"),
    # what the Start, Kans and Mr. Monopoly cards do is lost with the missing text
    bonus_card_effects=_b.ruled("not-counted", "ruling-card-game-gaps", "Inhoud",
                                "2 Kans-kaarten • 4 Start-kaarten • 4 MR. MONOPOLY-kaarten"),
    # "the one with the most money wins": two with the same most it leaves open
    tie_at_target=_b.ruled("shared", "ruling-card-game-tie", "Het winnen van het spel",
                           "wint degene met het meeste geld"),
)
del _b

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


def clause_editions(clause_id: str) -> tuple[str, ...] | None:
    """The main editions a clause holds for when it is a rule of one mode of play
    (``engine.clauses.MODE_CLAUSES``): those with an edition of that mode; of one edition
    or some (``engine.clauses.EDITION_CLAUSES``): those editions; ``None`` for a clause of
    every edition.

    >>> clause_editions("short-hotel"), clause_editions("speed-die"), clause_editions("jail-pay")
    (('nl-2001', 'classic-us'), ('nl-modern',), None)
    >>> clause_editions("cards-dice-task")
    ('nordic-2005',)
    """
    if clause_id in EDITION_CLAUSES:
        return EDITION_CLAUSES[clause_id]
    mode = MODE_CLAUSES.get(clause_id)
    if mode is None:
        return None
    return tuple(main for main in MAIN_EDITIONS
                 if any(e.base == main and e.mode == mode for e in EDITIONS.values()))


def clause_holds(clause_id: str, edition_id: str) -> bool:
    """Whether a clause is a rule of a main edition (:func:`clause_editions`).

    >>> clause_holds("speed-die", "nl-2001"), clause_holds("jail-pay", "nl-2001")
    (False, True)
    """
    return edition_id in (clause_editions(clause_id) or (edition_id,))


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
    if "free-parking-pot" in house_rules:
        rules = replace(rules, free_parking=Value("pot", Source(
            "000", "varianten", evidence="Degene die op \"Vrij Parkeren\" komt, krijgt deze gelden")))
    if "auction-every-sale" in house_rules:
        rules = replace(rules, auction_every_sale=Value(True, Source(
            "000", "varianten", evidence="om elke verkoop per opbod te doen")))
    return rules


def unit(name: str) -> str | None:
    """What parameter ``name`` of :class:`Rules` or :class:`CardGameRules` counts:
    :data:`MONEY`, :data:`PERCENT`, :data:`TIMES` or None (a count, a choice, a yes/no).

    >>> unit("jail_fine"), unit("mortgage_interest_percent"), unit("jail_max_turns")
    ('money', 'percent', None)
    """
    for record in (Rules, CardGameRules):
        for f in fields(record):
            if f.name == name:
                return f.metadata.get("unit")
    return None


def parameters() -> tuple[tuple[str, str, tuple[Any, ...] | None], ...]:
    """Every edition parameter as (name, clause id, allowed values), in rule-book order.

    >>> ("mortgaged_group_rent", "rent-mortgaged-group", ("none", "double", "others-keep")) in parameters()
    True
    """
    return tuple((f.name, f.metadata["clause"], f.metadata["choices"]) for f in fields(Rules))
