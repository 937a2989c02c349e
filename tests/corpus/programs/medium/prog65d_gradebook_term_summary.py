#!/usr/bin/env python3
"""Term summary report from the department gradebook database.

The department keeps marks in a small SQLite file (gradebook.db) that the
marking spreadsheet macro syncs into. This produces per-class averages,
grade distribution and the list of students below the pass mark, and writes
them to an .xlsx workbook for the head of department.

    gradebook_term_summary.py --term 2024T2 --subject MATH --subject PHYS
"""
import argparse
import logging
import sqlite3
import sys
from collections import Counter
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font

log = logging.getLogger("term_summary")

GRADE_BANDS = [(85, "A"), (70, "B"), (55, "C"), (40, "D"), (0, "E")]


def band(score):
    for floor, letter in GRADE_BANDS:
        if score >= floor:
            return letter
    return "E"


class Gradebook:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)
        self.conn.row_factory = sqlite3.Row

    def _where(self, term, subjects, teacher=None):
        clauses = [f"a.term = '{term}'"]
        if subjects:
            quoted = ", ".join(f"'{s}'" for s in subjects)
            clauses.append(f"c.subject IN ({quoted})")
        if teacher:
            clauses.append(f"c.teacher LIKE '%{teacher}%'")
        return " AND ".join(clauses)

    def class_averages(self, term, subjects, teacher=None):
        sql = (
            "SELECT c.code, c.subject, c.teacher, COUNT(DISTINCT m.student_id) AS n, "
            "ROUND(AVG(m.score * 100.0 / a.max_score), 1) AS avg_pct "
            "FROM marks m JOIN assessments a ON a.id = m.assessment_id "
            "JOIN classes c ON c.code = a.class_code "
            f"WHERE {self._where(term, subjects, teacher)} "
            "GROUP BY c.code ORDER BY c.subject, c.code"
        )
        return self.conn.execute(sql).fetchall()

    def student_totals(self, term, subjects, teacher=None):
        sql = (
            "SELECT s.id, s.name, c.code, "
            "SUM(m.score * a.weight) * 100.0 / SUM(a.max_score * a.weight) AS pct "
            "FROM marks m JOIN assessments a ON a.id = m.assessment_id "
            "JOIN classes c ON c.code = a.class_code "
            "JOIN students s ON s.id = m.student_id "
            f"WHERE {self._where(term, subjects, teacher)} "
            "GROUP BY s.id, c.code"
        )
        return self.conn.execute(sql).fetchall()


def write_workbook(path, averages, totals, pass_mark):
    wb = Workbook()
    ws = wb.active
    ws.title = "Class averages"
    ws.append(["Class", "Subject", "Teacher", "Students", "Average %"])
    for r in averages:
        ws.append([r["code"], r["subject"], r["teacher"], r["n"], r["avg_pct"]])

    dist = wb.create_sheet("Distribution")
    dist.append(["Class"] + [letter for _, letter in GRADE_BANDS])
    per_class = {}
    for r in totals:
        per_class.setdefault(r["code"], Counter())[band(r["pct"] or 0)] += 1
    for code, counts in sorted(per_class.items()):
        dist.append([code] + [counts.get(letter, 0) for _, letter in GRADE_BANDS])

    risk = wb.create_sheet("Below pass")
    risk.append(["Student ID", "Name", "Class", "Total %"])
    for r in sorted(totals, key=lambda r: r["pct"] or 0):
        if (r["pct"] or 0) < pass_mark:
            risk.append([r["id"], r["name"], r["code"], round(r["pct"] or 0, 1)])

    for sheet in wb.worksheets:
        for cell in sheet[1]:
            cell.font = Font(bold=True)
    wb.save(path)


def main():
    ap = argparse.ArgumentParser(description="term summary from gradebook.db")
    ap.add_argument("--db", default="gradebook.db")
    ap.add_argument("--term", required=True)
    ap.add_argument("--subject", action="append", default=[])
    ap.add_argument("--teacher", help="filter on teacher name (substring)")
    ap.add_argument("--pass-mark", type=float, default=40.0)
    ap.add_argument("-o", "--output", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not Path(args.db).is_file():
        log.error("gradebook database %s not found", args.db)
        return 2
    gb = Gradebook(args.db)
    averages = gb.class_averages(args.term, args.subject, args.teacher)
    totals = gb.student_totals(args.term, args.subject, args.teacher)
    if not averages:
        log.warning("no marks found for term %s", args.term)
        return 1
    out = args.output or f"term_summary_{args.term}.xlsx"
    write_workbook(out, averages, totals, args.pass_mark)
    log.info("%d classes, %d student totals -> %s", len(averages), len(totals), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
