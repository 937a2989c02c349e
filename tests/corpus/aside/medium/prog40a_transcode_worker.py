#!/usr/bin/env python3
"""Transcode worker: pulls pending jobs from a local SQLite queue and runs
ffmpeg for each requested rendition (web mp4, audio-only aac, preview gif).
"""
import argparse
import logging
import shlex
import sqlite3
import subprocess
import time
from pathlib import Path

LOG = logging.getLogger("transcode-worker")

RENDITIONS = {
    "web720": "-c:v libx264 -preset veryfast -crf 23 -vf scale=-2:720 -c:a aac -b:a 128k",
    "audio": "-vn -c:a aac -b:a 96k",
    "preview": "-t 4 -vf fps=10,scale=320:-1 -loop 0",
}
EXTENSIONS = {"web720": "mp4", "audio": "m4a", "preview": "gif"}


class JobQueue:
    def __init__(self, db_path: str):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS jobs (id INTEGER PRIMARY KEY, src TEXT,"
            " rendition TEXT, status TEXT DEFAULT 'pending', owner TEXT, note TEXT)")

    def next_job(self, owner: str):
        row = self.conn.execute(
            f"SELECT * FROM jobs WHERE status = 'pending' AND owner = '{owner}' "
            "ORDER BY id LIMIT 1").fetchone()
        return dict(row) if row else None

    def mark(self, job_id: int, status: str, note: str = ""):
        note = note.replace("\n", " ")[:200]
        self.conn.execute(
            "UPDATE jobs SET status = '%s', note = '%s' WHERE id = %d"
            % (status, note, job_id))
        self.conn.commit()


def build_command(src: Path, rendition: str, out_dir: Path) -> list:
    out = out_dir / f"{src.stem}.{rendition}.{EXTENSIONS[rendition]}"
    return ["ffmpeg", "-hide_banner", "-y", "-i", str(src),
            *shlex.split(RENDITIONS[rendition]), str(out)]


def run_job(job: dict, out_dir: Path, timeout: int) -> tuple:
    src = Path(job["src"])
    if not src.is_file():
        return False, "source missing"
    if job["rendition"] not in RENDITIONS:
        return False, "unknown rendition"
    cmd = build_command(src, job["rendition"], out_dir)
    LOG.info("job %s: %s", job["id"], " ".join(cmd))
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, "timeout"
    if proc.returncode != 0:
        return False, proc.stderr.strip().splitlines()[-1] if proc.stderr else "ffmpeg failed"
    return True, "done"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="queue.sqlite3")
    ap.add_argument("--owner", default="default")
    ap.add_argument("--out", default="renders", type=Path)
    ap.add_argument("--timeout", type=int, default=1800)
    ap.add_argument("--once", action="store_true", help="exit when queue is empty")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    args.out.mkdir(exist_ok=True)

    queue = JobQueue(args.db)
    idle_rounds = 0
    while True:
        job = queue.next_job(args.owner)
        if job is None:
            if args.once:
                break
            idle_rounds += 1
            time.sleep(min(30, 2 * idle_rounds))
            continue
        idle_rounds = 0
        queue.mark(job["id"], "running")
        ok, note = run_job(job, args.out, args.timeout)
        queue.mark(job["id"], "done" if ok else "failed", note)
        LOG.info("job %s -> %s (%s)", job["id"], "ok" if ok else "failed", note)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
