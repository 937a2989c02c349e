#!/usr/bin/env python3
"""Repairs SLA report: which jobs breached their target completion time.

Reads a jobs CSV from a file or from a pipe (for example
`sqlite3 -csv -header repairs.db "select ..." | python3 repairs_sla_report.py -`),
takes targets from environment variables set by the calling shell, fetches
bank holidays once (cached under ./.cache) and writes a Markdown report.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import sys
import urllib.request
from datetime import date, datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("sla-report")

DEFAULT_TARGETS = {"emergency": 1, "urgent": 5, "routine": 20}


def targets_from_env():
    targets = dict(DEFAULT_TARGETS)
    for prio in targets:
        raw = os.environ.get(f"SLA_{prio.upper()}_DAYS")
        if raw:
            try:
                targets[prio] = int(raw)
            except ValueError:
                LOG.warning("ignoring bad SLA_%s_DAYS=%r", prio.upper(), raw)
    return targets


class HolidayCalendar:
    def __init__(self, url: str, cache_dir: Path):
        self.url = url
        self.cache_dir = cache_dir
        self.days = set()

    def load(self) -> None:
        key = hashlib.md5(self.url.encode()).hexdigest()
        cached = self.cache_dir / f"holidays-{key}.json"
        if cached.exists():
            data = json.loads(cached.read_text())
        else:
            try:
                with urllib.request.urlopen(self.url, timeout=10) as resp:
                    data = json.load(resp)
            except (OSError, ValueError) as exc:
                LOG.warning("no bank holidays (%s); counting weekdays only", exc)
                return
            self.cache_dir.mkdir(exist_ok=True)
            cached.write_text(json.dumps(data))
        self.days = {date.fromisoformat(d) for d in data.get("dates", [])}

    def working_days(self, start: date, end: date) -> int:
        n, day = 0, start
        while day < end:
            day += timedelta(days=1)
            if day.weekday() < 5 and day not in self.days:
                n += 1
        return n


class Job:
    def __init__(self, row):
        self.ref = row["job_ref"]
        self.priority = row.get("priority", "routine").lower()
        self.raised = datetime.fromisoformat(row["raised_at"]).date()
        done = row.get("completed_at") or ""
        self.completed = datetime.fromisoformat(done).date() if done else None


def build_report(jobs, cal, targets, today):
    lines = ["# Repairs SLA report", "", f"Generated {today.isoformat()}", "",
             "| Job | Priority | Working days | Target | Status |",
             "|---|---|---|---|---|"]
    breaches = 0
    for job in jobs:
        end = job.completed or today
        used = cal.working_days(job.raised, end)
        target = targets.get(job.priority, targets["routine"])
        if used > target:
            breaches += 1
            status = "breached" if job.completed else "open, breached"
            lines.append(f"| {job.ref} | {job.priority} | {used} | {target} | {status} |")
    lines += ["", f"{breaches} of {len(jobs)} jobs breached their target."]
    return "\n".join(lines) + "\n", breaches


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("jobs_csv", help="CSV file, or - for stdin")
    p.add_argument("--out", type=Path, default=Path("./sla_report.md"))
    p.add_argument("--holidays-url", default=os.environ.get(
        "HOLIDAYS_URL", "https://calendar.example.org/bank-holidays.json"))
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        fh = sys.stdin if args.jobs_csv == "-" else open(args.jobs_csv, newline="")
        with fh:
            jobs = [Job(r) for r in csv.DictReader(fh)]
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("cannot read jobs: %s", exc)
        return 1

    cal = HolidayCalendar(args.holidays_url, Path("./.cache"))
    cal.load()
    report, breaches = build_report(jobs, cal, targets_from_env(), date.today())
    args.out.write_text(report)
    os.chmod(args.out, 0o600)
    LOG.info("wrote %s (%d breaches)", args.out, breaches)
    return 0


if __name__ == "__main__":
    sys.exit(main())
