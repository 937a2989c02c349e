#!/usr/bin/env python3
"""Import hedge laying competition results from the county league.

Downloads the season's results CSV from the league site, stores them in
results.sqlite and links each competitor to our membership number where the
name matches the ledger, so the annual report can list members' placings.
"""

import argparse
import csv
import io
import logging
import socket
import sqlite3
import sys
from urllib.parse import urlsplit

import requests

log = logging.getLogger("league-import")

LEAGUE_URL = "https://www.countyhedgeleague.org.uk/results/{season}.csv"
SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    season TEXT, event TEXT, class TEXT, place INTEGER,
    competitor TEXT, style TEXT, points REAL, member_no TEXT,
    PRIMARY KEY (season, event, class, competitor)
)
"""


def league_reachable(url, attempts=3):
    """Resolve the league host first so DNS trouble gives a clear message."""
    host = urlsplit(url).hostname
    for attempt in range(1, attempts + 1):
        try:
            infos = socket.getaddrinfo(host, 443, proto=socket.IPPROTO_TCP)
            log.debug("%s resolves to %s", host, sorted({i[4][0] for i in infos}))
            return True
        except socket.gaierror as exc:
            log.warning("lookup of %s failed (%d/%d): %s", host, attempt, attempts, exc)
    return False


def fetch_results(season):
    url = LEAGUE_URL.format(season=season)
    if not league_reachable(url):
        raise requests.ConnectionError(f"cannot resolve league site for {url}")
    log.info("fetching %s", url)
    resp = requests.get(url, timeout=30)
    resp.raise_for_status()
    return list(csv.DictReader(io.StringIO(resp.text)))


def load_members(ledger_path):
    try:
        conn = sqlite3.connect(ledger_path)
        rows = conn.execute("SELECT member_no, full_name FROM members").fetchall()
        conn.close()
    except sqlite3.Error as exc:
        log.warning("ledger unavailable (%s); results will not be linked", exc)
        return {}
    return {r[1].strip().lower(): r for r in rows}


def store(db_path, season, rows, members):
    conn = sqlite3.connect(db_path)
    conn.execute(SCHEMA)
    linked = []
    with conn:
        for row in rows:
            name = row.get("competitor", "").strip()
            member = members.get(name.lower())
            if member:
                linked.append(member)
            conn.execute(
                "INSERT OR REPLACE INTO results VALUES (?,?,?,?,?,?,?,?)",
                (season, row.get("event"), row.get("class"), int(row.get("place") or 0),
                 name, row.get("style"), float(row.get("points") or 0),
                 member[0] if member else None),
            )
    conn.close()
    return linked


def summarise(db_path, season):
    conn = sqlite3.connect(db_path)
    rows = conn.execute(
        "SELECT competitor, COUNT(*), SUM(points), MIN(place) FROM results "
        "WHERE season = ? AND member_no IS NOT NULL GROUP BY competitor "
        "ORDER BY SUM(points) DESC LIMIT 10",
        (season,),
    ).fetchall()
    conn.close()
    for name, events, points, best in rows:
        print(f"{name:30} {events:3} events  {points:6.1f} pts  best {best}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("season", help="league season, e.g. 2024-25")
    ap.add_argument("--db", default="results.sqlite")
    ap.add_argument("--ledger", default="ledger.sqlite")
    ap.add_argument("--summary", action="store_true", help="print members' top placings")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        rows = fetch_results(args.season)
    except requests.RequestException as exc:
        log.error("could not download results: %s", exc)
        return 1
    log.info("%d result rows", len(rows))

    members = load_members(args.ledger)
    linked = store(args.db, args.season, rows, members)
    log.info("%d rows linked to members", len(linked))
    if args.summary:
        summarise(args.db, args.season)
    return 0


if __name__ == "__main__":
    sys.exit(main())
