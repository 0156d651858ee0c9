"""Room ``runtime``: what the browser runs and keeps offline, as built assets.

``pyodide_assets`` (hook: Pyodide, ``engine.zip``, the trimmed standard library listed in
``pyodide_stdlib.txt``), ``schemas`` (the requests' JSON Schemas it publishes), ``offline``
(hook: page policies, ``/sw.js`` from ``service_worker.js``, ``/_headers``), and
``runtime_starter.js`` (inlined by ``hooks/render/render_calculator.py``). Imports
``hooks.common`` and ``catalogs`` only.
"""

from pathlib import Path

RUNTIME_DIR = Path(__file__).resolve().parent
"""This folder: the room's JavaScript and data files lie here next to its modules."""
