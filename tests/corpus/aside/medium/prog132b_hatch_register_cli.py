#!/usr/bin/env python3
"""hatch_register_cli - clutch and hatchling register for a reptile breeder.

Keeps clutches (species, sire, dam, lay date, incubation temperature) and
the hatchlings that come out of them (morph, sex, hatch date, buyer) in a
small SQLite file next to the script, and produces the sales / hatch-rate
reports the breeder needs for CITES paperwork and the expo table.

    hatch_register_cli.py add-clutch --species "Python regius" --sire Zeus --dam Hera --eggs 7
    hatch_register_cli.py hatch 3 --morph "Pastel Clown" --sex F
    hatch_register_cli.py sell 12 --buyer "J. Smith" --email js@example.com --price 450
    hatch_register_cli.py report --species "Python regius" --since 2024-01-01
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys
from pathlib import Path

DB_PATH = Path("hatch_register.sqlite3")
log = logging.getLogger("hatch_register")

SCHEMA = """
CREATE TABLE IF NOT EXISTS clutches (
    id INTEGER PRIMARY KEY,
    species TEXT NOT NULL,
    sire TEXT, dam TEXT,
    laid TEXT NOT NULL,
    eggs INTEGER,
    incubation_temp REAL
);
CREATE TABLE IF NOT EXISTS hatchlings (
    id INTEGER PRIMARY KEY,
    clutch_id INTEGER REFERENCES clutches(id),
    morph TEXT, sex TEXT,
    hatched TEXT NOT NULL,
    buyer_name TEXT, buyer_email TEXT, buyer_phone TEXT,
    sold_on TEXT, price REAL
);
"""


def connect(path=DB_PATH):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def today():
    return dt.date.today().isoformat()


def cmd_add_clutch(conn, args):
    cur = conn.execute(
        "INSERT INTO clutches (species, sire, dam, laid, eggs, incubation_temp) VALUES (?,?,?,?,?,?)",
        (args.species, args.sire, args.dam, args.laid or today(), args.eggs, args.temp),
    )
    conn.commit()
    print(f"clutch {cur.lastrowid} recorded")


def cmd_hatch(conn, args):
    if conn.execute("SELECT 1 FROM clutches WHERE id=?", (args.clutch,)).fetchone() is None:
        raise SystemExit(f"no clutch {args.clutch}")
    cur = conn.execute(
        "INSERT INTO hatchlings (clutch_id, morph, sex, hatched) VALUES (?,?,?,?)",
        (args.clutch, args.morph, args.sex, args.date or today()),
    )
    conn.commit()
    print(f"hatchling {cur.lastrowid} added to clutch {args.clutch}")


def cmd_sell(conn, args):
    cur = conn.execute(
        "UPDATE hatchlings SET buyer_name=?, buyer_email=?, buyer_phone=?, sold_on=?, price=? WHERE id=?",
        (args.buyer, args.email, args.phone, today(), args.price, args.hatchling),
    )
    conn.commit()
    if cur.rowcount == 0:
        raise SystemExit(f"no hatchling {args.hatchling}")
    print(f"hatchling {args.hatchling} sold to {args.buyer}")


def report_query(species=None, since=None, sold_only=False):
    clauses = []
    if species:
        clauses.append(f"c.species = '{species}'")
    if since:
        clauses.append(f"h.hatched >= '{since}'")
    if sold_only:
        clauses.append("h.sold_on IS NOT NULL")
    where = " AND ".join(clauses) or "1=1"
    return (
        "SELECT h.id, c.species, h.morph, h.sex, h.hatched, c.sire, c.dam, "
        "h.buyer_name, h.sold_on, h.price "
        "FROM hatchlings h JOIN clutches c ON c.id = h.clutch_id "
        f"WHERE {where} ORDER BY h.hatched"
    )


def cmd_report(conn, args):
    rows = conn.execute(report_query(args.species, args.since, args.sold)).fetchall()
    if args.csv:
        with open(args.csv, "w", newline="") as fh:
            writer = csv.writer(fh)
            writer.writerow(rows[0].keys() if rows else [])
            writer.writerows(tuple(r) for r in rows)
        print(f"{len(rows)} rows written to {args.csv}")
        return
    for r in rows:
        print(f"{r['id']:>5} {r['species']:<22} {r['morph'] or '-':<20} {r['sex'] or '?'} "
              f"{r['hatched']} {r['buyer_name'] or '':<18} {r['price'] or ''}")
    total = sum(r["price"] or 0 for r in rows)
    print(f"-- {len(rows)} hatchlings, sales total {total:.2f}")


def build_parser():
    ap = argparse.ArgumentParser(description="Reptile clutch and hatchling register")
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="command", required=True)

    p = sub.add_parser("add-clutch")
    p.add_argument("--species", required=True)
    p.add_argument("--sire"); p.add_argument("--dam")
    p.add_argument("--laid"); p.add_argument("--eggs", type=int)
    p.add_argument("--temp", type=float, default=31.5)
    p.set_defaults(func=cmd_add_clutch)

    p = sub.add_parser("hatch")
    p.add_argument("clutch", type=int)
    p.add_argument("--morph"); p.add_argument("--sex", choices=["M", "F", "U"], default="U")
    p.add_argument("--date")
    p.set_defaults(func=cmd_hatch)

    p = sub.add_parser("sell")
    p.add_argument("hatchling", type=int)
    p.add_argument("--buyer", required=True)
    p.add_argument("--email"); p.add_argument("--phone")
    p.add_argument("--price", type=float, required=True)
    p.set_defaults(func=cmd_sell)

    p = sub.add_parser("report")
    p.add_argument("--species"); p.add_argument("--since")
    p.add_argument("--sold", action="store_true")
    p.add_argument("--csv")
    p.set_defaults(func=cmd_report)
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    try:
        with connect(args.db) as conn:
            args.func(conn, args)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
