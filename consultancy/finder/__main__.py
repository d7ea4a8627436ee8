"""`python -m consultancy.finder ANSWERS.toml`: see consultancy/finder/__init__.py."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

from consultancy.content import content

from . import read_answers, report


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m consultancy.finder ANSWERS.toml", file=sys.stderr)
        return 2
    try:
        answers = read_answers(Path(argv[0]))
    except (OSError, tomllib.TOMLDecodeError) as error:
        print(f"{argv[0]}: {error}", file=sys.stderr)
        return 2
    print(report(content().finder, answers))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
