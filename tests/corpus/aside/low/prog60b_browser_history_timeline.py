#!/usr/bin/env python3
"""Build a browsing timeline for an incident window from local browser profiles.

Chromium and Firefox lock their history databases while running, so each
database is copied into the case directory first and queried there.
Output is a CSV in the working directory; nothing leaves the host.
"""
import argparse
import csv
import logging
import shutil
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("history-timeline")

CHROME_EPOCH_OFFSET = 11644473600  # seconds between 1601-01-01 and 1970-01-01

PROFILE_GLOBS = {
    "chrome": [".config/google-chrome/*/History", ".config/chromium/*/History"],
    "firefox": [".mozilla/firefox/*/places.sqlite"],
}

QUERIES = {
    "chrome": (
        "SELECT v.visit_time, u.url, u.title FROM visits v "
        "JOIN urls u ON u.id = v.url "
        "WHERE v.visit_time BETWEEN ? AND ? ORDER BY v.visit_time"
    ),
    "firefox": (
        "SELECT v.visit_date, p.url, p.title FROM moz_historyvisits v "
        "JOIN moz_places p ON p.id = v.place_id "
        "WHERE v.visit_date BETWEEN ? AND ? ORDER BY v.visit_date"
    ),
}


def to_native(kind, dt):
    """Convert a datetime to the browser's own timestamp unit."""
    micros = int(dt.timestamp() * 1_000_000)
    if kind == "chrome":
        return micros + CHROME_EPOCH_OFFSET * 1_000_000
    return micros


def from_native(kind, value):
    seconds = value / 1_000_000
    if kind == "chrome":
        seconds -= CHROME_EPOCH_OFFSET
    return datetime.fromtimestamp(seconds, tz=timezone.utc).isoformat()


def find_databases(home):
    for kind, patterns in PROFILE_GLOBS.items():
        for pattern in patterns:
            for db in home.glob(pattern):
                yield kind, db


def query_copy(kind, src, scratch, start, end):
    scratch.mkdir(parents=True, exist_ok=True)
    local = scratch / f"{kind}_{src.parent.name}_{src.name}"
    shutil.copy2(src, local)
    conn = sqlite3.connect(f"file:{local}?mode=ro", uri=True)
    try:
        rows = conn.execute(QUERIES[kind], (to_native(kind, start), to_native(kind, end)))
        for ts, url, title in rows:
            yield from_native(kind, ts), kind, src.parent.name, url, title or ""
    finally:
        conn.close()


def parse_time(text):
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--home", type=Path, default=Path.home())
    ap.add_argument("--start", type=parse_time, required=True, help="UTC, e.g. 2024-05-01T08:00")
    ap.add_argument("--end", type=parse_time, required=True)
    ap.add_argument("--case-dir", type=Path, default=Path("case_history"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    scratch = args.case_dir / "db_copies"
    events = []
    for kind, db in find_databases(args.home):
        log.info("querying %s profile %s", kind, db.parent.name)
        try:
            events.extend(query_copy(kind, db, scratch, args.start, args.end))
        except (sqlite3.DatabaseError, OSError) as exc:
            log.warning("skipping %s: %s", db, exc)

    events.sort(key=lambda e: e[0])
    out = args.case_dir / "timeline.csv"
    with out.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["utc_time", "browser", "profile", "url", "title"])
        writer.writerows(events)
    log.info("%d visits written to %s", len(events), out)


if __name__ == "__main__":
    main()
