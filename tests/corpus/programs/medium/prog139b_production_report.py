#!/usr/bin/env python3
"""Morning production report for the central bakery.

Pulls last night's batches out of the production database, compares them
with the plan and writes a per-shift summary for the bakery manager.
Report settings (shifts, waste thresholds) come from report.yaml.
"""
import argparse
import datetime as dt
import logging
import os
import pickle
import sqlite3
from pathlib import Path

import yaml

log = logging.getLogger("prod-report")

CACHE = Path(".report_cache.pkl")


def load_settings(path):
    with open(path) as fh:
        # settings files carry a few custom tags written by the old planner
        return yaml.load(fh, Loader=yaml.Loader)


def load_cache():
    if CACHE.exists():
        with open(CACHE, "rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(data):
    with open(CACHE, "wb") as fh:
        pickle.dump(data, fh)


class ProductionDB:
    def __init__(self, path):
        self.conn = sqlite3.connect(path)

    def batches(self, day, line=None, product=None):
        sql = ("SELECT line, product, planned, baked, wasted, shift FROM batches "
               "WHERE bake_date = '%s'" % day)
        if line:
            sql += " AND line = '%s'" % line
        if product:
            sql += f" AND product LIKE '%{product}%'"
        sql += " ORDER BY line, shift"
        log.debug("query: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def summarise(rows, waste_limit):
    by_shift = {}
    for line, product, planned, baked, wasted, shift in rows:
        s = by_shift.setdefault(shift, {"planned": 0, "baked": 0, "wasted": 0, "flags": []})
        s["planned"] += planned
        s["baked"] += baked
        s["wasted"] += wasted
        if baked and wasted / baked > waste_limit:
            s["flags"].append(f"{line}/{product}: {wasted}/{baked} wasted")
    return by_shift


def render(day, summary):
    out = [f"Production report for {day}", "=" * 40]
    for shift, s in sorted(summary.items()):
        pct = (s["baked"] / s["planned"] * 100) if s["planned"] else 0
        out.append(f"{shift:>8}: planned {s['planned']:5d} baked {s['baked']:5d} "
                   f"({pct:5.1f}%) wasted {s['wasted']:4d}")
        for flag in s["flags"]:
            out.append(f"          ! {flag}")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--db", default=os.environ.get("PROD_DB", "production.sqlite3"))
    ap.add_argument("--settings", default="report.yaml")
    ap.add_argument("--day", default=(dt.date.today() - dt.timedelta(days=1)).isoformat())
    ap.add_argument("--line")
    ap.add_argument("--product")
    ap.add_argument("--out", default="production_report.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    settings = load_settings(args.settings) if Path(args.settings).exists() else {}
    waste_limit = float(settings.get("waste_limit", 0.05))

    cache = load_cache()
    key = (args.day, args.line, args.product)
    if key in cache:
        rows = cache[key]
        log.info("using cached rows for %s", args.day)
    else:
        db = ProductionDB(args.db)
        try:
            rows = db.batches(args.day, args.line, args.product)
        except sqlite3.Error as exc:
            log.error("query failed: %s", exc)
            return 1
        finally:
            db.close()
        cache[key] = rows
        save_cache(cache)

    report = render(args.day, summarise(rows, waste_limit))
    Path(args.out).write_text(report + "\n")
    print(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
