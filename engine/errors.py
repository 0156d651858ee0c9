"""The one error type the engine raises.

Every invalid request (unknown edition or square, wrong types, absurd amounts,
impossible game states) ends in :class:`EngineError`. It carries a message key
(translated in ``translations/``) and the parameters that message shows, so
the calculators can explain the problem in the reader's language.

>>> try:
...     raise EngineError("error.unknown_edition", edition="xx")
... except EngineError as err:
...     (err.key, err.params)
('error.unknown_edition', {'edition': 'xx'})
"""

from __future__ import annotations


class EngineError(ValueError):
    """The one error the engine raises for bad input.

    ``key`` is a message key (translated in translations/), ``params`` the
    values the message shows. ``field`` optionally names the request field
    at fault, so a form can show the message next to that field.
    """

    def __init__(self, key: str, field: str | None = None, **params: object) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.field = field
        self.params = dict(params)

    def to_dict(self) -> dict[str, object]:
        """JSON-friendly form, as the browser receives it."""
        return {"error": self.key, "field": self.field, "params": dict(self.params)}
