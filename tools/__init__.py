"""Developer tools, run from the checkout (``python -m tools.<name>``): the benchmark
(:mod:`tools.bench`), translation status (:mod:`tools.translation_status`), the termbase
command line (:mod:`tools.termbase`), the rulebook-overlap check (:mod:`tools.overlap`),
evidence checks (:mod:`tools.evidence`), site builds into other folders
(:mod:`tools.site_build`) and the static server of the tests (:mod:`tools.static_site`).

Tools import the installed packages ``hooks`` and ``engine``; neither of those ever imports
``tools`` (``tests/test_layout.py`` checks it)."""
