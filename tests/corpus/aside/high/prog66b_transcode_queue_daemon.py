#!/usr/bin/env python3
"""Spool-directory transcode daemon.

The upload frontend drops a serialized ``TranscodeJob`` into
``spool/incoming``; this daemon claims it, renders the HLS ladder with
ffmpeg and moves the job file to ``spool/done`` or ``spool/failed``.
It is started by the init system and switches to the service account
(``--run-as``) once the spool is prepared.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pickle
import pwd
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("tqdaemon")

LADDER = [
    ("1080p", 1920, 1080, "5000k"),
    ("720p", 1280, 720, "2800k"),
    ("480p", 854, 480, "1200k"),
]
PR_SET_KEEPCAPS = 8

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc: int, what: str) -> None:
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_account(username: str, keep_caps: bool = True) -> None:
    pw = pwd.getpwnam(username)
    gids = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem] or [pw.pw_gid]
    arr = (ctypes.c_uint * len(gids))(*gids)
    if keep_caps:
        _check(_libc.prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0), "prctl(KEEPCAPS)")
    _check(_libc.setgroups(len(gids), arr), "setgroups")
    _check(_libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ.update(HOME=pw.pw_dir, USER=username, LOGNAME=username)
    log.info("now running as %s (%d:%d)", username, pw.pw_uid, pw.pw_gid)


@dataclass
class TranscodeJob:
    job_id: str
    source: str
    output_prefix: str
    ladder: list = field(default_factory=lambda: [r[0] for r in LADDER])
    segment_seconds: int = 6
    attempts: int = 0


class Worker:
    def __init__(self, spool: Path, out_root: Path, ffmpeg: str = "ffmpeg"):
        self.spool = spool
        self.out_root = out_root
        self.ffmpeg = ffmpeg
        self.running = True
        for sub in ("incoming", "working", "done", "failed"):
            (spool / sub).mkdir(parents=True, exist_ok=True)

    def stop(self, *_):
        log.info("stop requested")
        self.running = False

    def claim(self):
        for path in sorted((self.spool / "incoming").glob("*.job")):
            target = self.spool / "working" / path.name
            try:
                path.rename(target)
            except FileNotFoundError:
                continue
            return target
        return None

    def load(self, path: Path) -> TranscodeJob:
        with path.open("rb") as fh:
            return pickle.load(fh)

    def build_cmd(self, job: TranscodeJob, rung) -> list[str]:
        name, w, h, rate = rung
        out_dir = self.out_root / job.output_prefix / name
        out_dir.mkdir(parents=True, exist_ok=True)
        return [
            self.ffmpeg, "-hide_banner", "-nostdin", "-y", "-i", job.source,
            "-vf", f"scale=w={w}:h={h}:force_original_aspect_ratio=decrease",
            "-c:v", "libx264", "-preset", "veryfast", "-b:v", rate,
            "-c:a", "aac", "-b:a", "128k",
            "-f", "hls", "-hls_time", str(job.segment_seconds),
            "-hls_playlist_type", "vod",
            "-hls_segment_filename", str(out_dir / "seg_%05d.ts"),
            str(out_dir / "index.m3u8"),
        ]

    def process(self, path: Path) -> bool:
        job = self.load(path)
        job.attempts += 1
        log.info("job %s: %s", job.job_id, job.source)
        for rung in (r for r in LADDER if r[0] in job.ladder):
            started = time.monotonic()
            proc = subprocess.run(self.build_cmd(job, rung), capture_output=True, text=True)
            if proc.returncode != 0:
                log.error("job %s %s failed: %s", job.job_id, rung[0], proc.stderr[-400:])
                return False
            log.info("job %s %s done in %.1fs", job.job_id, rung[0], time.monotonic() - started)
        return True

    def run(self, poll: float):
        while self.running:
            path = self.claim()
            if path is None:
                time.sleep(poll)
                continue
            try:
                ok = self.process(path)
            except (pickle.UnpicklingError, EOFError, AttributeError) as exc:
                log.error("bad job file %s: %s", path.name, exc)
                ok = False
            path.rename(self.spool / ("done" if ok else "failed") / path.name)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spool", type=Path, default=Path(os.environ.get("SPOOL_DIR", "/srv/transcode/spool")))
    ap.add_argument("--output", type=Path, default=Path(os.environ.get("OUTPUT_DIR", "/srv/transcode/output")))
    ap.add_argument("--poll", type=float, default=2.0)
    ap.add_argument("--ffmpeg", default=os.environ.get("FFMPEG", "ffmpeg"))
    ap.add_argument("--run-as", default=os.environ.get("TRANSCODE_USER", "transcode"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    worker = Worker(args.spool, args.output, args.ffmpeg)
    try:
        switch_account(args.run_as)
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.run_as, exc)
        return 1
    signal.signal(signal.SIGTERM, worker.stop)
    signal.signal(signal.SIGINT, worker.stop)
    worker.run(args.poll)
    return 0


if __name__ == "__main__":
    sys.exit(main())
