"""Guards for the worked examples (issue 4): every example is shown, in every language, and
every one is checked.

The examples themselves are run by Sybil from the pages (root ``conftest.py``); these tests
make sure that cannot silently stop happening: the pages and Sybil count the same examples,
every language shows the same ones, no example file is left unshown, a broken expected value
fails, and code blocks Sybil would skip are refused.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from sybil import Sybil
from sybil.example import SybilFailure
from sybil.parsers.markdown import PythonCodeBlockParser

from engine.clauses import CLAUSES, PAGES
from hooks.common import Context, DirectiveError
from tests.examples_sybil import ExampleDirectiveParser
from hooks.render.examples import (EXAMPLES_DIR, EXAMPLES_PAGE, ExampleError, check, flatten,
                                   load_example, load_examples, mismatches, ordered, placed_ids,
                                   verified)
from hooks.render.render_example import Words, render, render_box, step_html
from tools.place_examples import place, section_of
from hooks.catalogs.i18n import LANGS, SOURCE_LANG, translations
from present.views import CALCULATORS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
EXAMPLES = ordered()
BY_ID = {ex.id: ex for ex in EXAMPLES}
PAGE_FILES = sorted(p for p in DOCS.glob("*/*.md") if p.parent.name in LANGS)


def rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def ctx_for(lang: str, slug: str, ex_id: str, clause: str | None = None) -> Context:
    return Context(lang, slug, f"docs/{lang}/{slug}.md", 1, clause, "example", (ex_id,), DOCS)


# --------------------------------------------------------------------------- naive counting
# Deliberately not the parser's lexer: a loose count of what a reader would take for an
# example or a Python block, so a line the lexer misses shows up as a difference.

INLINE_CODE = re.compile(r"(`+).+?\1")
LOOSE_EXAMPLE = re.compile(r"\[\[\s*example\b", re.IGNORECASE)
ANY_FENCE = re.compile(r"^\s*(`{3,}|~{3,})(.*)$")
PY_FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*\{?\s*\.?(?P<info>py\w*|python\S*)(?P<rest>.*)$",
                      re.IGNORECASE)


def loose_counts(text: str) -> tuple[int, int]:
    """(example-like mentions outside fenced code, python-like fences) of a page."""
    examples = fences = 0
    fence: str | None = None
    for line in text.split("\n"):
        m = ANY_FENCE.match(line)
        if fence is None:
            if m:
                fence = m.group(1)
                fences += bool(PY_FENCE.match(line))
            else:
                examples += len(LOOSE_EXAMPLE.findall(INLINE_CODE.sub("", line)))
        elif m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) \
                and not m.group(2).strip():
            fence = None
    return examples, fences


@pytest.fixture(scope="module")
def collected() -> Counter[str]:
    """How many items pytest + Sybil (the root conftest.py, as configured) collect per page."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         "-o", "addopts=", "docs"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    counts: Counter[str] = Counter()
    for line in out.stdout.splitlines():
        if "::" in line and line.startswith("docs/"):
            counts[line.split("::", 1)[0]] += 1
    return counts


# --------------------------------------------------------------------------- the files


def test_enough_examples() -> None:
    assert len(EXAMPLES) >= 60, f"only {len(EXAMPLES)} worked examples"


def test_every_file_loads_with_its_id() -> None:
    files = sorted(EXAMPLES_DIR.glob("*.toml"))
    assert {f.stem for f in files} == set(BY_ID)
    assert all(f.suffix == ".toml" for f in EXAMPLES_DIR.iterdir() if f.is_file())


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_example_agrees_with_engine(example) -> None:
    assert check(example) is None


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_every_expected_field_is_checked(example) -> None:
    """Changing any single expected value makes the comparison fail."""
    result = verified(example)[0]
    for path, value in flatten(dict(example.expected)):
        broken = _mutated(value)
        data = _set_path(dict(example.expected), path, broken)
        changed = type(example)(**{**example.__dict__, "expected": data})
        assert mismatches(changed, result), f"{example.id}: {path} = {broken!r} was not caught"


