"""Everything that runs inside MkDocs, in four rooms named after their jobs. Installed
(editable) by ``./dev`` from ``pyproject.toml`` together with ``engine``, so MkDocs, which
loads each hook by its file path, resolves ``import hooks.x`` through the installed package;
nothing here imports ``tools``.

A room imports only the rooms below it (``tests/test_layout.py`` checks ``ROOMS``):

- ``entry/``: what MkDocs calls: ``site.py`` (translation check, template strings,
  navigation titles, per-language search index), ``directives.py`` (clause numbers,
  ``[[ref: ...]]`` links and the ``[[...]]`` directives, each rendered by a
  ``hooks/render/render_*.py`` module), ``my_edition.py``, ``live_preview.py`` and the
  plugin ``i18n_plugin.py``;
- ``render/``: the directives' renderers and what they show (clauses, examples, disputes,
  calculator forms, templates);
- ``runtime/``: the browser's runtime and the offline assets (hooks ``pyodide_assets.py``
  and ``offline.py``, the service worker, the runtime starter, the JSON Schemas);
- the shared modules here: ``common`` (context, URLs, languages) and ``pages`` (reading the
  Markdown sources);
- ``catalogs/``: words (the PO catalogs in ``i18n``, the languages, the termbase, the
  booklets' names).
"""
