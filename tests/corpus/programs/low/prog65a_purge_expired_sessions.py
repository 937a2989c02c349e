#!/usr/bin/env python3
"""
Nightly maintenance for the Django app's SQLite deployment (review apps and
the small on-prem installs):

  * deletes expired rows from django_session in batches,
  * removes the app's stale file-cache entries under ./var/cache,
  * writes a JSON report to ./var/reports for the admin dashboard.

    python purge_sessions.py --db var/db.sqlite3 --batch 5000
"""
import argparse
import json
import logging
import os
import platform
import sqlite3
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("maintenance.sessions")


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                key, _, value = line.strip().partition("=")
                if key in ("NAME", "VERSION_ID"):
                    info[key.lower()] = value.strip('"')
    except OSError:
        pass
    return info


def purge_sessions(db_path, batch):
    now = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
    total = 0
    conn = sqlite3.connect(db_path, timeout=30)
    try:
        while True:
            with conn:
                cur = conn.execute(
                    "DELETE FROM django_session WHERE session_key IN ("
                    " SELECT session_key FROM django_session WHERE expire_date < ? LIMIT ?)",
                    (now, batch))
            total += cur.rowcount
            log.debug("deleted %d rows", cur.rowcount)
            if cur.rowcount < batch:
                break
            time.sleep(0.2)  # let web requests get the write lock
        remaining = conn.execute("SELECT COUNT(*) FROM django_session").fetchone()[0]
    finally:
        conn.close()
    return total, remaining


def prune_cache(cache_dir, max_age_hours):
    cutoff = time.time() - max_age_hours * 3600
    removed = freed = 0
    if not cache_dir.is_dir():
        return removed, freed
    for entry in cache_dir.rglob("*"):
        if not entry.is_file() or entry.suffix not in (".djcache", ".tmp"):
            continue
        try:
            st = entry.stat()
            if st.st_mtime < cutoff:
                entry.unlink()
                removed += 1
                freed += st.st_size
        except FileNotFoundError:
            continue
    return removed, freed


def write_report(report_dir, report):
    report_dir.mkdir(parents=True, exist_ok=True)
    path = report_dir / ("sessions-%s.json" % datetime.now().strftime("%Y%m%d"))
    path.write_text(json.dumps(report, indent=2))
    os.chmod(path, 0o600)
    return path


def main():
    ap = argparse.ArgumentParser(description="purge expired Django sessions")
    ap.add_argument("--db", default=os.environ.get("SQLITE_PATH", "var/db.sqlite3"))
    ap.add_argument("--batch", type=int, default=5000)
    ap.add_argument("--cache-dir", default="var/cache")
    ap.add_argument("--cache-max-age", type=int, default=48, help="hours")
    ap.add_argument("--report-dir", default="var/reports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 1

    started = time.monotonic()
    try:
        deleted, remaining = purge_sessions(args.db, args.batch)
    except sqlite3.Error as err:
        log.error("session purge failed: %s", err)
        return 1
    removed, freed = prune_cache(Path(args.cache_dir), args.cache_max_age)

    report = {
        "finished_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "host": platform.node(),
        "os": os_release(),
        "sessions_deleted": deleted,
        "sessions_remaining": remaining,
        "cache_files_removed": removed,
        "cache_bytes_freed": freed,
        "duration_s": round(time.monotonic() - started, 2),
    }
    path = write_report(Path(args.report_dir), report)
    log.info("deleted %d sessions (%d left), removed %d cache files; report %s",
             deleted, remaining, removed, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
