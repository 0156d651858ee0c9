"""The two boards as data: every square's name, group, price, rents and costs.

Figures from ``shared/reference/board.md`` (cross-checked public transcriptions).
The Dutch euro board has the same prices, rents and house costs as the
Atlantic City board at every index, with one disputed exception: Velperplein
with two and three houses (see :data:`VELPERPLEIN_CHOICE`).

>>> DUTCH.square(39).name, DUTCH.square(39).rents[-1]
('Kalverstraat', 2000)
>>> [s.name for s in ATLANTIC_CITY.group("dark-blue")]
['Park Place', 'Boardwalk']
>>> DUTCH.find("kalverstraat").index
39
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import EngineError
from .sources import Source

US_BOARD = "Classic US (Atlantic City) board — used by the Nordic travel edition (001) and the summary (003)"
NL_BOARD = "Dutch board (euro edition, about 2002-2010) — used by 000 and 002"
"""The sections of ``shared/reference/board.md`` that give each board (its headings, exactly)."""
from .validate import show

STREET, STATION, UTILITY, TAX = "street", "station", "utility", "tax"
PROPERTY_KINDS = (STREET, STATION, UTILITY)
GROUPS = ("brown", "light-blue", "pink", "orange", "red", "yellow", "green", "dark-blue")
"""Colour groups in board order; the ids are colours so both boards share them."""


@dataclass(frozen=True)
class Square:
    """One square of a board.

    ``rents`` holds, for a street, the rent unbuilt and with 1, 2, 3, 4 houses
    and a hotel (six values). ``mortgage`` is the value printed on the back of
    the deed (half the price on both boards).
    """

    index: int
    name: str
    kind: str  # street, station, utility, tax, chance, chest, go, jail, free-parking, go-to-jail
    group: str | None = None
    price: int | None = None
    rents: tuple[int, ...] | None = None
    house_cost: int | None = None
    mortgage: int | None = None
    tax: int | None = None

    @property
    def is_property(self) -> bool:
        return self.kind in PROPERTY_KINDS

    @property
    def hotel_cost(self) -> int | None:
        """The price printed for a hotel: the deed's house price (the four houses go back too)."""
        return self.house_cost


def _sq(index: int, name: str, kind: str, **kw: object) -> Square:
    return Square(index, name, kind, **kw)  # type: ignore[arg-type]


_GROUPS: dict[tuple[int, object], tuple[Square, ...]] = {}


@dataclass(frozen=True)
class Board:
    """A board: its id, currency, 40 squares and where its figures come from."""

    id: str
    currency: str
    squares: tuple[Square, ...]
    source: Source

    def square(self, index: int) -> Square:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self.squares):
            raise EngineError("error.unknown_square", field="square", square=show(index))
        return self.squares[index]

    def find(self, ref: object) -> Square:
        """A square by index or by name (case and spacing ignored)."""
        if isinstance(ref, int) and not isinstance(ref, bool):
            return self.square(ref)
        if isinstance(ref, str):
            key = " ".join(ref.split()).casefold()
            if key.isdecimal() and key.isascii() and len(key) <= 3:  # "²", "٣", 4300+ digits: names
                return self.square(int(key))
            for sq in self.squares:
                if sq.name.casefold() == key:
                    return sq
        raise EngineError("error.unknown_square", field="square",
                          square=ref[:40] if isinstance(ref, str) else show(ref))

    def group(self, group: str) -> tuple[Square, ...]:
        """The squares of a colour group, or all stations / utilities."""
        if not isinstance(group, str):  # None would match the squares without a group
            raise EngineError("error.unknown_group", field="group", group=show(group))
        key = (id(self), group)
        found = _GROUPS.get(key)  # boards are module constants: their groups are asked often
        if found is None:
            found = tuple(s for s in self.squares if s.group == group)
            if found:
                _GROUPS[key] = found
        if not found:
            raise EngineError("error.unknown_group", field="group", group=str(group)[:40])
        return found

    @property
    def properties(self) -> tuple[Square, ...]:
        return tuple(s for s in self.squares if s.is_property)


