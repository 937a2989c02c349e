#!/usr/bin/env python3
"""Produce the customer-facing water quality summary for a private borehole.

Takes the normalised results export (one row per determinand per sample)
and renders a one-page HTML summary per borehole: latest value for each
determinand, the drinking-water limit, a pass/fail badge and the trend over
the last samples.  Rendered pages are cached under .report_cache keyed by a
hash of the input rows so re-running for a whole customer list is quick.
"""
import argparse
import csv
import hashlib
import html
import json
import logging
import sys
from collections import defaultdict
from datetime import date
from pathlib import Path

log = logging.getLogger("wq_report")

LIMITS = {  # mg/l, private supplies
    "nitrate": 50.0, "nitrite": 0.5, "arsenic": 0.01, "iron": 0.2,
    "manganese": 0.05, "fluoride": 1.5, "lead": 0.01, "sodium": 200.0,
    "coliforms": 0.0, "e_coli": 0.0,
}
CACHE_DIR = Path(".report_cache")

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Water quality - {title}</title>
<style>body{{font-family:sans-serif;max-width:50em}} td,th{{padding:.3em .8em}}
.fail{{color:#b00;font-weight:bold}} .pass{{color:#070}}</style></head>
<body><h1>Water quality summary</h1>
<p>Borehole: <b>{title}</b><br>Report date: {today}</p>
<table><tr><th>Determinand</th><th>Latest (mg/l)</th><th>Limit</th>
<th>Result</th><th>Trend</th></tr>
{rows}
</table></body></html>
"""


def read_results(path: Path) -> dict:
    by_borehole = defaultdict(lambda: defaultdict(list))
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                value = float(row["value_mg_l"])
            except (KeyError, ValueError):
                continue
            by_borehole[row["borehole"]][row["determinand"].lower()].append(
                (row["sampled"], value))
    return by_borehole


def trend(series) -> str:
    if len(series) < 2:
        return "-"
    first, last = series[0][1], series[-1][1]
    if abs(last - first) <= 0.05 * max(abs(first), 1e-9):
        return "steady"
    return "rising" if last > first else "falling"


def render(borehole: str, determinands: dict) -> str:
    rows = []
    for name in sorted(determinands):
        series = sorted(determinands[name])
        latest = series[-1][1]
        limit = LIMITS.get(name)
        if limit is None:
            verdict = '<td>-</td>'
        elif latest > limit:
            verdict = '<td class="fail">FAIL</td>'
        else:
            verdict = '<td class="pass">pass</td>'
        rows.append("<tr><td>{}</td><td>{:g}</td><td>{}</td>{}<td>{}</td></tr>".format(
            html.escape(name), latest, "-" if limit is None else f"{limit:g}",
            verdict, trend(series)))
    return PAGE.format(title=html.escape(borehole), today=date.today().isoformat(),
                       rows="\n".join(rows))


def cache_key(borehole: str, determinands: dict) -> str:
    blob = json.dumps([borehole, {k: sorted(v) for k, v in determinands.items()}],
                      sort_keys=True).encode()
    return hashlib.md5(blob).hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("results", type=Path)
    ap.add_argument("--out", type=Path, default=Path("reports"))
    ap.add_argument("--borehole", action="append", help="limit to these boreholes")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.clear_cache and CACHE_DIR.exists():
        for f in CACHE_DIR.glob("*.html"):
            f.unlink()
    CACHE_DIR.mkdir(exist_ok=True)
    args.out.mkdir(exist_ok=True)

    try:
        data = read_results(args.results)
    except OSError as exc:
        log.error("cannot read %s: %s", args.results, exc)
        return 2

    failing = []
    for borehole, determinands in sorted(data.items()):
        if args.borehole and borehole not in args.borehole:
            continue
        cached = CACHE_DIR / f"{cache_key(borehole, determinands)}.html"
        if cached.exists():
            page = cached.read_text()
        else:
            page = render(borehole, determinands)
            cached.write_text(page)
        (args.out / f"{borehole}.html").write_text(page)
        if 'class="fail"' in page:
            failing.append(borehole)
    log.info("wrote %d report(s) to %s", len(list(args.out.glob("*.html"))), args.out)
    if failing:
        log.info("boreholes with failures: %s", ", ".join(failing))
    return 0


if __name__ == "__main__":
    sys.exit(main())
