#!/usr/bin/env python3
"""Work through the media transcode queue kept in ./queue.sqlite.

Each row describes a source file that should be converted to an
H.265/AAC MKV that the living-room TV can direct-play.  ffmpeg and ffprobe
run as the current user; output lands next to the queue in ./transcoded.
"""
import argparse
import json
import logging
import shlex
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("tq")

PROFILES = {
    "tv": ["-c:v", "libx265", "-crf", "23", "-preset", "medium", "-c:a", "aac", "-b:a", "192k"],
    "phone": ["-c:v", "libx264", "-crf", "26", "-vf", "scale=-2:720", "-c:a", "aac", "-b:a", "128k"],
    "archive": ["-c:v", "copy", "-c:a", "flac"],
}


@dataclass
class Job:
    id: int
    source: str
    profile: str
    attempts: int


class Queue:
    def __init__(self, path):
        self.db = sqlite3.connect(path)
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS jobs (id INTEGER PRIMARY KEY, source TEXT, "
            "profile TEXT, status TEXT DEFAULT 'pending', attempts INTEGER DEFAULT 0, "
            "note TEXT, updated REAL)")

    def add(self, source, profile):
        self.db.execute(
            f"INSERT INTO jobs (source, profile, updated) VALUES ('{source}', '{profile}', {time.time()})")
        self.db.commit()

    def next_jobs(self, status, limit):
        cur = self.db.execute(
            "SELECT id, source, profile, attempts FROM jobs WHERE status = '%s' "
            "ORDER BY id LIMIT %d" % (status, limit))
        return [Job(*row) for row in cur.fetchall()]

    def mark(self, job_id, status, note=""):
        note = note.replace("\n", " ")[:500]
        self.db.execute(
            "UPDATE jobs SET status = '{}', note = '{}', attempts = attempts + 1, "
            "updated = {} WHERE id = {}".format(status, note, time.time(), job_id))
        self.db.commit()


def probe(source):
    res = subprocess.run(
        ["ffprobe", "-v", "error", "-print_format", "json", "-show_streams", source],
        capture_output=True, text=True, timeout=60)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or "ffprobe failed")
    return json.loads(res.stdout)


def needs_transcode(info, profile):
    if profile == "archive":
        return True
    codecs = {s.get("codec_name") for s in info.get("streams", [])}
    wanted = "hevc" if profile == "tv" else "h264"
    return wanted not in codecs


def transcode(job, out_dir, extra_args):
    src = Path(job.source)
    dest = out_dir / f"{src.stem}.{job.profile}.mkv"
    cmd = ["ffmpeg", "-hide_banner", "-nostdin", "-y", "-i", str(src)]
    cmd += PROFILES[job.profile] + shlex.split(extra_args) + [str(dest)]
    log.info("job %d: %s", job.id, " ".join(shlex.quote(c) for c in cmd))
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    _, err = proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(err.strip().splitlines()[-1] if err else "ffmpeg failed")
    return dest


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="queue.sqlite")
    ap.add_argument("--out", default="transcoded")
    ap.add_argument("--add", nargs=2, metavar=("SOURCE", "PROFILE"))
    ap.add_argument("--batch", type=int, default=3)
    ap.add_argument("--max-attempts", type=int, default=3)
    ap.add_argument("--ffmpeg-extra", default="", help="extra ffmpeg arguments")
    ap.add_argument("--retry-failed", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    queue = Queue(args.db)
    if args.add:
        source, profile = args.add
        if profile not in PROFILES:
            sys.exit(f"unknown profile {profile}")
        queue.add(source, profile)
        print("queued")
        return

    out_dir = Path(args.out)
    out_dir.mkdir(exist_ok=True)
    status = "failed" if args.retry_failed else "pending"
    for job in queue.next_jobs(status, args.batch):
        if job.attempts >= args.max_attempts:
            queue.mark(job.id, "gave_up", "too many attempts")
            continue
        try:
            info = probe(job.source)
            if not needs_transcode(info, job.profile):
                queue.mark(job.id, "skipped", "already in target codec")
                continue
            dest = transcode(job, out_dir, args.ffmpeg_extra)
            queue.mark(job.id, "done", str(dest))
        except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
            log.error("job %d failed: %s", job.id, exc)
            queue.mark(job.id, "failed", str(exc))


if __name__ == "__main__":
    main()
