#!/usr/bin/env python3
"""Weekly till summary from the daily Z-report exports.

Each evening the till software writes ``zreports/Z_YYYY-MM-DD.csv`` with
one line per tender (CASH, CARD, ACCOUNT, VOUCHER) and the counted figure
from ``reconcile/``.  This builds a week-by-week summary for the
bookkeeper: takings per tender, cash variance, and days over tolerance.

Parsed reports are cached in ``.zcache/`` keyed on file content so re-runs
over a whole year stay quick.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import re
from collections import defaultdict
from decimal import Decimal
from pathlib import Path

log = logging.getLogger("zsummary")
NAME_RE = re.compile(r"Z_(\d{4}-\d{2}-\d{2})\.csv$")
COUNTED_RE = re.compile(r"^Variance\s+(-?\d+\.\d{2})", re.M)


class Cache:
    def __init__(self, folder=".zcache"):
        self.dir = Path(folder)
        self.dir.mkdir(exist_ok=True)

    @staticmethod
    def key(path):
        return hashlib.md5(path.read_bytes()).hexdigest()

    def get(self, path):
        p = self.dir / f"{self.key(path)}.json"
        if p.exists():
            return json.loads(p.read_text())
        return None

    def put(self, path, data):
        p = self.dir / f"{self.key(path)}.json"
        p.write_text(json.dumps(data))

    def clear(self):
        for p in self.dir.glob("*.json"):
            p.unlink()


def parse_zreport(path):
    tenders = {}
    with path.open(newline="") as fh:
        for row in csv.reader(fh):
            if len(row) < 3 or row[0].lower() == "tender":
                continue
            tenders[row[0].strip().upper()] = str(Decimal(row[2]).quantize(Decimal("0.01")))
    return tenders


def read_variance(day, recon_dir):
    p = Path(recon_dir) / f"{day}.txt"
    if not p.exists():
        return None
    m = COUNTED_RE.search(p.read_text())
    return m.group(1) if m else None


def iter_days(zdir, cache, recon_dir):
    for path in sorted(Path(zdir).glob("Z_*.csv")):
        m = NAME_RE.search(path.name)
        if not m:
            continue
        day = m.group(1)
        tenders = cache.get(path)
        if tenders is None:
            tenders = parse_zreport(path)
            cache.put(path, tenders)
        yield dt.date.fromisoformat(day), tenders, read_variance(day, recon_dir)


def summarise(days, tolerance):
    weeks = defaultdict(lambda: {"tenders": defaultdict(Decimal), "variance": Decimal(0),
                                 "days": 0, "over_tolerance": []})
    for day, tenders, variance in days:
        iso = day.isocalendar()
        wk = weeks[f"{iso[0]}-W{iso[1]:02d}"]
        wk["days"] += 1
        for tender, amount in tenders.items():
            wk["tenders"][tender] += Decimal(amount)
        if variance is not None:
            v = Decimal(variance)
            wk["variance"] += v
            if abs(v) > tolerance:
                wk["over_tolerance"].append(day.isoformat())
    return {k: {"days": w["days"],
                "tenders": {t: str(a) for t, a in sorted(w["tenders"].items())},
                "variance": str(w["variance"]),
                "over_tolerance": w["over_tolerance"]}
            for k, w in sorted(weeks.items())}


def main():
    ap = argparse.ArgumentParser(description="Weekly till summary")
    ap.add_argument("--zdir", default="zreports")
    ap.add_argument("--recon-dir", default="reconcile")
    ap.add_argument("--tolerance", type=Decimal, default=Decimal("5.00"))
    ap.add_argument("--out", default="till_summary.json")
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    cache = Cache()
    if args.clear_cache:
        cache.clear()
    summary = summarise(iter_days(args.zdir, cache, args.recon_dir), args.tolerance)
    if not summary:
        log.error("no Z-reports found in %s", args.zdir)
        return 1
    out = Path(args.out)
    out.write_text(json.dumps(summary, indent=2))
    os.chmod(out, 0o600)
    for week, data in summary.items():
        flag = " *" if data["over_tolerance"] else ""
        log.info("%s  days=%d  cash=%s  card=%s  variance=%s%s", week, data["days"],
                 data["tenders"].get("CASH", "0.00"), data["tenders"].get("CARD", "0.00"),
                 data["variance"], flag)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
