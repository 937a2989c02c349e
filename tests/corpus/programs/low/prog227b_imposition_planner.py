#!/usr/bin/env python3
"""Imposition planner for small-format jobs (business cards, flyers).

Reads a job list as JSON (from a file or piped in on stdin, e.g. from the
order export), works out how many items fit on a press sheet and how many
sheets each job needs, and writes:
  * plan.json            - full plan
  * plan.env             - KEY=value lines the press wrapper script sources
and optionally posts the plan to the production scheduler API.
Settings come from the environment (PRESS_SHEET, PRESS_BLEED_MM, ...).
"""
import argparse
import hashlib
import json
import logging
import math
import os
import sys
import urllib.request
from pathlib import Path

LOG = logging.getLogger("imposition")

SHEETS = {"SRA3": (320, 450), "SRA2": (450, 640), "B2": (500, 707)}
SCHEDULER_URL = "https://scheduler.example.com/api/v2/plans"


class Planner:
    def __init__(self, sheet: str, bleed: float, gutter: float, spoilage: float):
        if sheet not in SHEETS:
            raise ValueError(f"unknown sheet {sheet}")
        self.sheet = sheet
        self.sw, self.sh = SHEETS[sheet]
        self.bleed = bleed
        self.gutter = gutter
        self.spoilage = spoilage

    def per_sheet(self, w: float, h: float) -> int:
        iw, ih = w + 2 * self.bleed + self.gutter, h + 2 * self.bleed + self.gutter
        normal = int(self.sw // iw) * int(self.sh // ih)
        rotated = int(self.sw // ih) * int(self.sh // iw)
        return max(normal, rotated)

    def plan_job(self, job: dict) -> dict:
        n = self.per_sheet(float(job["width_mm"]), float(job["height_mm"]))
        if n == 0:
            raise ValueError(f"job {job['job_id']} does not fit on {self.sheet}")
        sheets = math.ceil(int(job["quantity"]) / n)
        sheets_total = math.ceil(sheets * (1 + self.spoilage))
        return {"job_id": job["job_id"], "per_sheet": n, "sheets": sheets,
                "sheets_with_spoilage": sheets_total, "sheet": self.sheet}


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def post_plan(plan: dict, key: str) -> int:
    req = urllib.request.Request(
        SCHEDULER_URL, data=json.dumps(plan).encode(), method="POST",
        headers={"Content-Type": "application/json",
                 "Authorization": f"Bearer {key}"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        return resp.status


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("jobs", nargs="?", help="job list JSON (default: stdin)")
    ap.add_argument("--post", action="store_true", help="send plan to scheduler")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    raw = Path(args.jobs).read_text() if args.jobs else sys.stdin.read()
    try:
        jobs = json.loads(raw)
        planner = Planner(os.environ.get("PRESS_SHEET", "SRA3"),
                          float(os.environ.get("PRESS_BLEED_MM", "3")),
                          float(os.environ.get("PRESS_GUTTER_MM", "2")),
                          float(os.environ.get("PRESS_SPOILAGE", "0.05")))
    except ValueError as exc:
        LOG.error("bad input or settings: %s", exc)
        return 2

    results, errors = [], 0
    for job in jobs:
        try:
            results.append(planner.plan_job(job))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipped: %s", exc)
            errors += 1

    cache_key = hashlib.md5(raw.encode()).hexdigest()
    plan = {"cache_key": cache_key, "jobs": results,
            "total_sheets": sum(r["sheets_with_spoilage"] for r in results)}
    out = Path("plan.json")
    out.write_text(json.dumps(plan, indent=2))
    out.chmod(0o600)
    env = Path("plan.env")
    env.write_text(f"PLAN_KEY={cache_key}\nPLAN_SHEET={planner.sheet}\n"
                   f"PLAN_TOTAL_SHEETS={plan['total_sheets']}\n"
                   f"PLAN_HOST_CPU=\"{cpu_model()}\"\n")
    env.chmod(0o600)
    LOG.info("%d job(s) planned, %d sheet(s) total, %d skipped",
             len(results), plan["total_sheets"], errors)

    if args.post:
        key = os.environ.get("SCHEDULER_API_KEY")
        if not key:
            LOG.error("SCHEDULER_API_KEY not set, not posting")
            return 1
        try:
            LOG.info("scheduler answered %d", post_plan(plan, key))
        except OSError as exc:
            LOG.error("post failed: %s", exc)
            return 1
    return 0 if errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
