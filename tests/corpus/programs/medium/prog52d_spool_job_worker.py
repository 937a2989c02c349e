#!/usr/bin/env python3
"""Tiny file-spool job queue for report rendering.

`submit` assembles a job object (a chain of transform steps plus
parameters) and drops it into ./spool/incoming as a pickle; `work` picks
jobs up later, unpickles them and applies the steps to CSV data.
"""
import argparse
import csv
import logging
import pickle
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

SPOOL = Path("spool")
log = logging.getLogger("spool")


@dataclass
class Step:
    op: str
    column: str
    arg: object = None


@dataclass
class Job:
    source: str
    output: str
    steps: list = field(default_factory=list)
    job_id: str = field(default_factory=lambda: uuid.uuid4().hex[:12])


OPS = {
    "upper": lambda v, _a: v.upper(),
    "strip": lambda v, _a: v.strip(),
    "prefix": lambda v, a: f"{a}{v}",
    "round": lambda v, a: str(round(float(v), int(a or 0))),
}


def parse_step(text):
    op, _, rest = text.partition(":")
    column, _, arg = rest.partition("=")
    if op not in OPS:
        raise ValueError(f"unknown op {op!r}")
    return Step(op, column, arg or None)


def submit(args):
    job = Job(args.source, args.output, [parse_step(s) for s in args.step])
    inbox = SPOOL / "incoming"
    inbox.mkdir(parents=True, exist_ok=True)
    with open(inbox / f"{job.job_id}.job", "wb") as fh:
        pickle.dump(job, fh, protocol=pickle.HIGHEST_PROTOCOL)
    log.info("queued job %s with %d step(s)", job.job_id, len(job.steps))


def run_job(job):
    with open(job.source, newline="") as src:
        rows = list(csv.DictReader(src))
    for step in job.steps:
        fn = OPS[step.op]
        for row in rows:
            if step.column in row:
                row[step.column] = fn(row[step.column], step.arg)
    if rows:
        with open(job.output, "w", newline="") as dst:
            writer = csv.DictWriter(dst, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    return len(rows)


def work(args):
    inbox, done = SPOOL / "incoming", SPOOL / "done"
    done.mkdir(parents=True, exist_ok=True)
    while True:
        for path in sorted(inbox.glob("*.job")):
            job = pickle.loads(path.read_bytes())
            try:
                n = run_job(job)
                log.info("job %s: %d rows -> %s", job.job_id, n, job.output)
            except (OSError, ValueError, KeyError) as exc:
                log.error("job %s failed: %s", job.job_id, exc)
            path.rename(done / path.name)
        if args.once:
            break
        time.sleep(args.interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("submit")
    s.add_argument("source")
    s.add_argument("output")
    s.add_argument("--step", action="append", default=[], help="op:column[=arg]")
    w = sub.add_parser("work")
    w.add_argument("--once", action="store_true")
    w.add_argument("--interval", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    (submit if args.cmd == "submit" else work)(args)


if __name__ == "__main__":
    main()
