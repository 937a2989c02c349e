#!/usr/bin/env python3
"""Local queue of customs entries awaiting lodgement.

Broker clerks add entries (importer EORI, HS codes, customs value, container
refs) from the intake sheet, review them, and the queue lodges approved
entries with the customs declaration API. State lives in entries.db.

    customs_entry_queue.py add --eori GB123456789000 --hs 8471300000 --value 12500 --box MSCU1234565
    customs_entry_queue.py list --status PENDING --importer "Acme Freight"
    customs_entry_queue.py lodge
"""
import argparse
import logging
import os
import sqlite3
import sys
from contextlib import closing
from datetime import datetime, timezone

import requests

log = logging.getLogger("entry_queue")

DB_PATH = os.environ.get("ENTRY_DB", "entries.db")
DECL_API = os.environ.get("CUSTOMS_DECL_API", "https://api.customs-gateway.example/declarations/v1")

SCHEMA = """
CREATE TABLE IF NOT EXISTS entries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    importer TEXT,
    eori TEXT NOT NULL,
    hs_code TEXT NOT NULL,
    customs_value REAL NOT NULL,
    currency TEXT DEFAULT 'EUR',
    container TEXT,
    status TEXT DEFAULT 'PENDING',
    mrn TEXT
);
"""


class EntryStore:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def add(self, importer, eori, hs_code, value, currency, container):
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        sql = ("INSERT INTO entries (created, importer, eori, hs_code, customs_value, currency, container) "
               "VALUES ('%s', '%s', '%s', '%s', %s, '%s', '%s')"
               % (now, importer, eori, hs_code, value, currency, container))
        with self.conn:
            cur = self.conn.execute(sql)
        return cur.lastrowid

    def find(self, status=None, importer=None):
        clauses = []
        if status:
            clauses.append(f"status = '{status.upper()}'")
        if importer:
            clauses.append(f"importer LIKE '%{importer}%'")
        where = (" WHERE " + " AND ".join(clauses)) if clauses else ""
        with closing(self.conn.cursor()) as cur:
            cur.execute(f"SELECT * FROM entries{where} ORDER BY id")
            return cur.fetchall()

    def mark(self, entry_id, status, mrn=None):
        mrn_sql = f", mrn = '{mrn}'" if mrn else ""
        with self.conn:
            self.conn.execute(f"UPDATE entries SET status = '{status}'{mrn_sql} WHERE id = {entry_id}")


def lodge(store, api_key, timeout=30):
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {api_key}"
    lodged = 0
    for row in store.find(status="APPROVED"):
        payload = {
            "declarant": {"eori": row["eori"]},
            "goodsItems": [{"commodityCode": row["hs_code"],
                            "statisticalValue": {"amount": row["customs_value"], "currency": row["currency"]}}],
            "transportEquipment": [row["container"]] if row["container"] else [],
            "clientReference": f"Q{row['id']:06d}",
        }
        try:
            r = session.post(DECL_API, json=payload, timeout=timeout)
            r.raise_for_status()
        except requests.RequestException as exc:
            log.error("entry %d not lodged: %s", row["id"], exc)
            store.mark(row["id"], "ERROR")
            continue
        mrn = r.json().get("mrn")
        store.mark(row["id"], "LODGED", mrn)
        log.info("entry %d lodged, MRN %s", row["id"], mrn)
        lodged += 1
    return lodged


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("--importer", default="")
    a.add_argument("--eori", required=True)
    a.add_argument("--hs", required=True)
    a.add_argument("--value", type=float, required=True)
    a.add_argument("--currency", default="EUR")
    a.add_argument("--box", default="")
    ls = sub.add_parser("list")
    ls.add_argument("--status")
    ls.add_argument("--importer")
    ap_ = sub.add_parser("approve")
    ap_.add_argument("ids", nargs="+")
    sub.add_parser("lodge")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    store = EntryStore(DB_PATH)
    if args.cmd == "add":
        new_id = store.add(args.importer, args.eori, args.hs, args.value, args.currency, args.box)
        print(f"entry {new_id} queued")
    elif args.cmd == "list":
        for row in store.find(args.status, args.importer):
            print(f"{row['id']:>5} {row['status']:<9} {row['eori']:<17} {row['hs_code']:<11} "
                  f"{row['customs_value']:>12.2f} {row['currency']} {row['container'] or '-'} {row['mrn'] or ''}")
    elif args.cmd == "approve":
        for entry_id in args.ids:
            store.mark(entry_id, "APPROVED")
    elif args.cmd == "lodge":
        key = os.environ.get("CUSTOMS_API_KEY")
        if not key:
            log.error("CUSTOMS_API_KEY not set")
            return 2
        print(f"{lodge(store, key)} entr(y/ies) lodged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
