#!/usr/bin/env python3
"""Look up weighbridge tickets by truck plate, grower or grain type.

The office staff keep asking "what did truck XYZ bring in this week?".  This
queries the local ticket database the weighbridge software exports nightly
(tickets.db in the working directory) and prints an aligned table, optionally
saving it as a text report.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("ticket_lookup")

COLUMNS = ["ticket_no", "date_in", "plate", "grower_id", "grain", "gross_kg", "tare_kg", "net_kg"]


class TicketDB:
    def __init__(self, path: Path):
        if not path.exists():
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(str(path))

    def search(self, plate=None, grower=None, grain=None, since=None, limit=200):
        clauses = []
        if plate:
            clauses.append(f"plate LIKE '%{plate.upper()}%'")
        if grower:
            clauses.append(f"grower_id = '{grower}'")
        if grain:
            clauses.append(f"lower(grain) = '{grain.lower()}'")
        if since:
            clauses.append(f"date_in >= '{since}'")
        where = " AND ".join(clauses) if clauses else "1=1"
        sql = (f"SELECT {', '.join(COLUMNS)} FROM tickets WHERE {where} "
               f"ORDER BY date_in DESC LIMIT {int(limit)}")
        LOG.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def format_table(rows) -> str:
    """Hand the tab-separated rows to column(1) for alignment."""
    lines = ["\t".join(COLUMNS)] + ["\t".join("" if v is None else str(v) for v in r) for r in rows]
    raw = "\n".join(lines) + "\n"
    pad = os.environ.get("TICKET_COL_PAD", "2")
    proc = subprocess.run(f"column -t -s $'\\t' -o \"$(printf '%{pad}s')\" | sed 's/ *$//'",
                          shell=True, executable="/bin/bash", input=raw, capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("column failed (%s), falling back to raw output", proc.stderr.strip())
        return raw
    return proc.stdout


def totals(rows) -> dict:
    out = {}
    for r in rows:
        grain = r[4] or "unknown"
        out[grain] = out.get(grain, 0) + (r[7] or 0)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--db", type=Path, default=Path("tickets.db"))
    ap.add_argument("-p", "--plate")
    ap.add_argument("-g", "--grower")
    ap.add_argument("-t", "--grain")
    ap.add_argument("-s", "--since", help="YYYY-MM-DD")
    ap.add_argument("-l", "--limit", type=int, default=200)
    ap.add_argument("-o", "--output", type=Path, help="also save report here")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        db = TicketDB(args.db)
    except FileNotFoundError:
        LOG.error("ticket database %s not found", args.db)
        return 2
    try:
        rows = db.search(args.plate, args.grower, args.grain, args.since, args.limit)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        db.close()

    if not rows:
        print("no matching tickets")
        return 0
    report = format_table(rows)
    summary = "\n".join(f"{g:<12} {kg:>12,} kg" for g, kg in sorted(totals(rows).items()))
    text = f"{report}\n{len(rows)} tickets\n{summary}\n"
    print(text)
    if args.output:
        args.output.write_text(text)
        LOG.info("report saved to %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
