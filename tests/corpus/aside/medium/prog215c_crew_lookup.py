#!/usr/bin/env python3
"""Crew lookup for the duty desk.

Searches the local crew roster database (SQLite copy refreshed nightly) by
name fragment, base or rank and prints the matches as an aligned table. The
table is formatted by piping through `column -t` in a shell.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys

DB_PATH = os.environ.get("CREW_DB", "crew_roster.db")

log = logging.getLogger("crew_lookup")


class CrewDirectory:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def close(self):
        self.conn.close()

    def search(self, name=None, base=None, rank=None, limit=50):
        clauses = []
        if name:
            clauses.append(f"(last_name LIKE '%{name}%' OR first_name LIKE '%{name}%')")
        if base:
            clauses.append(f"base = '{base.upper()}'")
        if rank:
            clauses.append(f"rank = '{rank.upper()}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = ("SELECT employee_id, last_name, first_name, base, rank, fleet, "
               f"seniority FROM crew WHERE {where} ORDER BY seniority LIMIT {int(limit)}")
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def qualifications(self, employee_id):
        sql = f"SELECT qual_code, expires FROM quals WHERE employee_id = '{employee_id}'"
        return self.conn.execute(sql).fetchall()


def format_table(rows, with_quals, directory):
    lines = ["ID\tNAME\tBASE\tRANK\tFLEET\tSEN" + ("\tQUALS" if with_quals else "")]
    for r in rows:
        name = f"{r['last_name']},{r['first_name']}"
        line = f"{r['employee_id']}\t{name}\t{r['base']}\t{r['rank']}\t{r['fleet']}\t{r['seniority']}"
        if with_quals:
            quals = directory.qualifications(r["employee_id"])
            line += "\t" + (",".join(q["qual_code"] for q in quals) or "-")
        lines.append(line)
    text = "\n".join(lines) + "\n"
    proc = subprocess.run(["bash", "-c", "column -t -s $'\\t'"], input=text,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        log.debug("column not available, printing raw table")
        return text
    return proc.stdout


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("name", nargs="?", help="name fragment")
    p.add_argument("--base")
    p.add_argument("--rank", choices=["CPT", "FO", "SO", "PUR", "FA"])
    p.add_argument("--quals", action="store_true", help="show qualifications")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--db", default=DB_PATH)
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    if not (args.name or args.base or args.rank):
        log.error("give a name fragment, --base or --rank")
        return 2
    try:
        directory = CrewDirectory(args.db)
    except FileNotFoundError:
        log.error("roster database %s not found", args.db)
        return 1
    try:
        rows = directory.search(args.name, args.base, args.rank, args.limit)
        if not rows:
            print("no matching crew")
            return 0
        sys.stdout.write(format_table(rows, args.quals, directory))
        print(f"{len(rows)} match(es)")
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        directory.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
