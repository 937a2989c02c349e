#!/usr/bin/env python3
"""Monthly intake & outcome statistics for the trustees' report.

Reads report definitions from report.yaml, runs them against the shelter
management system's SQLite export and writes a Markdown summary plus one CSV
per section into ./reports/<month>/.

report.yaml example:

    month: 2025-03
    sections:
      - title: Intakes by species
        table: intakes
        group_by: species
        date_column: intake_date
      - title: Adoptions by site
        table: outcomes
        group_by: site
        date_column: outcome_date
        where: {outcome_type: adoption}
"""
import argparse
import calendar
import csv
import logging
import sqlite3
import sys
from pathlib import Path

import yaml

LOG = logging.getLogger("intake_stats")


def load_definitions(path):
    with open(path, encoding="utf-8") as fh:
        spec = yaml.load(fh, Loader=yaml.Loader)
    if "sections" not in spec:
        raise ValueError("report.yaml has no sections")
    return spec


def month_bounds(month):
    year, mon = (int(x) for x in str(month).split("-"))
    last = calendar.monthrange(year, mon)[1]
    return f"{year:04d}-{mon:02d}-01", f"{year:04d}-{mon:02d}-{last:02d}"


def build_query(section, start, end):
    table = section["table"]
    group = section["group_by"]
    date_col = section.get("date_column", "created_at")
    clauses = [f"{date_col} BETWEEN '{start}' AND '{end}'"]
    for col, value in (section.get("where") or {}).items():
        clauses.append(f"{col} = '{value}'")
    return (
        f"SELECT {group} AS bucket, COUNT(*) AS n FROM {table} "
        f"WHERE {' AND '.join(clauses)} GROUP BY {group} ORDER BY n DESC"
    )


def run_section(conn, section, start, end):
    sql = build_query(section, start, end)
    LOG.debug("query: %s", sql)
    return conn.execute(sql).fetchall()


def write_csv(rows, path):
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["bucket", "count"])
        writer.writerows(rows)


def markdown_table(title, rows):
    total = sum(n for _, n in rows) or 1
    out = [f"## {title}", "", "| | Count | Share |", "|---|---:|---:|"]
    for bucket, n in rows:
        out.append(f"| {bucket or 'unknown'} | {n} | {100 * n / total:.1f}% |")
    out.append(f"| **Total** | **{sum(n for _, n in rows)}** | |")
    return "\n".join(out) + "\n"


def slug(title):
    return "".join(c if c.isalnum() else "_" for c in title.lower()).strip("_")


def main():
    parser = argparse.ArgumentParser(description="Build the monthly intake statistics report")
    parser.add_argument("--config", default="report.yaml")
    parser.add_argument("--db", default="shelter_export.sqlite")
    parser.add_argument("--month", help="override month (YYYY-MM)")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        spec = load_definitions(args.config)
    except (OSError, ValueError, yaml.YAMLError) as exc:
        LOG.error("bad report definition: %s", exc)
        return 1
    month = args.month or spec.get("month")
    start, end = month_bounds(month)
    out_dir = Path("reports") / str(month)
    out_dir.mkdir(parents=True, exist_ok=True)

    parts = [f"# Intake & outcome statistics, {month}\n"]
    with sqlite3.connect(args.db) as conn:
        for section in spec["sections"]:
            try:
                rows = run_section(conn, section, start, end)
            except sqlite3.Error as exc:
                LOG.error("section %r failed: %s", section.get("title"), exc)
                continue
            write_csv(rows, out_dir / f"{slug(section['title'])}.csv")
            parts.append(markdown_table(section["title"], rows))
            LOG.info("%s: %d buckets", section["title"], len(rows))

    summary = out_dir / "summary.md"
    summary.write_text("\n".join(parts), encoding="utf-8")
    LOG.info("report written to %s", summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
