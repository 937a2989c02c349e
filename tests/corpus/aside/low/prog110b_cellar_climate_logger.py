#!/usr/bin/env python3
"""Cellar climate logger.

Samples every DS18B20 probe on the 1-wire bus and records temperature per
bay into SQLite, flagging readings outside the band the wines want
(default 10-15 C).  Runs under the cellar user's own account from the
project directory; the database and log live next to it.
"""

import argparse
import glob
import logging
import signal
import sqlite3
import sys
import time
from pathlib import Path

LOG = logging.getLogger("cellar-logger")

W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"


def read_probe(path):
    try:
        lines = Path(path).read_text().splitlines()
    except OSError:
        return None
    if len(lines) < 2 or not lines[0].strip().endswith("YES"):
        return None
    _, _, raw = lines[1].partition("t=")
    try:
        return int(raw) / 1000.0
    except ValueError:
        return None


def open_db(path):
    conn = sqlite3.connect(path)
    conn.execute("""CREATE TABLE IF NOT EXISTS readings (
                        ts REAL NOT NULL, probe TEXT NOT NULL, bay TEXT,
                        celsius REAL NOT NULL, out_of_band INTEGER NOT NULL)""")
    conn.execute("CREATE INDEX IF NOT EXISTS readings_ts ON readings(ts)")
    return conn


def load_bay_map(path):
    """probe-id=bay lines, e.g. 28-0316a27963ff=Claret racks"""
    mapping = {}
    if path and Path(path).exists():
        for line in Path(path).read_text().splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                probe, bay = line.split("=", 1)
                mapping[probe.strip()] = bay.strip()
    return mapping


def sample_forever(conn, bays, low, high, interval, stop):
    while not stop["flag"]:
        now = time.time()
        rows = []
        for path in sorted(glob.glob(W1_GLOB)):
            probe = Path(path).parent.name
            value = read_probe(path)
            if value is None:
                continue
            flagged = int(not (low <= value <= high))
            if flagged:
                LOG.warning("%s (%s) at %.2f C outside %.1f-%.1f", probe, bays.get(probe, "?"), value, low, high)
            rows.append((now, probe, bays.get(probe), value, flagged))
        with conn:
            conn.executemany("INSERT INTO readings VALUES (?, ?, ?, ?, ?)", rows)
        LOG.debug("stored %d readings", len(rows))
        time.sleep(interval)


def trim_history(conn, days):
    cutoff = time.time() - days * 86400
    with conn:
        removed = conn.execute("DELETE FROM readings WHERE ts < ?", (cutoff,)).rowcount
    if removed:
        LOG.info("trimmed %d readings older than %d days", removed, days)


def main():
    parser = argparse.ArgumentParser(description="Cellar climate logger")
    parser.add_argument("--db", default="./cellar_climate.db")
    parser.add_argument("--log", default="./cellar_climate.log")
    parser.add_argument("--bays", default="./bays.conf")
    parser.add_argument("--low", type=float, default=10.0)
    parser.add_argument("--high", type=float, default=15.0)
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--keep-days", type=int, default=730)
    args = parser.parse_args()

    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bays = load_bay_map(args.bays)

    stop = {"flag": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))
    conn = open_db(args.db)
    trim_history(conn, args.keep_days)
    LOG.info("sampling every %ds, band %.1f-%.1f C", args.interval, args.low, args.high)
    try:
        sample_forever(conn, bays, args.low, args.high, args.interval, stop)
    except KeyboardInterrupt:
        pass
    LOG.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
