"""Which edition each piece of a rule page speaks of, marked at build time for "My edition".

With an edition chosen, ``docs/assets/site.js`` shows each clause as that edition's rule:
what speaks only of other editions folds into the clause's one "other editions" part. The
build says, per piece, which editions it is about (``data-about``: main edition ids, a mode
counted as its edition, ``nl-2001-short`` as ``nl-2001``):

- a list item of an edition list (``ul.ed-list``): the editions named before its first
  colon ("Nederland 2001 en Klassiek: ..."), else every edition it names; a later mention
  ("the same as Nederland 2001") does not make it that edition's item;
- a sentence of a paragraph that names editions: wrapped in ``<span class="ed-s">`` with
  the editions it names; a sentence naming none that follows one goes on about the same
  editions ("In the short game of X ... . The banker shuffles ...") and gets its marks;
  sentences before the first edition name are general and stay unmarked;
- a worked example: its edition (written by its own box, ``overrides/fragments/rules/
  example/box.html``, on the examples page too).

Nothing is moved or hidden here; without a choice the page reads as before. The prose
itself is untouched (it is written and cited by hand): this only reads the chips that
``hooks/entry/my_edition.py`` made of the edition codes.
"""

from __future__ import annotations

import re

from engine.editions import EDITIONS, MAIN_EDITIONS, clause_editions
from hooks.catalogs.languages import LANGUAGES
from hooks.catalogs.source_names import WORDS, editions_citing

CHIP = re.compile(r'<span class="ed-chip" data-edition="(?P<id>[^"]+)">')
_TAG = re.compile(r"(<[^>]+>)")
_TEXT = re.compile(r"<[^>]+>")
_VOID = {"br", "img", "wbr", "hr", "input"}
_END = re.compile(r"[.!?][»”\")\]]*\s+")
"""The end of a sentence inside a text run: a full stop (or ! ?), closing quotes or
brackets, then white space."""
_STARTS = re.compile(r"[A-ZÀ-ÞÅÄÖÆØ0-9«„\"(]")
"""What a new sentence starts with (a capital, a number, an opening quote)."""
_PARA = re.compile(r"<p>(?P<inner>(?:(?!</?p[ >]).)*?)</p>", re.S)
_ITEM = re.compile(r'<li data-edition="(?P<first>[^"]+)" data-editions="(?P<all>[^"]*)">'
                   r'(?P<inner>.*?)</li>', re.S)


def family(edition_id: str) -> str:
    """The main edition a mode belongs to (``nl-2001-short`` -> ``nl-2001``).

    >>> family("nl-2001-short"), family("nordic-2005"), family("nl-card-game")
    ('nl-2001', 'nordic-2005', 'nl-card-game')
    """
    edition = EDITIONS.get(edition_id)
    return (edition.base if edition and edition.base else edition_id)


def about(ids: list[str]) -> str:
    """The ``data-about`` value of the editions named, each once, in order."""
    return " ".join(dict.fromkeys(family(i) for i in ids))


def _depth_change(tag: str) -> int:
    name = re.match(r"</?\s*([a-zA-Z0-9]+)", tag)
    if not name or tag.startswith("<!") or tag.endswith("/>") or \
            name.group(1).lower() in _VOID:
        return 0
    return -1 if tag.startswith("</") else 1


def sentences(inner: str) -> list[str]:
    """A paragraph's HTML cut into sentences, each a balanced piece of HTML (cut only
    outside elements: a link or chip is never split).

    >>> sentences('Een. <span class="ed-chip" data-edition="x">X</span> zegt (bron 000). '
    ...           'Dan, bijv. zo. En verder')
    ['Een. ', '<span class="ed-chip" data-edition="x">X</span> zegt (bron 000). ', \
'Dan, bijv. zo. ', 'En verder']
    >>> sentences('Zo (källa 000, ”4. De bank”). Klaar.')
    ['Zo (källa 000, ”4. De bank”). ', 'Klaar.']
    """
    tokens = [t for t in _TAG.split(inner) if t]
    out: list[str] = []
    current = ""
    depth = 0
    for i, token in enumerate(tokens):
        if token.startswith("<"):
            depth += _depth_change(token)
            current += token
            continue
        if depth:
            current += token
            continue
        pos = 0
        for end in _END.finditer(token):
            # never inside brackets: "(källa 000, ”4. De bankier”)" is one sentence
            said = _TEXT.sub("", current) + token[pos:end.end()]
            if said.count("(") > said.count(")"):
                continue
            rest = token[end.end():]
            if rest:
                starts = bool(_STARTS.match(rest))
            else:  # the sentence ends this text run: does the next one open a sentence?
                nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
                starts = bool(CHIP.match(nxt)) or bool(nxt and not nxt.startswith("<")
                                                        and _STARTS.match(nxt))
            if starts:
                current += token[pos:end.end()]
                out.append(current)
                current = ""
                pos = end.end()
        current += token[pos:]
    if current:
        out.append(current)
    return out


