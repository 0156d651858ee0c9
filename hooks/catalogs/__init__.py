"""Room ``catalogs``: words and catalogs, the bottom room (imports no other room).

``languages`` (the table of languages), ``i18n`` (the PO catalogs: loading, checks,
formatting), ``termbase`` (the terminology check), ``source_names`` (each booklet's name
per language).
"""
