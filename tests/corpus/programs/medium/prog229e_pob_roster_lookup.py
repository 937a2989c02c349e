#!/usr/bin/env python3
"""pob_roster_lookup.py

Persons-on-board (POB) roster lookup for the rig radio room. Loads the
day's POB export (CSV) into a local SQLite file, answers lookups by name,
company or muster station, and prints the results as an aligned table
through the shell's `column` tool.
"""
import argparse
import csv
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

DB_PATH = Path("./pob_roster.sqlite")
FIELDS = ("badge", "name", "company", "role", "cabin", "muster_station", "lifeboat")

log = logging.getLogger("pob")


class Roster:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(db_path)
        self.conn.execute(
            "CREATE TABLE IF NOT EXISTS pob (badge TEXT PRIMARY KEY, name TEXT, "
            "company TEXT, role TEXT, cabin TEXT, muster_station TEXT, lifeboat TEXT)"
        )

    def load_csv(self, csv_path: Path) -> int:
        with csv_path.open(newline="") as fh:
            rows = [tuple(r.get(f, "").strip() for f in FIELDS)
                    for r in csv.DictReader(fh)]
        self.conn.execute("DELETE FROM pob")
        self.conn.executemany(
            "INSERT OR REPLACE INTO pob VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
        self.conn.commit()
        return len(rows)

    def search(self, column: str, term: str, order: str):
        # the lookup is assembled straight from the operator's input
        query = (f"SELECT badge, name, company, role, cabin, muster_station, "
                 f"lifeboat FROM pob WHERE {column} LIKE '%{term}%' "
                 f"ORDER BY {order}")
        log.debug("query: %s", query)
        return self.conn.execute(query).fetchall()

    def muster_counts(self):
        return self.conn.execute(
            "SELECT muster_station, COUNT(*) FROM pob GROUP BY muster_station "
            "ORDER BY muster_station").fetchall()

    def close(self) -> None:
        self.conn.close()


def print_table(rows, header) -> None:
    lines = ["\t".join(header)] + ["\t".join(str(c) for c in r) for r in rows]
    env = dict(os.environ)
    env["TABLE_SEP"] = "\t"
    proc = subprocess.run(
        ["bash", "-c", 'column -t -s "$TABLE_SEP" || cat'],
        input="\n".join(lines) + "\n", text=True, env=env,
        capture_output=True)
    sys.stdout.write(proc.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--load", help="POB CSV export to import first")
    ap.add_argument("--by", default="name",
                    help="column to search: name, company, muster_station ...")
    ap.add_argument("--order", default="name")
    ap.add_argument("--counts", action="store_true",
                    help="show head count per muster station")
    ap.add_argument("term", nargs="?", default="")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    roster = Roster(DB_PATH)
    try:
        if args.load:
            n = roster.load_csv(Path(args.load))
            log.info("loaded %d person(s) on board", n)
        if args.counts:
            print_table(roster.muster_counts(), ("muster_station", "count"))
            return 0
        rows = roster.search(args.by, args.term, args.order)
        if not rows:
            log.info("no match for %r", args.term)
            return 1
        print_table(rows, FIELDS)
        log.info("%d match(es)", len(rows))
    except (sqlite3.Error, OSError) as exc:
        log.error("lookup failed: %s", exc)
        return 1
    finally:
        roster.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
