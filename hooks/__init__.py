"""MkDocs hooks of the site and the modules they share.

Registered in ``mkdocs.yml`` under ``hooks:``: ``hooks/site.py`` (translation check,
template strings, navigation titles, per-language search index) and
``hooks/directives.py`` (clause numbers, ``[[ref: ...]]`` links and the ``[[...]]``
directives, each rendered by a ``hooks/render_*.py`` module). The other modules are
helpers imported by those two: ``common`` (context, URLs, languages), ``pages``
(reading the Markdown sources), ``clauses`` (numbering, fallbacks, references).
"""
