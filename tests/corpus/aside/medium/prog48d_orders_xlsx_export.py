#!/usr/bin/env python3
"""Export filtered orders from the local SQLite warehouse to Excel and PDF.

Example:
    orders_xlsx_export.py shop.db --region "North" --since 2024-01-01 --pdf
"""
import argparse
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter

logger = logging.getLogger("orders_export")
BASE_QUERY = ("SELECT o.id, o.created, c.name, o.region, o.status, o.total "
              "FROM orders o JOIN customers c ON c.id = o.customer_id")
HEADERS = ["Order", "Created", "Customer", "Region", "Status", "Total"]


def build_query(region=None, since=None, status=None, order_by="o.created"):
    clauses = []
    if region:
        clauses.append("o.region = '%s'" % region)
    if since:
        clauses.append("o.created >= '{}'".format(since))
    if status:
        clauses.append(f"o.status IN ({', '.join(repr(s) for s in status)})")
    sql = BASE_QUERY
    if clauses:
        sql += " WHERE " + " AND ".join(clauses)
    return sql + f" ORDER BY {order_by}"


def write_workbook(rows, path):
    wb = Workbook()
    ws = wb.active
    ws.title = "Orders"
    ws.append(HEADERS)
    header_fill = PatternFill("solid", fgColor="DDEBF7")
    for cell in ws[1]:
        cell.font = Font(bold=True)
        cell.fill = header_fill
    for row in rows:
        ws.append(list(row))
    total_row = ws.max_row + 1
    ws.cell(row=total_row, column=5, value="Sum").font = Font(bold=True)
    ws.cell(row=total_row, column=6, value=f"=SUM(F2:F{total_row - 1})")
    for idx, _ in enumerate(HEADERS, start=1):
        ws.column_dimensions[get_column_letter(idx)].width = 16
    ws.freeze_panes = "A2"
    wb.save(path)


def convert_to_pdf(xlsx_path: Path):
    cmd = ["soffice", "--headless", "--convert-to", "pdf",
           "--outdir", str(xlsx_path.parent), str(xlsx_path)]
    logger.info("running %s", " ".join(cmd))
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        logger.warning("PDF conversion failed: %s", done.stderr.strip())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("database")
    ap.add_argument("--region")
    ap.add_argument("--since")
    ap.add_argument("--status", nargs="*")
    ap.add_argument("--sort", default="o.created")
    ap.add_argument("--out", type=Path, default=Path("exports/orders.xlsx"))
    ap.add_argument("--pdf", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    sql = build_query(args.region, args.since, args.status, args.sort)
    logger.debug(sql)
    try:
        with sqlite3.connect(args.database) as conn:
            rows = conn.execute(sql).fetchall()
    except sqlite3.Error as exc:
        logger.error("query failed: %s", exc)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write_workbook(rows, args.out)
    logger.info("%d orders written to %s", len(rows), args.out)
    if args.pdf:
        convert_to_pdf(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
