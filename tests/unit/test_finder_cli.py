"""`python -m consultancy.finder ANSWERS.toml` prints what the page shows for those answers."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "answers.toml"
    path.write_text(text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "consultancy.finder", str(path)], capture_output=True, text=True, cwd=ROOT, check=False
    )


def test_a_beach_hotel_in_puri(tmp_path: Path) -> None:
    result = run(
        tmp_path,
        'activity = "hotel"\nstage = "new"\npremises = "build"\nbuilt_up_area = 6000\nheight = 16\n'
        'site = "coast"\nairport = "neither"\nborewell = "yes"\ngroundwater = 30\nfood = "yes"\n'
        'keeps_lpg = "yes"\nlpg_kg = 200\nnonsense = 1\n',
    )
    assert result.returncode == 0, result.stderr
    out = result.stdout
    applies = out.split("Approvals that apply:")[1].split("Also needed, outside our services:")[0]
    outside = out.split("Also needed, outside our services:")[1].split("Could not decide")[0]
    undecided = out.split("Could not decide from these answers:")[1]
    assert "Fire Safety Recommendation" in applies and "[fire-noc]" in applies
    assert "Your hotel will be 15 m or taller" in applies
    assert "[crz]" in outside and "Odisha Coastal Zone Management Authority" in outside and "Source:" in outside
    assert "[consent-to-operate]" in undecided and "on a short call" in undecided
    assert "Needs an answer: Will you use a steam boiler?" in undecided
    assert "coast = 'yes'" in out  # carried over from the site question
    assert "nonsense" in out.split("Not questions of the finder")[1]


def test_usage_and_unreadable_files(tmp_path: Path) -> None:
    assert subprocess.run([sys.executable, "-m", "consultancy.finder"], cwd=ROOT, capture_output=True).returncode == 2
    assert run(tmp_path, "activity = ").returncode == 2
