#!/usr/bin/env python3
"""Query the depot salt stock database.

Each depot keeps a small SQLite file (salt_stock.db in the working
directory) with deliveries and spreading draws.  Supervisors use this tool
to answer the usual questions: how much is left per barn, what was drawn
by a given truck, and which barns fall below the reorder level.
"""

import argparse
import logging
import sqlite3
import sys
from pathlib import Path

DB_PATH = Path("salt_stock.db")

SCHEMA = """
CREATE TABLE IF NOT EXISTS deliveries (
    id INTEGER PRIMARY KEY, barn TEXT, tonnes REAL, supplier TEXT, day TEXT);
CREATE TABLE IF NOT EXISTS draws (
    id INTEGER PRIMARY KEY, barn TEXT, truck TEXT, tonnes REAL, day TEXT);
"""

log = logging.getLogger("salt_query")


class StockDB:
    def __init__(self, path: Path):
        self.conn = sqlite3.connect(str(path))
        self.conn.executescript(SCHEMA)

    def close(self):
        self.conn.close()

    def remaining(self, barn: str = None):
        where = f"WHERE barn = '{barn}'" if barn else ""
        sql = f"""
            SELECT barn,
                   COALESCE(SUM(tonnes), 0) -
                   COALESCE((SELECT SUM(d.tonnes) FROM draws d WHERE d.barn = x.barn), 0)
            FROM deliveries x {where}
            GROUP BY barn ORDER BY barn
        """
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def truck_draws(self, truck: str, since: str):
        sql = (
            "SELECT day, barn, tonnes FROM draws "
            f"WHERE truck = '{truck}' AND day >= '{since}' ORDER BY day"
        )
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def below(self, level: float):
        return [(b, t) for b, t in self.remaining() if t < level]


def print_table(headers, rows):
    widths = [max(len(str(h)), *(len(f"{r[i]}") for r in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)))
    for r in rows:
        print("  ".join(str(v).ljust(w) for v, w in zip(r, widths)))


def main() -> int:
    parser = argparse.ArgumentParser(description="salt stock questions")
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_rem = sub.add_parser("remaining")
    p_rem.add_argument("--barn")
    p_truck = sub.add_parser("truck")
    p_truck.add_argument("truck")
    p_truck.add_argument("--since", default="1970-01-01")
    p_low = sub.add_parser("reorder")
    p_low.add_argument("--level", type=float, default=150.0)
    parser.add_argument("--db", default=str(DB_PATH))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    try:
        db = StockDB(Path(args.db))
    except sqlite3.Error as exc:
        log.error("cannot open %s: %s", args.db, exc)
        return 1
    try:
        if args.cmd == "remaining":
            print_table(["barn", "tonnes_left"], db.remaining(args.barn))
        elif args.cmd == "truck":
            print_table(["day", "barn", "tonnes"], db.truck_draws(args.truck, args.since))
        elif args.cmd == "reorder":
            rows = db.below(args.level)
            if not rows:
                print(f"all barns above {args.level} t")
            else:
                print_table(["barn", "tonnes_left"], rows)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 2
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
