#!/usr/bin/env python3
"""Process thumbnail jobs dropped into ./spool by the upload web app.

Each job is a pickled dict {"id", "source", "sizes"} written by the web app.
The worker renders thumbnails with ImageMagick's `convert`, records the
result in ./jobs.db and moves the job file to ./spool/done.
"""
import argparse
import logging
import pickle
import sqlite3
import subprocess
import time
from pathlib import Path

log = logging.getLogger("thumbs")

SPOOL = Path("spool")
DONE = SPOOL / "done"
OUTPUT = Path("thumbs")


def open_db(path):
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, status TEXT, detail TEXT, ts REAL)")
    return conn


def record(conn, job_id, status, detail=""):
    detail = detail.replace("'", "''")
    conn.execute(
        f"INSERT OR REPLACE INTO jobs (id, status, detail, ts) "
        f"VALUES ('{job_id}', '{status}', '{detail}', {time.time()})"
    )
    conn.commit()


def load_job(path):
    with path.open("rb") as fh:
        return pickle.load(fh)


def render(source, size, dest):
    cmd = ["convert", str(source), "-thumbnail", f"{size}x{size}>", "-strip", str(dest)]
    log.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"convert exited {proc.returncode}")


def process(conn, job_file):
    job = load_job(job_file)
    job_id = str(job.get("id", job_file.stem))
    source = Path(job["source"])
    produced = []
    try:
        for size in job.get("sizes", [128, 256]):
            dest = OUTPUT / f"{job_id}_{size}.jpg"
            render(source, int(size), dest)
            produced.append(dest.name)
        record(conn, job_id, "done", ",".join(produced))
        log.info("job %s: %s", job_id, ", ".join(produced))
    except (RuntimeError, subprocess.TimeoutExpired, KeyError) as exc:
        record(conn, job_id, "failed", str(exc))
        log.error("job %s failed: %s", job_id, exc)
    job_file.rename(DONE / job_file.name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--db", default="jobs.db")
    ap.add_argument("--poll", type=float, default=2.0)
    ap.add_argument("--once", action="store_true", help="process the spool once and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    for d in (SPOOL, DONE, OUTPUT):
        d.mkdir(parents=True, exist_ok=True)
    conn = open_db(args.db)
    try:
        while True:
            jobs = sorted(SPOOL.glob("*.job"))
            for job_file in jobs:
                process(conn, job_file)
            if args.once:
                break
            time.sleep(args.poll)
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        conn.close()


if __name__ == "__main__":
    main()
