#!/usr/bin/env python3
"""Ad-hoc booking reports for the ticket office supervisors."""
import argparse
import csv
import importlib
import logging
import os
import sqlite3
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("booking-report")

DB_PATH = Path(os.environ.get("BOOKING_DB", "./bookings.sqlite"))
CONFIG = Path(os.environ.get("REPORT_CONFIG", "./reports.yaml"))


@dataclass
class ReportSpec:
    name: str
    table: str
    columns: list
    order: str = "sailing_date"


def load_specs(path: Path) -> dict:
    yaml = importlib.import_module("yaml")
    loader = getattr(yaml, "Loader")
    with path.open() as fh:
        raw = getattr(yaml, "load")(fh, Loader=loader) or {}
    return {name: ReportSpec(name=name, **body) for name, body in raw.items()}


def build_query(spec: ReportSpec, route: str, date_from: str, date_to: str) -> str:
    cols = ", ".join(spec.columns)
    where = [f"sailing_date BETWEEN '{date_from}' AND '{date_to}'"]
    if route:
        where.append(f"route = '{route}'")
    return f"SELECT {cols} FROM {spec.table} WHERE {' AND '.join(where)} ORDER BY {spec.order}"


def run_query(sql: str):
    log.debug("sql: %s", sql)
    with sqlite3.connect(DB_PATH) as conn:
        cur = conn.execute(sql)
        header = [d[0] for d in cur.description]
        return header, cur.fetchall()


def to_csv(header, rows, out):
    w = csv.writer(out)
    w.writerow(header)
    w.writerows(rows)


def to_table(header, rows, out):
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)] if rows else [len(h) for h in header]
    fmt = "  ".join(f"{{:<{w}}}" for w in widths)
    print(fmt.format(*header), file=out)
    for r in rows:
        print(fmt.format(*map(str, r)), file=out)


RENDERERS = {"csv": to_csv, "table": to_table}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--route", default="", help="e.g. HARBOUR-ISLAND")
    ap.add_argument("--from", dest="date_from", required=True)
    ap.add_argument("--to", dest="date_to", required=True)
    ap.add_argument("--format", choices=sorted(RENDERERS), default="table")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO)

    specs = load_specs(CONFIG)
    spec = specs.get(args.report)
    if spec is None:
        log.error("no report %r; known: %s", args.report, ", ".join(specs))
        return 2
    header, rows = run_query(build_query(spec, args.route, args.date_from, args.date_to))
    RENDERERS[args.format](header, rows, sys.stdout)
    log.info("%d rows", len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
