"""The presenter: engine results, in a language's words and numbers, as HTML.

Standard library only, shipped in ``engine.zip`` next to the engine, so the build
(``hooks/render/render_calculator.py``) and the browser's worker (``worker.mjs`` calls
:func:`present.api.answer`) run the same functions. Modules, by what they hold:

- :mod:`present.numbers` (numbers, amounts, percentages from :mod:`present.number_data`,
  a table generated from Babel/CLDR by ``tools/number_table.py``);
- :mod:`present.messages` (a language's messages, ``{name}`` placeholders, plural forms
  by the catalog's ``Plural-Forms``: the one evaluator, ``hooks/catalogs/i18n.py`` uses it too);
- :mod:`present.views` (what each calculator shows, as data);
- :mod:`present.render` (the view interpreter: result -> HTML, error -> HTML and field);
- :mod:`present.urlstate` (the canonical request and its query string: the one encoder);
- :mod:`present.api` (the worker's entry point).
"""
