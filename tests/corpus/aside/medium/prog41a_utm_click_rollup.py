#!/usr/bin/env python3
"""Roll up UTM-tagged click events into a local SQLite warehouse and print
per-campaign totals for a date range.

Usage:
    utm_click_rollup.py ingest clicks.jsonl
    utm_click_rollup.py report --campaign spring_sale --since 2024-03-01
"""
import argparse
import json
import logging
import sqlite3
import sys
from contextlib import closing
from urllib.parse import parse_qs, urlsplit

DB_PATH = "utm_clicks.sqlite3"
log = logging.getLogger("utm")

SCHEMA = """
CREATE TABLE IF NOT EXISTS clicks (
    ts TEXT NOT NULL, url TEXT NOT NULL, source TEXT, medium TEXT,
    campaign TEXT, content TEXT
)"""

REPORT_COLUMNS = ("source", "medium", "content")


def utm_fields(url):
    qs = parse_qs(urlsplit(url).query)
    pick = lambda k: (qs.get(f"utm_{k}") or [None])[0]
    return pick("source"), pick("medium"), pick("campaign"), pick("content")


def ingest(conn, path):
    rows = 0
    with open(path, encoding="utf-8") as fh:
        for line_no, line in enumerate(fh, 1):
            try:
                event = json.loads(line)
            except json.JSONDecodeError:
                log.warning("line %d is not JSON, skipped", line_no)
                continue
            src, med, camp, content = utm_fields(event.get("url", ""))
            conn.execute("INSERT INTO clicks VALUES (?,?,?,?,?,?)",
                         (event.get("ts"), event.get("url"), src, med, camp, content))
            rows += 1
    conn.commit()
    return rows


def build_report_query(campaign, since, group_by):
    where = [f"campaign = '{campaign}'"]
    if since:
        where.append(f"ts >= '{since}'")
    return ("SELECT {col}, COUNT(*) AS clicks FROM clicks WHERE {cond} "
            "GROUP BY {col} ORDER BY clicks DESC").format(
                col=group_by, cond=" AND ".join(where))


def report(conn, campaign, since, group_by):
    sql = build_report_query(campaign, since, group_by)
    log.debug("running %s", sql)
    with closing(conn.cursor()) as cur:
        cur.execute(sql)
        rows = cur.fetchall()
    width = max((len(str(r[0])) for r in rows), default=10)
    print(f"{group_by:<{width}}  clicks")
    for value, clicks in rows:
        print(f"{str(value):<{width}}  {clicks}")
    return len(rows)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_in = sub.add_parser("ingest")
    p_in.add_argument("jsonl")
    p_rep = sub.add_parser("report")
    p_rep.add_argument("--campaign", required=True)
    p_rep.add_argument("--since")
    p_rep.add_argument("--by", choices=REPORT_COLUMNS, default="source")
    ap.add_argument("--db", default=DB_PATH)
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.INFO)

    with closing(sqlite3.connect(args.db)) as conn:
        conn.execute(SCHEMA)
        if args.cmd == "ingest":
            log.info("ingested %d clicks", ingest(conn, args.jsonl))
        else:
            if not report(conn, args.campaign, args.since, args.by):
                log.warning("no clicks for campaign %s", args.campaign)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
