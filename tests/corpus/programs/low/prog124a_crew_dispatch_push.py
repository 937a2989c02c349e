#!/usr/bin/env python3
"""Push tomorrow's crew dispatch roster from the planning CSV into Movebase.

The planners export the roster from the planning sheet every evening. This
tool groups the jobs by crew and van, pushes one dispatch sheet per crew to
the Movebase dispatch API, and posts a short run summary back to the same
API so the morning shift can see what went out and what bounced.
"""
import argparse
import csv
import logging
import os
import sys
import time
from collections import defaultdict
from datetime import date, timedelta

import requests

log = logging.getLogger("crew_dispatch_push")

API_BASE = os.environ.get("MOVEBASE_API", "https://api.movebase.example/v2")
REQUIRED_COLUMNS = ("job_ref", "crew", "van", "start", "pickup_postcode", "drop_postcode")


class RunSummary:
    """Counts and per-crew outcomes for the run."""

    def __init__(self, roster_path):
        self.roster_path = roster_path
        self.started = time.time()
        self.results = []

    def record(self, crew, status, detail=""):
        self.results.append({"crew": crew, "status": status, "detail": detail})

    def report(self):
        return {
            "roster": os.path.basename(self.roster_path),
            "duration_s": round(time.time() - self.started, 2),
            "sent": sum(1 for r in self.results if r["status"] == "ok"),
            "failed": sum(1 for r in self.results if r["status"] == "failed"),
            "results": self.results,
        }


def load_roster(path, day):
    crews = defaultdict(list)
    with open(path, newline="", encoding="utf-8-sig") as fh:
        reader = csv.DictReader(fh)
        missing = [c for c in REQUIRED_COLUMNS if c not in (reader.fieldnames or [])]
        if missing:
            raise ValueError(f"roster is missing columns: {', '.join(missing)}")
        for row in reader:
            if row.get("date", day.isoformat()) != day.isoformat():
                continue
            crews[(row["crew"].strip(), row["van"].strip().upper())].append(row)
    for jobs in crews.values():
        jobs.sort(key=lambda r: r["start"])
    return crews


def push_crew_sheet(session, crew, van, jobs, day):
    payload = {
        "date": day.isoformat(),
        "crew": crew,
        "van": van,
        "stops": [
            {
                "ref": j["job_ref"],
                "start": j["start"],
                "from": j["pickup_postcode"],
                "to": j["drop_postcode"],
                "notes": j.get("notes", ""),
            }
            for j in jobs
        ],
    }
    for attempt in range(1, 4):
        resp = session.post(f"{API_BASE}/dispatch/sheets", json=payload, timeout=20)
        if resp.status_code < 500:
            resp.raise_for_status()
            return resp.json().get("sheet_id")
        log.warning("crew %s attempt %d got %s, retrying", crew, attempt, resp.status_code)
        time.sleep(2 * attempt)
    raise RuntimeError(f"dispatch API kept failing for crew {crew}")


def post_summary(session, summary):
    try:
        session.post(f"{API_BASE}/dispatch/runs", json=summary.report(), timeout=10)
    except requests.RequestException as exc:
        log.warning("run summary not posted: %s", exc)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("roster", help="roster CSV exported from the planning sheet")
    parser.add_argument("--date", help="dispatch day (default: tomorrow)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    day = date.fromisoformat(args.date) if args.date else date.today() + timedelta(days=1)
    api_key = os.environ.get("MOVEBASE_API_KEY")
    if not api_key and not args.dry_run:
        log.error("MOVEBASE_API_KEY is not set")
        return 2

    summary = RunSummary(args.roster)
    try:
        crews = load_roster(args.roster, day)
    except (OSError, ValueError) as exc:
        log.error("cannot read roster: %s", exc)
        return 1

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}", "User-Agent": "crew-dispatch-push/1.4"})

    for (crew, van), jobs in sorted(crews.items()):
        if args.dry_run:
            log.info("[dry-run] %s / %s: %d stops", crew, van, len(jobs))
            summary.record(crew, "dry-run")
            continue
        try:
            sheet = push_crew_sheet(session, crew, van, jobs, day)
            log.info("crew %s (%s): sheet %s, %d stops", crew, van, sheet, len(jobs))
            summary.record(crew, "ok", sheet)
        except (requests.RequestException, RuntimeError) as exc:
            log.error("crew %s failed: %s", crew, exc)
            summary.record(crew, "failed", str(exc))

    if not args.dry_run:
        post_summary(session, summary)
    return 1 if summary.report()["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
