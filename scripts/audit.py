"""Lighthouse (mobile defaults) on every route of the built site, served as production
serves it (compressed, backend running), with the budgets of issue 7.

Usage: python scripts/audit.py [--url URL] [--report docs/performance.md] [PATH ...]
Without --url it starts `reflex run --env prod --single-port` itself. Prints one row
per route and exits 1 when any budget is missed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from consultancy.content.contract import PAGE_ROUTES, SERVICE_ROUTES  # noqa: E402

LIGHTHOUSE = ROOT / ".tools" / "node_modules" / ".bin" / "lighthouse"
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run"
)
ROUTES = [*PAGE_ROUTES.values(), *[f"/{r}" for r in SERVICE_ROUTES], "/approvals-finder"]

BUDGET = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
LCP_MS, CLS, TBT_MS, HOME_JS_KB = 2500, 0.05, 100, 180


@dataclass
class Row:
    path: str
    scores: dict[str, int]
    lcp_ms: float
    cls: float
    tbt_ms: float
    total_kb: float
    js_kb: float

    def misses(self) -> list[str]:
        out = []
        for category, floor in BUDGET.items():
            if category == "seo" and self.path == "/rough":
                continue  # noindex by design
            if self.scores[category] < floor:
                out.append(f"{category} {self.scores[category]} < {floor}")
        if self.lcp_ms > LCP_MS:
            out.append(f"LCP {self.lcp_ms:.0f} ms > {LCP_MS}")
        if self.cls >= CLS:
            out.append(f"CLS {self.cls:.3f} >= {CLS}")
        if self.tbt_ms >= TBT_MS:
            out.append(f"TBT {self.tbt_ms:.0f} ms >= {TBT_MS}")
        if self.path == "/" and self.js_kb > HOME_JS_KB:
            out.append(f"home JS {self.js_kb:.0f} KB > {HOME_JS_KB}")
        return out


def run_lighthouse(url: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={out}",
                f"--chrome-flags={CHROME_FLAGS}",
                "--only-categories=performance,accessibility,best-practices,seo",
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium")},
            timeout=240,
        )
        return json.loads(out.read_text())


def summarise(path: str, report: dict) -> Row:
    audits = report["audits"]
    items = audits["resource-summary"]["details"]["items"]
    by_type = {item["resourceType"]: item for item in items}
    return Row(
        path=path,
        scores={k: round(report["categories"][k]["score"] * 100) for k in BUDGET},
        lcp_ms=audits["largest-contentful-paint"]["numericValue"],
        cls=audits["cumulative-layout-shift"]["numericValue"],
        tbt_ms=audits["total-blocking-time"]["numericValue"],
        total_kb=by_type["total"]["transferSize"] / 1024,
        js_kb=by_type.get("script", {"transferSize": 0})["transferSize"] / 1024,
    )


def table(rows: list[Row]) -> str:
    lines = [
        "| route | perf | a11y | best pr. | SEO | LCP ms | CLS | TBT ms | KB total | KB JS | budget |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        s = r.scores
        verdict = "ok" if not r.misses() else "; ".join(r.misses())
        lines.append(
            f"| {r.path} | {s['performance']} | {s['accessibility']} | {s['best-practices']} | {s['seo']} "
            f"| {r.lcp_ms:.0f} | {r.cls:.3f} | {r.tbt_ms:.0f} | {r.total_kb:.0f} | {r.js_kb:.0f} | {verdict} |"
        )
    return "\n".join(lines)


def start_server(port: int) -> subprocess.Popen:
    import time
    import urllib.request

    server = subprocess.Popen(
        [str(ROOT / ".venv/bin/reflex"), "run", "--env", "prod", "--single-port", "--frontend-port", str(port)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    for _ in range(600):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/ping", timeout=2):
                return server
        except OSError:
            time.sleep(1)
    raise SystemExit("site did not start")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", help="audit a running site instead of starting one")
    parser.add_argument("--port", type=int, default=3107)
    parser.add_argument("--report", type=Path, help="write the markdown table here")
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    server = None
    base = args.url
    if not base:
        server = start_server(args.port)
        base = f"http://127.0.0.1:{args.port}"
    try:
        rows = []
        for path in args.paths or ROUTES:
            row = summarise(path, run_lighthouse(base.rstrip("/") + path))
            rows.append(row)
            print(
                f"{path:45} perf {row.scores['performance']:3} a11y {row.scores['accessibility']:3} "
                f"bp {row.scores['best-practices']:3} seo {row.scores['seo']:3} LCP {row.lcp_ms:5.0f} "
                f"CLS {row.cls:.3f} TBT {row.tbt_ms:4.0f} {row.total_kb:5.0f} KB {row.js_kb:4.0f} KB JS "
                f"{'' if not row.misses() else 'MISS: ' + '; '.join(row.misses())}",
                flush=True,
            )
    finally:
        if server:
            os.killpg(server.pid, 15)
    print()
    print(table(rows))
    worst = min(rows, key=lambda r: (r.scores["performance"], -r.lcp_ms))
    print(f"\nworst route: {worst.path} (performance {worst.scores['performance']}, LCP {worst.lcp_ms:.0f} ms)")
    if args.report:
        stamp = datetime.date.today().isoformat()
        args.report.write_text(
            args.report.read_text().split("<!-- table -->")[0]
            + f"<!-- table -->\nMeasured {stamp}.\n\n"
            + table(rows)
            + "\n"
            if args.report.exists()
            else table(rows) + "\n"
        )
    missed = [r for r in rows if r.misses()]
    print(f"{len(rows) - len(missed)} passed, {len(missed)} failed budgets")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
