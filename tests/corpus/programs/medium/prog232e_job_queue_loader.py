#!/usr/bin/env python3
"""Load the day's CNC job queue from the YAML job sheets.

Each order's job sheet (jobs/*.yaml) lists the panels to cut, the material
and the G-code file. This loads them, checks the G-code files exist, runs a
quick check script over each file and writes queue.csv for the operator.
"""
import argparse
import csv
import logging
import os
import subprocess
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("job-queue")

CHECK_SCRIPT = Path("./.queue_check.sh")
CHECK_BODY = r'''#!/usr/bin/env bash
# Counts moves and finds the tool numbers used in one G-code file.
set -eu
f="$JOB_GCODE"
moves=$(grep -cE '^(N[0-9]+ *)?G0?[01]\b' "$f" || true)
tools=$(grep -oE 'T[0-9]+' "$f" | sort -u | tr '\n' ' ')
lines=$(wc -l < "$f")
echo "${moves:-0}|${tools:-none}|${lines}"
'''

PRIORITY = {"rush": 0, "normal": 1, "low": 2}


class Job:
    def __init__(self, source: Path, data: dict):
        self.source = source
        self.order = str(data.get("order", source.stem))
        self.customer = data.get("customer", "")
        self.material = data.get("material", "unknown")
        self.thickness = float(data.get("thickness_mm", 0))
        self.gcode = Path(data.get("gcode", ""))
        self.priority = data.get("priority", "normal")
        self.panels = data.get("panels", []) or []
        self.moves = 0
        self.tools = ""

    @property
    def sort_key(self):
        return (PRIORITY.get(self.priority, 1), self.material, self.thickness, self.order)


def load_sheets(job_dir: Path) -> list:
    jobs = []
    for path in sorted(job_dir.glob("*.yaml")):
        try:
            with path.open() as fh:
                data = yaml.load(fh, Loader=yaml.Loader)
        except (OSError, yaml.YAMLError) as exc:
            LOG.warning("skipping %s: %s", path, exc)
            continue
        if not isinstance(data, dict):
            LOG.warning("skipping %s: not a mapping", path)
            continue
        jobs.append(Job(path, data))
    return jobs


def check_gcode(job: Job) -> bool:
    if not job.gcode.is_file():
        LOG.error("order %s: G-code %s missing", job.order, job.gcode)
        return False
    env = dict(os.environ, JOB_GCODE=str(job.gcode))
    proc = subprocess.run(["bash", str(CHECK_SCRIPT)], env=env,
                          capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        LOG.error("order %s: check failed: %s", job.order, proc.stderr.strip())
        return False
    moves, tools, lines = proc.stdout.strip().split("|")
    job.moves = int(moves)
    job.tools = tools.strip()
    LOG.debug("order %s: %s lines, %s moves, tools %s", job.order, lines, moves, tools)
    return True


def write_queue(jobs: list, out: Path) -> None:
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["order", "customer", "priority", "material", "thickness_mm",
                         "panels", "gcode", "moves", "tools"])
        for job in jobs:
            writer.writerow([job.order, job.customer, job.priority, job.material,
                             job.thickness, len(job.panels), job.gcode, job.moves, job.tools])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--jobs", type=Path, default=Path("./jobs"))
    ap.add_argument("--out", type=Path, default=Path("./queue.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.jobs.is_dir():
        LOG.error("job directory %s not found", args.jobs)
        return 1
    CHECK_SCRIPT.write_text(CHECK_BODY)
    try:
        jobs = load_sheets(args.jobs)
        ready = [job for job in jobs if check_gcode(job)]
    finally:
        CHECK_SCRIPT.unlink(missing_ok=True)
    ready.sort(key=lambda j: j.sort_key)
    write_queue(ready, args.out)
    LOG.info("%d of %d jobs queued in %s", len(ready), len(jobs), args.out)
    return 0 if len(ready) == len(jobs) else 1


if __name__ == "__main__":
    sys.exit(main())
