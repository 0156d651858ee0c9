"""Room ``render``: the page directives' renderers and what they are made of.

``render_*`` (one module per directive, ``DIRECTIVES = {"name": function}``, listed in
``hooks/entry/directives.py``), ``clauses`` (numbers, fallbacks, references), ``templates``
(the Jinja environment of ``overrides/fragments/``), ``chips`` (edition codes as names),
the data and forms they show (``examples``, ``disputes``, ``calculator_fields``,
``calculator_forms``, ``calculator_data``, ``house_rules``, ``edition_prose``, ``fold``,
``phrasebook``). Imports ``runtime``, ``hooks.common``, ``hooks.pages`` and ``catalogs``;
never ``entry``.
"""
