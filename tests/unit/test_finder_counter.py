"""The finder's counts in words and its groups of boxes (components/finder/finder.js, run in Node)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".tools" / "node_modules" / "node" / "bin" / "node"
FINDER_JS = ROOT / "consultancy" / "components" / "finder" / "finder.js"


def node(expression: str) -> object:
    script = f'import * as f from "{FINDER_JS.as_uri()}";\nprocess.stdout.write(JSON.stringify({expression}));\n'
    run = subprocess.run([str(NODE), "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_the_progress_line_never_says_0_of_about_2() -> None:
    texts = node("[[0, 2], [0, 9], [1, 2], [1, 1], [3, 9], [5, 4]].map(([d, a]) => f.progressText(d, a))")
    assert texts[0] == texts[1] and "0 of" not in texts[0]
    assert texts[2:] == [
        "1 of about 2 questions answered",
        "1 of about 1 question answered",
        "3 of about 9 questions answered",
        "5 of about 5 questions answered",
    ]


def test_one_approval_is_singular() -> None:
    assert node("[0, 1, 2, 12].map(f.approvalsText)") == [
        "0 approvals apply",
        "1 approval applies",
        "2 approvals apply",
        "12 approvals apply",
    ]


def test_a_box_that_is_not_asked_changes_nothing() -> None:
    result = '{asked: ["xray", "boiler"], open: [], implied: {biomedical_waste: "yes"}}'
    members = '["icu", "xray", "biomedical_waste", "boiler"]'
    dead, live, none = node(
        f"[f.groupTick({{}}, {result}, {members}, 'biomedical_waste'),"
        f" f.groupTick({{}}, {result}, {members}, 'xray'),"
        f" f.groupTick({{xray: 'yes'}}, {result}, {members}, '')]"
    )
    assert dead == {}
    assert live == {"xray": "yes", "boiler": "no"}
    assert none == {"xray": "no", "boiler": "no"}
