#!/usr/bin/env python3
"""Weekly deployment report from the local deploy-history database.

Aggregated rows are cached between runs in .cache/report.pkl so that
re-rendering the Markdown with different options is instant.
"""
import argparse
import logging
import pickle as pk
import sqlite3
import time
from datetime import datetime, timedelta
from pathlib import Path

log = logging.getLogger("weekly_report")

CACHE = Path(".cache/report.pkl")
CACHE_TTL = 3600


class ReportQuery:
    def __init__(self, db_path):
        self.conn = sqlite3.connect(db_path)
        self.conn.row_factory = sqlite3.Row

    def rows(self, since, team=None, status=None):
        where = [f"finished_at >= '{since:%Y-%m-%d}'"]
        if team:
            where.append(f"team = '{team}'")
        if status:
            where.append("status IN (%s)" % ",".join(f"'{s}'" for s in status))
        sql = ("SELECT service, team, status, COUNT(*) AS n, "
               "AVG(duration_s) AS avg_s FROM deploys WHERE "
               + " AND ".join(where)
               + " GROUP BY service, team, status ORDER BY team, service")
        log.debug("sql: %s", sql)
        return [dict(r) for r in self.conn.execute(sql)]


def load_cache(key):
    if not CACHE.exists() or time.time() - CACHE.stat().st_mtime > CACHE_TTL:
        return None
    with CACHE.open("rb") as fh:
        blob = pk.load(fh)
    return blob.get(key)


def store_cache(key, rows):
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    blob = {}
    if CACHE.exists():
        with CACHE.open("rb") as fh:
            blob = pk.load(fh)
    blob[key] = rows
    with CACHE.open("wb") as fh:
        pk.dump(blob, fh)


def render(rows, since):
    lines = [f"# Deploys since {since:%d %b %Y}", "",
             "| team | service | status | count | avg s |",
             "|---|---|---|---:|---:|"]
    for r in rows:
        lines.append(f"| {r['team']} | {r['service']} | {r['status']} "
                     f"| {r['n']} | {r['avg_s'] or 0:.0f} |")
    failed = sum(r["n"] for r in rows if r["status"] == "failed")
    total = sum(r["n"] for r in rows) or 1
    lines += ["", f"Failure rate: {100 * failed / total:.1f}%"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="deploys.sqlite3")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--team")
    ap.add_argument("--status", nargs="*")
    ap.add_argument("--out", default="reports/weekly.md", type=Path)
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    since = datetime.now() - timedelta(days=args.days)
    key = (args.days, args.team, tuple(args.status or ()))
    rows = None if args.no_cache else load_cache(key)
    if rows is None:
        try:
            rows = ReportQuery(args.db).rows(since, args.team, args.status)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 1
        store_cache(key, rows)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(render(rows, since), encoding="utf-8")
    log.info("wrote %s (%d rows)", args.out, len(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