ATLANTIC_CITY = Board("atlantic-city", "USD", (
    _sq(0, 'GO', 'go'),
    _sq(1, 'Mediterranean Avenue', 'street', group='brown', price=60, rents=(2, 10, 30, 90, 160, 250), house_cost=50, mortgage=30),
    _sq(2, 'Community Chest', 'chest'),
    _sq(3, 'Baltic Avenue', 'street', group='brown', price=60, rents=(4, 20, 60, 180, 320, 450), house_cost=50, mortgage=30),
    _sq(4, 'Income Tax', 'tax', tax=200),
    _sq(5, 'Reading Railroad', 'station', group='stations', price=200, mortgage=100),
    _sq(6, 'Oriental Avenue', 'street', group='light-blue', price=100, rents=(6, 30, 90, 270, 400, 550), house_cost=50, mortgage=50),
    _sq(7, 'Chance', 'chance'),
    _sq(8, 'Vermont Avenue', 'street', group='light-blue', price=100, rents=(6, 30, 90, 270, 400, 550), house_cost=50, mortgage=50),
    _sq(9, 'Connecticut Avenue', 'street', group='light-blue', price=120, rents=(8, 40, 100, 300, 450, 600), house_cost=50, mortgage=60),
    _sq(10, 'Jail / Just Visiting', 'jail'),
    _sq(11, 'St. Charles Place', 'street', group='pink', price=140, rents=(10, 50, 150, 450, 625, 750), house_cost=100, mortgage=70),
    _sq(12, 'Electric Company', 'utility', group='utilities', price=150, mortgage=75),
    _sq(13, 'States Avenue', 'street', group='pink', price=140, rents=(10, 50, 150, 450, 625, 750), house_cost=100, mortgage=70),
    _sq(14, 'Virginia Avenue', 'street', group='pink', price=160, rents=(12, 60, 180, 500, 700, 900), house_cost=100, mortgage=80),
    _sq(15, 'Pennsylvania Railroad', 'station', group='stations', price=200, mortgage=100),
    _sq(16, 'St. James Place', 'street', group='orange', price=180, rents=(14, 70, 200, 550, 750, 950), house_cost=100, mortgage=90),
    _sq(17, 'Community Chest', 'chest'),
    _sq(18, 'Tennessee Avenue', 'street', group='orange', price=180, rents=(14, 70, 200, 550, 750, 950), house_cost=100, mortgage=90),
    _sq(19, 'New York Avenue', 'street', group='orange', price=200, rents=(16, 80, 220, 600, 800, 1000), house_cost=100, mortgage=100),
    _sq(20, 'Free Parking', 'free-parking'),
    _sq(21, 'Kentucky Avenue', 'street', group='red', price=220, rents=(18, 90, 250, 700, 875, 1050), house_cost=150, mortgage=110),
    _sq(22, 'Chance', 'chance'),
    _sq(23, 'Indiana Avenue', 'street', group='red', price=220, rents=(18, 90, 250, 700, 875, 1050), house_cost=150, mortgage=110),
    _sq(24, 'Illinois Avenue', 'street', group='red', price=240, rents=(20, 100, 300, 750, 925, 1100), house_cost=150, mortgage=120),
    _sq(25, 'B. & O. Railroad', 'station', group='stations', price=200, mortgage=100),
    _sq(26, 'Atlantic Avenue', 'street', group='yellow', price=260, rents=(22, 110, 330, 800, 975, 1150), house_cost=150, mortgage=130),
    _sq(27, 'Ventnor Avenue', 'street', group='yellow', price=260, rents=(22, 110, 330, 800, 975, 1150), house_cost=150, mortgage=130),
    _sq(28, 'Water Works', 'utility', group='utilities', price=150, mortgage=75),
    _sq(29, 'Marvin Gardens', 'street', group='yellow', price=280, rents=(24, 120, 360, 850, 1025, 1200), house_cost=150, mortgage=140),
    _sq(30, 'Go To Jail', 'go-to-jail'),
    _sq(31, 'Pacific Avenue', 'street', group='green', price=300, rents=(26, 130, 390, 900, 1100, 1275), house_cost=200, mortgage=150),
    _sq(32, 'North Carolina Avenue', 'street', group='green', price=300, rents=(26, 130, 390, 900, 1100, 1275), house_cost=200, mortgage=150),
    _sq(33, 'Community Chest', 'chest'),
    _sq(34, 'Pennsylvania Avenue', 'street', group='green', price=320, rents=(28, 150, 450, 1000, 1200, 1400), house_cost=200, mortgage=160),
    _sq(35, 'Short Line (Railroad)', 'station', group='stations', price=200, mortgage=100),
    _sq(36, 'Chance', 'chance'),
    _sq(37, 'Park Place', 'street', group='dark-blue', price=350, rents=(35, 175, 500, 1100, 1300, 1500), house_cost=200, mortgage=175),
    _sq(38, 'Luxury Tax', 'tax', tax=75),
    _sq(39, 'Boardwalk', 'street', group='dark-blue', price=400, rents=(50, 200, 600, 1400, 1700, 2000), house_cost=200, mortgage=200),
), Source.board(US_BOARD))
"""The Atlantic City board of the Nordic travel edition (001) and the classic summary (003).

Luxury Tax is 75, the amount on boards before 2008 (both editions predate it)."""

