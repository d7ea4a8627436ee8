"""How many questions the approvals finder asks each project of its table
(tests/data/finder_projects.toml): per project, then the largest and the median.

Usage: python scripts/finder_questions.py [TABLE]

A question counts once it is asked (not carried over, not derived). Questions shown as one
group of boxes count as one, and so do the place questions (where the site is), which the
place step answers together.
"""

from __future__ import annotations

import statistics
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from consultancy.content import content  # noqa: E402
from consultancy.content.finder import FinderPage  # noqa: E402

TABLE = ROOT / "tests" / "data" / "finder_projects.toml"
# Answered together by the place step (consultancy/components/finder/place): one question.
PLACE = ("district", "airport")


def count(page: FinderPage, answers: dict[str, str]) -> int:
    """Questions this project meets: each group of boxes, and the place step, count once."""
    groups = {q.id: getattr(q, "group", "") for q in page.questions}
    seen: set[str] = set()
    for question in page.asked(answers):
        if question in PLACE:
            seen.add("place")
        else:
            seen.add(groups.get(question) or question)
    return len(seen)


def counts(page: FinderPage, projects: list[dict]) -> dict[str, int]:
    return {p["id"]: count(page, {k: str(v) for k, v in p["answers"].items()}) for p in projects}


def main(argv: list[str]) -> int:
    table = Path(argv[0]) if argv else TABLE
    projects = tomllib.loads(table.read_text(encoding="utf-8"))["projects"]
    found = counts(content().finder, projects)
    for project, n in found.items():
        print(f"{n:3d}  {project}")
    values = list(found.values())
    print(f"projects {len(values)}, max {max(values)}, median {statistics.median(values):g}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
