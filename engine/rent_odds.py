"""What the landing odds of :mod:`engine.markov` mean for rent and jail: the expected rent
per opponent turn of every colour group at every building level (and what each building
step adds), and the rent a player in jail avoids or misses while opponents have built.

Rents come from :mod:`engine.boards` (``shared/reference/board.md``): level 0
is a complete unbuilt group (double rent), 1-4 houses, 5 a hotel.

>>> t = group_rent_table("atlantic-city", "leave")
>>> [g["group"] for g in t["groups"]][:2], len(t["groups"][0]["expected_rent"])
(['brown', 'light-blue'], 6)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Annotated, Any

from . import boards as _boards
from .errors import EngineError
from .markov import (LEVELS, POSITIONS, ChainRequest, MarkovModel, _board, _chain, _Chain,
                     _shaped, _solve, make_model, solve, sources)
from .validate import Check, parse, parse_as, show, spec


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
    groups, each once, levels 0..``houses`` or 5; (group, level) pairs in board order (as
    the steps name them: brown first, dark blue last)."""
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
    return tuple(sorted(out.items(), key=lambda item: _boards.GROUPS.index(item[0])))


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
class GroupRentsRequest(ChainRequest):
    """Expected rent per opponent turn for every colour group and building level."""


def group_rents_request(request: object) -> dict[str, object]:
    """:func:`group_rent_table` for a :class:`GroupRentsRequest` (what ``engine.api`` calls)."""
    req = parse(GroupRentsRequest, request)
    m = req.model()
    return _shaped(m.board, _group_table(m))
