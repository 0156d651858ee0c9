"""Long-run landing odds from an exact Markov chain, and what they mean for rent and jail.

The chain follows one token on a board with its two card decks and is solved
exactly (a direct linear solve in floating point, not a simulation): the result
is the long-run probability of the token being on each of the 40 squares, with
"in jail" (index 40) kept apart from "just visiting" (square 10).

Two ways of counting:

``roll``
    the position after every roll, intermediate positions after doubles
    included: "how often is a roll's final position this square".
``turn``
    the position at the end of every turn (= where the next turn starts).

The published figures for the Atlantic City board are matched to every stated
digit (see ``tests/test_markov.py``): mean rolls per turn 1.1866239585 (leave
jail at once) and 1.1658963640 (stay in jail); per roll, leaving at once,
Illinois Avenue 3.19 % and "in jail" 3.95 %.

Conventions (the ones that reproduce those figures):

* A roll's position is where the token ends after the square and any card
  have been dealt with: landing on Go To Jail, a "go to jail" card, or the
  third double in a row all count as the position "in jail", so square 30 has
  probability 0 in both counts. Being sent to jail ends the turn, even after
  doubles. The third double's move is not made.
* Doubles give another roll within the same turn; the doubles count (0, 1, 2)
  is part of the state, so the chain is exact (no "probability of two earlier
  doubles" estimate is needed).
* Jail, strategy ``leave``: at the start of the turn in jail the player pays
  (or uses a card) and then rolls and moves as in any turn, doubles included.
  The turn counts its rolls as usual.
* Jail, strategy ``stay``: each turn in jail is one roll. Doubles: move by that
  roll and the turn ends (no extra roll). No doubles: stay ("in jail" is that
  roll's position). On the last allowed turn (the third) without doubles the
  player pays and moves by that roll (``third_failed_roll_moves``).
* Cards are drawn with replacement: each card with probability 1/16. A deck
  that is cycled (drawn, then put under the pile) gives every card once per 16
  draws, so the long-run frequencies are the same.
* A card that moves the token onto Go To Jail sends it to jail; a card that
  moves it onto a card square draws again there (``back_three_draws``; only
  "go back three" can do that with these decks: Chance 36 -> Community Chest 33).
* The Dutch Algemeen Fonds card "pay 10 or take a Kans card" draws a Kans card
  (on the Algemeen Fonds square) with probability
  ``kans_choice_draw_probability``; default 0: the player always pays.

The "per turn" chain has the start-of-turn states (39 squares, and one state
per jail turn); each turn's rolls are expanded exactly inside one transition, so
the linear system is small (at most 45 unknowns) and a solve takes a few
milliseconds. Results are cached per :class:`MarkovModel` (a frozen value).

Rents come from :mod:`engine.boards` (``shared/reference/board.md``): level 0
is a complete unbuilt group (double rent), 1-4 houses, 5 a hotel.

>>> sol = solve(MarkovModel())
>>> round(sol.mean_rolls_per_turn, 10)
1.1866239585
>>> round(100 * sol.per_roll[24], 2), round(100 * sol.per_roll[JAIL], 2)
(3.19, 3.95)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Annotated, Any, Literal

from . import boards as _boards
from .cards import (CHOICE_PAY_OR_DRAW, GO_TO_JAIL, MOVE_BACK, MOVE_TO, NEAREST_RAILROAD,
                    NEAREST_UTILITY, Card, Deck, deck)
from .errors import EngineError
from .money import HOTEL
from .validate import Check, checked_fields, parse, parse_as, show, spec

SQUARES = 40
JAIL = 40
"""Index of the position "in jail" in every 41-long result (square 10 is "just visiting")."""
POSITIONS = 41
JAIL_SQUARE = 10
LEVELS = tuple(range(HOTEL + 1))
"""Building levels: 0 complete unbuilt group (double rent), 1-4 houses, 5 hotel."""
JAIL_STRATEGIES = ("leave", "stay")
COUNTS = ("roll", "turn")
BOARD_IDS = ("atlantic-city", "nl-euro")

_MAX_CHAINED_DRAWS = 4

# The 36 outcomes of two dice, grouped: (total, is_double, probability).
_DICE: tuple[tuple[int, bool, float], ...] = tuple(
    [(t, False, (min(t - 1, 13 - t) - (1 if t % 2 == 0 else 0)) / 36.0) for t in range(3, 12)]
    + [(2 * a, True, 1.0 / 36.0) for a in range(1, 7)]
)


@dataclass(frozen=True, kw_only=True)
class MarkovOptions:
    """The chain's model choices besides board and jail strategy (see :class:`MarkovModel`)."""

    doubles_to_jail: int = spec(3, lo=1, hi=6, doc="the n-th double in a row sends to jail")
    jail_max_turns: int = spec(3, lo=1, hi=6, doc="turns a player may try for doubles in jail")
    third_failed_roll_moves: bool = spec(True, doc="after the last failed jail roll, pay and "
                                                   "move by that roll")
    cards_with_replacement: bool = spec(True, doc="each card with probability 1/16 (the only "
                                                  "supported value)")
    back_three_draws: bool = spec(True, doc="a card that moves onto a card square draws there")
    kans_choice_draw_probability: float = spec(0.0, lo=0.0, hi=1.0, doc=(
        "how often a player draws Kans on the Dutch pay-10-or-Kans card"))
    us_chance_moving_cards: Literal[10, 9] = spec(10, doc="10 (2008+ deck) or 9 (older deck)")
    jail_release_rolls_again: bool = spec(False, doc=(
        "strategy stay: the double that frees the player starts a run of doubles, so the "
        "player rolls again after that move (the convention of the published Collins / "
        "Durrett long-stay tables); false is the rulebooks' rule: the move ends the turn "
        "(002, 003)"))


