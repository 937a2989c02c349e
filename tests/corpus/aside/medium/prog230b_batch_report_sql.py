#!/usr/bin/env python3
"""Batch report from the cellar database.

Pulls the gravity/temperature log of one or more batches out of the cellar
SQLite database, writes a plain-text batch report into ./reports and can send
it to the cellar office printer.
"""
import argparse
import logging
import os
import sqlite3
import subprocess
import sys
from datetime import datetime

LOG = logging.getLogger("batch-report")

QUERIES = {
    "batch": "SELECT batch_id, style, tank, brew_date, og FROM batches WHERE batch_id = '{batch}'",
    "readings": ("SELECT ts, sg, temp_c FROM readings WHERE batch_id = '{batch}' "
                 "AND ts >= '{since}' ORDER BY {order}"),
    "notes": "SELECT ts, author, note FROM notes WHERE batch_id = '{batch}' AND author LIKE '%{author}%'",
}

PRINT_CMD = ["l" + "p", "-o", "cpi=12"]


class CellarDB:
    def __init__(self, path):
        if not os.path.exists(path):
            raise FileNotFoundError(path)
        self.conn = sqlite3.connect(path)

    def fetch(self, name, **params):
        sql = QUERIES[name].format(**params)
        LOG.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def close(self):
        self.conn.close()


def attenuation(og, sg):
    if og is None or og <= 1.0:
        return 0.0
    return (og - sg) / (og - 1.0) * 100.0


def build_report(db, batch, since, order, author):
    head = db.fetch("batch", batch=batch)
    if not head:
        raise LookupError("batch %s not found" % batch)
    batch_id, style, tank, brew_date, og = head[0]
    lines = ["Batch %s  %s  (%s, brewed %s, OG %.3f)" % (batch_id, style, tank, brew_date, og), ""]
    lines.append("%-20s %7s %7s %6s" % ("time", "SG", "temp", "att%"))
    for ts, sg, temp_c in db.fetch("readings", batch=batch, since=since, order=order):
        lines.append("%-20s %7.3f %7.1f %6.1f" % (ts, sg, temp_c, attenuation(og, sg)))
    notes = db.fetch("notes", batch=batch, author=author)
    if notes:
        lines += ["", "Notes:"]
        lines += ["  %s %s: %s" % n for n in notes]
    return "\n".join(lines) + "\n"


def send_to_printer(path, printer):
    cmd = PRINT_CMD + (["-d", printer] if printer else []) + [path]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        LOG.error("print failed: %s", res.stderr.strip())
    else:
        LOG.info("sent to printer: %s", res.stdout.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description="cellar batch report")
    ap.add_argument("batches", nargs="+", help="batch ids, e.g. B2024-117")
    ap.add_argument("--db", default="cellar.sqlite")
    ap.add_argument("--since", default="1970-01-01")
    ap.add_argument("--order", default="ts", help="column to sort readings by")
    ap.add_argument("--author", default="", help="only notes by this author")
    ap.add_argument("--print", dest="printer", nargs="?", const="", default=None)
    ap.add_argument("--out", default="reports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        db = CellarDB(args.db)
    except FileNotFoundError as exc:
        LOG.error("database not found: %s", exc)
        return 1
    os.makedirs(args.out, exist_ok=True)
    rc = 0
    for batch in args.batches:
        try:
            text = build_report(db, batch, args.since, args.order, args.author)
        except (LookupError, sqlite3.Error) as exc:
            LOG.error("%s: %s", batch, exc)
            rc = 1
            continue
        path = os.path.join(args.out, "%s_%s.txt" % (batch, datetime.now().strftime("%Y%m%d")))
        with open(path, "w") as fh:
            fh.write(text)
        LOG.info("wrote %s", path)
        if args.printer is not None:
            send_to_printer(path, args.printer)
    db.close()
    return rc


if __name__ == "__main__":
    sys.exit(main())
