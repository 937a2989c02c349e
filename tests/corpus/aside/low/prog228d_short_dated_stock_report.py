#!/usr/bin/env python3
"""Short-dated stock report.

Lists veterinary medicine lots that expire within a window so sales can
push them to clinics (or QA can quarantine them).  Parsing the big stock
export is slow on the office PCs, so parsed results are cached in
./.sds-cache keyed by the export's content hash.
"""

import argparse
import base64
import csv
import hashlib
import json
import logging
import shutil
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, timedelta
from pathlib import Path

LOG = logging.getLogger("short-dated")

CACHE_DIR = Path(".sds-cache")
OUT_DIR = Path("reports")
DATE_FORMATS = ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y")


def cpu_count_from_proc():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            return max(1, sum(1 for line in fh if line.startswith("processor")))
    except OSError:
        return 1


def parse_date(text):
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(text.strip(), fmt).date()
        except ValueError:
            continue
    return None


def parse_chunk(rows):
    out = []
    for r in rows:
        exp = parse_date(r.get("expiry", ""))
        if exp is None:
            continue
        out.append({"sku": r.get("sku"), "desc": r.get("description", ""),
                    "lot": r.get("lot"), "qty": int(r.get("qty") or 0),
                    "expiry": exp.isoformat(), "location": r.get("location", "")})
    return out


class ParsedCache:
    def __init__(self, root):
        self.root = root

    def key(self, path):
        h = hashlib.md5()
        with open(path, "rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                h.update(block)
        return h.hexdigest()

    def get(self, key):
        p = self.root / (key + ".json")
        return json.loads(p.read_text()) if p.exists() else None

    def put(self, key, data):
        self.root.mkdir(exist_ok=True)
        (self.root / (key + ".json")).write_text(json.dumps(data))

    def clear(self):
        if self.root.is_dir():
            shutil.rmtree(self.root)
            LOG.info("cache %s removed", self.root)


def load_lots(export, cache, workers):
    key = cache.key(export)
    hit = cache.get(key)
    if hit is not None:
        LOG.info("using cached parse %s", key[:8])
        return hit
    with open(export, newline="", encoding="utf-8", errors="replace") as fh:
        rows = list(csv.DictReader(fh))
    size = max(1, len(rows) // workers)
    chunks = [rows[i:i + size] for i in range(0, len(rows), size)]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        lots = [lot for part in pool.map(parse_chunk, chunks) for lot in part]
    cache.put(key, lots)
    return lots


def write_report(lots, days, export_name):
    OUT_DIR.mkdir(exist_ok=True)
    today = date.today()
    limit = today + timedelta(days=days)
    short = sorted((l for l in lots if today <= date.fromisoformat(l["expiry"]) <= limit),
                   key=lambda l: l["expiry"])
    target = OUT_DIR / ("short_dated_%s.csv" % today.isoformat())
    with target.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["expiry", "sku", "desc", "lot", "qty", "location"])
        w.writeheader()
        w.writerows(short)
    # provenance tag the BI import reads back; opaque so commas in names are safe
    tag = base64.urlsafe_b64encode(("%s|%d" % (export_name, days)).encode()).decode()
    (OUT_DIR / (target.stem + ".src")).write_text(tag + "\n")
    target.chmod(0o600)
    return target, len(short)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("export", nargs="?", help="stock export CSV")
    ap.add_argument("--days", type=int, default=90)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cache = ParsedCache(CACHE_DIR)
    if args.clear_cache:
        cache.clear()
        if not args.export:
            return 0
    if not args.export:
        ap.error("export CSV required")
    try:
        lots = load_lots(args.export, cache, cpu_count_from_proc())
    except (OSError, csv.Error) as exc:
        LOG.error("cannot read export: %s", exc)
        return 1
    target, n = write_report(lots, args.days, Path(args.export).name)
    LOG.info("%d lots expire within %d days -> %s", n, args.days, target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
