#!/usr/bin/env python3
"""Pipe inventory database.

Keeps track of every pipe removed from an instrument during restoration:
rank, note, material, condition and which crate it travelled in.
"""
import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("pipe-inventory")
DB = os.environ.get("PIPE_DB", "pipes.sqlite")

SCHEMA = """
CREATE TABLE IF NOT EXISTS pipes (
    id INTEGER PRIMARY KEY,
    rank TEXT, note TEXT, material TEXT, condition TEXT, crate TEXT
)"""


def connect():
    con = sqlite3.connect(DB)
    con.execute(SCHEMA)
    return con


def import_csv(con, path):
    n = 0
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            sql = ("INSERT INTO pipes (rank, note, material, condition, crate) "
                   f"VALUES ('{row['rank']}', '{row['note']}', '{row['material']}', "
                   f"'{row.get('condition', 'unknown')}', '{row.get('crate', '')}')")
            con.execute(sql)
            n += 1
    con.commit()
    LOG.info("imported %d pipes", n)


def find(con, rank=None, crate=None):
    clauses = []
    if rank:
        clauses.append(f"rank = '{rank}'")
    if crate:
        clauses.append(f"crate = '{crate}'")
    where = " WHERE " + " AND ".join(clauses) if clauses else ""
    return con.execute(f"SELECT rank, note, material, condition, crate FROM pipes{where} "
                       "ORDER BY rank, id").fetchall()


def export_report(rank, outfile):
    """Use the sqlite3 CLI to produce a formatted report for the client."""
    query = f"SELECT note, material, condition, crate FROM pipes WHERE rank = '{rank}';"
    script = f'sqlite3 -header -column "{DB}" "{query}" > "{outfile}"'
    rc = subprocess.call(script, shell=True)
    if rc == 0:
        LOG.info("report written to %s", outfile)
    else:
        LOG.error("sqlite3 exited with %d", rc)
    return rc


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_imp = sub.add_parser("import")
    p_imp.add_argument("csv")
    p_find = sub.add_parser("find")
    p_find.add_argument("--rank")
    p_find.add_argument("--crate")
    p_rep = sub.add_parser("report")
    p_rep.add_argument("rank")
    p_rep.add_argument("-o", "--output", default="rank_report.txt")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        con = connect()
        if args.cmd == "import":
            import_csv(con, args.csv)
        elif args.cmd == "find":
            rows = find(con, args.rank, args.crate)
            for r in rows:
                print("\t".join(str(x) for x in r))
            LOG.info("%d pipes", len(rows))
        elif args.cmd == "report":
            return export_report(args.rank, args.output)
    except (sqlite3.Error, OSError, KeyError) as exc:
        LOG.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
