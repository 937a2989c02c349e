#!/usr/bin/env python3
"""Ad-hoc herd reports from the herd-management SQLite database.

Examples:
  herd_report_query.py fresh --days 21
  herd_report_query.py cow 1183
  herd_report_query.py treated --drug "Cefquinome" --print
"""
import argparse
import logging
import shutil
import sqlite3
import subprocess
import sys
from datetime import date, timedelta

LOG = logging.getLogger("herd.report")

DB_DEFAULT = "herd.sqlite"

# Report templates; placeholders are filled from the command line.
TEMPLATES = {
    "fresh": ("SELECT cow_id, name, calving_date, lactation_no FROM cows "
              "WHERE calving_date >= '{since}' ORDER BY calving_date DESC"),
    "cow": ("SELECT c.cow_id, c.name, y.day, y.kg_total FROM cows c "
            "JOIN daily_yield y ON y.cow_id = c.cow_id "
            "WHERE c.cow_id = '{cow}' ORDER BY y.day DESC LIMIT {limit}"),
    "treated": ("SELECT t.cow_id, t.drug, t.start_day, t.withdrawal_until "
                "FROM treatments t WHERE t.drug LIKE '%{drug}%' "
                "AND t.withdrawal_until >= '{today}'"),
}


class ReportRunner:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def build(self, kind, **params):
        sql = TEMPLATES[kind].format(**params)
        LOG.debug("sql: %s", sql)
        return sql

    def run(self, kind, **params):
        cur = self.conn.execute(self.build(kind, **params))
        cols = [d[0] for d in cur.description]
        return cols, cur.fetchall()

    def close(self):
        self.conn.close()


def render(cols, rows):
    widths = [max(len(str(c)), *(len(str(r[i])) for r in rows)) if rows else len(c)
              for i, c in enumerate(cols)]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(cols, widths))]
    lines.append("  ".join("-" * w for w in widths))
    for r in rows:
        lines.append("  ".join(str(r[i]).ljust(w) for i, w in enumerate(widths)))
    return "\n".join(lines) + "\n"


def send_to_printer(text, printer):
    lp = shutil.which("lp") or shutil.which("lpr")
    if not lp:
        LOG.error("no print command available")
        return False
    argv = [lp] + (["-d", printer] if printer else [])
    proc = subprocess.run(argv, input=text.encode(), capture_output=True)
    if proc.returncode != 0:
        LOG.error("print failed: %s", proc.stderr.decode().strip())
        return False
    return True


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--db", default=DB_DEFAULT)
    ap.add_argument("--print", dest="do_print", action="store_true")
    ap.add_argument("--printer", default="")
    sub = ap.add_subparsers(dest="kind", required=True)
    f = sub.add_parser("fresh")
    f.add_argument("--days", type=int, default=30)
    c = sub.add_parser("cow")
    c.add_argument("cow")
    c.add_argument("--limit", default="14")
    t = sub.add_parser("treated")
    t.add_argument("--drug", default="")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    params = {"today": date.today().isoformat()}
    if args.kind == "fresh":
        params["since"] = (date.today() - timedelta(days=args.days)).isoformat()
    elif args.kind == "cow":
        params.update(cow=args.cow, limit=args.limit)
    else:
        params["drug"] = args.drug

    runner = ReportRunner(args.db)
    try:
        cols, rows = runner.run(args.kind, **params)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        runner.close()

    text = render(cols, rows)
    sys.stdout.write(text)
    if args.do_print and not send_to_printer(text, args.printer):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
