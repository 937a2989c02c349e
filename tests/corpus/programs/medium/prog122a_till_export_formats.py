#!/usr/bin/env python3
"""Export the till's daily takings in whatever format the accountant wants.

Reads the EPOS SQLite database (sales + payments), builds one Z-report per
trading day (a trading day ends at 04:00, we shut late) and hands it to an
export format.  CSV is built in; other formats (Sage, Xero, the franchise
head office sheet) live as small .py files in ./formats, each defining
``export(day, rows, out_path)``.
"""
import argparse
import csv
import logging
import sqlite3
import sys
from collections import defaultdict
from datetime import date, datetime, timedelta
from pathlib import Path

log = logging.getLogger("tillexport")

DAY_CUTOFF_HOUR = 4


def trading_day(ts):
    dt = datetime.fromtimestamp(ts)
    if dt.hour < DAY_CUTOFF_HOUR:
        dt -= timedelta(days=1)
    return dt.date()


def fetch_rows(db_path, start, end):
    con = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    con.row_factory = sqlite3.Row
    lo = datetime.combine(start, datetime.min.time()).timestamp() + DAY_CUTOFF_HOUR * 3600
    hi = datetime.combine(end + timedelta(days=1), datetime.min.time()).timestamp() + DAY_CUTOFF_HOUR * 3600
    q = (
        "SELECT s.id, s.ts, s.channel, s.net, s.vat, s.gross, p.method "
        "FROM sales s JOIN payments p ON p.sale_id = s.id "
        "WHERE s.ts >= ? AND s.ts < ? AND s.voided = 0 ORDER BY s.ts"
    )
    try:
        return [dict(r) for r in con.execute(q, (lo, hi))]
    finally:
        con.close()


def z_report(rows):
    tot = defaultdict(float)
    for r in rows:
        tot["net"] += r["net"]
        tot["vat"] += r["vat"]
        tot["gross"] += r["gross"]
        tot[f"pay_{r['method']}"] += r["gross"]
        tot[f"chan_{r['channel']}"] += r["gross"]
    tot["covers"] = len(rows)
    return {k: round(v, 2) for k, v in tot.items()}


def export_csv(day, rows, out_path):
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["date", "sale_id", "time", "channel", "method", "net", "vat", "gross"])
        for r in rows:
            w.writerow([day.isoformat(), r["id"], datetime.fromtimestamp(r["ts"]).strftime("%H:%M"),
                        r["channel"], r["method"], f"{r['net']:.2f}", f"{r['vat']:.2f}", f"{r['gross']:.2f}"])


class FormatRegistry:
    def __init__(self):
        self.formats = {"csv": (export_csv, ".csv")}

    def load_dir(self, folder):
        folder = Path(folder)
        if not folder.is_dir():
            return
        for src in sorted(folder.glob("*.py")):
            ns = {"__name__": f"formats.{src.stem}", "csv": csv, "datetime": datetime}
            try:
                exec(compile(src.read_text(), str(src), "exec"), ns)
            except Exception as exc:  # a broken format shouldn't stop the export
                log.warning("format %s failed to load: %s", src.name, exc)
                continue
            if callable(ns.get("export")):
                self.formats[src.stem] = (ns["export"], ns.get("SUFFIX", ".txt"))
                log.debug("loaded format %s", src.stem)

    def get(self, name):
        try:
            return self.formats[name]
        except KeyError:
            raise SystemExit(f"unknown format {name!r}; have {', '.join(sorted(self.formats))}")


def parse_day(s):
    return date.today() - timedelta(days=1) if s == "yesterday" else date.fromisoformat(s)


def main():
    ap = argparse.ArgumentParser(description="till takings export")
    ap.add_argument("--db", default="epos.sqlite")
    ap.add_argument("--from", dest="start", default="yesterday")
    ap.add_argument("--to", dest="end", default=None)
    ap.add_argument("--format", default="csv")
    ap.add_argument("--formats-dir", default="formats")
    ap.add_argument("--out", default="exports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    start = parse_day(args.start)
    end = parse_day(args.end) if args.end else start
    reg = FormatRegistry()
    reg.load_dir(args.formats_dir)
    fn, suffix = reg.get(args.format)

    out = Path(args.out)
    out.mkdir(exist_ok=True)
    by_day = defaultdict(list)
    for r in fetch_rows(args.db, start, end):
        by_day[trading_day(r["ts"])].append(r)

    for day in sorted(by_day):
        target = out / f"takings_{day.isoformat()}{suffix}"
        fn(day, by_day[day], target)
        z = z_report(by_day[day])
        log.info("%s: %d sales, gross £%.2f -> %s", day, z["covers"], z.get("gross", 0), target)
    if not by_day:
        log.warning("no sales between %s and %s", start, end)
    return 0


if __name__ == "__main__":
    sys.exit(main())
