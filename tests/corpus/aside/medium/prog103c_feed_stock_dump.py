#!/usr/bin/env python3
"""Nightly feed stock dump for the commissary.

Pulls current feed stock levels (hay, pellets, frozen prey, produce) out of the
feedstore Postgres database and writes a dated CSV into ./exports, plus a short
reorder list for anything under its par level. Uses the local psql client;
connection details come from the usual PGHOST / PGPORT / PGUSER variables or
~/.pgpass.
"""
import argparse
import csv
import datetime as dt
import io
import logging
import os
import pathlib
import shutil
import subprocess
import sys

log = logging.getLogger("feed-dump")

STOCK_SQL = (
    "\\copy (SELECT item_code, description, unit, on_hand, par_level, supplier, "
    "updated_at FROM feed_stock WHERE updated_at >= :'since' ORDER BY item_code) "
    "TO STDOUT WITH CSV HEADER"
)


class PsqlClient:
    def __init__(self, binary=None, host=None, user="feedstore", timeout=120):
        self.binary = binary or shutil.which("psql")
        if not self.binary:
            raise RuntimeError("psql not found on PATH")
        self.env = dict(os.environ)
        if host:
            self.env["PGHOST"] = host
        self.env.setdefault("PGUSER", user)
        self.timeout = timeout

    def run(self, database, sql, variables=None):
        cmd = [self.binary, "-X", "-q", "-d", database]
        for key, value in (variables or {}).items():
            cmd += ["-v", f"{key}={value}"]
        cmd += ["-c", sql]
        res = subprocess.run(cmd, capture_output=True, text=True,
                             env=self.env, timeout=self.timeout)
        return res.returncode, res.stdout, res.stderr


def fetch_stock(client, database, since):
    code, out, err = client.run(database, STOCK_SQL, {"since": since})
    if code != 0:
        raise RuntimeError(f"psql exited {code}: {err.strip()}")
    return list(csv.DictReader(io.StringIO(out)))


def reorder_lines(rows):
    for row in rows:
        try:
            on_hand, par = float(row["on_hand"]), float(row["par_level"])
        except (KeyError, ValueError):
            continue
        if on_hand < par:
            yield f"{row['item_code']:<10} {row['description']:<32} need {par - on_hand:g} {row['unit']} ({row['supplier']})"


def write_exports(rows, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.date.today().isoformat()
    csv_path = out_dir / f"feed-stock-{stamp}.csv"
    with csv_path.open("w", newline="") as fh:
        if rows:
            w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()))
            w.writeheader()
            w.writerows(rows)
    reorder_path = out_dir / f"reorder-{stamp}.txt"
    reorder_path.write_text("\n".join(reorder_lines(rows)) + "\n")
    return csv_path, reorder_path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export feed stock levels to CSV")
    ap.add_argument("--host", default=os.environ.get("FEEDSTORE_HOST"))
    ap.add_argument("--database", default="feedstore")
    ap.add_argument("--since", default=(dt.date.today() - dt.timedelta(days=90)).isoformat())
    ap.add_argument("--out", type=pathlib.Path, default=pathlib.Path("exports"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        client = PsqlClient(host=args.host)
        rows = fetch_stock(client, args.database, args.since)
    except (OSError, RuntimeError, subprocess.TimeoutExpired) as exc:
        log.error("dump failed: %s", exc)
        return 1
    csv_path, reorder_path = write_exports(rows, args.out)
    log.info("%d items -> %s; reorder list -> %s", len(rows), csv_path, reorder_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
