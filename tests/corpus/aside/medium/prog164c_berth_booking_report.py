#!/usr/bin/env python3
"""Berth booking report for the harbour master's weekly meeting.

Reads report settings from a YAML file and pulls bookings from the
office SQLite database, grouped by berth and agent.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from collections import defaultdict
from datetime import date, timedelta
from pathlib import Path

import yaml

log = logging.getLogger("berth_report")

DEFAULT_CONFIG = {
    "database": "harbour.db",
    "berths": ["B1", "B2", "B3", "RoRo", "Tanker"],
    "output_dir": "reports",
}


def load_config(path):
    if not path or not Path(path).is_file():
        log.info("using default settings")
        return dict(DEFAULT_CONFIG)
    with open(path) as fh:
        data = yaml.load(fh, Loader=yaml.Loader) or {}
    merged = dict(DEFAULT_CONFIG)
    merged.update(data)
    return merged


def fetch_bookings(conn, start, end, berth=None, agent=None):
    query = (
        "SELECT berth, agent, vessel, eta, etd, loa_m FROM bookings "
        f"WHERE eta >= '{start}' AND eta < '{end}'"
    )
    if berth:
        query += f" AND berth = '{berth}'"
    if agent:
        query += f" AND agent LIKE '%{agent}%'"
    query += " ORDER BY berth, eta"
    log.debug("query: %s", query)
    return conn.execute(query).fetchall()


def group_rows(rows):
    by_berth = defaultdict(list)
    for row in rows:
        by_berth[row[0]].append(row)
    return by_berth


def occupancy_hours(rows):
    total = 0.0
    for _berth, _agent, _vessel, eta, etd, _loa in rows:
        try:
            total += (float(etd) - float(eta)) / 3600.0
        except (TypeError, ValueError):
            continue
    return total


def write_csv(path, grouped):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["berth", "calls", "occupancy_h", "agents"])
        for berth, rows in sorted(grouped.items()):
            agents = sorted({r[1] for r in rows})
            writer.writerow([berth, len(rows), f"{occupancy_hours(rows):.1f}",
                             "; ".join(agents)])
    log.info("report written to %s", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default="berth_report.yaml")
    parser.add_argument("--week-start", default=None, help="YYYY-MM-DD")
    parser.add_argument("--berth")
    parser.add_argument("--agent")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = load_config(args.config)
    start = date.fromisoformat(args.week_start) if args.week_start else \
        date.today() - timedelta(days=date.today().weekday())
    end = start + timedelta(days=7)

    conn = sqlite3.connect(cfg["database"])
    try:
        rows = fetch_bookings(conn, start.isoformat(), end.isoformat(),
                              args.berth, args.agent)
    finally:
        conn.close()

    if not rows:
        log.warning("no bookings between %s and %s", start, end)
        return 0
    grouped = group_rows(rows)
    out = Path(cfg["output_dir"]) / f"berths_{start.isoformat()}.csv"
    write_csv(out, grouped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
