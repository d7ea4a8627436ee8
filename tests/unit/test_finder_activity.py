"""The finder's typed activity picker finds the activity from the words an owner types: the
matching (components/finder/activity.js) runs in Node on the page's own options
(components/finder/picker.py), and the activity it leads to decides the consents."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from consultancy.components.finder.picker import options
from consultancy.content import content

ROOT = Path(__file__).resolve().parents[2]
NODE = ROOT / ".tools" / "node_modules" / "node" / "bin" / "node"
ACTIVITY_JS = ROOT / "consultancy" / "components" / "finder" / "activity.js"
PAGE = content().finder
QUESTION = next(q for q in PAGE.questions if q.id == "activity")

# What an owner types -> the activity the first match must be.
TYPED = {
    "rice mill": "rice-mill",
    "Rice Mills": "rice-mill",
    "dyeing": "textile-dyeing",
    "sari dyeing unit": "textile-dyeing",
    "stone crusher": "stone-crusher",
    "crushers": "stone-crusher",
    "diagnostic lab": "clinic",
    "pathology laboratory": "clinic",
    "diagnostic center": "clinic",
    "cold storage": "cold-store",
    "ice plant": "cold-store",
    "brick kiln": "brick-kiln",
    "bhatta": "brick-kiln",
    "slaughter": "slaughterhouse",
    "fish": "fish-processing",
    "shrimp": "fish-processing",
    "tablet manufacturing": "pharma-formulation",
    "hospital": "hospital",
    "nursing home": "hospital",
    "petrol pump": "petrol-pump",
    "mobile tower": "telecom-tower",
    "thermal power": "thermal-power",
    "fertilizer factory": "fertilizer-basic",
    "paper mill": "pulp-paper",
    "garage": "automobile-servicing",
    "apartments": "housing-sale",
}


def matches(typed: list[str], limit: int = 12) -> list[list[dict]]:
    found, _ = options(PAGE, QUESTION)
    script = (
        f'import {{ activityMatches }} from "{ACTIVITY_JS.as_uri()}";\n'
        f"const options = {json.dumps(found)};\n"
        f"const typed = {json.dumps(typed)};\n"
        f"process.stdout.write(JSON.stringify(typed.map((t) => activityMatches(options, t, {limit}, ['other']))));\n"
    )
    run = subprocess.run([str(NODE), "--input-type=module", "-e", script], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_plain_words_lead_to_the_sector() -> None:
    found = matches(list(TYPED))
    for (typed, expected), result in zip(TYPED.items(), found, strict=True):
        assert result[0]["option"]["value"] == expected, (typed, [m["option"]["value"] for m in result[:4]])


def test_something_else_is_always_offered_last() -> None:
    for result in matches(["rice mill", "zzqx unknown trade", "power plant"]):
        assert result[-1]["option"]["value"] == "other"
    nothing = matches(["zzqx unknown trade"])[0]
    assert [m["option"]["value"] for m in nothing] == ["other"]


def test_the_synonym_is_named_only_when_the_label_does_not_show_it() -> None:
    ice, rice = matches(["ice plant", "rice mill"])
    assert ice[0]["via"] == "ice plant"
    assert rice[0]["via"] == ""


def test_nothing_typed_lists_every_activity_the_finders_own_first() -> None:
    result = matches([""])[0]
    values = [m["option"]["value"] for m in result]
    assert len(values) == len(QUESTION.options) == len(set(values))
    assert values[:3] == [o.value for o in QUESTION.options[:3]]


@pytest.mark.parametrize(
    ("activity", "stage"), [("rice-mill", "new"), ("textile-dyeing", "expansion"), ("brick-kiln", "existing")]
)
def test_the_picked_sectors_category_decides_consent(activity: str, stage: str) -> None:
    """A reported category other than White: the consent applies, and the firm confirms it."""
    cto = next(a for a in PAGE.approvals if a.id == "consent-to-operate")
    status, reasons = PAGE.outcome(cto, {"activity": activity, "stage": stage})
    assert status == "applies"
    assert any("we confirm your unit's category with the Board" in r for r in reasons)


def test_white_needs_no_consent_and_the_unlisted_say_why() -> None:
    found, meanings = options(PAGE, QUESTION)
    by_value = {o["value"]: o["category"] for o in found}
    assert meanings[by_value["telecom-tower"]][0] == "Category to check"
    assert "we check with you" in meanings[by_value["telecom-tower"]][1]
    assert meanings[by_value["rice-mill"]][1].endswith("We confirm your unit's category with the Board.")
    for words in meanings.values():
        assert not any(doubt in " ".join(words).lower() for doubt in ("reported", "believed", "to be confirmed"))
