"""Long-run landing odds from an exact Markov chain (what they mean for rent and jail is
:mod:`engine.rent_odds`).

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

>>> sol = solve(MarkovModel())
>>> round(sol.mean_rolls_per_turn, 10)
1.1866239585
>>> round(100 * sol.per_roll[24], 2), round(100 * sol.per_roll[JAIL], 2)
(3.19, 3.95)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
import math
from functools import lru_cache
from typing import Literal

from . import boards as _boards
from .cards import (CHOICE_PAY_OR_DRAW, GO_TO_JAIL, MOVE_BACK, MOVE_TO, NEAREST_RAILROAD,
                    NEAREST_UTILITY, Card, Deck, deck)
from .errors import EngineError
from .money import HOTEL
from .validate import checked_fields, parse, parse_as, show, spec

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
    # every turn has at least one roll: the weighted sum can land a rounding step below 1
    # (0.9999999999999999, found by tests/test_fuzz.py), which the page would show as such
    mean_rolls = max(1.0, math.fsum(p * r for p, r in zip(ch.pi, ch.rolls)))
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


def _shaped(board: object, out: dict[str, object]) -> dict[str, object]:
    """A chain result in the result shape of every calculation (no edition: a board)."""
    out.update(edition=None, currency=_board(str(board)).currency, steps=[])
    return out


def odds(request: object) -> dict[str, object]:
    """:func:`landing_odds` for an :class:`OddsRequest` (what ``engine.api`` calls)."""
    req = parse(OddsRequest, request)
    m = req.model()
    return _shaped(m.board, _odds_dict(solve(m), req.count))
