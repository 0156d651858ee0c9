"""``python -m tools.bench`` (``./dev bench``)."""

from tools.bench.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