DUTCH = Board("nl-euro", "EUR", (
    _sq(0, 'Start', 'go'),
    _sq(1, 'Dorpsstraat', 'street', group='brown', price=60, rents=(2, 10, 30, 90, 160, 250), house_cost=50, mortgage=30),
    _sq(2, 'Algemeen Fonds', 'chest'),
    _sq(3, 'Brink', 'street', group='brown', price=60, rents=(4, 20, 60, 180, 320, 450), house_cost=50, mortgage=30),
    _sq(4, 'Inkomstenbelasting', 'tax', tax=200),
    _sq(5, 'Station Zuid', 'station', group='stations', price=200, mortgage=100),
    _sq(6, 'Steenstraat', 'street', group='light-blue', price=100, rents=(6, 30, 90, 270, 400, 550), house_cost=50, mortgage=50),
    _sq(7, 'Kans', 'chance'),
    _sq(8, 'Ketelstraat', 'street', group='light-blue', price=100, rents=(6, 30, 90, 270, 400, 550), house_cost=50, mortgage=50),
    _sq(9, 'Velperplein', 'street', group='light-blue', price=120, rents=(8, 40, 120, 360, 450, 600), house_cost=50, mortgage=60),
    _sq(10, 'Gevangenis / Alleen op bezoek', 'jail'),
    _sq(11, 'Barteljorisstraat', 'street', group='pink', price=140, rents=(10, 50, 150, 450, 625, 750), house_cost=100, mortgage=70),
    _sq(12, 'Elektriciteitsbedrijf', 'utility', group='utilities', price=150, mortgage=75),
    _sq(13, 'Zijlweg', 'street', group='pink', price=140, rents=(10, 50, 150, 450, 625, 750), house_cost=100, mortgage=70),
    _sq(14, 'Houtstraat', 'street', group='pink', price=160, rents=(12, 60, 180, 500, 700, 900), house_cost=100, mortgage=80),
    _sq(15, 'Station West', 'station', group='stations', price=200, mortgage=100),
    _sq(16, 'Neude', 'street', group='orange', price=180, rents=(14, 70, 200, 550, 750, 950), house_cost=100, mortgage=90),
    _sq(17, 'Algemeen Fonds', 'chest'),
    _sq(18, 'Biltstraat', 'street', group='orange', price=180, rents=(14, 70, 200, 550, 750, 950), house_cost=100, mortgage=90),
    _sq(19, 'Vreeburg', 'street', group='orange', price=200, rents=(16, 80, 220, 600, 800, 1000), house_cost=100, mortgage=100),
    _sq(20, 'Vrij parkeren', 'free-parking'),
    _sq(21, 'A-Kerkhof', 'street', group='red', price=220, rents=(18, 90, 250, 700, 875, 1050), house_cost=150, mortgage=110),
    _sq(22, 'Kans', 'chance'),
    _sq(23, 'Groote Markt', 'street', group='red', price=220, rents=(18, 90, 250, 700, 875, 1050), house_cost=150, mortgage=110),
    _sq(24, 'Heerestraat', 'street', group='red', price=240, rents=(20, 100, 300, 750, 925, 1100), house_cost=150, mortgage=120),
    _sq(25, 'Station Noord', 'station', group='stations', price=200, mortgage=100),
    _sq(26, 'Spui', 'street', group='yellow', price=260, rents=(22, 110, 330, 800, 975, 1150), house_cost=150, mortgage=130),
    _sq(27, 'Plein', 'street', group='yellow', price=260, rents=(22, 110, 330, 800, 975, 1150), house_cost=150, mortgage=130),
    _sq(28, 'Waterleiding', 'utility', group='utilities', price=150, mortgage=75),
    _sq(29, 'Lange Poten', 'street', group='yellow', price=280, rents=(24, 120, 360, 850, 1025, 1200), house_cost=150, mortgage=140),
    _sq(30, 'Naar de gevangenis', 'go-to-jail'),
    _sq(31, 'Hofplein', 'street', group='green', price=300, rents=(26, 130, 390, 900, 1100, 1275), house_cost=200, mortgage=150),
    _sq(32, 'Blaak', 'street', group='green', price=300, rents=(26, 130, 390, 900, 1100, 1275), house_cost=200, mortgage=150),
    _sq(33, 'Algemeen Fonds', 'chest'),
    _sq(34, 'Coolsingel', 'street', group='green', price=320, rents=(28, 150, 450, 1000, 1200, 1400), house_cost=200, mortgage=160),
    _sq(35, 'Station Oost', 'station', group='stations', price=200, mortgage=100),
    _sq(36, 'Kans', 'chance'),
    _sq(37, 'Leidschestraat', 'street', group='dark-blue', price=350, rents=(35, 175, 500, 1100, 1300, 1500), house_cost=200, mortgage=175),
    _sq(38, 'Extra belasting', 'tax', tax=100),
    _sq(39, 'Kalverstraat', 'street', group='dark-blue', price=400, rents=(50, 200, 600, 1400, 1700, 2000), house_cost=200, mortgage=200),
), Source.board(NL_BOARD))
"""The Dutch euro board of 000 and 002."""

VELPERPLEIN_CHOICE = Source.board(NL_BOARD, ruling="ruling-velperplein")
"""Velperplein with 2 and 3 houses: 120 / 360 (two sources) rather than 100 / 300 (one source)."""

BOARDS = {b.id: b for b in (ATLANTIC_CITY, DUTCH)}