def test_an_answer_that_gives_advice_gives_all_of_it() -> None:
    """An example whose answer line states the jail advice (its choice or option) states
    "roll first" too where the advice is to roll first: "Advies: vrijkomen (kaart)" above
    steps that say "gooi eerst voor dubbel en kom pas vrij als dat mislukt" read as two
    answers (a Danish reader's finding)."""
    checked = 0
    for example in EXAMPLES:
        if example.kind != "jail" or not any(k.startswith("advice.") for k in example.expected):
            continue
        advice = verified(example)[0].get("advice") or {}
        checked += 1
        if advice.get("roll_first"):
            assert example.expected.get("advice.roll_first") is True, example.id
    assert checked >= 8


def _mutated(value: object) -> object:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [*value, "x"]
    raise AssertionError(f"no mutation for {value!r}")


def _set_path(expected: dict, path: str, value: object) -> dict:
    if path in expected:
        return {**expected, path: value}
    head, _, rest = path.partition(".")
    return {**expected, head: _set_path(dict(expected[head]), rest, value)}


def test_examples_cover_clauses_rulings_and_calculators() -> None:
    rulings = [cid for cid, c in CLAUSES.items() if c.page == "rulings"]
    shown = {c for ex in EXAMPLES for c in ex.clauses}
    assert [r for r in rulings if r not in shown] == [], "rulings without a worked example"
    for kind in CALCULATORS:
        mine = [ex for ex in EXAMPLES if ex.kind == kind]
        errors = [ex for ex in mine if "error" in ex.expected]
        assert errors, f"no invalid-input example for the {kind} calculator"
        assert len(mine) - len(errors) >= 3, f"too few typical cases for the {kind} calculator"


@pytest.mark.parametrize("problem, edit", [
    ("unknown clause ids", lambda d: d.replace('clauses = ["rent-set-double"]',
                                               'clauses = ["rent-set-dubble"]')),
    ("[text.nb] is missing", lambda d: d[:d.index("[text.nb]")]),
    ("and equal the file name", lambda d: d.replace('id = "rent-set-double-kalverstraat"',
                                                     'id = "other"')),
    ("[expected] is missing", lambda d: re.sub(r"\[expected\]\namount = 100\n", "", d)),
    ("must not repeat the edition", lambda d: d.replace("[request]\n",
                                                        '[request]\nedition = "nl-2001"\n')),
])
def test_loader_refuses_broken_files(tmp_path: Path, problem: str, edit) -> None:
    source = (EXAMPLES_DIR / "rent-set-double-kalverstraat.toml").read_text(encoding="utf-8")
    broken = tmp_path / "rent-set-double-kalverstraat.toml"
    broken.write_text(edit(source), encoding="utf-8")
    assert broken.read_text(encoding="utf-8") != source
    with pytest.raises(ExampleError, match=re.escape(problem)):
        load_example(broken)


def test_by_hand_is_not_the_engine_output() -> None:
    """Every example states its hand working; the files hold no engine-only fields."""
    for ex in EXAMPLES:
        assert len(ex.by_hand) >= 30, f"{ex.id}: by_hand must show the working"
        assert "steps" not in ex.expected, f"{ex.id}: do not copy engine steps into [expected]"


# --------------------------------------------------------------------------- the pages


def test_page_counts_equal_sybil_collection(collected: Counter[str]) -> None:
    """Per page: example lines + python blocks a reader sees == items Sybil collected."""
    wrong = []
    for path in PAGE_FILES:
        examples, fences = loose_counts(path.read_text(encoding="utf-8"))
        if collected.get(rel(path), 0) != examples + fences:
            wrong.append(f"{rel(path)}: {examples} example line(s) + {fences} python block(s) "
                         f"on the page, Sybil collected {collected.get(rel(path), 0)}")
    assert not wrong, "\n".join(wrong)


def test_placed_lines_equal_loose_count() -> None:
    for path in PAGE_FILES:
        text = path.read_text(encoding="utf-8")
        assert len(placed_ids(text)) == loose_counts(text)[0], (
            f"{rel(path)}: an [[example: ...]] mention is not a directive line of its own")