def named_outside_brackets(sentence: str) -> list[str]:
    """The editions a sentence names outside brackets: "(in `nordic-2005` a key)" is an
    aside of a rule that holds for every edition, not what the sentence is about.

    >>> x = '<span class="ed-chip" data-edition="nordic-2005">N</span>'
    >>> named_outside_brackets(f"Een kaart (of in {x} een sleutel) mag je verkopen.")
    []
    >>> named_outside_brackets(f"In {x} (bron 001) niet.")
    ['nordic-2005']
    """
    depth = 0
    named = []
    for token in (t for t in _TAG.split(sentence) if t):
        if token.startswith("<"):
            chip = CHIP.match(token)
            if chip and not depth:
                named.append(chip.group("id"))
        else:
            depth = max(0, depth + token.count("(") - token.count(")"))
    return named


def without_asides(sentence: str, keep: set[str]) -> str:
    """The sentence without its brackets that name editions, none of them in ``keep``:
    on one edition's sheet "Een kaart (of in `nordic-2005` een sleutel) mag je verkopen" is
    the rule without the travel edition's aside (the whole sentence was left out, and with
    it the rule, from the sheets of the Dutch editions).

    >>> x = '<span class="ed-chip" data-edition="nordic-2005">N</span>'
    >>> without_asides(f"Een kaart (of in {x} een sleutel) mag je verkopen.", {"nl-2001"})
    'Een kaart mag je verkopen.'
    >>> without_asides(f"Een kaart (of in {x} een sleutel) mag.", {"nordic-2005"}) == f"Een kaart (of in {x} een sleutel) mag."
    True
    >>> without_asides("Zo (bron 000).", {"nl-2001"})
    'Zo (bron 000).'
    """
    out, depth, start, i = [], 0, None, 0
    while i < len(sentence):
        if sentence[i] == "<":
            i = sentence.index(">", i) + 1
            continue
        if sentence[i] == "(":
            if depth == 0:
                start = i
            depth += 1
        elif sentence[i] == ")" and depth:
            depth -= 1
            if depth == 0 and start is not None:
                ids = {family(m.group("id")) for m in CHIP.finditer(sentence, start, i)}
                if ids and not ids & keep:
                    out.append((start, i + 1))
        i += 1
    for begin, end in reversed(out):
        while begin and sentence[begin - 1] == " ":
            begin -= 1
        sentence = sentence[:begin] + sentence[end:]
    return sentence


def _chip_html(article: str) -> str:
    """An edition's chip in the HTML, with the language's article before it if any."""
    return ((rf"(?:{article}\s+)?" if article else "")
            + r'<span class="ed-chip" data-edition="[^"]+">[^<]*</span>')


_LISTS: dict[str, re.Pattern[str]] = {
    lang.code: re.compile(rf"(?P<pre>{lang.list_words[0]})(?P<run>{_chip_html(lang.edition_article)}"
                          rf"(?:(?:{lang.list_words[1]}){_chip_html(lang.edition_article)})+)")
    for lang in LANGUAGES}
"""A list of editions after a preposition ("in A, B of C"), per language's words."""


def narrowed(sentence: str, keep: str, lang: str) -> str:
    """The sentence with each list of editions after a preposition that holds ``keep``
    said of ``keep`` alone: on one edition's sheet "Kom je in A, B of C op Kans" is "Kom je
    in A op Kans" (it was left out, and with it the rule of how to draw a card).

    >>> a, b = (f'<span class="ed-chip" data-edition="{e}">{e}</span>' for e in ("nl-2001", "classic-us"))
    >>> narrowed(f"Kom je in {a} of {b} op Kans, dan pak je een kaart.", "classic-us", "nl") == f"Kom je in {b} op Kans, dan pak je een kaart."
    True
    >>> narrowed(f"{a} en {b} zeggen het.", "nl-2001", "nl") == f"{a} en {b} zeggen het."
    True
    """
    pattern = _LISTS.get(lang)
    if pattern is None:
        return sentence

    def one(m: re.Match[str]) -> str:
        article = next(x.edition_article for x in LANGUAGES if x.code == lang)
        names = re.findall(_chip_html(article), m.group("run"))
        mine = [n for n in names if family(CHIP.search(n).group("id")) == keep]
        return m.group("pre") + mine[0] if mine else m.group(0)

    return pattern.sub(one, sentence)


