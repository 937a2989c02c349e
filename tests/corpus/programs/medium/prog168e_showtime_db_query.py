#!/usr/bin/env python3
"""Quick reports from the booth's show log database (what played, when,
on which screen, and any playback faults logged by the projectionist)."""
import argparse
import csv
import logging
import os
import sqlite3
import sys
from datetime import date, timedelta
from functools import partial

log = logging.getLogger("showlog")

DB_PATH = os.environ.get("SHOWLOG_DB", "showlog.sqlite3")

SCHEMA = """
CREATE TABLE IF NOT EXISTS plays (
    id INTEGER PRIMARY KEY,
    screen INTEGER NOT NULL,
    title TEXT NOT NULL,
    cpl_uuid TEXT,
    started TEXT NOT NULL,
    operator TEXT
);
CREATE TABLE IF NOT EXISTS faults (
    id INTEGER PRIMARY KEY,
    play_id INTEGER REFERENCES plays(id),
    noted TEXT NOT NULL,
    detail TEXT
);
"""


class ShowLog:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row
        self.conn.executescript(SCHEMA)

    def _run(self, sql):
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def report_title(self, term, since):
        sql = ("SELECT screen, title, started, operator FROM plays "
               f"WHERE title LIKE '%{term}%' AND started >= '{since}' ORDER BY started")
        return self._run(sql)

    def report_screen(self, term, since):
        sql = ("SELECT screen, title, started, operator FROM plays "
               "WHERE screen = {0} AND started >= '{1}' ORDER BY started").format(term, since)
        return self._run(sql)

    def report_faults(self, term, since):
        where = "f.noted >= '%s'" % since
        if term:
            where += " AND f.detail LIKE '%%%s%%'" % term
        sql = ("SELECT p.screen, p.title, f.noted, f.detail FROM faults f "
               "JOIN plays p ON p.id = f.play_id WHERE " + where + " ORDER BY f.noted")
        return self._run(sql)

    def record_play(self, screen, title, cpl, operator):
        sql = ("INSERT INTO plays (screen, title, cpl_uuid, started, operator) VALUES "
               f"({int(screen)}, '{title}', '{cpl}', datetime('now'), '{operator}')")
        self.conn.execute(sql)
        self.conn.commit()


def emit(rows, out_csv):
    if not rows:
        print("no matching rows")
        return
    if out_csv:
        with open(out_csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(rows[0].keys())
            w.writerows([tuple(r) for r in rows])
        print(f"wrote {len(rows)} rows to {out_csv}")
        return
    for r in rows:
        print("  ".join(str(v) for v in tuple(r)))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("kind", choices=["title", "screen", "faults", "record"])
    p.add_argument("term", nargs="?", default="")
    p.add_argument("--days", type=int, default=7)
    p.add_argument("--csv")
    p.add_argument("--screen", type=int, default=1)
    p.add_argument("--cpl", default="")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    db = ShowLog(DB_PATH)
    if args.kind == "record":
        operator = os.environ.get("USER", "booth")
        db.record_play(args.screen, args.term, args.cpl, operator)
        print("recorded")
        return 0

    since = (date.today() - timedelta(days=args.days)).isoformat()
    handler = partial(getattr(db, "report_" + args.kind), args.term)
    emit(handler(since), args.csv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
