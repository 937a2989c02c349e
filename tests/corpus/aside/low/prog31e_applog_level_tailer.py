#!/usr/bin/env python3
"""Tail the application's own log files and summarise log levels.

Keeps a small offset state file (mode 0600) so each run only reads new
lines, and caches parsed summaries under ./.tailer-cache keyed by an MD5 of
the file path and inode.  Everything stays inside the project directory.
"""
import argparse
import collections
import hashlib
import json
import logging
import os
import re
import sys
from pathlib import Path

LEVEL_RE = re.compile(r"\b(DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL|FATAL)\b")
logger = logging.getLogger("applog_tailer")


class OffsetStore:
    def __init__(self, path):
        self.path = Path(path)
        self.offsets = {}
        if self.path.exists():
            try:
                self.offsets = json.loads(self.path.read_text())
            except json.JSONDecodeError:
                logger.warning("offset file corrupt, starting fresh")

    def get(self, key):
        return self.offsets.get(key, 0)

    def set(self, key, value):
        self.offsets[key] = value

    def save(self):
        self.path.write_text(json.dumps(self.offsets, indent=1))
        os.chmod(self.path, 0o600)


def cache_key(log_path):
    st = log_path.stat()
    raw = f"{log_path.resolve()}:{st.st_ino}".encode()
    return hashlib.md5(raw).hexdigest()


def read_new_lines(log_path, offset):
    size = log_path.stat().st_size
    if size < offset:
        logger.info("%s was rotated, re-reading from start", log_path)
        offset = 0
    with log_path.open("r", encoding="utf-8", errors="replace") as fh:
        fh.seek(offset)
        lines = fh.readlines()
        return lines, fh.tell()


def summarise(lines):
    counts = collections.Counter()
    last_error = None
    for line in lines:
        match = LEVEL_RE.search(line)
        if not match:
            continue
        level = match.group(1).replace("WARN", "WARNING").replace("WARNINGING", "WARNING")
        counts[level] += 1
        if level in ("ERROR", "CRITICAL", "FATAL"):
            last_error = line.strip()[:300]
    return counts, last_error


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("logs", nargs="*", default=["logs/app.log", "logs/worker.log"])
    ap.add_argument("--state", default=".tailer-offsets.json")
    ap.add_argument("--cache-dir", default=".tailer-cache")
    ap.add_argument("--summary", default="log_summary.json")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache_dir = Path(args.cache_dir)
    if args.clear_cache and cache_dir.is_dir():
        for item in cache_dir.glob("*.json"):
            item.unlink()
        logger.info("cleared cache in %s", cache_dir)
    cache_dir.mkdir(exist_ok=True)

    store = OffsetStore(args.state)
    overall = collections.Counter()
    report = {"files": {}}

    for name in args.logs:
        path = Path(name)
        if not path.is_file():
            logger.warning("skipping missing %s", path)
            continue
        key = cache_key(path)
        lines, new_offset = read_new_lines(path, store.get(key))
        counts, last_error = summarise(lines)
        store.set(key, new_offset)
        overall.update(counts)
        entry = {"new_lines": len(lines), "levels": dict(counts), "last_error": last_error}
        (cache_dir / f"{key}.json").write_text(json.dumps(entry))
        report["files"][str(path)] = entry

    report["totals"] = dict(overall)
    Path(args.summary).write_text(json.dumps(report, indent=2))
    store.save()
    logger.info("totals: %s", dict(overall))
    return 1 if overall.get("CRITICAL") or overall.get("FATAL") else 0


if __name__ == "__main__":
    sys.exit(main())
