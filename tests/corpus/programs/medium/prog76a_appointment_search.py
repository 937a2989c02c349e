#!/usr/bin/env python3
"""Front-desk appointment finder.

Searches the local SQLite mirror of the appointment book (clinic.db,
refreshed every 15 minutes by the PMS export) so reception can answer
"when is Bella's next visit?" calls without opening the full PMS.

  apptfind --owner Hughes
  apptfind --patient Bella --species canine --from 2024-06-01
  apptfind --vet "Dr Okafor" --status no_show
"""
import argparse
import logging
import sqlite3
import sys
from datetime import date
from pathlib import Path

log = logging.getLogger("apptfind")

DB_PATH = Path("clinic.db")
COLUMNS = ("a.id", "a.starts_at", "a.status", "a.reason", "p.name",
           "p.species", "o.last_name", "o.phone", "v.display_name")


class Filters:
    def __init__(self, args):
        self.args = args

    def clauses(self):
        a = self.args
        if a.owner:
            yield f"o.last_name LIKE '{a.owner}%'"
        if a.patient:
            yield f"p.name LIKE '%{a.patient}%'"
        if a.species:
            yield f"p.species = '{a.species.lower()}'"
        if a.vet:
            yield f"v.display_name = '{a.vet}'"
        if a.status:
            yield f"a.status = '{a.status}'"
        yield f"date(a.starts_at) >= '{a.date_from}'"
        if a.date_to:
            yield f"date(a.starts_at) <= '{a.date_to}'"

    def where(self):
        return " AND ".join(self.clauses())


def build_query(filters, limit):
    return (
        f"SELECT {', '.join(COLUMNS)} FROM appointments a "
        "JOIN patients p ON p.id = a.patient_id "
        "JOIN owners o ON o.id = p.owner_id "
        "LEFT JOIN vets v ON v.id = a.vet_id "
        f"WHERE {filters.where()} "
        f"ORDER BY a.starts_at LIMIT {int(limit)}"
    )


def run(db, sql):
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        con.row_factory = sqlite3.Row
        return con.execute(sql).fetchall()
    finally:
        con.close()


def print_rows(rows):
    if not rows:
        print("no matching appointments")
        return
    for r in rows:
        print(f"{r['starts_at'][:16]}  {r['status']:<9} {r['name']:<12} "
              f"({r['species']}) {r['last_name']:<14} {r['phone'] or '':<14} "
              f"{r['display_name'] or '-':<14} {r['reason'] or ''}")


def main(argv=None):
    ap = argparse.ArgumentParser(prog="apptfind", description=__doc__.splitlines()[0])
    ap.add_argument("--owner")
    ap.add_argument("--patient")
    ap.add_argument("--species")
    ap.add_argument("--vet")
    ap.add_argument("--status", choices=["booked", "confirmed", "arrived", "done",
                                         "cancelled", "no_show"])
    ap.add_argument("--from", dest="date_from", default=date.today().isoformat())
    ap.add_argument("--to", dest="date_to")
    ap.add_argument("--limit", type=int, default=25)
    ap.add_argument("--db", default=str(DB_PATH))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)

    if not Path(args.db).exists():
        log.error("appointment mirror %s not found", args.db)
        return 2

    sql = build_query(Filters(args), args.limit)
    log.debug("query: %s", sql)
    try:
        print_rows(run(args.db, sql))
    except sqlite3.Error as exc:
        log.error("search failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
