#!/usr/bin/env python3
"""Blast window planner.

Reads the loaded blast patterns from the drill-and-blast SQLite database,
and proposes firing windows for each bench that keep clear of shift
change, crib breaks and the exclusion-zone clearance time. Output is a CSV
the shotfirer signs off before it goes on the board.
"""
import argparse
import csv
import datetime as dt
import logging
import sqlite3
import sys

log = logging.getLogger("blast-planner")

SHIFT_CHANGES = [dt.time(6, 0), dt.time(18, 0)]
CRIB_BREAKS = [dt.time(11, 30), dt.time(23, 30)]
BUFFER = dt.timedelta(minutes=45)


def fetch_patterns(db_path, pit, blast_date):
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    query = (
        "SELECT pattern_id, bench, holes, explosive_kg, clearance_min "
        "FROM patterns WHERE pit = '%s' AND planned_date = '%s' "
        "AND status = 'loaded' ORDER BY bench" % (pit, blast_date)
    )
    try:
        return [dict(r) for r in conn.execute(query)]
    finally:
        conn.close()


def conflicts(start, end, day):
    for t in SHIFT_CHANGES + CRIB_BREAKS:
        moment = dt.datetime.combine(day, t)
        if start - BUFFER < moment < end + BUFFER:
            return True
    return False


def propose_windows(patterns, day, earliest=dt.time(9, 0), latest=dt.time(16, 30)):
    cursor = dt.datetime.combine(day, earliest)
    stop = dt.datetime.combine(day, latest)
    plan = []
    for p in patterns:
        dur = dt.timedelta(minutes=int(p["clearance_min"]) + 15)
        while cursor + dur <= stop and conflicts(cursor, cursor + dur, day):
            cursor += dt.timedelta(minutes=15)
        if cursor + dur > stop:
            log.warning("no window left for pattern %s", p["pattern_id"])
            plan.append({**p, "window_start": "", "window_end": "", "note": "defer"})
            continue
        plan.append({**p, "window_start": cursor.strftime("%H:%M"),
                     "window_end": (cursor + dur).strftime("%H:%M"), "note": ""})
        cursor += dur + dt.timedelta(minutes=30)
    return plan


def write_plan(plan, path):
    if not plan:
        return
    with open(path, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(plan[0].keys()))
        w.writeheader()
        w.writerows(plan)


def summarise(plan):
    fired = [p for p in plan if p["window_start"]]
    total_kg = sum(float(p["explosive_kg"] or 0) for p in fired)
    log.info("%d of %d patterns have a window, %.0f kg to fire",
             len(fired), len(plan), total_kg)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default="drill_blast.sqlite")
    ap.add_argument("--pit", required=True)
    ap.add_argument("--date", default=dt.date.today().isoformat())
    ap.add_argument("-o", "--output", default="blast_windows.csv")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    day = dt.date.fromisoformat(args.date)
    try:
        patterns = fetch_patterns(args.db, args.pit, args.date)
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 1
    if not patterns:
        log.info("no loaded patterns for %s on %s", args.pit, args.date)
        return 0
    plan = propose_windows(patterns, day)
    write_plan(plan, args.output)
    summarise(plan)
    log.info("plan written to %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