def cited(sentence: str, lang: str = "nl") -> list[str]:
    """The main editions whose booklets a sentence cites ("(bron 000, ...)" is
    ``nl-2001``'s).

    >>> cited("Zo (bron 000, ‘A’; bron 002, ‘B’) en bron 004.")
    ['nl-2001', 'nl-modern', 'nl-card-game']
    """
    pattern = _CITE.get(lang)
    if pattern is None:
        return []
    return [e for sid in pattern.findall(_TEXT.sub("", sentence))
            for e in editions_citing(sid).split()]


def said(sentence: str) -> str:
    """A sentence's text, its white space one space: the words the language's patterns look
    for ("de andere edities") may be broken over two lines of the page's source.

    >>> said('Zo (bron 000); in de andere\\nedities <a href="#x">niet</a>.')
    'Zo (bron 000); in de andere edities niet.'
    """
    return " ".join(_TEXT.sub("", sentence).split())


def mark_paragraph(inner: str, lang: str = "nl") -> str:
    """Wrap the sentences of a paragraph that speak of editions in ``span.ed-s``; a
    sentence naming none goes on about the editions of the one before, unless it speaks
    of every edition (:data:`EVERY`: "this holds in every edition"), which is general and
    so is what follows it. A sentence that names an edition is also about the editions
    whose booklets it cites ("three editions list the notes (bron 000; bron 001; bron
    002); X names only the sum (bron 003)" is about all four), and so is a sentence that
    speaks of some editions without naming them ("three editions say so (bron 000; bron 001;
    bron 003)": the cited ones, unless it speaks of every edition). A sentence that speaks of
    the others (:data:`OTHERS`: "X says so. The other editions are silent; the site rules
    so") is about the editions not named before it, and the run about X before it is about
    every edition: the reader of X keeps X's say, the reader of another edition keeps both
    (what X says and the site's ruling that follows it); a sentence naming X that speaks of
    the others too ("X says so; the others are silent") is about every edition. Such a
    sentence, about all four, still compares editions: where a clause shows the reader's
    edition's values with their sources (``site.js``), it goes with the comparison.

    >>> x = '<span class="ed-chip" data-edition="nl-2001-short">K</span>'
    >>> mark_paragraph(f"Algemeen. In {x} zo. Verder zo. ")
    'Algemeen. <span class="ed-s" data-about="nl-2001">In ... zo. </span><span \
class="ed-s" data-about="nl-2001">Verder zo. </span>'
    >>> mark_paragraph(f"In {x} zo. Dat geldt in elke editie. Dus zo. ")
    '<span class="ed-s" data-about="nl-2001">In ... zo. </span>Dat geldt in elke editie. Dus zo. '
    >>> every = 'data-about="nl-2001 nordic-2005 nl-modern classic-us"'
    >>> out = mark_paragraph(f"Alleen {x} zegt het. De andere edities zwijgen. Dus zo. ")
    >>> out.count(every), out.count('data-about="nordic-2005 nl-modern classic-us"')
    (1, 1)
    >>> out.endswith("</span>Dus zo. ")
    True
    >>> out = mark_paragraph(f"Alleen {x} zegt het; de andere edities zwijgen. ")
    >>> out.count(every)
    1
    >>> mark_paragraph(f"Alleen {x} zegt het; de andere\\nedities zwijgen. ").count(every)
    1
    >>> out = mark_paragraph(f"Drie zeggen het (bron 001; bron 002; bron 003); {x} niet (bron 000). ")
    >>> out.count(every)
    1
    >>> mark_paragraph(f"Zo. Drie edities zeggen het (bron 001; bron 002; bron 003). {x} niet. ")
    'Zo. <span class="ed-s" data-about="nordic-2005 nl-modern classic-us">Drie edities zeggen het \
(bron 001; bron 002; bron 003). </span><span class="ed-s" data-about="nl-2001">... niet. </span>'
    """
    if "ed-chip" not in inner:
        if "clause-ref" not in inner:
            return inner
        # no edition named: only the sentences that point to some editions' rules alone
        pieces = sentences(inner)
        return _wrapped(pieces, [ref_editions(p) for p in pieces])
    every, others, several = EVERY.get(lang), OTHERS.get(lang), SEVERAL.get(lang)
    pieces: list[str] = []
    marks: list[str] = []
    last = ""
    for sentence in sentences(inner):
        text = said(sentence)
        named = named_outside_brackets(sentence)
        limited = ref_editions(sentence)
        if not named and limited:
            # points only to rules of some editions' modes ("the speed die does not count
            # for a double, 11.6"): theirs, and the sentence after it is not
            pieces.append(sentence)
            marks.append(limited)
            continue
        if not named and every is not None and every.search(text):
            last = ""
        mine = ""
        if not named and several is not None and several.search(text) and not (
                every is not None and every.search(text)):
            # "three editions say so (bron 000; bron 002; bron 003)": the editions it cites
            whose = about(cited(sentence, lang))
            if whose and not set(MAIN_EDITIONS) <= set(whose.split()):
                named = whose.split()
        if named:
            last = mine = about(named + cited(sentence, lang))
            if set(MAIN_EDITIONS) <= set(last.split()):
                mine, last = _ALL, ""
        if others is not None and others.search(text) and (named or last):
            if not named:
                # "X says so. The other editions are silent; the site rules so": the run
                # about X is every reader's (a reader of a silent edition learns what the
                # ruling follows), the sentence about the others is theirs alone
                for i in range(len(marks) - 1, -1, -1):
                    if marks[i] != last:
                        break
                    marks[i] = _ALL
                rest = [e for e in MAIN_EDITIONS if e not in last.split()]
                mine = " ".join(rest) or _ALL
            else:  # "X says so; the others are silent": one sentence, every reader's
                mine = _ALL
            last = ""
        pieces.append(sentence)
        marks.append(mine or last)
    return _wrapped(pieces, marks)


