#!/usr/bin/env python3
"""Build the biomed preventive-maintenance due list for the coming weeks.

Input is the CMMS asset export (CSV) with one row per device: asset tag,
device class, location, risk score, last PM date and PM interval in months.
Output is a sortable HTML worklist per department plus a CSV for the planner.
Parsed exports are cached under .cache/ keyed by file content so re-runs on
the same export are instant.
"""
import argparse
import csv
import hashlib
import html
import json
import logging
import sys
from collections import defaultdict
from dataclasses import asdict, dataclass
from datetime import date, timedelta
from pathlib import Path

LOG = logging.getLogger("pm_due")
CACHE = Path(".cache")


@dataclass
class Asset:
    tag: str
    device_class: str
    department: str
    location: str
    risk: int
    last_pm: str
    interval_months: int

    @property
    def due(self):
        d = date.fromisoformat(self.last_pm)
        month = d.month - 1 + self.interval_months
        year, month = d.year + month // 12, month % 12 + 1
        day = min(d.day, 28)
        return date(year, month, day)


def parse_export(path):
    raw = Path(path).read_bytes()
    key = hashlib.md5(raw).hexdigest()
    cached = CACHE / f"assets-{key}.json"
    if cached.exists():
        LOG.debug("using cached parse %s", cached.name)
        return [Asset(**a) for a in json.loads(cached.read_text())]
    assets, skipped = [], 0
    for row in csv.DictReader(raw.decode("utf-8-sig").splitlines()):
        try:
            assets.append(Asset(
                tag=row["Asset Tag"].strip(),
                device_class=row["Device Class"].strip(),
                department=row.get("Department", "").strip() or "Unassigned",
                location=row.get("Location", "").strip(),
                risk=int(row.get("Risk Score") or 0),
                last_pm=row["Last PM"].strip(),
                interval_months=int(row.get("PM Interval (months)") or 12),
            ))
        except (KeyError, ValueError):
            skipped += 1
    LOG.info("parsed %d assets (%d rows skipped)", len(assets), skipped)
    CACHE.mkdir(exist_ok=True)
    cached.write_text(json.dumps([asdict(a) for a in assets]))
    return assets


def due_within(assets, weeks, today):
    horizon = today + timedelta(weeks=weeks)
    for a in assets:
        try:
            due = a.due
        except ValueError:
            LOG.warning("%s: bad last PM date %r", a.tag, a.last_pm)
            continue
        if due <= horizon:
            yield a, due, due < today


def render_html(groups, today):
    parts = [f"<html><head><meta charset='utf-8'><title>PM due {today}</title>",
             "<style>td,th{padding:2px 8px}.late{color:#b00}</style></head><body>"]
    for dept in sorted(groups):
        parts.append(f"<h2>{html.escape(dept)}</h2><table><tr><th>Tag</th><th>Class</th>"
                     "<th>Location</th><th>Risk</th><th>Due</th></tr>")
        for a, due, late in sorted(groups[dept], key=lambda x: (x[1], -x[0].risk)):
            cls = " class='late'" if late else ""
            parts.append(f"<tr{cls}><td>{html.escape(a.tag)}</td><td>{html.escape(a.device_class)}"
                         f"</td><td>{html.escape(a.location)}</td><td>{a.risk}</td><td>{due}</td></tr>")
        parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", help="CMMS asset export CSV")
    ap.add_argument("--weeks", type=int, default=6)
    ap.add_argument("--out", default="out")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.clear_cache and CACHE.exists():
        for f in CACHE.glob("assets-*.json"):
            f.unlink()
    today = date.today()
    try:
        assets = parse_export(args.export)
    except OSError as exc:
        LOG.error("cannot read export: %s", exc)
        return 1

    groups = defaultdict(list)
    for item in due_within(assets, args.weeks, today):
        groups[item[0].department].append(item)
    out = Path(args.out)
    out.mkdir(exist_ok=True)
    (out / f"pm_due_{today}.html").write_text(render_html(groups, today), encoding="utf-8")
    with open(out / f"pm_due_{today}.csv", "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["department", "tag", "class", "location", "risk", "due", "overdue"])
        for dept, items in sorted(groups.items()):
            for a, due, late in items:
                w.writerow([dept, a.tag, a.device_class, a.location, a.risk, due, int(late)])
    total = sum(len(v) for v in groups.values())
    late = sum(1 for v in groups.values() for _, _, l in v if l)
    LOG.info("%d assets due within %d weeks (%d overdue)", total, args.weeks, late)
    return 0


if __name__ == "__main__":
    sys.exit(main())