@dataclass(frozen=True, kw_only=True)
class MarkovModel(MarkovOptions):
    """One configuration of the chain: the board, the jail strategy and the options, each a
    declared field with its default (the options in :class:`MarkovOptions`). ``board``:
    ``atlantic-city`` (US Chance / Community Chest decks) or ``nl-euro`` (Kans / Algemeen
    Fonds decks)."""

    board: object = spec("atlantic-city", enum=BOARD_IDS, json="string", doc="the board")
    jail_strategy: Literal["leave", "stay"] = spec("leave", doc=(
        "leave jail at once (pay or card) or stay and roll for doubles"))

    def __post_init__(self) -> None:
        values = self.to_dict()
        checked_fields(MarkovModel, values)
        for name, value in values.items():
            if value is None:  # a request's null means "the default"; a model states every value
                raise EngineError("error.missing_field", field=name, name=name)
        if not isinstance(self.board, str) or self.board not in BOARD_IDS:
            raise EngineError("error.unknown_board", field="board", board=show(self.board))
        if self.cards_with_replacement is not True:
            raise EngineError("error.bad_choice", field="cards_with_replacement",
                              value=show(self.cards_with_replacement), choices="true")

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def make_model(board: object = "atlantic-city", jail_strategy: object = "leave",
               options: Mapping[str, object] | None = None) -> MarkovModel:
    """A :class:`MarkovModel` from plain data; an option's mistake names ``options.<name>``."""
    opts = {} if options is None else parse_as(MarkovOptions, options, "options").__dict__
    return MarkovModel(board=board, jail_strategy=jail_strategy, **opts)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- board facts


def _board(board_id: str) -> _boards.Board:
    for b in (_boards.ATLANTIC_CITY, _boards.DUTCH):
        if b.id == board_id:
            return b
    raise EngineError("error.unknown_board", field="board", board=show(board_id))


def _decks(m: MarkovModel) -> tuple[Deck, Deck]:
    """(Chance-like deck, Community-Chest-like deck) of the model's board."""
    if m.board == "atlantic-city":
        chance = deck("us-chance" if m.us_chance_moving_cards == 10 else "us-chance-9")
        return chance, deck("us-community-chest")
    return deck("nl-kans"), deck("nl-algemeen-fonds")


def sources(m: MarkovModel) -> list[str]:
    """Where the board and the decks of a model come from."""
    b = _board(str(m.board))
    chance, chest = _decks(m)
    return [f"shared/reference/{b.source.file}: {b.source.section}", chance.source, chest.source]


# --------------------------------------------------------------------------- the chain

Dist = dict[int, float]


def _add(into: Dist, dist: Mapping[int, float], weight: float) -> None:
    for k, v in dist.items():
        into[k] = into.get(k, 0.0) + v * weight


