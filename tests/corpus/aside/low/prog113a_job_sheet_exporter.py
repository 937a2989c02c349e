#!/usr/bin/env python3
"""Export closed job sheets to a monthly CSV and ZIP bundle for accounts.

Job sheets are saved by the site app as ``jobsheets/<job-id>.json`` (hire
start/end, crane or scaffold spec, operator, hours, extras).  This exporter
collects the sheets closed in the chosen month, writes a flat CSV that the
accounts package can import, and bundles the CSV plus the original sheets
into ``exports/jobsheets-<YYYY-MM>.zip``.  Intermediate files go under
``build/`` and are cleared at the end of a successful run.
"""

import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import shutil
import sys
import zipfile
from pathlib import Path

log = logging.getLogger("export")

SOURCE = Path("jobsheets")
BUILD = Path("build")
EXPORTS = Path("exports")
COLUMNS = ["job_id", "client", "site", "kind", "equipment", "operator",
           "start", "end", "hours", "rate", "extras", "total"]


def iter_sheets(month):
    """Yield (path, sheet) for sheets closed in the given YYYY-MM month."""
    for path in sorted(SOURCE.glob("*.json")):
        try:
            sheet = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as exc:
            log.warning("skip %s: %s", path, exc)
            continue
        closed = sheet.get("closed_at")
        if sheet.get("status") == "closed" and closed and closed.startswith(month):
            yield path, sheet


def flatten(sheet):
    hours = float(sheet.get("hours", 0))
    rate = float(sheet.get("rate", 0))
    extras = sum(float(x.get("amount", 0)) for x in sheet.get("extras", []))
    return {
        "job_id": sheet["job_id"],
        "client": sheet.get("client", ""),
        "site": sheet.get("site", ""),
        "kind": sheet.get("kind", "crane"),
        "equipment": sheet.get("equipment", ""),
        "operator": sheet.get("operator", ""),
        "start": sheet.get("start", ""),
        "end": sheet.get("end", ""),
        "hours": f"{hours:.2f}",
        "rate": f"{rate:.2f}",
        "extras": f"{extras:.2f}",
        "total": f"{hours * rate + extras:.2f}",
    }


def cache_key(paths):
    """Key for the export so unchanged months are not rebuilt."""
    h = hashlib.md5()
    for p in paths:
        h.update(p.name.encode())
        h.update(str(p.stat().st_mtime_ns).encode())
    return h.hexdigest()


def export(month, force=False):
    items = list(iter_sheets(month))
    if not items:
        log.info("no closed job sheets for %s", month)
        return None
    EXPORTS.mkdir(exist_ok=True)
    target = EXPORTS / f"jobsheets-{month}.zip"
    key = cache_key([p for p, _ in items])
    stamp = EXPORTS / f".jobsheets-{month}.key"
    if target.exists() and stamp.exists() and stamp.read_text() == key and not force:
        log.info("%s is up to date", target)
        return target

    BUILD.mkdir(exist_ok=True)
    csv_path = BUILD / f"jobsheets-{month}.csv"
    with csv_path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=COLUMNS)
        writer.writeheader()
        for _, sheet in items:
            writer.writerow(flatten(sheet))

    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.write(csv_path, csv_path.name)
        for path, _ in items:
            zf.write(path, f"sheets/{path.name}")
    with zipfile.ZipFile(target) as zf:
        bad = zf.testzip()
        if bad:
            raise RuntimeError(f"corrupt member in export: {bad}")
    stamp.write_text(key)
    shutil.rmtree(BUILD)
    log.info("wrote %s (%d sheets)", target, len(items))
    return target


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_month = (dt.date.today().replace(day=1) - dt.timedelta(days=1)).strftime("%Y-%m")
    ap.add_argument("--month", default=default_month, help="YYYY-MM (default: last month)")
    ap.add_argument("--force", action="store_true", help="rebuild even if unchanged")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    try:
        export(args.month, force=args.force)
    except (OSError, RuntimeError) as exc:
        log.error("export failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
