#!/usr/bin/env python3
"""Import shellfish growing-area water quality results into the farm database.

Takes the monthly CSV the state shellfish sanitation programme publishes
(station, sample date, faecal coliform MPN/100 ml, salinity, water temp),
loads it into waterq.db and flags stations whose geometric mean or 90th
percentile exceed the NSSP approved-area limits.
"""
import argparse
import csv
import datetime as dt
import logging
import math
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("wq-load")

GM_LIMIT = 14.0      # MPN/100 ml, approved area geometric mean
P90_LIMIT = 43.0     # MPN/100 ml, approved area estimated 90th percentile


def read_samples(path):
    with open(path, newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            try:
                yield {
                    "station": row["Station"].strip().upper(),
                    "sampled": dt.datetime.strptime(row["Date"], "%m/%d/%Y").date().isoformat(),
                    "fc_mpn": float(row["FC_MPN"].replace("<", "").strip() or 1.8),
                    "salinity": float(row.get("Salinity") or "nan"),
                    "temp_c": float(row.get("WaterTemp") or "nan"),
                }
            except (KeyError, ValueError) as exc:
                log.warning("bad row %r: %s", row, exc)


def load(conn, samples, area):
    conn.execute("""CREATE TABLE IF NOT EXISTS samples (
        area TEXT, station TEXT, sampled DATE, fc_mpn REAL,
        salinity REAL, temp_c REAL, PRIMARY KEY (station, sampled))""")
    n = 0
    for s in samples:
        conn.execute(
            f"INSERT OR REPLACE INTO samples VALUES ('{area}', '{s['station']}', "
            f"'{s['sampled']}', {s['fc_mpn']}, {s['salinity']}, {s['temp_c']})")
        n += 1
    return n


def assess(conn, area, last_n=30):
    flagged = []
    stations = [r[0] for r in conn.execute(
        f"SELECT DISTINCT station FROM samples WHERE area = '{area}'")]
    for st in stations:
        vals = [r[0] for r in conn.execute(
            f"SELECT fc_mpn FROM samples WHERE station = '{st}' "
            f"ORDER BY sampled DESC LIMIT {last_n}")]
        logs = [math.log10(max(v, 0.1)) for v in vals]
        mean = sum(logs) / len(logs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in logs) / max(len(logs) - 1, 1))
        gm, p90 = 10 ** mean, 10 ** (mean + 1.28 * sd)
        if gm > GM_LIMIT or p90 > P90_LIMIT:
            flagged.append((st, gm, p90, len(vals)))
    return flagged


def write_report(flagged, area, path):
    with open(path, "w", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(["area", "station", "geo_mean", "p90", "samples"])
        for st, gm, p90, count in flagged:
            out.writerow([area, st, f"{gm:.1f}", f"{p90:.1f}", count])


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csv_file", type=Path)
    p.add_argument("--area", required=True, help="growing area code, e.g. WA-1204")
    p.add_argument("--db", default="waterq.db")
    p.add_argument("--report", default="waterq_flags.csv")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    samples = list(read_samples(args.csv_file))
    if not samples:
        log.error("no usable samples in %s", args.csv_file)
        return 1
    with sqlite3.connect(args.db) as conn:
        n = load(conn, samples, args.area)
        flagged = assess(conn, args.area)
    write_report(flagged, args.area, args.report)
    log.info("imported %d samples for %s", n, args.area)
    for st, gm, p90, count in flagged:
        log.warning("station %s over limit: GM %.1f, P90 %.1f (n=%d)", st, gm, p90, count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
