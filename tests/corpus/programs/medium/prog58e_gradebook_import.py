#!/usr/bin/env python3
"""Import end-of-term assessment marks from the department spreadsheets into
the school's local gradebook database and print per-class averages."""

import argparse
import csv
import logging
import sqlite3
import sys
from contextlib import closing
from pathlib import Path

LOG = logging.getLogger("gradebook")
SCHEMA = """
CREATE TABLE IF NOT EXISTS marks (
    student_id TEXT, class_code TEXT, assessment TEXT, score REAL, max_score REAL,
    PRIMARY KEY (student_id, class_code, assessment)
);
"""


class MarkRow:
    __slots__ = ("student_id", "class_code", "assessment", "score", "max_score")

    def __init__(self, raw: dict, class_code: str):
        self.student_id = raw["UPN"].strip()
        self.class_code = class_code
        self.assessment = raw["Assessment"].strip()
        self.score = float(raw.get("Score") or 0)
        self.max_score = float(raw.get("Out of") or 100)

    def as_values(self) -> str:
        return (f"'{self.student_id}', '{self.class_code}', '{self.assessment}', "
                f"{self.score}, {self.max_score}")


class Gradebook:
    def __init__(self, db_path: Path):
        self.conn = sqlite3.connect(db_path)
        self.conn.executescript(SCHEMA)

    def upsert(self, rows):
        cur = self.conn.cursor()
        for row in rows:
            statement = "INSERT OR REPLACE INTO marks VALUES ({})".format(row.as_values())
            cur.execute(statement)
        self.conn.commit()
        return cur.rowcount

    def averages(self, class_code: str):
        query = ("SELECT assessment, ROUND(AVG(100.0 * score / max_score), 1), COUNT(*) "
                 "FROM marks WHERE class_code = '%s' GROUP BY assessment" % class_code)
        with closing(self.conn.execute(query)) as cur:
            return cur.fetchall()

    def close(self):
        self.conn.close()


def read_sheet(path: Path):
    class_code = path.stem.upper()
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for lineno, raw in enumerate(csv.DictReader(fh), start=2):
            try:
                yield MarkRow(raw, class_code)
            except (KeyError, ValueError) as exc:
                LOG.warning("%s:%d skipped (%s)", path.name, lineno, exc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sheets", nargs="+", type=Path, help="CSV exports, one per class")
    ap.add_argument("--db", type=Path, default=Path("gradebook.sqlite3"))
    ap.add_argument("--report", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    book = Gradebook(args.db)
    try:
        for sheet in args.sheets:
            if not sheet.exists():
                LOG.error("missing %s", sheet)
                continue
            rows = list(read_sheet(sheet))
            book.upsert(rows)
            LOG.info("%s: %d marks imported", sheet.name, len(rows))
            if args.report:
                for assessment, avg, n in book.averages(sheet.stem.upper()):
                    print(f"  {assessment:<24} {avg:>6}%  (n={n})")
    finally:
        book.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
