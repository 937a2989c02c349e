#!/usr/bin/env python3
"""Green bean stock tracker: check lots against the importer's registry and
print the reorder list.

stock.db (SQLite, in the working directory) holds the lots on the shelf and
the suppliers they came from. ``import`` loads a delivery note CSV,
``verify`` refreshes each lot's registry status (ICO mark, harvest, cert),
``report`` lists lots at or below their reorder point.
"""
import argparse
import csv
import json
import logging
import sqlite3
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

REGISTRY = "https://registry.greenlot-import.com/api/v1/lots/"
UA = "bean-stock/0.9 (+roastery back office)"

SCHEMA = """
CREATE TABLE IF NOT EXISTS suppliers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    contact_email TEXT,
    phone TEXT,
    price_per_kg REAL,
    contract_terms TEXT
);
CREATE TABLE IF NOT EXISTS lots (
    ico TEXT PRIMARY KEY,
    supplier_id INTEGER REFERENCES suppliers(id),
    origin TEXT,
    process TEXT,
    kg_on_hand REAL DEFAULT 0,
    reorder_kg REAL DEFAULT 60,
    registry_status TEXT,
    harvest TEXT,
    verified_at TEXT
);
"""

log = logging.getLogger("bean-stock")


def connect(path):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def fetch_lot(ico, timeout=10.0, attempts=3):
    url = REGISTRY + urllib.parse.quote_plus(ico)
    req = urllib.request.Request(url, headers={"Accept": "application/json", "User-Agent": UA})
    for attempt in range(1, attempts + 1):
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return json.load(resp)
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                return {"status": "not-registered"}
            log.warning("%s: HTTP %s (attempt %d)", ico, exc.code, attempt)
        except (urllib.error.URLError, TimeoutError) as exc:
            log.warning("%s: %s (attempt %d)", ico, exc, attempt)
        time.sleep(attempt * 1.5)
    return None


def import_delivery(conn, path):
    n = 0
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            conn.execute(
                "INSERT INTO lots (ico, supplier_id, origin, process, kg_on_hand) "
                "VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT(ico) DO UPDATE SET kg_on_hand = kg_on_hand + excluded.kg_on_hand",
                (row["ico"], int(row["supplier_id"]), row["origin"], row["process"], float(row["kg"])),
            )
            n += 1
    conn.commit()
    log.info("imported %d lines from %s", n, path)


def verify(conn, workers=4, max_age_days=14):
    cutoff = (datetime.now(timezone.utc) - timedelta(days=max_age_days)).isoformat()
    icos = [r["ico"] for r in conn.execute(
        "SELECT ico FROM lots WHERE verified_at IS NULL OR verified_at < ?", (cutoff,))]
    if not icos:
        log.info("all lots verified within %d days", max_age_days)
        return 0
    now = datetime.now(timezone.utc).isoformat()
    updated = 0
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for ico, info in zip(icos, pool.map(fetch_lot, icos)):
            if info is None:
                continue
            conn.execute(
                "UPDATE lots SET registry_status = ?, harvest = ?, verified_at = ? WHERE ico = ?",
                (info.get("status"), info.get("harvest"), now, ico),
            )
            updated += 1
    conn.commit()
    log.info("verified %d of %d lots", updated, len(icos))
    return updated


def report(conn, out=sys.stdout):
    rows = conn.execute(
        "SELECT l.ico, l.origin, l.process, l.kg_on_hand, l.reorder_kg, l.registry_status, "
        "s.name AS supplier, s.contact_email FROM lots l LEFT JOIN suppliers s ON s.id = l.supplier_id "
        "WHERE l.kg_on_hand <= l.reorder_kg ORDER BY l.kg_on_hand"
    ).fetchall()
    if not rows:
        print("Nothing below reorder point.", file=out)
        return
    print(f"{'ICO':<16}{'origin':<14}{'process':<10}{'kg':>7}  supplier", file=out)
    for r in rows:
        flag = "" if r["registry_status"] in ("active", None) else f"  [{r['registry_status']}]"
        print(f"{r['ico']:<16}{r['origin'] or '':<14}{r['process'] or '':<10}{r['kg_on_hand']:>7.1f}  "
              f"{r['supplier'] or '?'} <{r['contact_email'] or '-'}>{flag}", file=out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", default="stock.db")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("csv")
    ver = sub.add_parser("verify")
    ver.add_argument("--workers", type=int, default=4)
    ver.add_argument("--max-age", type=int, default=14)
    sub.add_parser("report")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    conn = connect(args.db)
    try:
        if args.cmd == "import":
            import_delivery(conn, args.csv)
        elif args.cmd == "verify":
            verify(conn, args.workers, args.max_age)
            report(conn)
        else:
            report(conn)
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
