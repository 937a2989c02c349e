#!/usr/bin/env python3
"""Weekly KPI report scheduler.

Report definitions live in ./reports/*.yml.  Each definition names a SQL
file (run read-only against the local DuckDB warehouse), a list of derived
metrics written as Python expressions over the result columns, and an HTML
template.  Rendered reports are written to ./out/<report>/<date>.html.
"""
import argparse
import datetime as dt
import logging
import math
import sys
import time
from pathlib import Path

import duckdb
import yaml
from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("kpi_scheduler")

REPORT_DIR = Path("reports")
TEMPLATE_DIR = Path("templates")
OUT_DIR = Path("out")
SAFE_FUNCS = {"round": round, "abs": abs, "min": min, "max": max, "sqrt": math.sqrt, "log": math.log}


def load_definitions(directory: Path) -> list:
    defs = []
    for path in sorted(directory.glob("*.yml")):
        with path.open() as fh:
            doc = yaml.safe_load(fh) or {}
        doc.setdefault("name", path.stem)
        defs.append(doc)
    return defs


def due_today(defn: dict, today: dt.date) -> bool:
    schedule = defn.get("schedule", "weekly")
    if schedule == "daily":
        return True
    if schedule == "weekly":
        return today.weekday() == int(defn.get("weekday", 0))
    if schedule == "monthly":
        return today.day == int(defn.get("day", 1))
    return False


def run_query(con, sql_path: Path, params: dict) -> list:
    sql = sql_path.read_text()
    cur = con.execute(sql, params)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, row)) for row in cur.fetchall()]


def derive_metrics(rows: list, metrics: list) -> list:
    for row in rows:
        for metric in metrics:
            expr = metric["expr"]
            try:
                row[metric["name"]] = eval(expr, {"__builtins__": {}, **SAFE_FUNCS}, dict(row))
            except ZeroDivisionError:
                row[metric["name"]] = None
            except Exception as exc:  # noqa: BLE001
                log.warning("metric %s failed on row %s: %s", metric["name"], row, exc)
                row[metric["name"]] = None
    return rows


def render(env: Environment, defn: dict, rows: list, run_date: dt.date) -> str:
    template = env.get_template(defn.get("template", "default_report.html"))
    return template.render(
        title=defn.get("title", defn["name"]),
        rows=rows,
        columns=list(rows[0].keys()) if rows else [],
        run_date=run_date.isoformat(),
        notes=defn.get("notes", ""),
    )


def run_once(db_path: str, run_date: dt.date, only: str | None) -> int:
    env = Environment(loader=FileSystemLoader(str(TEMPLATE_DIR)), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True)
    con = duckdb.connect(db_path, read_only=True)
    produced = 0
    for defn in load_definitions(REPORT_DIR):
        if only and defn["name"] != only:
            continue
        if not only and not due_today(defn, run_date):
            continue
        params = {"start": (run_date - dt.timedelta(days=7)).isoformat(), "end": run_date.isoformat()}
        rows = run_query(con, REPORT_DIR / defn["sql"], params)
        rows = derive_metrics(rows, defn.get("metrics", []))
        html = render(env, defn, rows, run_date)
        out = OUT_DIR / defn["name"] / f"{run_date.isoformat()}.html"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(html, encoding="utf-8")
        log.info("rendered %s (%d rows) -> %s", defn["name"], len(rows), out)
        produced += 1
    con.close()
    return produced


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="warehouse.duckdb")
    ap.add_argument("--report", help="render a single report regardless of schedule")
    ap.add_argument("--loop", action="store_true", help="keep running, check once an hour")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    last_day = None
    while True:
        today = dt.date.today()
        if today != last_day:
            count = run_once(args.db, today, args.report)
            log.info("%d report(s) produced for %s", count, today)
            last_day = today
        if not args.loop:
            return 0
        time.sleep(3600)


if __name__ == "__main__":
    sys.exit(main())
