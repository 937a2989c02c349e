#!/usr/bin/env python3
"""Build printable job sheets for the day's sweeps and push them to SweepDesk.

Reads the day's bookings from a CSV export (the diary app's "Export day" button),
renders one HTML job sheet per booking into ./job_sheets/, and optionally posts
the structured job list to the SweepDesk office API so the office can see what
the van is doing.

    python3 job_sheet_builder.py bookings-2024-10-14.csv --push
"""
import argparse
import csv
import hashlib
import html
import json
import logging
import os
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass, asdict, field
from datetime import date
from pathlib import Path

log = logging.getLogger("jobsheets")

API_BASE = os.environ.get("SWEEPDESK_API", "https://api.sweepdesk.co.uk/v2")
OUT_DIR = Path("job_sheets")
CACHE_DIR = Path(".jobsheet_cache")

SHEET_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>Job {ref}</title>
<style>body{{font-family:sans-serif;margin:2em}} td{{padding:4px 10px}}</style></head>
<body><h1>Sweep job sheet &ndash; {ref}</h1>
<table>
<tr><td>Customer</td><td>{customer}</td></tr>
<tr><td>Address</td><td>{address}</td></tr>
<tr><td>Appliance</td><td>{appliance}</td></tr>
<tr><td>Flue type</td><td>{flue}</td></tr>
<tr><td>Slot</td><td>{slot}</td></tr>
<tr><td>Notes</td><td>{notes}</td></tr>
</table>
<h2>Checks</h2><ul>{checks}</ul>
<p>Engineer signature: ____________________ &nbsp; Date: {day}</p>
</body></html>
"""

DEFAULT_CHECKS = ["Smoke draw test", "CO alarm present and tested",
                  "Flue terminal / cowl inspected", "Soot volume recorded"]


@dataclass
class Job:
    ref: str
    customer: str
    address: str
    appliance: str
    flue: str
    slot: str
    notes: str = ""
    checks: list = field(default_factory=lambda: list(DEFAULT_CHECKS))

    def cache_key(self) -> str:
        raw = json.dumps(asdict(self), sort_keys=True).encode()
        return hashlib.md5(raw).hexdigest()


def load_jobs(path: Path):
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                yield Job(ref=row["Ref"].strip(), customer=row["Customer"].strip(),
                          address=row["Address"].strip(),
                          appliance=row.get("Appliance", "Unknown").strip(),
                          flue=row.get("Flue", "").strip(), slot=row.get("Slot", "").strip(),
                          notes=row.get("Notes", "").strip())
            except KeyError as exc:
                log.warning("skipping row without %s: %r", exc, row)


def render(job: Job, day: str) -> str:
    checks = "".join(f"<li>&#9744; {html.escape(c)}</li>" for c in job.checks)
    esc = {k: html.escape(str(v)) for k, v in asdict(job).items() if k != "checks"}
    return SHEET_TEMPLATE.format(checks=checks, day=day, **esc)


def write_sheets(jobs, day: str) -> int:
    OUT_DIR.mkdir(exist_ok=True)
    CACHE_DIR.mkdir(exist_ok=True)
    written = 0
    for job in jobs:
        marker = CACHE_DIR / job.cache_key()
        target = OUT_DIR / f"{job.ref}.html"
        if marker.exists() and target.exists():
            log.debug("unchanged: %s", job.ref)
            continue
        target.write_text(render(job, day), encoding="utf-8")
        marker.touch()
        written += 1
    return written


def push_jobs(jobs, day: str) -> None:
    key = os.environ.get("SWEEPDESK_API_KEY")
    if not key:
        raise SystemExit("SWEEPDESK_API_KEY is not set; cannot push to office")
    body = json.dumps({"day": day, "jobs": [asdict(j) for j in jobs]}).encode()
    req = urllib.request.Request(f"{API_BASE}/jobsheets", data=body, method="POST",
                                 headers={"Content-Type": "application/json",
                                          "Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(req, timeout=20) as resp:
            log.info("office API accepted %d jobs (HTTP %s)", len(jobs), resp.status)
    except urllib.error.HTTPError as exc:
        log.error("office API rejected upload: %s %s", exc.code, exc.read()[:200])
        raise SystemExit(2)
    except urllib.error.URLError as exc:
        log.error("office API unreachable: %s (sheets are still on disk)", exc.reason)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bookings", type=Path)
    ap.add_argument("--day", default=date.today().isoformat())
    ap.add_argument("--push", action="store_true", help="send the job list to the office API")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    if not args.bookings.exists():
        ap.error(f"no such bookings file: {args.bookings}")
    jobs = list(load_jobs(args.bookings))
    if not jobs:
        log.warning("no jobs found in %s", args.bookings)
        return 0
    n = write_sheets(jobs, args.day)
    log.info("%d job sheets written to %s/ (%d unchanged)", n, OUT_DIR, len(jobs) - n)
    if args.push:
        push_jobs(jobs, args.day)
    return 0


if __name__ == "__main__":
    sys.exit(main())
