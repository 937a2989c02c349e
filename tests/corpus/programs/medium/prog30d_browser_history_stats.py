#!/usr/bin/env python3
"""Summarise Firefox browsing history: top domains, visits per day and the
pages visited for a given domain. Reads a snapshot of places.sqlite (Firefox
keeps the live file locked) and writes a CSV report to the current
directory."""

import argparse
import configparser
import csv
import logging
import shutil
import sqlite3
import sys
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("histstats")

FIREFOX_ROOT = Path.home() / ".mozilla" / "firefox"
SNAPSHOT = "/tmp/places_snapshot.sqlite"


def default_profile(root: Path) -> Path:
    ini = configparser.ConfigParser()
    if not ini.read(root / "profiles.ini"):
        raise FileNotFoundError(f"no profiles.ini in {root}")
    for section in ini.sections():
        if section.startswith("Install") and ini.has_option(section, "Default"):
            return root / ini.get(section, "Default")
    for section in ini.sections():
        if ini.get(section, "Default", fallback="0") == "1":
            rel = ini.getboolean(section, "IsRelative", fallback=True)
            path = ini.get(section, "Path")
            return root / path if rel else Path(path)
    raise LookupError("no default Firefox profile")


def snapshot_history(profile: Path) -> sqlite3.Connection:
    src = profile / "places.sqlite"
    if not src.exists():
        raise FileNotFoundError(src)
    shutil.copyfile(src, SNAPSHOT)
    wal = src.with_name("places.sqlite-wal")
    if wal.exists():
        shutil.copyfile(wal, SNAPSHOT + "-wal")
    log.debug("copied %s -> %s", src, SNAPSHOT)
    return sqlite3.connect(SNAPSHOT)


def to_dt(prtime: int) -> datetime:
    # Firefox stores microseconds since the epoch
    return datetime.fromtimestamp(prtime / 1_000_000, tz=timezone.utc)


def top_domains(conn: sqlite3.Connection, since_days: int, limit: int):
    cutoff = int((datetime.now(timezone.utc).timestamp() - since_days * 86400) * 1_000_000)
    rows = conn.execute(
        "SELECT p.url FROM moz_historyvisits v JOIN moz_places p ON p.id = v.place_id "
        "WHERE v.visit_date > ?", (cutoff,)).fetchall()
    counts = Counter(urlsplit(url).hostname or "?" for (url,) in rows)
    return counts.most_common(limit)


def visits_per_day(conn: sqlite3.Connection):
    per_day = Counter()
    for (ts,) in conn.execute("SELECT visit_date FROM moz_historyvisits"):
        per_day[to_dt(ts).date().isoformat()] += 1
    return sorted(per_day.items())


def pages_for_domain(conn: sqlite3.Connection, domain: str, limit: int):
    query = (
        "SELECT url, title, visit_count, last_visit_date FROM moz_places "
        f"WHERE url LIKE '%://{domain}/%' OR url LIKE '%.{domain}/%' "
        f"ORDER BY visit_count DESC LIMIT {limit}"
    )
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def write_csv(path: Path, header, rows) -> None:
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        w.writerows(rows)
    log.info("wrote %s (%d rows)", path, len(rows))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--profile", type=Path, help="profile directory (default: auto)")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--domain", help="list pages visited on this domain")
    ap.add_argument("--report", type=Path, default=Path("history_report.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        profile = args.profile or default_profile(FIREFOX_ROOT)
        conn = snapshot_history(profile)
    except (FileNotFoundError, LookupError) as exc:
        log.error("%s", exc)
        return 1

    with conn:
        if args.domain:
            rows = pages_for_domain(conn, args.domain, args.top)
            out = [(u, t or "", n, to_dt(lv).isoformat() if lv else "")
                   for u, t, n, lv in rows]
            write_csv(args.report, ["url", "title", "visits", "last_visit"], out)
        else:
            domains = top_domains(conn, args.days, args.top)
            for host, n in domains:
                print(f"{n:6d}  {host}")
            write_csv(args.report, ["domain", "visits"], domains)
            daily = visits_per_day(conn)
            write_csv(args.report.with_name(args.report.stem + "_daily.csv"),
                      ["day", "visits"], daily)
    return 0


if __name__ == "__main__":
    sys.exit(main())
