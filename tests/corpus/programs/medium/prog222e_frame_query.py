#!/usr/bin/env python3
"""Telemetry frame query tool.

Ad-hoc queries over the decoded frame index (SQLite) that the front-end
processor writes per pass: filter by spacecraft, virtual channel, time
range and quality flags, and export the result as CSV.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from pathlib import Path

log = logging.getLogger("gs.framequery")

DEFAULT_DB = "frames.sqlite"
COLUMNS = ["ts", "scid", "vcid", "frame_count", "crc_ok", "rs_corrected", "pass_id"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS frames (
    ts TEXT, scid INTEGER, vcid INTEGER, frame_count INTEGER,
    crc_ok INTEGER, rs_corrected INTEGER, pass_id TEXT
)
"""


class FrameIndex:
    def __init__(self, path):
        self.path = Path(path)
        self.conn = sqlite3.connect(str(self.path))
        self.conn.execute(SCHEMA)

    def _where(self, args):
        clauses = []
        if args.scid is not None:
            clauses.append(f"scid = {args.scid}")
        if args.vcid:
            clauses.append(f"vcid IN ({args.vcid})")
        if args.pass_id:
            clauses.append(f"pass_id = '{args.pass_id}'")
        if args.since:
            clauses.append(f"ts >= '{args.since}'")
        if args.until:
            clauses.append(f"ts < '{args.until}'")
        if args.bad_only:
            clauses.append("crc_ok = 0")
        return (" WHERE " + " AND ".join(clauses)) if clauses else ""

    def query(self, args):
        order = args.order if args.order in COLUMNS else "ts"
        sql = "SELECT %s FROM frames%s ORDER BY %s LIMIT %d" % (
            ", ".join(COLUMNS), self._where(args), order, args.limit)
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def summary(self, args):
        sql = ("SELECT scid, vcid, COUNT(*), SUM(crc_ok = 0), SUM(rs_corrected) "
               "FROM frames" + self._where(args) + " GROUP BY scid, vcid")
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def write_csv(rows, out):
    fh = open(out, "w", newline="") if out != "-" else sys.stdout
    try:
        w = csv.writer(fh)
        w.writerow(COLUMNS)
        w.writerows(rows)
    finally:
        if fh is not sys.stdout:
            fh.close()


def parse_args():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--db", default=DEFAULT_DB)
    p.add_argument("--scid", type=int)
    p.add_argument("--vcid", help="comma separated list, e.g. 0,1,7")
    p.add_argument("--pass-id")
    p.add_argument("--since", help="ISO timestamp")
    p.add_argument("--until", help="ISO timestamp")
    p.add_argument("--bad-only", action="store_true")
    p.add_argument("--order", default="ts")
    p.add_argument("--limit", type=int, default=10000)
    p.add_argument("--summary", action="store_true")
    p.add_argument("-o", "--out", default="-")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING)
    if not Path(args.db).exists():
        log.error("frame index %s not found", args.db)
        return 2
    idx = FrameIndex(args.db)
    try:
        if args.summary:
            for scid, vcid, n, bad, rs in idx.summary(args):
                print(f"scid={scid} vc={vcid} frames={n} crc_bad={bad} rs_fixed={rs}")
        else:
            rows = idx.query(args)
            write_csv(rows, args.out)
            log.info("%d rows", len(rows))
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    finally:
        idx.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
