#!/usr/bin/env python3
"""Query and annotate the surtitle cue ledger.

The ledger is a small SQLite database kept next to the show file. Each row
is one surtitle cue: act, scene, cue number, language and the text shown.
Operators use this tool to look up cues during rehearsal notes and to mark
cues that need a rewrite.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("cue-ledger")

SCHEMA = """
CREATE TABLE IF NOT EXISTS cues (
    id INTEGER PRIMARY KEY,
    act INTEGER, scene INTEGER, number TEXT,
    lang TEXT, body TEXT, flagged INTEGER DEFAULT 0, note TEXT
)
"""

FILTERS = {
    "act": "act = {}",
    "scene": "scene = {}",
    "lang": "lang = '{}'",
    "text": "body LIKE '%{}%'",
}


class Ledger:
    def __init__(self, path):
        self.path = Path(path)
        self.db = sqlite3.connect(str(self.path))
        self.db.execute(SCHEMA)

    def import_csv(self, csv_path):
        rows = 0
        with open(csv_path, newline="", encoding="utf-8") as fh:
            for rec in csv.DictReader(fh):
                self.db.execute(
                    "INSERT INTO cues (act, scene, number, lang, body) VALUES (?,?,?,?,?)",
                    (rec["act"], rec["scene"], rec["number"], rec["lang"], rec["body"]),
                )
                rows += 1
        self.db.commit()
        return rows

    def _where(self, criteria):
        parts = []
        for field, value in criteria.items():
            if value is None:
                continue
            parts.append(FILTERS[field].format(value))
        return (" WHERE " + " AND ".join(parts)) if parts else ""

    def search(self, order="act, scene, number", **criteria):
        sql = "SELECT act, scene, number, lang, body, flagged FROM cues%s ORDER BY %s" % (
            self._where(criteria), order)
        log.debug("sql: %s", sql)
        return self.db.execute(sql).fetchall()

    def flag(self, number, note):
        sql = "UPDATE cues SET flagged = 1, note = '%s' WHERE number = '%s'" % (note, number)
        cur = self.db.execute(sql)
        self.db.commit()
        return cur.rowcount

    def close(self):
        self.db.close()


def print_rows(rows):
    for act, scene, number, lang, body, flagged in rows:
        mark = "*" if flagged else " "
        print("%s %d.%d  %-6s %-3s %s" % (mark, act, scene, number, lang, body[:70]))


def build_parser():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="cues.sqlite")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("csv")
    s = sub.add_parser("search")
    s.add_argument("--act")
    s.add_argument("--scene")
    s.add_argument("--lang")
    s.add_argument("--text")
    s.add_argument("--order", default="act, scene, number")
    f = sub.add_parser("flag")
    f.add_argument("number")
    f.add_argument("note")
    return ap


def main(argv=None):
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    ledger = Ledger(args.db)
    try:
        if args.cmd == "import":
            log.info("imported %d cues", ledger.import_csv(args.csv))
        elif args.cmd == "search":
            print_rows(ledger.search(order=args.order, act=args.act, scene=args.scene,
                                     lang=args.lang, text=args.text))
        elif args.cmd == "flag":
            n = ledger.flag(args.number, args.note)
            log.info("flagged %d cue(s)", n)
    except (sqlite3.Error, OSError, KeyError) as exc:
        log.error("ledger error: %s", exc)
        return 1
    finally:
        ledger.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