def test_no_python_fence_sybil_would_skip() -> None:
    """Sybil only runs fences whose info string is exactly ``python``."""
    bad = []
    for path in PAGE_FILES:
        for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), start=1):
            m = PY_FENCE.match(line)
            if m and (m.group("info") != "python" or m.group("rest").strip()):
                bad.append(f"{rel(path)}:{n}: {line.strip()!r} (write exactly ```python)")
    assert not bad, "\n".join(bad)


def test_api_pages_have_running_code(collected: Counter[str]) -> None:
    for lang in LANGS:
        path = DOCS / lang / "api.md"
        fences = loose_counts(path.read_text(encoding="utf-8"))[1]
        assert fences >= 10, f"{rel(path)}: the API reference needs its code examples"
        assert collected[rel(path)] == fences


@pytest.mark.parametrize("slug", [p.slug for p in PAGES] + [EXAMPLES_PAGE])
def test_same_examples_in_every_language(slug: str) -> None:
    ids = {lang: placed_ids((DOCS / lang / f"{slug}.md").read_text(encoding="utf-8"))
           for lang in LANGS if (DOCS / lang / f"{slug}.md").exists()}
    assert set(ids) == set(LANGS), f"{slug}.md is missing in {set(LANGS) - set(ids)}"
    assert all(v == ids[SOURCE_LANG] for v in ids.values()), (
        f"{slug}.md shows different examples per language: "
        + "; ".join(f"{k}: {sorted(set(v) ^ set(ids[SOURCE_LANG]))}" for k, v in ids.items()))


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_is_shown_in_its_clause(lang: str) -> None:
    hint = "run `python -m tools.place_examples place` to add the missing lines"
    for page in PAGES:
        path = DOCS / lang / f"{page.slug}.md"
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        shown = placed_ids(text)
        mine = [ex.id for ex in EXAMPLES if ex.topic == page.slug]
        assert sorted(shown) == sorted(mine), (
            f"{rel(path)}: missing {sorted(set(mine) - set(shown))}, "
            f"not of this page {sorted(set(shown) - set(mine))} ({hint})")
        for ex_id in mine:
            section = section_of(lines, BY_ID[ex_id].home_clause)
            assert section is not None, f"{rel(path)}: no clause {BY_ID[ex_id].home_clause}"
            inside = placed_ids("\n".join(lines[section[0]:section[1]]))
            assert ex_id in inside, (f"{rel(path)}: [[example: {ex_id}]] must stand in clause "
                                     f"{BY_ID[ex_id].home_clause}")


@pytest.mark.parametrize("lang", LANGS)
def test_examples_page_lists_all_in_reading_order(lang: str) -> None:
    path = DOCS / lang / f"{EXAMPLES_PAGE}.md"
    text = path.read_text(encoding="utf-8")
    assert placed_ids(text) == [ex.id for ex in EXAMPLES], (
        f"{rel(path)}: the examples must appear once each, in reading order; "
        f"`python -m tools.place_examples page {lang}` prints the expected block")
    assert "[[examples]]" in text
    topics = re.findall(r"\{#topic-([a-z-]+)\}", text)
    assert topics == list(dict.fromkeys(ex.topic for ex in EXAMPLES))


@pytest.mark.parametrize("lang", LANGS)
def test_place_only_inserts_lines_in_reading_order(lang: str) -> None:
    """The placement tool (``python -m tools.place_examples place``) rebuilds the rent page's
    example lines from a page without them: same lines, reading order, nothing else touched."""
    page = (DOCS / lang / "rent.md").read_text(encoding="utf-8")
    strip = re.compile(r"\n\n\[\[example: [a-z0-9-]+\]\](?=\n)")  # what place() inserts
    bare = strip.sub("", page)
    assert placed_ids(bare) == [] and bare != page
    mine = [ex for ex in EXAMPLES if ex.topic == "rent"]
    rebuilt, homeless = place(bare, list(reversed(mine)))
    assert homeless == []
    assert placed_ids(rebuilt) == [ex.id for ex in mine]
    assert rebuilt == page, "the page holds exactly what the tool places"
    assert strip.sub("", rebuilt) == bare, "only example lines were added"
    assert place(rebuilt, mine) == (rebuilt, []), "placing twice changes nothing"


