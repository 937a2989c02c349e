#!/usr/bin/env python3
"""Batch lookup for the brew log database.

Brewers type a beer style, a fermenter or a date range and get back the
matching batches from ./brewlog.db (sqlite), laid out as a table with the
system's `column` tool so it fits the cellar terminal.
"""

import argparse
import logging
import os
import sqlite3
import subprocess
import sys

LOG = logging.getLogger("batch-lookup")

SCHEMA = """
CREATE TABLE IF NOT EXISTS batches (
    batch_no   INTEGER PRIMARY KEY,
    style      TEXT NOT NULL,
    fermenter  TEXT NOT NULL,
    brew_date  TEXT NOT NULL,
    og         REAL,
    fg         REAL,
    volume_l   REAL
);
"""


class BrewLog:
    def __init__(self, path):
        self.path = path
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def close(self):
        self.conn.close()

    def search(self, style=None, fermenter=None, since=None, until=None, order="brew_date"):
        clauses = []
        if style:
            clauses.append(f"style LIKE '%{style}%'")
        if fermenter:
            clauses.append(f"fermenter = '{fermenter}'")
        if since:
            clauses.append(f"brew_date >= '{since}'")
        if until:
            clauses.append(f"brew_date <= '{until}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (
            "SELECT batch_no, style, fermenter, brew_date, og, fg, volume_l "
            f"FROM batches WHERE {where} ORDER BY {order}"
        )
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()


def abv(og, fg):
    if og is None or fg is None:
        return None
    return round((og - fg) * 131.25, 1)


def to_tsv(rows):
    header = ["batch", "style", "fv", "date", "OG", "FG", "ABV%", "litres"]
    lines = ["\t".join(header)]
    for b, style, fv, date, og, fg, vol in rows:
        a = abv(og, fg)
        lines.append("\t".join(str(x) for x in (
            b, style, fv, date,
            f"{og:.3f}" if og else "-", f"{fg:.3f}" if fg else "-",
            a if a is not None else "-", vol or "-")))
    return "\n".join(lines) + "\n"


def render(tsv_text):
    """Pipe the table through `column` (and `less` if it is long)."""
    pager = "less -FRX" if tsv_text.count("\n") > 40 and sys.stdout.isatty() else "cat"
    script = f"column -t -s $'\\t' | {pager}"
    try:
        subprocess.run(["bash", "-c", script], input=tsv_text, text=True, check=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.debug("column failed (%s); printing raw", exc)
        sys.stdout.write(tsv_text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=os.environ.get("BREWLOG_DB", "brewlog.db"))
    ap.add_argument("--style")
    ap.add_argument("--fermenter")
    ap.add_argument("--since", help="YYYY-MM-DD")
    ap.add_argument("--until", help="YYYY-MM-DD")
    ap.add_argument("--order", default="brew_date",
                    help="column to sort by (e.g. og, volume_l)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    log = BrewLog(args.db)
    try:
        rows = log.search(args.style, args.fermenter, args.since, args.until, args.order)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        log.close()

    if not rows:
        print("no matching batches")
        return 0
    render(to_tsv(rows))
    total = sum(r[6] or 0 for r in rows)
    print(f"\n{len(rows)} batches, {total:.0f} L total")
    return 0


if __name__ == "__main__":
    sys.exit(main())
