"""The Chance / Community Chest and Kans / Algemeen Fonds decks as data.

Every deck has sixteen cards. A card has a stable, language-neutral ``id``
(never renamed or reused once published), an effect ``kind`` and the data that
kind needs: the target square, the number of steps back, an amount of money.
The card texts in ``text`` are working titles in the deck's own language, for
code and reviews; the site's pages carry their own words.

Figures from ``shared/reference/board.md`` ("US Chance cards that move the
token", "US Community Chest", "Dutch Kans and Algemeen Fonds decks").

>>> deck("us-chance").moving_count
10
>>> deck("us-chance-9").moving_count
9
>>> [c.id for c in deck("nl-algemeen-fonds").cards if c.moves]
['af-back-dorpsstraat', 'af-go-to-jail', 'af-advance-start']
>>> deck("nl-algemeen-fonds").card("af-pay-or-kans").kind
'choice-pay-or-draw'
>>> deck("xx")
Traceback (most recent call last):
...
engine.errors.EngineError: error.unknown_deck {'deck': 'xx'}
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import EngineError

# Effect kinds.
MOVE_TO = "move-to"
"""Advance (or, with ``backwards``, go back) to square ``target``; salary when passing GO forwards."""
MOVE_BACK = "move-back"
"""Go back ``steps`` squares (no salary)."""
GO_TO_JAIL = "go-to-jail"
"""Straight to jail, not passing GO."""
NEAREST_RAILROAD = "nearest-railroad"
"""Advance to the next railroad / station; ``rent_multiplier`` times the owner's rent."""
NEAREST_UTILITY = "nearest-utility"
"""Advance to the next utility; if owned, pay ``rent_multiplier`` times the dice."""
MONEY = "money"
"""Receive ``amount`` from the bank (negative: pay it)."""
MONEY_EACH_PLAYER = "money-each-player"
"""Receive ``amount`` from each other player (negative: pay each of them)."""
REPAIRS = "repairs"
"""Pay ``per_house`` for each house and ``per_hotel`` for each hotel you own."""
GET_OUT_OF_JAIL = "get-out-of-jail"
"""Keep until used (or sold); returned under its pile after use."""
CHOICE_PAY_OR_DRAW = "choice-pay-or-draw"
"""Pay ``amount`` (as a fine) or draw a card from the deck ``draw_deck``: the player's choice."""

KINDS = (MOVE_TO, MOVE_BACK, GO_TO_JAIL, NEAREST_RAILROAD, NEAREST_UTILITY, MONEY,
         MONEY_EACH_PLAYER, REPAIRS, GET_OUT_OF_JAIL, CHOICE_PAY_OR_DRAW)
MOVING_KINDS = (MOVE_TO, MOVE_BACK, GO_TO_JAIL, NEAREST_RAILROAD, NEAREST_UTILITY)


@dataclass(frozen=True)
class Card:
    """One card: stable ``id``, effect ``kind`` and that kind's data.

    ``target`` is the destination square of a ``move-to`` card, ``steps`` the
    number of squares of a ``move-back`` card, ``amount`` the money (positive:
    the player receives it; for ``choice-pay-or-draw`` the fine, positive).
    """

    id: str
    kind: str
    text: str
    target: int | None = None
    steps: int | None = None
    backwards: bool = False
    amount: int | None = None
    per_house: int | None = None
    per_hotel: int | None = None
    rent_multiplier: int | None = None
    draw_deck: str | None = None

    @property
    def moves(self) -> bool:
        """Whether the card moves the token (choice cards move only when the player draws)."""
        return self.kind in MOVING_KINDS

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form; unused fields are left out."""
        out: dict[str, object] = {"id": self.id, "kind": self.kind, "text": self.text,
                                  "moves": self.moves}
        for name in ("target", "steps", "amount", "per_house", "per_hotel",
                     "rent_multiplier", "draw_deck"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.backwards:
            out["backwards"] = True
        return out


@dataclass(frozen=True)
class Deck:
    """A deck of cards with where its contents come from."""

    id: str
    name: str
    cards: tuple[Card, ...]
    source: str

    @property
    def moving_count(self) -> int:
        """How many cards move the token."""
        return sum(1 for c in self.cards if c.moves)

    def card(self, card_id: str) -> Card:
        """A card by its id."""
        for c in self.cards:
            if c.id == card_id:
                return c
        raise EngineError("error.unknown_card", field="card", card=str(card_id)[:40])

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form."""
        return {"id": self.id, "name": self.name, "source": self.source,
                "moving_count": self.moving_count,
                "cards": [c.to_dict() for c in self.cards]}


_US_CHANCE_SOURCE = "shared/reference/board.md: US Chance cards that move the token (U6, 2008+ deck)"

