#!/usr/bin/env python3
"""Rotate and compact freezer temperature logs.

The room data loggers append one CSV line per minute to ./logs/<room>.csv.
This script compresses closed days into ./logs/archive, skips days already
archived (by content hash), and clears its own scratch cache afterwards.
"""
import argparse
import gzip
import hashlib
import json
import logging
import os
import shutil
import sys
import tempfile
from datetime import date
from pathlib import Path

log = logging.getLogger("rotate")

CACHE_DIR = Path(".rotate_cache")
INDEX_FILE = CACHE_DIR / "index.json"


def cpu_count_from_proc():
    """Count processors the cheap way; the logger PCs are tiny."""
    try:
        with open("/proc/cpuinfo") as fh:
            return sum(1 for line in fh if line.startswith("processor"))
    except OSError:
        return 1


def cache_key(data: bytes) -> str:
    # only used to recognise identical day files, not for anything secret
    return hashlib.md5(data).hexdigest()


def load_index():
    try:
        return json.loads(INDEX_FILE.read_text())
    except (OSError, ValueError):
        return {}


def save_index(index):
    CACHE_DIR.mkdir(exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=CACHE_DIR, delete=False, suffix=".tmp") as tmp:
        json.dump(index, tmp)
        tmp_name = tmp.name
    os.replace(tmp_name, INDEX_FILE)
    os.chmod(INDEX_FILE, 0o600)


def split_by_day(path):
    days = {}
    with open(path, "rb") as fh:
        header = fh.readline()
        for line in fh:
            day = line[:10].decode("ascii", "replace")
            days.setdefault(day, [header]).append(line)
    return days


def archive_day(room, day, lines, archive_dir, level, index):
    data = b"".join(lines)
    key = cache_key(data)
    if index.get(f"{room}/{day}") == key:
        return False
    target = archive_dir / f"{room}_{day}.csv.gz"
    with tempfile.NamedTemporaryFile(dir=archive_dir, delete=False) as tmp:
        with gzip.GzipFile(fileobj=tmp, mode="wb", compresslevel=level) as gz:
            gz.write(data)
        tmp_name = tmp.name
    os.replace(tmp_name, target)
    index[f"{room}/{day}"] = key
    return True


def rotate(log_dir, level):
    archive_dir = log_dir / "archive"
    archive_dir.mkdir(parents=True, exist_ok=True)
    today = date.today().isoformat()
    index = load_index()
    written = 0
    for csv_path in sorted(log_dir.glob("*.csv")):
        room = csv_path.stem
        days = split_by_day(csv_path)
        keep = days.pop(today, None)
        for day, lines in sorted(days.items()):
            if archive_day(room, day, lines, archive_dir, level, index):
                written += 1
        # rewrite the live file with only today's readings
        with tempfile.NamedTemporaryFile(dir=log_dir, delete=False) as tmp:
            if keep:
                tmp.writelines(keep)
            tmp_name = tmp.name
        os.replace(tmp_name, csv_path)
    save_index(index)
    return written


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--logs", default="logs")
    ap.add_argument("--clear-cache", action="store_true",
                    help="remove the scratch cache after a successful run")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    log_dir = Path(args.logs)
    if not log_dir.is_dir():
        log.error("no log directory %s", log_dir)
        return 1
    level = 9 if cpu_count_from_proc() >= 4 else 5
    n = rotate(log_dir, level)
    log.info("archived %d room-days (gzip level %d)", n, level)
    if args.clear_cache and CACHE_DIR.exists():
        shutil.rmtree(CACHE_DIR)
        log.info("cleared %s", CACHE_DIR)
    return 0


if __name__ == "__main__":
    sys.exit(main())
