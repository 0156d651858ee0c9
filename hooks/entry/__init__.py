"""Room ``entry``: what MkDocs calls, the top room (nothing imports it).

The hooks listed under ``hooks:`` in ``mkdocs.yml`` (``live_preview``, ``site``,
``directives``, ``my_edition``; the two hooks of the ``runtime`` room come after them) and
the plugin ``monopoly-i18n`` (``i18n_plugin``, an entry point in ``pyproject.toml``).
"""
