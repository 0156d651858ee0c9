"""Traceability: every edition value cites a section that exists in its own rulebook."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from engine.clauses import CLAUSES
from engine.editions import EDITIONS
from engine.sources import SOURCE_FILES, Value

SOURCES = Path(__file__).resolve().parents[2] / "shared" / "sources"


def _values(ed):
    for rec in (ed.rules, ed.card_game):
        if rec is not None:
            for f in fields(rec):
                yield f.name, getattr(rec, f.name)


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_every_value_cites_its_own_rulebook(edition_id):
    ed = EDITIONS[edition_id]
    text = (SOURCES / SOURCE_FILES[ed.source]).read_text(encoding="utf-8").casefold()
    for name, value in _values(ed):
        assert isinstance(value, Value), name
        assert value.source.file == ed.source, f"{edition_id}.{name} cites {value.source.file}"
        assert value.source.section.casefold() in text, f"{edition_id}.{name}: no section {value.source.section!r}"


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_rulings_name_a_ruling_clause(edition_id):
    for name, value in _values(EDITIONS[edition_id]):
        if value.is_ruling:
            assert value.source.ruling in CLAUSES, name
            assert CLAUSES[value.source.ruling].page == "rulings", name