def test_no_example_file_unshown() -> None:
    shown = set()
    for path in PAGE_FILES:
        if path.stem != EXAMPLES_PAGE:
            shown |= set(placed_ids(path.read_text(encoding="utf-8")))
    assert sorted(set(BY_ID) - shown) == [], "example files shown on no rule page"


# --------------------------------------------------------------------------- breaking it


@pytest.mark.parametrize("lang", LANGS)
def test_breaking_an_expected_value_fails_sybil(tmp_path: Path, lang: str) -> None:
    """A wrong expected value in a copy of examples/ fails Sybil on that language's pages."""
    copy = tmp_path / "examples"
    shutil.copytree(EXAMPLES_DIR, copy)
    target = copy / "rent-set-double-kalverstraat.toml"
    text = target.read_text(encoding="utf-8")
    assert "amount = 100\n" in text
    target.write_text(text.replace("amount = 100\n", "amount = 101\n"), encoding="utf-8")
    sybil = Sybil(parsers=[PythonCodeBlockParser(), ExampleDirectiveParser(copy)],
                  path=str(DOCS), patterns=["*/*.md"])
    for page in ("rent", EXAMPLES_PAGE):
        document = sybil.parse(DOCS / lang / f"{page}.md")
        failures = []
        for example in document:
            try:
                example.evaluate()
            except SybilFailure as exc:
                failures.append(str(exc))
        assert len(failures) == 1, f"{page}.md ({lang}): {failures}"
        message = failures[0]
        assert "rent-set-double-kalverstraat" in message
        assert f"docs/{lang}/{page}.md" in message
        assert "'amount'" in message and "101" in message and "100" in message


def test_each_example_runs_once_however_many_pages_show_it(tmp_path: Path,
                                                           monkeypatch) -> None:
    """Checked once, not nine times: the Sybil items of every page that shows an example
    (its rule page and the examples page, in four languages) and its boxes in four
    languages share one engine run of it (:func:`hooks.render.examples.verified`)."""
    from engine import api

    copy = tmp_path / "examples"
    shutil.copytree(EXAMPLES_DIR, copy)
    runs: Counter[str] = Counter()
    real = api.calculate

    def counting(kind: str, request: dict) -> dict:
        runs[kind] += 1
        return real(kind, request)

    monkeypatch.setattr(api, "calculate", counting)
    sybil = Sybil(parsers=[ExampleDirectiveParser(copy)], path=str(DOCS), patterns=["*/*.md"])
    items = 0
    for lang in LANGS:
        for page in ("rent", EXAMPLES_PAGE):
            for example in sybil.parse(DOCS / lang / f"{page}.md"):
                example.evaluate()
                items += 1
    fresh = load_examples(copy)
    for lang in LANGS:
        ex = fresh["rent-set-double-kalverstraat"]
        render_box(ctx_for(lang, "rent", ex.id, ex.home_clause), ex)
    assert items > 2 * len(fresh), "every example is on the examples page, four languages"
    assert sum(runs.values()) == len(fresh), "one engine run per example"


