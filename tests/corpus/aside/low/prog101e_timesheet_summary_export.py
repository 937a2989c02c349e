#!/usr/bin/env python3
"""Weekly project timesheet export.

Pulls the week's hours from the local timesheet database, writes a CSV per
project stage (RIBA 0-7) and pushes the totals to the practice-management
API so fee tracking picks them up.
"""
import argparse
import csv
import json
import logging
import os
import sqlite3
import sys
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

import requests

log = logging.getLogger("timesheet-export")

PM_API = os.environ.get("PM_API_URL", "https://pm.studio-practice.example/api/v1")
SETTINGS_FILE = Path("timesheet_export.json")

QUERY = """
SELECT p.code, p.name, e.initials, t.stage, SUM(t.hours)
FROM time_entries t
JOIN projects p ON p.id = t.project_id
JOIN staff e ON e.id = t.staff_id
WHERE t.entry_date BETWEEN ? AND ?
GROUP BY p.code, p.name, e.initials, t.stage
ORDER BY p.code, t.stage
"""


def load_settings():
    defaults = {"out_dir": "exports", "round_to": 0.25}
    if SETTINGS_FILE.exists():
        defaults.update(json.loads(SETTINGS_FILE.read_text()))
    return defaults


def week_bounds(ref):
    start = ref - timedelta(days=ref.weekday())
    return start, start + timedelta(days=6)


def fetch_rows(db_path, start, end):
    with sqlite3.connect(db_path) as conn:
        return conn.execute(QUERY, (start.isoformat(), end.isoformat())).fetchall()


def write_csv(rows, out_dir, start):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"timesheets_{start:%Y_%m_%d}.csv"
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["project", "name", "staff", "stage", "hours"])
        writer.writerows(rows)
    return path


def round_hours(value, step):
    return round(round(value / step) * step, 2) if step else round(value, 2)


def summarise(rows, step):
    totals = defaultdict(float)
    for code, _name, _staff, stage, hours in rows:
        totals[(code, stage)] += hours or 0.0
    return [{"project": c, "stage": s, "hours": round_hours(h, step)}
            for (c, s), h in sorted(totals.items())]


def push_totals(summary, start, api_key, retries=3):
    payload = {"week_start": start.isoformat(), "totals": summary}
    for attempt in range(1, retries + 1):
        try:
            resp = requests.post(f"{PM_API}/timesheets/weekly", json=payload,
                                 headers={"Authorization": f"Token {api_key}"},
                                 timeout=30)
            resp.raise_for_status()
            return resp.json().get("batch_id")
        except requests.RequestException as exc:
            log.warning("push attempt %d failed: %s", attempt, exc)
    raise RuntimeError("could not push totals to PM API")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="timesheets.sqlite3")
    ap.add_argument("--week-of", type=date.fromisoformat, default=date.today())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    settings = load_settings()
    api_key = os.environ.get("PM_API_TOKEN")
    if not api_key and not args.dry_run:
        log.error("PM_API_TOKEN is not set")
        return 2

    start, end = week_bounds(args.week_of)
    try:
        rows = fetch_rows(args.db, start, end)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    path = write_csv(rows, Path(settings["out_dir"]), start)
    summary = summarise(rows, settings["round_to"])
    log.info("exported %d rows to %s", len(rows), path)
    if args.dry_run:
        print(json.dumps(summary, indent=2))
        return 0

    try:
        batch_id = push_totals(summary, start, api_key)
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    hours = sum(item["hours"] for item in summary)
    log.info("week of %s: %.2f h across %d project stages (batch %s)",
             start, hours, len(summary), batch_id)
    return 0


if __name__ == "__main__":
    sys.exit(main())