@lru_cache(maxsize=32)
def _landings(m: MarkovModel) -> tuple[tuple[tuple[int, float], ...], ...]:
    """For each square 0..39: where a token that lands there ends up (square or JAIL), with odds."""
    board = _board(m.board)
    kinds = tuple(s.kind for s in board.squares)
    stations = tuple(s.index for s in board.squares if s.kind == "station")
    utilities = tuple(s.index for s in board.squares if s.kind == "utility")
    chance, chest = _decks(m)

    def nearest(q: int, targets: tuple[int, ...]) -> int:
        return min(targets, key=lambda t: (t - q) % SQUARES or SQUARES)

    def after_card_move(dest: int, depth: int) -> Dist:
        if kinds[dest] == "go-to-jail":
            return {JAIL: 1.0}
        if kinds[dest] in ("chance", "chest") and m.back_three_draws:
            return land(dest, depth + 1)
        return {dest: 1.0}

    def draw(d: Deck, q: int, depth: int) -> Dist:
        out: Dist = {}
        w = 1.0 / len(d.cards)
        for card in d.cards:
            _add(out, card_outcome(card, q, depth), w)
        return out

    def card_outcome(card: Card, q: int, depth: int) -> Dist:
        if card.kind == MOVE_TO and card.target is not None:
            return after_card_move(card.target, depth)
        if card.kind == MOVE_BACK and card.steps is not None:
            return after_card_move((q - card.steps) % SQUARES, depth)
        if card.kind == GO_TO_JAIL:
            return {JAIL: 1.0}
        if card.kind == NEAREST_RAILROAD:
            return after_card_move(nearest(q, stations), depth)
        if card.kind == NEAREST_UTILITY:
            return after_card_move(nearest(q, utilities), depth)
        if card.kind == CHOICE_PAY_OR_DRAW and card.draw_deck is not None:
            p = float(m.kans_choice_draw_probability)
            out: Dist = {}
            if p < 1.0:
                out[q] = 1.0 - p
            if p > 0.0:
                _add(out, draw(deck(card.draw_deck), q, depth), p)
            return out
        return {q: 1.0}

    def land(q: int, depth: int) -> Dist:
        if kinds[q] == "go-to-jail":
            return {JAIL: 1.0}
        if depth > _MAX_CHAINED_DRAWS:
            return {q: 1.0}
        if kinds[q] == "chance":
            return draw(chance, q, depth)
        if kinds[q] == "chest":
            return draw(chest, q, depth)
        return {q: 1.0}

    return tuple(tuple(sorted(land(q, 0).items())) for q in range(SQUARES))


@dataclass(frozen=True)
class _Chain:
    """The solved turn chain: start-of-turn states, their long-run shares and each turn's rolls."""

    states: tuple[int, ...]  # square 0..39, or -1 - j for "in jail, j failed attempts so far"
    pi: tuple[float, ...]  # long-run share of turns starting in each state
    visits: tuple[tuple[float, ...], ...]  # per state: expected roll positions (41) in its turn
    rolls: tuple[float, ...]  # per state: expected number of rolls in its turn


