#!/usr/bin/env python3
"""Chemical stock collector for the wash tunnel dosing pumps.

The dosing pumps (shampoo, foam, wax, tyre shine, drying agent) report
their drum levels as RFC 3164 syslog lines.  Their syslog target is set to
UDP/5140 on the site box; this service listens for them, records the
readings in ./chem_stock.sqlite3 and writes a low-stock list that the
morning shift checks before opening.
"""

import argparse
import logging
import re
import socket
import sqlite3
import time
from pathlib import Path

LOG = logging.getLogger("chem-stock")

LINE_RE = re.compile(
    r"<\d+>.*?pump=(?P<pump>[\w-]+)\s+chem=(?P<chem>[\w-]+)\s+"
    r"level_l=(?P<level>[\d.]+)\s+capacity_l=(?P<cap>[\d.]+)")

SCHEMA = """
CREATE TABLE IF NOT EXISTS readings (
    ts       INTEGER NOT NULL,
    pump     TEXT NOT NULL,
    chem     TEXT NOT NULL,
    level_l  REAL NOT NULL,
    cap_l    REAL NOT NULL,
    source   TEXT
);
CREATE INDEX IF NOT EXISTS idx_readings_chem_ts ON readings (chem, ts);
"""


def open_db(path):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    return conn


def parse_line(text):
    m = LINE_RE.search(text)
    if not m:
        return None
    return (m["pump"], m["chem"], float(m["level"]), float(m["cap"]))


def write_low_stock(conn, threshold, out_path):
    rows = conn.execute(
        """SELECT chem, pump, level_l, cap_l, MAX(ts) FROM readings
           GROUP BY chem, pump""").fetchall()
    low = [r for r in rows if r[3] and r[2] / r[3] < threshold]
    with open(out_path, "w") as fh:
        fh.write("chemical,pump,level_l,capacity_l,percent\n")
        for chem, pump, level, cap, _ in sorted(low):
            fh.write(f"{chem},{pump},{level:.1f},{cap:.1f},{100 * level / cap:.0f}\n")
    return len(low)


def serve(sock, conn, threshold, low_path, flush_every):
    pending = 0
    last_flush = time.monotonic()
    while True:
        try:
            data, addr = sock.recvfrom(4096)
        except socket.timeout:
            data, addr = None, None
        if data:
            reading = parse_line(data.decode("utf-8", "replace"))
            if reading:
                conn.execute("INSERT INTO readings VALUES (?, ?, ?, ?, ?, ?)",
                             (int(time.time()), *reading, addr[0]))
                pending += 1
                LOG.debug("reading from %s: %s", addr[0], reading)
            else:
                LOG.debug("ignored line from %s", addr[0])
        if pending and time.monotonic() - last_flush > flush_every:
            conn.commit()
            n = write_low_stock(conn, threshold, low_path)
            LOG.info("committed %d readings, %d chemicals low", pending, n)
            pending = 0
            last_flush = time.monotonic()


def main():
    ap = argparse.ArgumentParser(description="wash tunnel chemical stock collector")
    ap.add_argument("--listen", default="0.0.0.0", help="address to bind")
    ap.add_argument("--port", type=int, default=5140)
    ap.add_argument("--db", default="chem_stock.sqlite3")
    ap.add_argument("--low-file", default="low_stock.csv")
    ap.add_argument("--threshold", type=float, default=0.2,
                    help="fraction of capacity counted as low (default 0.2)")
    ap.add_argument("--flush", type=int, default=30, help="seconds between commits")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.listen, args.port))
    sock.settimeout(5)
    LOG.info("listening on %s:%d/udp", args.listen, args.port)

    conn = open_db(Path(args.db))
    try:
        serve(sock, conn, args.threshold, args.low_file, args.flush)
    except KeyboardInterrupt:
        LOG.info("stopping")
    finally:
        conn.commit()
        conn.close()
        sock.close()


if __name__ == "__main__":
    main()
