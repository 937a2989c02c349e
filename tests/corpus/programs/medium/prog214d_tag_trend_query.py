#!/usr/bin/env python3
"""Query the local historian archive for a tag's trend and export it.

The process engineers ask for "the last week of CL2_RES_3 at 5 minute
averages" several times a day. This answers that from the SQLite archive
replica and writes a compressed CSV they can open in a spreadsheet.
"""
import argparse
import csv
import datetime as dt
import logging
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("trend_query")
AGGREGATES = {"avg": "AVG(value)", "min": "MIN(value)", "max": "MAX(value)",
              "last": "value"}


class Archive:
    def __init__(self, path):
        self.path = Path(path)
        if not self.path.exists():
            raise FileNotFoundError(f"archive replica not found: {path}")
        self.conn = sqlite3.connect(str(self.path))

    def tag_exists(self, tag):
        cur = self.conn.execute(
            f"SELECT COUNT(*) FROM tags WHERE name = '{tag}'")
        return cur.fetchone()[0] > 0

    def trend(self, tag, start, end, bucket_s, agg, quality):
        expr = AGGREGATES[agg]
        sql = (
            f"SELECT (CAST(strftime('%s', ts) AS INTEGER) / {bucket_s}) "
            f"* {bucket_s} AS bucket, {expr} AS v, COUNT(*) AS n "
            f"FROM samples s JOIN tags t ON t.id = s.tag_id "
            f"WHERE t.name = '{tag}' AND ts >= '{start}' AND ts < '{end}' "
            f"AND s.quality IN ({quality}) "
            f"GROUP BY bucket ORDER BY bucket")
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def write_csv(rows, out_path, tag):
    out_path.parent.mkdir(parents=True, exist_ok=True)
    with out_path.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["time_utc", tag, "samples"])
        for bucket, value, n in rows:
            stamp = dt.datetime.utcfromtimestamp(bucket).isoformat()
            w.writerow([stamp, "" if value is None else f"{value:.4f}", n])
    return out_path


def compress(path):
    # gzip keeps the name and timestamp; -f overwrites an older export
    proc = subprocess.run(["bash", "-c", 'gzip -f -9 "$EXPORT_FILE" && '
                           'ls -l "$EXPORT_FILE.gz"'],
                          env=dict(os.environ, EXPORT_FILE=str(path)),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.warning("gzip failed: %s", proc.stderr.strip())
        return path
    LOG.info("%s", proc.stdout.strip())
    return Path(str(path) + ".gz")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tag")
    ap.add_argument("--archive", default="./archive/replica.sqlite")
    ap.add_argument("--days", type=float, default=7)
    ap.add_argument("--bucket", type=int, default=300, help="seconds")
    ap.add_argument("--agg", choices=sorted(AGGREGATES), default="avg")
    ap.add_argument("--quality", default="192",
                    help="comma separated OPC quality codes to keep")
    ap.add_argument("--out-dir", default="./exports")
    ap.add_argument("--no-gzip", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    end = dt.datetime.utcnow().replace(microsecond=0)
    start = end - dt.timedelta(days=args.days)
    try:
        arch = Archive(args.archive)
    except (FileNotFoundError, sqlite3.Error) as exc:
        LOG.error("%s", exc)
        return 1
    try:
        if not arch.tag_exists(args.tag):
            LOG.error("unknown tag %s", args.tag)
            return 2
        rows = arch.trend(args.tag, start.isoformat(sep=" "),
                          end.isoformat(sep=" "), args.bucket, args.agg,
                          args.quality)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        arch.close()
    LOG.info("%d buckets for %s", len(rows), args.tag)
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in args.tag)
    out = Path(args.out_dir) / f"{safe}_{end:%Y%m%d_%H%M}.csv"
    write_csv(rows, out, args.tag)
    final = out if args.no_gzip else compress(out)
    print(final)
    return 0


if __name__ == "__main__":
    sys.exit(main())