def _solve_linear(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b by Gaussian elimination with partial pivoting (a, b are consumed)."""
    n = len(b)
    for k in range(n):
        piv = max(range(k, n), key=lambda r: abs(a[r][k]))
        if abs(a[piv][k]) < 1e-300:
            raise EngineError("error.markov_singular")
        if piv != k:
            a[k], a[piv] = a[piv], a[k]
            b[k], b[piv] = b[piv], b[k]
        rowk = a[k]
        inv = 1.0 / rowk[k]
        for r in range(k + 1, n):
            f = a[r][k]
            if f != 0.0:
                f *= inv
                rowr = a[r]
                for c in range(k, n):
                    rowr[c] -= f * rowk[c]
                b[r] -= f * b[k]
    x = [0.0] * n
    for k in range(n - 1, -1, -1):
        s = b[k] - sum(a[k][c] * x[c] for c in range(k + 1, n))
        x[k] = s / a[k][k]
    return x


@lru_cache(maxsize=32)
def _chain(m: MarkovModel) -> _Chain:
    landing = _landings(m)
    board = _board(m.board)
    go_to_jail = {s.index for s in board.squares if s.kind == "go-to-jail"}
    jail_states = m.jail_max_turns if m.jail_strategy == "stay" else 1
    states = tuple([q for q in range(SQUARES) if q not in go_to_jail]
                   + [-1 - j for j in range(jail_states)])
    index = {s: i for i, s in enumerate(states)}
    n = len(states)
    jail0 = index[-1]
    last_double = m.doubles_to_jail - 1

    trans: list[list[float]] = []
    visits: list[tuple[float, ...]] = []
    rolls: list[float] = []
    for s in states:
        row = [0.0] * n
        vis = [0.0] * POSITIONS
        nroll = 0.0
        cur: dict[tuple[int, int], float] = {}
        if s >= 0:
            cur[(s, 0)] = 1.0
        elif m.jail_strategy == "leave":
            cur[(JAIL_SQUARE, 0)] = 1.0
        else:
            j = -1 - s
            nroll = 1.0
            for total, dbl, pd in _DICE:
                if dbl or (j == m.jail_max_turns - 1 and m.third_failed_roll_moves):
                    # the release double starts a run of doubles (one double is not yet a run
                    # when a single double already means jail: then the turn simply ends)
                    again = dbl and m.jail_release_rolls_again and last_double >= 1
                    for o, po in landing[(JAIL_SQUARE + total) % SQUARES]:
                        vis[o] += pd * po
                        if again and o != JAIL:
                            cur[(o, 1)] = cur.get((o, 1), 0.0) + pd * po
                        else:
                            row[jail0 if o == JAIL else index[o]] += pd * po
                elif j < m.jail_max_turns - 1:
                    vis[JAIL] += pd
                    row[index[-2 - j]] += pd
                else:  # last attempt failed: pay, then a normal turn from just visiting
                    vis[JAIL] += pd
                    cur[(JAIL_SQUARE, 0)] = cur.get((JAIL_SQUARE, 0), 0.0) + pd
        while cur:
            nxt: dict[tuple[int, int], float] = {}
            for (p, d), w0 in cur.items():
                nroll += w0
                for total, dbl, pd in _DICE:
                    w = w0 * pd
                    if dbl and d >= last_double:
                        vis[JAIL] += w
                        row[jail0] += w
                        continue
                    for o, po in landing[(p + total) % SQUARES]:
                        wo = w * po
                        vis[o] += wo
                        if o == JAIL:
                            row[jail0] += wo
                        elif dbl:
                            nxt[(o, d + 1)] = nxt.get((o, d + 1), 0.0) + wo
                        else:
                            row[index[o]] += wo
            cur = nxt
        trans.append(row)
        visits.append(tuple(vis))
        rolls.append(nroll)

    # pi T = pi, sum(pi) = 1: solve (T^T - I) pi = 0 with the last equation replaced by the sum.
    a = [[trans[c][r] - (1.0 if r == c else 0.0) for c in range(n)] for r in range(n)]
    a[-1] = [1.0] * n
    b = [0.0] * n
    b[-1] = 1.0
    pi = _solve_linear(a, b)
    pi = [max(0.0, x) for x in pi]
    total = sum(pi)
    return _Chain(states, tuple(x / total for x in pi), tuple(visits), tuple(rolls))


@dataclass(frozen=True)
class MarkovSolution:
    """Long-run odds of one :class:`MarkovModel`; every tuple has 41 entries (40 = in jail).

    ``per_roll``: share of rolls ending on each position. ``per_turn``: share of
    turns ending there. ``landings_per_turn``: expected number of rolls per turn
    ending there (``per_roll`` times ``mean_rolls_per_turn``).
    """

    model: MarkovModel
    per_roll: tuple[float, ...]
    per_turn: tuple[float, ...]
    landings_per_turn: tuple[float, ...]
    mean_rolls_per_turn: float

    def to_dict(self, count: str = "roll") -> dict[str, object]:
        """JSON-friendly form for one count (``roll`` or ``turn``)."""
        return _odds_dict(self, count)


def solve(model: MarkovModel) -> MarkovSolution:
    """Solve one configuration (cached: the model is a frozen value)."""
    if not isinstance(model, MarkovModel):
        raise EngineError("error.not_an_object", field="model", value=show(model))
    return _solve(model)


@lru_cache(maxsize=64)
def _solve(model: MarkovModel) -> MarkovSolution:
    ch = _chain(model)
    mean_rolls = sum(p * r for p, r in zip(ch.pi, ch.rolls))
    landings = [0.0] * POSITIONS
    for p, vis in zip(ch.pi, ch.visits):
        for k in range(POSITIONS):
            landings[k] += p * vis[k]
    per_turn = [0.0] * POSITIONS
    for s, p in zip(ch.states, ch.pi):
        per_turn[s if s >= 0 else JAIL] += p
    return MarkovSolution(model, tuple(x / mean_rolls for x in landings), tuple(per_turn),
                          tuple(landings), mean_rolls)


def _odds_dict(sol: MarkovSolution, count: str) -> dict[str, object]:
    if not isinstance(count, str) or count not in COUNTS:
        raise EngineError("error.bad_choice", field="count", value=show(count), choices=", ".join(COUNTS))
    board = _board(sol.model.board)
    probs = sol.per_roll if count == "roll" else sol.per_turn
    return {
        "board": sol.model.board,
        "jail_strategy": sol.model.jail_strategy,
        "count": count,
        "model": sol.model.to_dict(),
        "mean_rolls_per_turn": sol.mean_rolls_per_turn,
        "positions": [
            {"index": k, "square": JAIL_SQUARE if k == JAIL else k, "in_jail": k == JAIL,
             "name": "in jail" if k == JAIL else board.squares[k].name, "probability": probs[k],
             "landings_per_turn": sol.landings_per_turn[k]}
            for k in range(POSITIONS)
        ],
        "sources": sources(sol.model),
    }


def landing_odds(board: object = "atlantic-city", jail_strategy: object = "leave",
                 count: object = "roll", options: Mapping[str, object] | None = None
                 ) -> dict[str, object]:
    """Long-run odds of each of the 41 positions as a JSON-friendly dict.

    Returns ``{"board", "jail_strategy", "count", "model", "mean_rolls_per_turn",
    "positions": [{"index", "square", "in_jail", "name", "probability",
    "landings_per_turn"} x 41], "sources"}``; index 40 is "in jail".
    """
    return _odds_dict(solve(make_model(board, jail_strategy, options)), count)


# --------------------------------------------------------------------------- rent


def _rent(square: _boards.Square, level: int) -> int:
    rents = square.rents or (0,) * 6
    return 2 * rents[0] if level == 0 else rents[level]


@dataclass(frozen=True)
class HouseStep:
    """One building step of a whole group, from ``level`` to ``level + 1`` on every lot."""

    from_level: int
    to_level: int
    cost: int  # house price on every lot of the group (a hotel costs the house price)
    added_rent: float  # per opponent turn
    break_even_turns: float | None  # cost / added_rent (None when nothing is added)


@dataclass(frozen=True)
class GroupRents:
    """Expected rent per opponent turn of one colour group at levels 0..5, and its building steps."""

    group: str
    squares: tuple[int, ...]
    house_cost: int
    expected_rent: tuple[float, ...]  # index = level
    steps: tuple[HouseStep, ...]

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form."""
        return {
            "group": self.group, "squares": list(self.squares), "house_cost": self.house_cost,
            "expected_rent": list(self.expected_rent),
            "steps": [{"from_level": s.from_level, "to_level": s.to_level, "cost": s.cost,
                       "added_rent": s.added_rent, "break_even_turns": s.break_even_turns}
                      for s in self.steps],
        }


def group_rents(model: MarkovModel) -> tuple[GroupRents, ...]:
    """Expected rent per opponent turn for every colour group and building level.

    The opponent's token follows ``model`` (its jail strategy included); rent per
    turn = sum over the group's lots of (rolls per turn ending there) x rent.
    """
    if not isinstance(model, MarkovModel):
        raise EngineError("error.not_an_object", field="model", value=show(model))
    return _group_rents(model)


@lru_cache(maxsize=32)
def _group_rents(model: MarkovModel) -> tuple[GroupRents, ...]:
    sol = _solve(model)
    board = _board(model.board)
    out = []
    for group in _boards.GROUPS:
        squares = board.group(group)
        house = squares[0].house_cost or 0
        exp = tuple(sum(sol.landings_per_turn[s.index] * _rent(s, lv) for s in squares)
                    for lv in LEVELS)
        cost = house * len(squares)
        steps = tuple(
            HouseStep(lv, lv + 1, cost, exp[lv + 1] - exp[lv],
                      cost / (exp[lv + 1] - exp[lv]) if exp[lv + 1] > exp[lv] else None)
            for lv in LEVELS[:-1])
        out.append(GroupRents(group, tuple(s.index for s in squares), house, exp, steps))
    return tuple(out)


def group_rent_table(board: object = "atlantic-city", jail_strategy: object = "leave",
                     options: Mapping[str, object] | None = None) -> dict[str, object]:
    """JSON form of :func:`group_rents`: ``{"board", "jail_strategy", "model",
    "mean_rolls_per_turn", "levels", "groups": [{"group", "squares", "house_cost",
    "expected_rent": [6 floats], "steps": [{"from_level", "to_level", "cost",
    "added_rent", "break_even_turns"} x 5]}], "sources"}``."""
    return _group_table(make_model(board, jail_strategy, options))


def _group_table(m: MarkovModel) -> dict[str, object]:
    return {
        "board": m.board, "jail_strategy": m.jail_strategy, "model": m.to_dict(),
        "mean_rolls_per_turn": solve(m).mean_rolls_per_turn,
        "levels": list(LEVELS),
        "groups": [g.to_dict() for g in group_rents(m)],
        "sources": sources(m),
    }


# --------------------------------------------------------------------------- jail advice


Level = Annotated[int, Check(lo=0, hi=LEVELS[-1])]


@dataclass(frozen=True)
class GroupLevel:
    """A colour group opponents have completed, and its building level."""

    group: object = spec(enum=_boards.GROUPS, json="string", doc="colour group")
    level: Level = spec(doc="0 complete and unbuilt, 1-4 houses, 5 a hotel")


Built = Annotated[list[GroupLevel | tuple[object, Level]], Check(max_items=len(_boards.GROUPS))]
"""Built groups as ``{"group", "level"}`` objects or ``[group, level]`` pairs."""


def built_groups(items: Sequence[Any], field: str, houses: int = 4) -> tuple[tuple[str, int], ...]:
    """Checked built groups (as :func:`~engine.validate.parse_as` gives ``Built``): colour
    groups, each once, levels 0..``houses`` or 5; sorted (group, level) pairs."""
    out: dict[str, int] = {}
    for i, item in enumerate(items):
        group, level = (item.group, item.level) if isinstance(item, GroupLevel) else item
        path = f"{field}.{i}"
        if not isinstance(group, str) or group not in _boards.GROUPS:
            raise EngineError("error.unknown_group", field=path, group=show(group))
        if group in out:
            raise EngineError("error.duplicate_group", field=path, group=group)
        if houses < level < LEVELS[-1]:
            raise EngineError("error.building_level", field=path, level=level, max=houses)
        out[group] = level
    return tuple(sorted(out.items()))


@dataclass(frozen=True)
class JailRents:
    """Expected rent a player pays, given the groups opponents have built on.

    * ``leave_turn``: in a turn that starts by leaving jail (pay or card, then
      roll and move from Just Visiting as in any turn, doubles included).
    * ``stay_turn``: in a turn spent trying for doubles (only doubles move, once).
    * ``last_stay_turn``: in the last allowed jail turn (the player moves anyway).
    * ``free_turn``: in an average turn that starts out of jail.
    * ``long_run_leave`` / ``long_run_stay``: per turn in the long run when always
      leaving at once / always staying.
    """

    model: MarkovModel
    built: tuple[tuple[str, int], ...]
    leave_turn: float
    stay_turn: float
    last_stay_turn: float
    free_turn: float
    long_run_leave: float
    long_run_stay: float

    @property
    def stay_saves(self) -> float:
        """Rent saved in one jail turn by staying rather than leaving."""
        return self.leave_turn - self.stay_turn

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form."""
        return {
            "board": self.model.board, "model": self.model.to_dict(),
            "built": [{"group": g, "level": lv} for g, lv in self.built],
            "leave_turn": self.leave_turn, "stay_turn": self.stay_turn,
            "last_stay_turn": self.last_stay_turn, "free_turn": self.free_turn,
            "long_run_leave": self.long_run_leave, "long_run_stay": self.long_run_stay,
            "stay_saves": self.stay_saves,
            "doubles_probability": 1.0 / 6.0,
            "jail_max_turns": self.model.jail_max_turns,
            "sources": sources(self.model),
        }


def jail_rents(model: MarkovModel, built: Sequence[object]) -> JailRents:
    """Expected rent per turn in and out of jail; ``built`` = ((group, level), ...).

    ``model.jail_strategy`` does not matter: both strategies are computed.
    """
    if not isinstance(model, MarkovModel):
        raise EngineError("error.not_an_object", field="model", value=show(model))
    return _jail_rents(model, built_groups(parse_as(Built, built, "built"), "built"))


@lru_cache(maxsize=128)
def _jail_rents(model: MarkovModel, built: tuple[tuple[str, int], ...]) -> JailRents:
    board = _board(model.board)
    rent = [0.0] * POSITIONS
    for group, level in built:
        for s in board.group(group):
            rent[s.index] = float(_rent(s, level))

    def turn_rent(ch: _Chain, state: int) -> float:
        vis = ch.visits[ch.states.index(state)]
        return sum(v * r for v, r in zip(vis, rent))

    def long_run(ch: _Chain) -> float:
        return sum(p * sum(v * r for v, r in zip(vis, rent)) for p, vis in zip(ch.pi, ch.visits))

    leave = _chain(replace(model, jail_strategy="leave"))
    stay = _chain(replace(model, jail_strategy="stay"))
    free_weight = sum(p for s, p in zip(leave.states, leave.pi) if s >= 0)
    free = sum(p * sum(v * r for v, r in zip(vis, rent))
               for s, p, vis in zip(leave.states, leave.pi, leave.visits) if s >= 0) / free_weight
    return JailRents(
        model, built,
        leave_turn=turn_rent(leave, -1),
        stay_turn=turn_rent(stay, -1),
        last_stay_turn=turn_rent(stay, -model.jail_max_turns),
        free_turn=free,
        long_run_leave=long_run(leave),
        long_run_stay=long_run(stay),
    )


def jail_advice_inputs(built: object, board: object = "atlantic-city",
                       options: Mapping[str, object] | None = None) -> dict[str, object]:
    """JSON form of :func:`jail_rents`; ``built`` is a list of ``(group, level)`` pairs
    (or ``{"group", "level"}`` dicts), level 0 (complete, unbuilt) to 5 (hotel)."""
    return jail_rents(make_model(board, "leave", options), built).to_dict()


# --------------------------------------------------------------------------- requests (engine.api)


@dataclass(frozen=True, kw_only=True)
class ChainRequest:
    """The chain a request asks about: board, jail strategy and model options."""

    board: object = spec("atlantic-city", enum=BOARD_IDS, json="string", doc="the board")
    jail_strategy: Literal["leave", "stay"] = spec("leave", doc=(
        "leave jail at once (pay or card) or stay and roll for doubles"))
    options: MarkovOptions | None = spec(None, doc="model choices (see MarkovOptions)")

    def model(self) -> MarkovModel:
        extra = {} if self.options is None else vars(self.options)
        return MarkovModel(board=self.board, jail_strategy=self.jail_strategy, **extra)


@dataclass(frozen=True, kw_only=True)
class OddsRequest(ChainRequest):
    """Long-run landing odds of every square."""

    count: Literal["roll", "turn"] = spec("roll", doc="per roll or per turn")


@dataclass(frozen=True, kw_only=True)
class GroupRentsRequest(ChainRequest):
    """Expected rent per opponent turn for every colour group and building level."""


def _shaped(board: object, out: dict[str, object]) -> dict[str, object]:
    """A chain result in the result shape of every calculation (no edition: a board)."""
    out.update(edition=None, currency=_board(str(board)).currency, steps=[])
    return out


def odds(request: object) -> dict[str, object]:
    """:func:`landing_odds` for an :class:`OddsRequest` (what ``engine.api`` calls)."""
    req = parse(OddsRequest, request)
    m = req.model()
    return _shaped(m.board, _odds_dict(solve(m), req.count))


def group_rents_request(request: object) -> dict[str, object]:
    """:func:`group_rent_table` for a :class:`GroupRentsRequest` (what ``engine.api`` calls)."""
    req = parse(GroupRentsRequest, request)
    m = req.model()
    return _shaped(m.board, _group_table(m))
