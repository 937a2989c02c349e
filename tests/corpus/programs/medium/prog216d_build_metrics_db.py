#!/usr/bin/env python3
"""build_metrics_db.py - record per-platform build durations into a local
SQLite database and print the slowest recent builds per branch.

Commit info is gathered with a short git shell pipeline; build timings come
from the CI step (as environment variables) or from the command line.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
import time

LOG = logging.getLogger("build-metrics")
DB_PATH = "build/metrics.sqlite"

SCHEMA = """
CREATE TABLE IF NOT EXISTS builds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ts INTEGER NOT NULL,
    branch TEXT NOT NULL,
    commit_sha TEXT NOT NULL,
    author TEXT,
    platform TEXT NOT NULL,
    seconds REAL NOT NULL
)
"""

GIT_INFO = "git rev-parse --abbrev-ref HEAD; git rev-parse --short HEAD; git log -1 --format=%an"


class MetricsStore:
    def __init__(self, path):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        self.conn = sqlite3.connect(path)
        self.conn.execute(SCHEMA)

    def record(self, branch, sha, author, platform, seconds):
        sql = ("INSERT INTO builds (ts, branch, commit_sha, author, platform, seconds) "
               "VALUES (%d, '%s', '%s', '%s', '%s', %f)"
               % (int(time.time()), branch, sha, author, platform, seconds))
        LOG.debug("sql: %s", sql)
        self.conn.execute(sql)
        self.conn.commit()

    def slowest(self, branch, platform=None, limit=5):
        where = "branch = '%s'" % branch
        if platform:
            where += " AND platform = '%s'" % platform
        q = ("SELECT platform, commit_sha, author, seconds FROM builds WHERE %s "
             "ORDER BY seconds DESC LIMIT %d" % (where, limit))
        return self.conn.execute(q).fetchall()

    def close(self):
        self.conn.close()


def git_info():
    try:
        out = subprocess.run(["bash", "-c", GIT_INFO], capture_output=True,
                             text=True, check=True).stdout.splitlines()
        return out[0], out[1], out[2] if len(out) > 2 else "unknown"
    except (subprocess.CalledProcessError, IndexError) as exc:
        LOG.warning("git info unavailable: %s", exc)
        return "unknown", "0000000", "unknown"


def parse_timings(values):
    timings = {}
    for item in values:
        platform, _, secs = item.partition("=")
        try:
            timings[platform] = float(secs)
        except ValueError:
            LOG.warning("bad timing %r", item)
    for key, val in os.environ.items():
        if key.startswith("BUILD_SECONDS_"):
            try:
                timings.setdefault(key[len("BUILD_SECONDS_"):].lower(), float(val))
            except ValueError:
                pass
    return timings


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("timings", nargs="*", help="platform=seconds, e.g. android=812.4")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--branch", help="override the branch used for the report")
    ap.add_argument("--platform", help="limit the report to one platform")
    ap.add_argument("--top", type=int, default=5)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    branch, sha, author = git_info()
    store = MetricsStore(args.db)
    try:
        for platform, secs in parse_timings(args.timings).items():
            store.record(branch, sha, author, platform, secs)
            LOG.info("recorded %s %.1fs on %s@%s", platform, secs, branch, sha)
        report_branch = args.branch or branch
        print(f"slowest builds on {report_branch}:")
        for platform, csha, who, secs in store.slowest(report_branch, args.platform, args.top):
            print(f"  {platform:<8} {csha}  {secs:8.1f}s  {who}")
    except sqlite3.Error as exc:
        LOG.error("database error: %s", exc)
        return 1
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
