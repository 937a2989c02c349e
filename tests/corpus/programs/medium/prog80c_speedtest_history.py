#!/usr/bin/env python3
"""Log broadband speed tests to SQLite so there is evidence for the ISP.

Runs the Ookla-compatible ``speedtest-cli`` in JSON mode, stores each result
and can print a short weekly summary comparing the measurements with the
speed promised in the contract.
"""
import argparse
import json
import logging
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("speedlog")

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    ts          INTEGER PRIMARY KEY,
    server      TEXT,
    ping_ms     REAL,
    down_mbps   REAL,
    up_mbps     REAL,
    isp         TEXT,
    raw         TEXT
)
"""


def run_speedtest(binary, server=None):
    cmd = [binary, "--json", "--secure"]
    if server:
        cmd += ["--server", str(server)]
    LOG.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "speedtest-cli failed")
    return json.loads(proc.stdout)


def store(db, data):
    row = (
        int(time.time()),
        data.get("server", {}).get("sponsor"),
        data.get("ping"),
        round(data.get("download", 0) / 1e6, 2),
        round(data.get("upload", 0) / 1e6, 2),
        data.get("client", {}).get("isp"),
        json.dumps(data),
    )
    with db:
        db.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?)", row)
    return row


def weekly_summary(db, contracted_down):
    since = int(time.time()) - 7 * 86400
    cur = db.execute(
        "SELECT COUNT(*), AVG(down_mbps), MIN(down_mbps), AVG(up_mbps), AVG(ping_ms) "
        "FROM results WHERE ts >= ?", (since,))
    n, avg_down, min_down, avg_up, avg_ping = cur.fetchone()
    if not n:
        print("no measurements in the last 7 days")
        return
    below = db.execute(
        "SELECT COUNT(*) FROM results WHERE ts >= ? AND down_mbps < ?",
        (since, contracted_down * 0.5)).fetchone()[0]
    print(f"last 7 days: {n} tests")
    print(f"  download avg {avg_down:.1f} / min {min_down:.1f} Mbit/s "
          f"(contract {contracted_down} Mbit/s)")
    print(f"  upload avg {avg_up:.1f} Mbit/s, ping avg {avg_ping:.1f} ms")
    print(f"  {below} test(s) below half the contracted speed")


def main(argv=None):
    ap = argparse.ArgumentParser(description="Log speed tests to SQLite")
    ap.add_argument("--db", default="speedtests.sqlite3")
    ap.add_argument("--server", type=int, help="pin a speedtest server id")
    ap.add_argument("--every", type=int, default=0, metavar="MIN",
                    help="repeat every MIN minutes (0 = run once)")
    ap.add_argument("--summary", type=float, metavar="MBPS",
                    help="print the weekly summary against this contracted speed")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    db = sqlite3.connect(Path(args.db))
    db.execute(SCHEMA)

    if args.summary:
        weekly_summary(db, args.summary)
        return 0

    binary = shutil.which("speedtest-cli") or shutil.which("speedtest")
    if not binary:
        LOG.error("speedtest-cli is not installed (pip install speedtest-cli)")
        return 1

    while True:
        try:
            data = run_speedtest(binary, args.server)
            ts, server, ping, down, up, isp, _ = store(db, data)
            LOG.info("%s via %s: ping %.1f ms, down %.1f Mbit/s, up %.1f Mbit/s",
                     isp, server, ping or 0, down, up)
        except (RuntimeError, subprocess.TimeoutExpired, json.JSONDecodeError) as exc:
            LOG.error("test failed: %s", exc)
        if not args.every:
            break
        time.sleep(args.every * 60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
