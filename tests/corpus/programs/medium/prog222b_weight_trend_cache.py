#!/usr/bin/env python3
"""Weight-trend report for animals under veterinary watch.

Parses the weekly weigh-in CSVs, fits a simple linear trend per animal and
flags anyone losing more than the allowed percentage.  Parsed weigh-ins are
cached between runs because the archive CSVs are large.
"""
import argparse
import csv
import glob
import hashlib
import logging
import os
import pickle
import sys
from collections import defaultdict
from datetime import datetime

LOG = logging.getLogger("weight-trend")

CONFIG = {
    "cache_dir": ".weight_cache",
    "date_fmt": "%Y-%m-%d",
    "alert_pct": 5.0,
}


class WeighIn:
    __slots__ = ("animal", "day", "kg")

    def __init__(self, animal, day, kg):
        self.animal = animal
        self.day = day
        self.kg = kg


class TrendCache:
    def __init__(self, root):
        self.root = root
        os.makedirs(root, exist_ok=True)

    def _key(self, path):
        st = os.stat(path)
        raw = "%s|%d|%d" % (os.path.abspath(path), st.st_size, int(st.st_mtime))
        return os.path.join(self.root, hashlib.md5(raw.encode()).hexdigest() + ".pkl")

    def load(self, path):
        entry = self._key(path)
        if not os.path.exists(entry):
            return None
        try:
            with open(entry, "rb") as fh:
                return pickle.load(fh)
        except (pickle.UnpicklingError, EOFError) as exc:
            LOG.warning("cache entry %s unusable: %s", entry, exc)
            return None

    def store(self, path, rows):
        entry = self._key(path)
        with open(entry, "wb") as fh:
            pickle.dump(rows, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.chmod(entry, 0o600)


def parse_csv(path):
    rows = []
    with open(path, newline="") as fh:
        for rec in csv.DictReader(fh):
            try:
                day = datetime.strptime(rec["date"], CONFIG["date_fmt"]).date()
                rows.append(WeighIn(rec["animal_id"], day, float(rec["kg"])))
            except (KeyError, ValueError):
                LOG.debug("bad row in %s: %r", path, rec)
    return rows


def slope(points):
    n = len(points)
    if n < 2:
        return 0.0
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    mx, my = sum(xs) / n, sum(ys) / n
    den = sum((x - mx) ** 2 for x in xs)
    return 0.0 if den == 0 else sum((x - mx) * (y - my) for x, y in points) / den


def analyse(weighins, alert_pct):
    per_animal = defaultdict(list)
    for w in weighins:
        per_animal[w.animal].append(w)
    report = []
    for animal, items in sorted(per_animal.items()):
        items.sort(key=lambda w: w.day)
        first = items[0].day
        pts = [((w.day - first).days, w.kg) for w in items]
        change = 100.0 * (items[-1].kg - items[0].kg) / items[0].kg if items[0].kg else 0.0
        report.append((animal, len(items), round(slope(pts) * 7, 3), round(change, 1),
                       change <= -alert_pct))
    return report


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("folder", help="folder with weigh-in CSVs")
    ap.add_argument("--alert-pct", type=float, default=CONFIG["alert_pct"])
    ap.add_argument("--no-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = TrendCache(CONFIG["cache_dir"])
    all_rows = []
    for path in sorted(glob.glob(os.path.join(args.folder, "*.csv"))):
        rows = None if args.no_cache else cache.load(path)
        if rows is None:
            rows = parse_csv(path)
            cache.store(path, rows)
        all_rows.extend(rows)

    if not all_rows:
        LOG.error("no weigh-ins found in %s", args.folder)
        return 1
    print("animal,weighins,kg_per_week,change_pct,alert")
    for animal, n, wk, pct, alert in analyse(all_rows, args.alert_pct):
        print("%s,%d,%.3f,%.1f,%s" % (animal, n, wk, pct, "ALERT" if alert else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
