#!/usr/bin/env python3
"""Render a human-reviewable schedule file from schedule.yaml-like JSON.

The ops team keeps job schedules in deploy/jobs.json.  This helper validates
the cron expressions, explains each one in plain English and writes
deploy/schedule.cron plus deploy/SCHEDULE.md next to it, so that the change
can be reviewed in a pull request.  Installing the schedule on a host is done
by the deployment pipeline, not by this script.
"""
import argparse
import json
import logging
import re
import sys
from dataclasses import dataclass
from pathlib import Path

logger = logging.getLogger("cron_preview")

FIELD_NAMES = ("minute", "hour", "day of month", "month", "day of week")
FIELD_RANGES = ((0, 59), (0, 23), (1, 31), (1, 12), (0, 7))
TOKEN_RE = re.compile(r"^(\*|\d+(-\d+)?)(/\d+)?$")


@dataclass
class Job:
    name: str
    schedule: str
    command: str
    owner: str = "unknown"

    def fields(self):
        parts = self.schedule.split()
        if len(parts) != 5:
            raise ValueError(f"{self.name}: expected 5 cron fields, got {len(parts)}")
        return parts


def validate_field(value, bounds, label):
    lo, hi = bounds
    for token in value.split(","):
        if not TOKEN_RE.match(token):
            raise ValueError(f"bad {label} token '{token}'")
        base = token.split("/")[0]
        if base == "*":
            continue
        for number in base.split("-"):
            if not lo <= int(number) <= hi:
                raise ValueError(f"{label} value {number} outside {lo}-{hi}")


def describe(job):
    minute, hour, dom, month, dow = job.fields()
    bits = []
    if minute.startswith("*/"):
        bits.append(f"every {minute[2:]} minutes")
    elif hour == "*":
        bits.append(f"at minute {minute} of every hour")
    else:
        bits.append(f"at {hour.zfill(2)}:{minute.zfill(2)}")
    if dom != "*":
        bits.append(f"on day {dom} of the month")
    if month != "*":
        bits.append(f"in month {month}")
    if dow != "*":
        bits.append(f"on weekday {dow}")
    return ", ".join(bits)


def load_jobs(path):
    raw = json.loads(Path(path).read_text(encoding="utf-8"))
    jobs = [Job(**entry) for entry in raw.get("jobs", [])]
    for job in jobs:
        for value, bounds, label in zip(job.fields(), FIELD_RANGES, FIELD_NAMES):
            validate_field(value, bounds, label)
    return jobs


def render_cron(jobs, env):
    out = ["# Rendered by cron_schedule_preview.py for review only"]
    for key, value in sorted(env.items()):
        out.append(f"{key}={value}")
    for job in jobs:
        out.append(f"# {job.name} (owner: {job.owner})")
        out.append(f"{job.schedule} {job.command}")
    return "\n".join(out) + "\n"


def render_markdown(jobs):
    rows = ["| Job | Schedule | Meaning | Owner |", "|---|---|---|---|"]
    for job in jobs:
        rows.append(f"| {job.name} | `{job.schedule}` | {describe(job)} | {job.owner} |")
    return "# Job schedule\n\n" + "\n".join(rows) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", default="deploy/jobs.json")
    parser.add_argument("--out-dir", default="deploy")
    parser.add_argument("--env", action="append", default=[],
                        help="KEY=VALUE lines to put at the top of the file")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")

    try:
        jobs = load_jobs(args.jobs)
    except (OSError, ValueError, TypeError) as exc:
        logger.error("could not load jobs: %s", exc)
        return 1

    env = dict(item.split("=", 1) for item in args.env if "=" in item)
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "schedule.cron").write_text(render_cron(jobs, env), encoding="utf-8")
    (out_dir / "SCHEDULE.md").write_text(render_markdown(jobs), encoding="utf-8")
    for job in jobs:
        logger.info("%-20s %s", job.name, describe(job))
    logger.info("wrote %s/schedule.cron and %s/SCHEDULE.md", out_dir, out_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