def test_sybil_reports_a_missing_example_file(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# T\n\n[[example: no-such-example]]\n", encoding="utf-8")
    sybil = Sybil(parsers=[ExampleDirectiveParser()], path=str(tmp_path), patterns=["*.md"])
    (example,) = list(sybil.parse(page))
    with pytest.raises(SybilFailure, match="no-such-example"):
        example.evaluate()


def test_build_refuses_a_wrong_example(tmp_path: Path) -> None:
    """The hook renders only what the engine confirms: a broken file fails the build too."""
    source = (EXAMPLES_DIR / "rent-four-stations.toml").read_text(encoding="utf-8")
    broken = tmp_path / "rent-four-stations.toml"
    broken.write_text(source.replace("amount = 200", "amount = 150"), encoding="utf-8")
    example = load_example(broken)
    with pytest.raises(DirectiveError, match="amount"):
        render_box(ctx_for("nl", "rent", example.id, "rent-station"), example)


def test_directive_only_on_its_topic_or_the_examples_page() -> None:
    with pytest.raises(DirectiveError, match="belongs on rent.md"):
        render(ctx_for("nl", "jail", "rent-four-stations"))
    with pytest.raises(DirectiveError, match="no example file"):
        render(ctx_for("nl", "rent", "rent-nothing-like-this"))


# --------------------------------------------------------------------------- rendering


@pytest.mark.parametrize("lang", LANGS)
def test_rendered_box_is_in_the_page_language(lang: str) -> None:
    ex = BY_ID["rent-set-double-kalverstraat"]
    html = render_box(ctx_for(lang, "rent", ex.id, ex.home_clause), ex)
    assert ex.texts[lang].title in html and ex.texts[lang].situation in html
    money = {"nl": "€\xa0100", "sv": "100\xa0€", "da": "100\xa0€", "nb": "100\xa0€"}[lang]
    assert money in html, "the expected rent, formatted for the language"
    assert 'href="./#rent-set-double"' in html, "steps and clauses link to the clause"
    assert "calculators.md?calc=rent&edition=nl-2001&square=39&owned=2#calc-rent" in html
    assert f"{EXAMPLES_PAGE}.md#ex-{ex.id}" in html
    assert 'class="i18n-missing"' not in html


def test_examples_page_has_previous_and_next() -> None:
    first, second, third = EXAMPLES[:3]
    html = render_box(ctx_for("sv", EXAMPLES_PAGE, second.id), second)
    assert f'href="#ex-{first.id}"' in html and f'href="#ex-{third.id}"' in html
    assert 'rel="prev"' in html and 'rel="next"' in html
    last = render_box(ctx_for("sv", EXAMPLES_PAGE, EXAMPLES[-1].id), EXAMPLES[-1])
    assert 'rel="next"' not in last


def test_no_calculator_link_for_errors_or_other_kinds() -> None:
    for ex in EXAMPLES:
        html = render_box(ctx_for("nl", ex.topic, ex.id, ex.home_clause), ex)
        linked = "calculators.md?calc=" in html
        assert linked == (ex.kind in CALCULATORS and "error" not in ex.expected), ex.id


@pytest.mark.parametrize("lang", LANGS)
def test_every_label_is_translated(lang: str) -> None:
    """No key an example needs is missing, and every example.* key exists in each language."""
    for ex in EXAMPLES:
        html = render_box(ctx_for(lang, ex.topic, ex.id, ex.home_clause), ex)
        assert 'class="i18n-missing"' not in html, f"{ex.id}: a message key is missing"
    keys = translations().keys("example.")
    assert len(keys) > 100
    assert [k for k in keys if not translations().has(lang, k)] == []


def test_catalog_files_are_valid() -> None:
    problems = [p for p in translations().validate() if "examples.po" in p.file]
    assert problems == [], [str(p) for p in problems]


def test_toml_is_plain() -> None:
    """The files parse with the standard library alone (what the loader uses)."""
    for ex in EXAMPLES:
        data = tomllib.loads(ex.path.read_text(encoding="utf-8"))
        assert data["id"] == ex.id
    assert load_examples() is load_examples(), "loading is cached until a file changes"


# --------------------------------------------------------------------------- calculator links


@pytest.mark.parametrize("ex_id", [ex.id for ex in EXAMPLES if ex.calculator])
def test_calculator_form_holds_every_example_field(ex_id: str) -> None:
    """The form, filled with an example's request, has a visible field for every field the
    example sets (squares by name or index); else the example must say it cannot open."""
    ex = BY_ID[ex_id]
    assert ex.opens_calculator, (f"{ex.id}: the calculator form would drop "
                                 f"{list(ex.unshown_fields)}")


def test_a_field_the_form_cannot_show_gives_a_note_not_a_link(tmp_path: Path) -> None:
    """Planted: the arrival roll of a nl-modern utility (the form asks only for the new roll)."""
    source = (EXAMPLES_DIR / "rent-utility-modern-reroll.toml").read_text(encoding="utf-8")
    planted = tmp_path / "rent-utility-modern-reroll.toml"
    planted.write_text(source.replace("reroll = [1, 2]", "dice = [5, 6]\nreroll = [1, 2]"),
                       encoding="utf-8")
    ex = load_example(planted)
    assert ex.unshown_fields == ("dice",)
    for lang in LANGS:
        html = render_box(ctx_for(lang, "rent", ex.id, ex.home_clause), ex)
        assert "example-calculator" not in html and "example-no-calculator" in html, lang
        assert 'class="clause-ref"' in html.split("example-no-calculator", 1)[1], lang


def test_links_name_squares_by_index() -> None:
    """Built links spell squares as the form holds them (board indices), whatever the file
    uses; the speed die's face travels in its own field."""
    ex = BY_ID["speed-die-utility-mr-monopoly"]
    assert ex.request["square"] == "Waterleiding"
    link = ex.calculator_link("nl")
    assert "square=28" in link and "speed_face=mr-monopoly" in link and "reroll=3,4&" in link


def test_every_step_links_the_ruling_it_cites() -> None:
    """A step's own ``ruling`` (beside its clause) is linked in the explanation of the box."""
    linked, words = 0, Words("nl", None, "EUR")
    for ex in EXAMPLES:
        for s in ex.run().get("steps", []):
            if s["ruling"] is None or s["ruling"] == s["clause"]:
                continue
            html = step_html(ctx_for("nl", "rent", ex.id, ex.home_clause), words, s)
            assert f'/#{s["ruling"]}"' in html, (ex.id, s)
            linked += 1
    assert linked > 50, linked


def test_one_money_table_for_the_steps() -> None:
    """Which step parameters are money is the engine's table (engine/money.py) and nothing
    else: the presenter keeps no copy, and writes every one of them as an amount."""
    import present.views
    from engine.money import MONEY_STEP_PARAMS, money_params
    from hooks.render.calculator_data import step_presenter

    assert not hasattr(present.views, "MONEY_PARAMS")
    fmt = step_presenter("nl")
    for prefix, names in MONEY_STEP_PARAMS:
        for name in names:
            assert fmt.param(prefix + "x", name, 1500, "EUR") == "€\u00a01.500", (prefix, name)
    assert "proceeds" in money_params("step.sell.houses") and money_params("step.x") == set()


def test_a_jail_example_names_the_editions_own_get_out_card() -> None:
    """Every jail example, rendered in the four languages (situation, answer and steps): the
    travel edition's speak of keys and never of a card, the others' of cards and never of a
    key ("Typ: nyckel" stood above "Val: köpa kortet"; a Nederland 2001 example said "1 kaart
    of sleutel"). The step about the travel edition's Chance decks is left out; the
    situation text is the example's own prose, read too."""
    from tests.test_jail import CARD_WORDS, KEY_WORDS
    examples = [ex for ex in load_examples().values() if ex.kind == "jail"]
    problems, checked = [], 0
    for ex in examples:
        keys = ex.edition == "nordic-2005"
        for lang in LANGS:
            html = render_box(ctx_for(lang, "jail", ex.id, ex.home_clause), ex)
            html = re.sub(r'<li[^>]*data-clause="cards-dice-task".*?</li>', "", html, flags=re.S)
            text = re.sub(r"<[^>]+>", " ", html).casefold()
            wrong = CARD_WORDS[lang] if keys else KEY_WORDS[lang]
            checked += 1
            if any(w in text for w in wrong):
                problems.append(f"{ex.id} [{lang}]: {[w for w in wrong if w in text]}")
    assert len(examples) >= 8 and checked == 4 * len(examples)
    assert not problems, "\n".join(problems)