def _wrapped(pieces: list[str], marks: list[str]) -> str:
    """The sentences again, each with a mark wrapped in ``span.ed-s``."""
    return "".join(f'<span class="ed-s" data-about="{m}">{p}</span>' if m else p
                   for p, m in zip(pieces, marks))


_REF_LINK = re.compile(r'<a class="clause-ref" href="[^"#]*#(?P<id>[^"]+)"')


def ref_editions(sentence: str) -> str:
    """The editions a sentence is about through its clause links alone: where every clause
    it links to holds for some editions only (a mode's rule, ``clause_editions``), those
    editions (the ``data-about`` value); else "".

    >>> ref_editions('Zo (<a class="clause-ref" href="../variants/#speed-die">11.6</a>).')
    'nl-modern'
    >>> ref_editions('Zo (<a class="clause-ref" href="#jail-doubles">6.5</a>).')
    ''
    """
    ids = _REF_LINK.findall(sentence)
    holds = [clause_editions(i) for i in ids]
    if not ids or not all(holds):
        return ""
    whose = about([e for eds in holds for e in (eds or ())])
    return "" if set(MAIN_EDITIONS) <= set(whose.split()) else whose


def item_about(inner: str) -> str:
    """The editions a list item is about: those named before its first colon (outside
    elements); without a colon, those its first sentence names ("X and Y are silent.
    This site, as in Z, ..." is X's and Y's item); else all it names.

    >>> a = '<span class="ed-chip" data-edition="classic-us">US</span>'
    >>> b = '<span class="ed-chip" data-edition="nl-2001">NL</span>'
    >>> item_about(f"{a}: zoals {b}"), item_about(f"{a} en {b}: zo"), item_about(f"{a} zo {b}")
    ('classic-us', 'classic-us nl-2001', 'classic-us nl-2001')
    >>> item_about(f"{a} zwijgt. Zoals in {b} dus.")
    'classic-us'
    """
    depth = 0
    head = ""
    for token in (t for t in _TAG.split(inner) if t):
        if token.startswith("<"):
            depth += _depth_change(token)
        elif not depth and ":" in token:
            head += token.split(":", 1)[0]
            return about(CHIP.findall(head)) or about(CHIP.findall(inner))
        head += token
    first = sentences(inner)
    return about(CHIP.findall(first[0]) if first else []) or about(CHIP.findall(inner))


_LEAD = re.compile(r'<p>(?P<inner>(?:(?!</?p[ >]).)*?)</p>(?P<list>\s*<ul class="ed-list">)', re.S)


def mark_lead(inner: str) -> str:
    """The sentence that leads into an edition list ("Tot wanneer de eigenaar mag vragen,
    verschilt:"), the paragraph's last, wrapped in ``span.ed-lead``: when the list's items
    all go with the comparison (``site.js``), that sentence goes with them and the rest of
    the paragraph, a rule of every edition, stays.

    >>> mark_lead("Zo gaat het. Wanneer precies, verschilt:")
    'Zo gaat het. <span class="ed-lead">Wanneer precies, verschilt:</span>'
    >>> mark_lead("Zo gaat het.")
    'Zo gaat het.'
    """
    pieces = sentences(inner)
    if not pieces or not _TEXT.sub("", pieces[-1]).rstrip().endswith(":"):
        return inner
    return "".join(pieces[:-1]) + f'<span class="ed-lead">{pieces[-1]}</span>'


