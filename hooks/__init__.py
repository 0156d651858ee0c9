"""Everything that runs inside MkDocs: the hooks, their directive renderers and the
translation and terminology code they use. Installed (editable) by ``./dev`` from
``pyproject.toml`` together with ``engine``, so MkDocs, which loads each hook by its file
path, resolves ``import hooks.x`` through the installed package; nothing here imports
``tools``.

Registered in ``mkdocs.yml`` under ``hooks:``: ``hooks/site.py`` (translation check,
template strings, navigation titles, per-language search index), ``hooks/directives.py``
(clause numbers, ``[[ref: ...]]`` links and the ``[[...]]`` directives, each rendered by a
``hooks/render_*.py`` module), ``hooks/my_edition.py``, ``hooks/pyodide_assets.py`` and
``hooks/offline.py``. The other modules are helpers imported by those: ``common``
(context, URLs, languages), ``pages`` (reading the Markdown sources), ``clauses``
(numbering, fallbacks, references), ``i18n`` (the PO catalogs: loading, checks,
formatting), ``termbase`` (the terminology check), ``disputes``, ``schemas``.
"""