_US_CHANCE_CARDS: tuple[Card, ...] = (
    Card("ch-advance-go", MOVE_TO, "Advance to GO (collect 200)", target=0),
    Card("ch-advance-illinois", MOVE_TO, "Advance to Illinois Avenue", target=24),
    Card("ch-advance-st-charles", MOVE_TO, "Advance to St. Charles Place", target=11),
    Card("ch-nearest-railroad-1", NEAREST_RAILROAD,
         "Advance to the nearest Railroad, pay the owner twice the rent", rent_multiplier=2),
    Card("ch-nearest-railroad-2", NEAREST_RAILROAD,
         "Advance to the nearest Railroad, pay the owner twice the rent", rent_multiplier=2),
    Card("ch-nearest-utility", NEAREST_UTILITY,
         "Advance to the nearest Utility, if owned pay ten times the dice", rent_multiplier=10),
    Card("ch-bank-dividend", MONEY, "Bank pays you a dividend of 50", amount=50),
    Card("ch-get-out-of-jail", GET_OUT_OF_JAIL, "Get Out of Jail Free"),
    Card("ch-back-three", MOVE_BACK, "Go back 3 spaces", steps=3),
    Card("ch-go-to-jail", GO_TO_JAIL, "Go to Jail"),
    Card("ch-general-repairs", REPAIRS, "Make general repairs on all your property",
         per_house=25, per_hotel=100),
    Card("ch-speeding-fine", MONEY, "Speeding fine 15", amount=-15),
    Card("ch-reading-railroad", MOVE_TO, "Take a trip to Reading Railroad", target=5),
    Card("ch-boardwalk", MOVE_TO, "Take a walk on the Boardwalk", target=39),
    Card("ch-chairman", MONEY_EACH_PLAYER, "Chairman of the Board: pay each player 50",
         amount=-50),
    Card("ch-building-loan", MONEY, "Your building loan matures: collect 150", amount=150),
)

US_CHANCE = Deck("us-chance", "Chance", _US_CHANCE_CARDS, _US_CHANCE_SOURCE)
"""The 2008+ US Chance deck: 10 of 16 cards move (U6)."""

US_CHANCE_9 = Deck(
    "us-chance-9", "Chance (older, 9 moving cards)",
    tuple(Card("ch-crossword", MONEY, "You have won a crossword competition: collect 100",
               amount=100) if c.id == "ch-nearest-railroad-2" else c
          for c in _US_CHANCE_CARDS),
    "shared/reference/board.md: US Chance cards, count of moving cards (U3: the second "
    "nearest-railroad card swapped for the crossword competition)")
"""An older US Chance deck with 9 moving cards: one nearest-railroad card is a money card instead."""

US_COMMUNITY_CHEST = Deck("us-community-chest", "Community Chest", (
    Card("cc-advance-go", MOVE_TO, "Advance to GO (collect 200)", target=0),
    Card("cc-bank-error", MONEY, "Bank error in your favour: collect 200", amount=200),
    Card("cc-doctor", MONEY, "Doctor's fee: pay 50", amount=-50),
    Card("cc-stock-sale", MONEY, "From sale of stock you get 50", amount=50),
    Card("cc-get-out-of-jail", GET_OUT_OF_JAIL, "Get Out of Jail Free"),
    Card("cc-go-to-jail", GO_TO_JAIL, "Go to Jail"),
    Card("cc-grand-opera", MONEY_EACH_PLAYER, "Grand Opera Night: collect 50 from every player",
         amount=50),
    Card("cc-tax-refund", MONEY, "Income tax refund: collect 20", amount=20),
    Card("cc-birthday", MONEY_EACH_PLAYER, "It is your birthday: collect 10 from every player",
         amount=10),
    Card("cc-life-insurance", MONEY, "Life insurance matures: collect 100", amount=100),
    Card("cc-hospital", MONEY, "Pay hospital fees of 100", amount=-100),
    Card("cc-school", MONEY, "Pay school fees of 50", amount=-50),
    Card("cc-consultancy", MONEY, "Receive 25 consultancy fee", amount=25),
    Card("cc-street-repairs", REPAIRS, "You are assessed for street repairs",
         per_house=40, per_hotel=115),
    Card("cc-beauty-contest", MONEY, "Second prize in a beauty contest: collect 10", amount=10),
    Card("cc-inherit", MONEY, "You inherit 100", amount=100),
), "shared/reference/board.md: US Community Chest (U6; 2 of 16 cards move)")
"""The US Community Chest deck: 2 of 16 cards move (the 2008 deck's Holiday Fund +100 instead of
Grand Opera does not change the odds)."""

