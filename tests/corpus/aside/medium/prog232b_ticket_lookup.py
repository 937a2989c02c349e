#!/usr/bin/env python3
"""ticket_lookup.py - search weighbridge tickets by plate, grade or date.

Used in the office when a driver disputes a payout. Queries the local ticket
database (SQLite, in the working directory), prints matching tickets and can
export them to a gzipped CSV through a small shell pipeline.
"""

import argparse
import csv
import io
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("ticket_lookup")
DB_PATH = "weighbridge.db"


class TicketStore:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def search(self, plate=None, grade=None, since=None, until=None, limit=100):
        clauses = []
        if plate:
            clauses.append("plate LIKE '%%%s%%'" % plate.upper().replace(" ", ""))
        if grade:
            clauses.append("grade = '%s'" % grade)
        if since:
            clauses.append("weighed_at >= '%s'" % since)
        if until:
            clauses.append("weighed_at < '%s'" % until)
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (
            "SELECT ticket_no, plate, grade, gross_kg, tare_kg, gross_kg - tare_kg AS net_kg, "
            "price_per_tonne, payout, paid_by, weighed_at FROM tickets "
            "WHERE %s ORDER BY weighed_at DESC LIMIT %d" % (where, limit)
        )
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def print_table(rows):
    if not rows:
        print("no tickets found")
        return
    header = "%-10s %-9s %-12s %9s %10s %-6s %s" % (
        "ticket", "plate", "grade", "net kg", "payout", "paid", "weighed")
    print(header)
    print("-" * len(header))
    for r in rows:
        print("%-10s %-9s %-12s %9.0f %10.2f %-6s %s" % (
            r["ticket_no"], r["plate"], r["grade"], r["net_kg"], r["payout"],
            r["paid_by"], r["weighed_at"]))


def export_gz(rows, dest):
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(rows[0].keys())
    for r in rows:
        writer.writerow(list(r))
    env = dict(os.environ, EXPORT_DEST=dest)
    proc = subprocess.run(
        ["bash", "-c", 'gzip -c > "$EXPORT_DEST" && wc -c < "$EXPORT_DEST"'],
        input=buf.getvalue(), env=env, capture_output=True, text=True,
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip())
    LOG.info("exported %d tickets to %s (%s bytes)", len(rows), dest, proc.stdout.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=os.environ.get("WB_DB", DB_PATH))
    ap.add_argument("--plate")
    ap.add_argument("--grade", help="e.g. HMS1, copper_bright, ali_cast")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--until", help="YYYY-MM-DD")
    ap.add_argument("--limit", type=int, default=100)
    ap.add_argument("--export", metavar="FILE.csv.gz")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        store = TicketStore(args.db)
    except FileNotFoundError:
        LOG.error("ticket database %s not found", args.db)
        return 1
    try:
        rows = store.search(args.plate, args.grade, args.since, args.until, args.limit)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 2
    finally:
        store.close()

    print_table(rows)
    if args.export and rows:
        try:
            export_gz(rows, args.export)
        except RuntimeError as exc:
            LOG.error("export failed: %s", exc)
            return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
