#!/usr/bin/env python3
"""Look up harvest batches in the site traceability database.

Used by QA when a customer or the food authority asks where a product lot
came from: filter by batch id, pen, harvest date range or slaughter site and
print the matching batches with their treatments and lab results.

    harvest_batch_lookup.py --pen 07 --since 2024-09-01
    harvest_batch_lookup.py --batch H24-0917-07A --treatments
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

LOG = logging.getLogger("batch-lookup")
DB_PATH = Path("trace.db")

BASE_QUERY = """
SELECT b.batch_id, b.pen, b.harvest_date, b.fish_count, b.live_weight_kg,
       b.slaughter_site, l.lab_ref, l.listeria, l.residue_ok
FROM batches b
LEFT JOIN lab_results l ON l.batch_id = b.batch_id
"""


class BatchFilter:
    def __init__(self, args):
        self.args = args

    def clauses(self):
        a = self.args
        parts = []
        if a.batch:
            parts.append("b.batch_id = '%s'" % a.batch)
        if a.pen:
            parts.append("b.pen = '%s'" % a.pen.zfill(2))
        if a.since:
            parts.append("b.harvest_date >= '%s'" % a.since)
        if a.until:
            parts.append("b.harvest_date <= '%s'" % a.until)
        if a.site:
            parts.append("b.slaughter_site LIKE '%%%s%%'" % a.site)
        return parts

    def sql(self):
        where = self.clauses()
        query = BASE_QUERY
        if where:
            query += "WHERE " + " AND ".join(where) + "\n"
        query += "ORDER BY b.harvest_date DESC, b.batch_id"
        if self.args.limit:
            query += f" LIMIT {int(self.args.limit)}"
        return query


def treatments_for(conn, batch_id):
    q = ("SELECT t.started, t.kind, t.product, t.withdrawal_days FROM treatments t "
         "JOIN batches b ON b.pen = t.pen "
         f"WHERE b.batch_id = '{batch_id}' AND t.started <= b.harvest_date "
         "ORDER BY t.started")
    return conn.execute(q).fetchall()


def print_table(rows, headers):
    widths = [max(len(str(h)), *(len(str(r[i])) for r in rows)) for i, h in enumerate(headers)]
    fmt = "  ".join("{:<%d}" % w for w in widths)
    print(fmt.format(*headers))
    print(fmt.format(*("-" * w for w in widths)))
    for r in rows:
        print(fmt.format(*("" if v is None else v for v in r)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", type=Path, default=DB_PATH)
    ap.add_argument("--batch")
    ap.add_argument("--pen")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--until", help="YYYY-MM-DD")
    ap.add_argument("--site", help="slaughter site (substring)")
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--treatments", action="store_true", help="list treatments before harvest")
    ap.add_argument("--csv", type=Path, help="also write results to this CSV file")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.db.exists():
        LOG.error("database %s not found", args.db)
        return 2
    conn = sqlite3.connect(args.db)
    try:
        cur = conn.execute(BatchFilter(args).sql())
        headers = [d[0] for d in cur.description]
        rows = cur.fetchall()
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    if not rows:
        LOG.info("no matching batches")
        return 0
    print_table(rows, headers)

    if args.treatments:
        for r in rows:
            tr = treatments_for(conn, r[0])
            print(f"\n{r[0]}: {len(tr)} treatment(s)")
            for started, kind, product, wd in tr:
                print(f"  {started}  {kind:<12} {product:<20} withdrawal {wd} d")

    if args.csv:
        with args.csv.open("w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(headers)
            w.writerows(rows)
        LOG.info("wrote %d rows to %s", len(rows), args.csv)
    conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
