#!/usr/bin/env python3
"""citation_store (search edition): resolve DOIs via Crossref, index and search them locally.

Usage:
    citation_store.py add 10.1038/s41586-020-2649-2 10.1145/3292500.3330701
    citation_store.py search --author Smith --year 2020
"""
import argparse
import hashlib
import json
import logging
import sqlite3
from pathlib import Path

import requests

LOG = logging.getLogger("citation_store")
CROSSREF = "https://api.crossref.org/works/{doi}"
DB_PATH = Path("citations.sqlite3")
CACHE_DIR = Path(".crossref_cache")

SCHEMA = """
CREATE TABLE IF NOT EXISTS works (
    doi TEXT PRIMARY KEY,
    title TEXT,
    first_author TEXT,
    year INTEGER,
    venue TEXT
)
"""


def cache_key(doi: str) -> Path:
    digest = hashlib.md5(doi.lower().encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{digest}.json"


def fetch_metadata(doi: str, session: requests.Session) -> dict:
    cached = cache_key(doi)
    if cached.exists():
        return json.loads(cached.read_text(encoding="utf-8"))
    resp = session.get(CROSSREF.format(doi=doi), timeout=20)
    resp.raise_for_status()
    message = resp.json()["message"]
    CACHE_DIR.mkdir(exist_ok=True)
    cached.write_text(json.dumps(message), encoding="utf-8")
    return message


def to_row(doi: str, msg: dict) -> tuple:
    authors = msg.get("author") or [{}]
    issued = (msg.get("issued") or {}).get("date-parts") or [[None]]
    return (
        doi.lower(),
        (msg.get("title") or [""])[0],
        authors[0].get("family", ""),
        issued[0][0],
        (msg.get("container-title") or [""])[0],
    )


def cmd_add(conn: sqlite3.Connection, dois: list) -> int:
    session = requests.Session()
    session.headers["User-Agent"] = "citation-store/0.3 (mailto:lab@example.org)"
    added = 0
    for doi in dois:
        try:
            row = to_row(doi, fetch_metadata(doi, session))
        except (requests.RequestException, KeyError) as exc:
            LOG.warning("could not resolve %s: %s", doi, exc)
            continue
        conn.execute("INSERT OR REPLACE INTO works VALUES (?, ?, ?, ?, ?)", row)
        added += 1
    conn.commit()
    LOG.info("stored %d of %d DOIs", added, len(dois))
    return 0 if added else 1


def cmd_search(conn: sqlite3.Connection, author: str, year: int) -> int:
    clauses = []
    if author:
        clauses.append(f"first_author LIKE '%{author}%'")
    if year:
        clauses.append("year = %d" % year)
    where = " AND ".join(clauses) if clauses else "1=1"
    query = "SELECT doi, first_author, year, title FROM works WHERE " + where + " ORDER BY year DESC"
    LOG.debug("query: %s", query)
    for doi, first, yr, title in conn.execute(query):
        print(f"{first} ({yr}) {title} -- https://doi.org/{doi}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true")
    sub = parser.add_subparsers(dest="cmd", required=True)
    add = sub.add_parser("add")
    add.add_argument("dois", nargs="+")
    search = sub.add_parser("search")
    search.add_argument("--author", default="")
    search.add_argument("--year", type=int, default=0)
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    conn = sqlite3.connect(DB_PATH)
    conn.execute(SCHEMA)
    try:
        if args.cmd == "add":
            return cmd_add(conn, args.dois)
        return cmd_search(conn, args.author, args.year)
    finally:
        conn.close()


if __name__ == "__main__":
    raise SystemExit(main())
