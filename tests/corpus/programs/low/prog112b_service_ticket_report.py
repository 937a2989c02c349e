#!/usr/bin/env python3
"""Weekly workshop report from the service ticket database.

Produces reports/week-<yyyy>-<ww>.html and a matching CSV with:
  * tickets received / completed / collected in the week
  * jobs past their promised date, oldest first
  * average turnaround by job type (full service, battery, crystal, clock
    overhaul, regulation only)
  * bench workload per watchmaker
"""
import argparse
import csv
import datetime as dt
import html
import logging
import sqlite3
import statistics
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("weekly")

CSS = """body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}
td,th{border:1px solid #bbb;padding:4px 8px}th{background:#eee}.late{color:#b00}"""


def week_range(year, week):
    start = dt.date.fromisocalendar(year, week, 1)
    return start, start + dt.timedelta(days=7)


def query(conn, sql, params=()):
    conn.row_factory = sqlite3.Row
    return [dict(r) for r in conn.execute(sql, params)]


def gather(conn, start, end):
    s, e = start.isoformat(), end.isoformat()
    counts = {
        "received": conn.execute(
            "SELECT COUNT(*) FROM tickets WHERE received >= ? AND received < ?", (s, e)).fetchone()[0],
        "completed": conn.execute(
            "SELECT COUNT(*) FROM tickets WHERE completed >= ? AND completed < ?", (s, e)).fetchone()[0],
        "collected": conn.execute(
            "SELECT COUNT(*) FROM tickets WHERE collected >= ? AND collected < ?", (s, e)).fetchone()[0],
    }
    overdue = query(conn, """
        SELECT id, customer, item, job_type, bench, promised, status
        FROM tickets
        WHERE completed IS NULL AND promised < ?
        ORDER BY promised""", (e,))
    finished = query(conn, """
        SELECT job_type, received, completed FROM tickets
        WHERE completed >= ? AND completed < ?""", (s, e))
    workload = query(conn, """
        SELECT COALESCE(bench, 'unassigned') AS bench, COUNT(*) AS open_jobs
        FROM tickets WHERE completed IS NULL
        GROUP BY COALESCE(bench, 'unassigned') ORDER BY open_jobs DESC""")

    by_type = defaultdict(list)
    for row in finished:
        try:
            days = (dt.date.fromisoformat(row["completed"][:10]) -
                    dt.date.fromisoformat(row["received"][:10])).days
        except (TypeError, ValueError):
            continue
        by_type[row["job_type"] or "other"].append(days)
    turnaround = [{"job_type": k, "jobs": len(v), "mean_days": round(statistics.mean(v), 1),
                   "median_days": statistics.median(v)} for k, v in sorted(by_type.items())]
    return counts, overdue, turnaround, workload


def table(rows, columns, row_class=None):
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = []
    for r in rows:
        cls = f' class="{row_class(r)}"' if row_class and row_class(r) else ""
        cells = "".join(f"<td>{html.escape(str(r.get(c, '')))}</td>" for c in columns)
        body.append(f"<tr{cls}>{cells}</tr>")
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def write_html(path, title, counts, overdue, turnaround, workload, today):
    def late(r):
        return "late" if r["promised"] and r["promised"] < (today - dt.timedelta(days=14)).isoformat() else ""
    parts = [f"<!doctype html><meta charset='utf-8'><title>{html.escape(title)}</title>",
             f"<style>{CSS}</style><h1>{html.escape(title)}</h1>",
             "<h2>Volume</h2>", table([counts], list(counts)),
             f"<h2>Overdue ({len(overdue)})</h2>",
             table(overdue, ["id", "customer", "item", "job_type", "bench", "promised", "status"], late),
             "<h2>Turnaround</h2>", table(turnaround, ["job_type", "jobs", "mean_days", "median_days"]),
             "<h2>Open jobs per bench</h2>", table(workload, ["bench", "open_jobs"])]
    path.write_text("\n".join(parts), encoding="utf-8")


def write_csv(path, overdue):
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["id", "customer", "item", "job_type", "bench", "promised", "status"])
        w.writeheader()
        w.writerows(overdue)


def main(argv=None):
    today = dt.date.today()
    last = today - dt.timedelta(days=7)
    ap = argparse.ArgumentParser(description="Weekly service ticket report")
    ap.add_argument("--db", default="tickets.sqlite")
    ap.add_argument("--year", type=int, default=last.isocalendar()[0])
    ap.add_argument("--week", type=int, default=last.isocalendar()[1])
    ap.add_argument("--out", default="reports")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if not Path(args.db).exists():
        log.error("database %s not found", args.db)
        return 2
    start, end = week_range(args.year, args.week)
    conn = sqlite3.connect(f"file:{args.db}?mode=ro", uri=True)
    try:
        counts, overdue, turnaround, workload = gather(conn, start, end)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        conn.close()

    out = Path(args.out)
    out.mkdir(exist_ok=True)
    stem = f"week-{args.year}-{args.week:02d}"
    title = f"Workshop week {args.week}, {start:%d %b} - {end - dt.timedelta(days=1):%d %b %Y}"
    write_html(out / f"{stem}.html", title, counts, overdue, turnaround, workload, today)
    write_csv(out / f"{stem}-overdue.csv", overdue)
    log.info("%s: received %d, completed %d, collected %d, overdue %d",
             stem, counts["received"], counts["completed"], counts["collected"], len(overdue))
    return 0


if __name__ == "__main__":
    sys.exit(main())
