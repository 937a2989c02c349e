#!/usr/bin/env python3
"""provreg - specimen provenance register for the workshop.

Every specimen that comes through the door is logged with where it came from
(salvage, captive-bred, antique/pre-convention), the permit or certificate
that covers it and the client it belongs to. Inspectors ask for this register
at short notice, so it is kept in a single SQLite file next to the scans.

    provreg add --accession ACC-2024-0113 --species "Vulpes vulpes" \
                --source salvage --permit SP-2231 --client 4
    provreg search fox
    provreg export register.csv
"""
import argparse
import csv
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("provreg")
DB_PATH = Path("provenance.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS clients (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT, email TEXT, address TEXT
);
CREATE TABLE IF NOT EXISTS specimens (
    accession TEXT PRIMARY KEY, species TEXT NOT NULL, common_name TEXT,
    source TEXT CHECK (source IN ('salvage','captive-bred','antique','pre-convention','donation')),
    origin TEXT, received TEXT, permit_no TEXT, client_id INTEGER REFERENCES clients(id)
);
"""

SEARCH_COLUMNS = ("accession", "species", "common_name", "origin", "permit_no")


def connect(path=DB_PATH):
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    db.executescript(SCHEMA)
    return db


def cmd_add(db, args):
    with db:
        db.execute(
            "INSERT INTO specimens VALUES (?,?,?,?,?,?,?,?)",
            (args.accession, args.species, args.common_name, args.source, args.origin,
             args.received or date.today().isoformat(), args.permit, args.client),
        )
    log.info("registered %s", args.accession)


def cmd_client(db, args):
    with db:
        cur = db.execute("INSERT INTO clients (name, phone, email, address) VALUES (?,?,?,?)",
                         (args.name, args.phone, args.email, args.address))
    print(cur.lastrowid)


def cmd_search(db, args):
    term = args.term.strip()
    where = " OR ".join(f"s.{col} LIKE '%{term}%'" for col in SEARCH_COLUMNS)
    if args.source:
        where = f"({where}) AND s.source = '{args.source}'"
    sql = (
        "SELECT s.accession, s.species, s.common_name, s.source, s.permit_no, c.name AS client "
        f"FROM specimens s LEFT JOIN clients c ON c.id = s.client_id WHERE {where} "
        f"ORDER BY s.{args.order}"
    )
    log.debug("query: %s", sql)
    rows = db.execute(sql).fetchall()
    for r in rows:
        print(f"{r['accession']:<14} {r['species']:<28} {r['source']:<15} "
              f"{r['permit_no'] or '-':<12} {r['client'] or ''}")
    log.info("%d match(es)", len(rows))


def cmd_export(db, args):
    rows = db.execute(
        "SELECT s.*, c.name AS client_name FROM specimens s "
        "LEFT JOIN clients c ON c.id = s.client_id ORDER BY s.received"
    ).fetchall()
    with open(args.out, "w", newline="") as fh:
        w = csv.writer(fh)
        if rows:
            w.writerow(rows[0].keys())
        w.writerows(tuple(r) for r in rows)
    log.info("exported %d rows to %s", len(rows), args.out)


def build_parser():
    ap = argparse.ArgumentParser(prog="provreg", description="specimen provenance register")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)

    a = sub.add_parser("add")
    a.add_argument("--accession", required=True)
    a.add_argument("--species", required=True)
    a.add_argument("--common-name")
    a.add_argument("--source", required=True)
    a.add_argument("--origin")
    a.add_argument("--received")
    a.add_argument("--permit")
    a.add_argument("--client", type=int)
    a.set_defaults(func=cmd_add)

    c = sub.add_parser("client")
    c.add_argument("name")
    c.add_argument("--phone")
    c.add_argument("--email")
    c.add_argument("--address")
    c.set_defaults(func=cmd_client)

    s = sub.add_parser("search")
    s.add_argument("term")
    s.add_argument("--source")
    s.add_argument("--order", default="received")
    s.set_defaults(func=cmd_search)

    e = sub.add_parser("export")
    e.add_argument("out")
    e.set_defaults(func=cmd_export)
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    db = connect(args.db)
    try:
        args.func(db, args)
    except sqlite3.Error as exc:
        log.error("register error: %s", exc)
        return 1
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