def mark(html: str, lang: str = "nl") -> str:
    """Every edition list item and edition sentence of a rule page's HTML
    (in ``lang``) marked with the editions it is about (``data-about``), and the sentence
    that leads into an edition list (:func:`mark_lead`)."""
    html = _ITEM.sub(lambda m: (f'<li data-edition="{m.group("first")}" data-editions="'
                                f'{m.group("all")}" data-about="{item_about(m.group("inner"))}">'
                                f'{m.group("inner")}</li>'), html)
    html = _PARA.sub(lambda m: f"<p>{mark_paragraph(m.group('inner'), lang)}</p>", html)
    return _LEAD.sub(lambda m: f"<p>{mark_lead(m.group('inner'))}</p>{m.group('list')}", html)


SEVERAL: dict[str, re.Pattern[str]] = {
    lang.code: re.compile(rf"({lang.several_words})\b", re.I) for lang in LANGUAGES}
"""Words that speak of several editions or booklets at once ("all four editions", "the
other three", "none of the booklets"): a one-edition text leaves such sentences out
(``Language.several_words``)."""

OTHERS: dict[str, re.Pattern[str]] = {
    lang.code: re.compile(rf"\b({lang.others_words})\b", re.I) for lang in LANGUAGES}
"""Words that speak of the editions not named ("the other editions"):
``Language.others_words``."""

_ALL = " ".join(MAIN_EDITIONS)
"""The mark of a sentence that compares every edition."""

_CITE: dict[str, re.Pattern[str]] = {
    code: re.compile(rf"\b{word}\s+(\d{{3}})\b", re.I) for code, word in WORDS.items()}
"""A booklet's number after the language's word for it ("bron 000")."""

EVERY: dict[str, re.Pattern[str]] = {
    lang.code: re.compile(rf"\b({lang.every_words})\b", re.I) for lang in LANGUAGES}
"""Words that speak of every edition ("in every edition", "all four editions"): a sentence
with them and no edition's name states what holds for all, whatever the one before it
was about (``Language.every_words``)."""

_LEAF = re.compile(r"<(?P<tag>p|li)>(?P<inner>(?:(?!<(?:p|li|ul|ol)[ >]|</(?:p|li)>).)*)"
                   r"</(?P=tag)>", re.S)


def only_about(html: str, edition_id: str, lang: str, away: str | None = None) -> str:
    """A text for one edition: every sentence of its paragraphs and list items that names
    another edition or speaks of several (:data:`SEVERAL`) left out, with the sentences
    that go on about it, and each sentence that holds ``away`` (a mark the caller put in);
    paragraphs, items and lists left empty are dropped.

    >>> x = '<span class="ed-chip" data-edition="classic-us">US</span>'
    >>> only_about(f"<p>Zo gaat het. In {x} niet. Daar zo.</p><p>Alle vier de edities.</p>"
    ...            "<ul>\\n<li>Ook zo.</li>\\n</ul>", "nl-2001", "nl")
    '<p>Zo gaat het. </p><ul>\\n<li>Ook zo.</li>\\n</ul>'
    >>> only_about("<p>Alle vier de edities doen het zo (bron 000). Dus 220.</p>", "nl-2001", "nl")
    '<p>Dus 220.</p>'
    """
    mine = family(edition_id)
    several, every = SEVERAL.get(lang), EVERY.get(lang)

    def keep(m: re.Match[str]) -> str:
        out = []
        dropping = False
        for sentence in sentences(m.group("inner")):
            sentence = narrowed(without_asides(sentence, {mine}), mine, lang)
            named = {family(i) for i in CHIP.findall(sentence)}
            text = said(sentence)
            if not named and every is not None and every.search(text):
                # "all four editions do so (bron 000; ...)": left out, but what follows is
                # the rule of every edition again, as mark_paragraph reads it (the worked
                # amounts after it were lost from every sheet)
                dropping = False
                continue
            if named - {mine} or (several is not None and several.search(text)):
                dropping = True
            elif named:
                dropping = False
            if not dropping and not (away and away in sentence):
                out.append(sentence)
        inner = "".join(out)
        return f"<{m.group('tag')}>{inner}</{m.group('tag')}>" if inner.strip() else ""

    html = _LEAF.sub(keep, html)
    return re.sub(r"<(ul|ol)>\s*</\1>", "", html)