NL_KANS = Deck("nl-kans", "Kans", (
    Card("kans-speeding", MONEY, "Boete voor te snel rijden", amount=-15),
    Card("kans-school-fees", MONEY, "Betaal schoolgeld", amount=-150),
    Card("kans-barteljorisstraat", MOVE_TO, "Ga verder naar Barteljorisstraat", target=11),
    Card("kans-station-west", MOVE_TO, "Reis naar station West", target=15),
    Card("kans-advance-start", MOVE_TO, "Ga verder naar Start", target=0),
    Card("kans-back-three", MOVE_BACK, "Ga drie plaatsen terug", steps=3),
    Card("kans-go-to-jail", GO_TO_JAIL, "Ga direct naar de gevangenis"),
    Card("kans-heerestraat", MOVE_TO, "Ga verder naar de Heerestraat", target=24),
    Card("kans-dividend", MONEY, "Bank betaalt dividend", amount=50),
    Card("kans-get-out-of-jail", GET_OUT_OF_JAIL, "Verlaat de gevangenis zonder te betalen"),
    Card("kans-repairs", REPAIRS, "Repareer uw huizen", per_house=25, per_hotel=100),
    Card("kans-street-tax", REPAIRS, "Straatgeld", per_house=40, per_hotel=115),
    Card("kans-building-insurance", MONEY, "Bouwverzekering vervalt", amount=150),
    Card("kans-drunk", MONEY, "Aangehouden wegens dronkenschap", amount=-20),
    Card("kans-kalverstraat", MOVE_TO, "Ga verder naar Kalverstraat", target=39),
    Card("kans-crossword", MONEY, "Kruiswoordpuzzel gewonnen", amount=100),
), "shared/reference/board.md: Dutch Kans and Algemeen Fonds decks (Kans: 7 of 16 move)")
"""The Dutch Kans deck (guilder-era texts, same amounts in euro): 7 of 16 cards move."""

NL_ALGEMEEN_FONDS = Deck("nl-algemeen-fonds", "Algemeen Fonds", (
    Card("af-inherit", MONEY, "U erft", amount=100),
    Card("af-preferred-shares", MONEY, "Rente 7% preferente aandelen", amount=25),
    Card("af-bank-error", MONEY, "Vergissing van de bank in uw voordeel", amount=200),
    Card("af-back-dorpsstraat", MOVE_TO, "Ga terug naar Dorpsstraat (Ons Dorp)", target=1,
         backwards=True),
    Card("af-go-to-jail", GO_TO_JAIL, "Ga direct naar de gevangenis"),
    Card("af-birthday", MONEY_EACH_PLAYER, "U bent jarig", amount=10),
    Card("af-beauty-contest", MONEY, "2e prijs schoonheidswedstrijd", amount=10),
    Card("af-doctor", MONEY, "Doktersrekening", amount=-50),
    Card("af-insurance", MONEY, "Verzekeringspremie", amount=-50),
    Card("af-securities", MONEY, "Verkoop van effecten", amount=50),
    Card("af-get-out-of-jail", GET_OUT_OF_JAIL, "Verlaat de gevangenis zonder betalen"),
    Card("af-tax-refund", MONEY, "Restitutie inkomstenbelasting", amount=20),
    Card("af-annuity", MONEY, "Lijfrente vervalt", amount=100),
    Card("af-hospital", MONEY, "Betaal het hospitaal", amount=-100),
    Card("af-advance-start", MOVE_TO, "Ga verder naar Start", target=0),
    Card("af-pay-or-kans", CHOICE_PAY_OR_DRAW, "Betaal 10 boete of neem een Kanskaart",
         amount=10, draw_deck="nl-kans"),
), "shared/reference/board.md: Dutch Kans and Algemeen Fonds decks (Algemeen Fonds: 3 of 16 "
   "move, plus the choice card)")
"""The Dutch Algemeen Fonds deck before 2021: 3 of 16 cards move, one is "pay 10 or draw Kans"."""

DECKS: tuple[Deck, ...] = (US_CHANCE, US_CHANCE_9, US_COMMUNITY_CHEST, NL_KANS, NL_ALGEMEEN_FONDS)
"""All decks, in a fixed order."""


def deck(deck_id: str) -> Deck:
    """A deck by id: ``us-chance``, ``us-chance-9``, ``us-community-chest``, ``nl-kans``,
    ``nl-algemeen-fonds``."""
    for d in DECKS:
        if d.id == deck_id:
            return d
    from .validate import show  # str() of a 5000-digit int raises: show() never does
    raise EngineError("error.unknown_deck", field="deck",
                      deck=deck_id[:40] if isinstance(deck_id, str) else show(deck_id))
