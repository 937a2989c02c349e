#!/usr/bin/env python3
"""End-of-shift handover tidy for the shared controller PC.

Run by the outgoing controller before the night shift logs in.  Clears the
dispatch client's cache and build leftovers from the working directory,
rotates the shift log and writes a handover note with the open-job count.
"""
import argparse
import datetime as dt
import gzip
import json
import logging
import os
import shutil
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("handover")

WORK_DIRS = ("cache", "build", ".pytest_cache", "__pycache__")
SHIFT_LOG = Path("logs/shift.log")
KEEP_LOGS = 14


def clear_work_dirs(root: Path, dry_run=False):
    removed = 0
    for name in WORK_DIRS:
        for path in root.rglob(name):
            if path.is_dir() and ".venv" not in path.parts:
                if dry_run:
                    LOG.info("would remove %s", path)
                else:
                    shutil.rmtree(path, ignore_errors=True)
                removed += 1
    return removed


def rotate_shift_log(log_path: Path, keep: int, dry_run=False):
    if not log_path.exists() or log_path.stat().st_size == 0:
        return None
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M")
    target = log_path.with_name(f"{log_path.stem}-{stamp}.log.gz")
    if not dry_run:
        with open(log_path, "rb") as src, gzip.open(target, "wb") as dst:
            shutil.copyfileobj(src, dst)
        log_path.write_text("")
    old = sorted(log_path.parent.glob(f"{log_path.stem}-*.log.gz"))
    for stale in old[:-keep]:
        if not dry_run:
            stale.unlink()
    return target


def open_job_count(db_path: Path) -> int:
    if not db_path.exists():
        return -1
    with sqlite3.connect(db_path) as conn:
        row = conn.execute("SELECT COUNT(*) FROM jobs WHERE status = ?", ("open",)).fetchone()
    return row[0]


def write_handover(path: Path, controller: str, open_jobs: int, notes: str):
    entry = {
        "at": dt.datetime.now().isoformat(timespec="minutes"),
        "controller": controller,
        "open_jobs": open_jobs,
        "notes": notes,
    }
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Shift handover tidy")
    ap.add_argument("--controller", default=os.environ.get("USER", "controller"))
    ap.add_argument("--notes", default="")
    ap.add_argument("--db", type=Path, default=Path("jobs.sqlite3"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    root = Path.cwd()
    n = clear_work_dirs(root, args.dry_run)
    LOG.info("cleared %d cache/build directories", n)

    rotated = rotate_shift_log(SHIFT_LOG, KEEP_LOGS, args.dry_run)
    if rotated:
        LOG.info("shift log rotated to %s", rotated)

    try:
        jobs = open_job_count(args.db)
    except sqlite3.Error as exc:
        LOG.warning("could not read job book: %s", exc)
        jobs = -1
    if not args.dry_run:
        write_handover(Path("handover.jsonl"), args.controller, jobs, args.notes)
    LOG.info("handover recorded: %s open jobs", jobs if jobs >= 0 else "unknown")
    return 0


if __name__ == "__main__":
    sys.exit(main())
