#!/usr/bin/env python3
"""Summarise nginx access logs into a daily CSV of hits, bytes and error rates.

Meant to run from root's crontab: the log files are opened while still root,
then the process switches to an unprivileged account before parsing untrusted
log content and writing the report.
"""
import argparse
import csv
import gzip
import logging
import os
import pwd
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

log = logging.getLogger("accesslog")
LINE = re.compile(r'^(\S+) \S+ \S+ \[(\d\d/\w{3}/\d{4}):[^\]]+\] "(\S+) (\S+)[^"]*" (\d{3}) (\d+|-)')


def open_sources(pattern_dir, prefix):
    handles = []
    for path in sorted(Path(pattern_dir).glob(prefix + "*")):
        opener = gzip.open if path.suffix == ".gz" else open
        handles.append((path.name, opener(path, "rt", encoding="utf-8", errors="replace")))
    return handles


def drop_privileges(username):
    """Switch from root to `username` permanently."""
    if os.getuid() != 0:
        log.info("not running as root; keeping uid %d", os.getuid())
        return
    entry = pwd.getpwnam(username)
    os.setgroups([])
    os.setgid(entry.pw_gid)
    os.setuid(entry.pw_uid)
    os.umask(0o077)
    log.info("dropped privileges to %s (%d:%d)", username, entry.pw_uid, entry.pw_gid)


class DailyStats:
    def __init__(self):
        self.hits = Counter()
        self.bytes = Counter()
        self.errors = Counter()
        self.paths = defaultdict(Counter)

    def feed(self, line):
        m = LINE.match(line)
        if not m:
            return False
        _ip, day, _method, path, status, size = m.groups()
        self.hits[day] += 1
        self.bytes[day] += 0 if size == "-" else int(size)
        if status.startswith("5"):
            self.errors[day] += 1
        self.paths[day][path.split("?", 1)[0]] += 1
        return True

    def rows(self):
        for day in sorted(self.hits):
            top, top_n = self.paths[day].most_common(1)[0]
            yield [day, self.hits[day], self.bytes[day],
                   round(100.0 * self.errors[day] / self.hits[day], 2), top, top_n]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--log-dir", default="/var/log/nginx")
    ap.add_argument("--prefix", default="access.log")
    ap.add_argument("--run-as", default="www-data")
    ap.add_argument("--out", type=Path, default=Path("access_summary.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sources = open_sources(args.log_dir, args.prefix)
    if not sources:
        log.error("no logs matching %s/%s*", args.log_dir, args.prefix)
        return 1
    drop_privileges(args.run_as)

    stats, bad = DailyStats(), 0
    for name, fh in sources:
        with fh:
            for line in fh:
                bad += not stats.feed(line)
        log.info("read %s", name)
    with args.out.open("w", newline="") as out:
        w = csv.writer(out)
        w.writerow(["day", "hits", "bytes", "error_pct", "top_path", "top_hits"])
        w.writerows(stats.rows())
    log.info("wrote %s (%d unparsable lines)", args.out, bad)
    return 0


if __name__ == "__main__":
    sys.exit(main())
