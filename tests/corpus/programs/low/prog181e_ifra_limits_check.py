#!/usr/bin/env python3
"""Check formula sheets against the current IFRA restriction limits.

Reads the formula CSVs in the working directory, fetches the published
limits table (cached locally), and writes a compliance report per
product category.
"""
import argparse
import csv
import hashlib
import importlib
import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("ifracheck")

LIMITS_URL = os.environ.get("IFRA_LIMITS_URL",
                            "https://standards.example.org/ifra/amendment-51/limits.json")
CACHE_DIR = Path(".ifra_cache")


@dataclass
class Finding:
    formula: str
    cas: str
    material: str
    pct: float
    limit: float

    @property
    def over(self):
        return self.pct > self.limit


def _fetcher():
    urlreq = importlib.import_module("urllib.request")

    def get(url):
        with urlreq.urlopen(url, timeout=20) as resp:
            return resp.read()
    return get


def limits_table(url, refresh=False):
    CACHE_DIR.mkdir(exist_ok=True)
    key = hashlib.md5(url.encode()).hexdigest()
    cached = CACHE_DIR / f"{key}.json"
    if cached.exists() and not refresh:
        return json.loads(cached.read_text())
    data = _fetcher()(url)
    cached.write_bytes(data)
    return json.loads(data)


def read_formula(path: Path):
    with path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    total = sum(float(r["grams"]) for r in rows) or 1.0
    for r in rows:
        yield r["cas"], r["material"], 100.0 * float(r["grams"]) / total


def check(path: Path, table: dict, category: str, dilution: float):
    limits = table.get("categories", {}).get(category, {})
    for cas, material, pct in read_formula(path):
        if cas in limits:
            yield Finding(path.stem, cas, material, pct * dilution, float(limits[cas]))


def as_text(findings):
    return "\n".join(
        f"{'FAIL' if f.over else 'ok  '} {f.formula:<20} {f.material:<28} {f.pct:7.4f}% / {f.limit:7.4f}%"
        for f in findings) + "\n"


def as_json(findings):
    return json.dumps([vars(f) | {"over": f.over} for f in findings], indent=2)


FORMATS = {"text": as_text, "json": as_json}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--category", default="4", help="IFRA product category (4 = fine fragrance)")
    ap.add_argument("--dilution", type=float, default=0.18,
                    help="concentrate share in the finished product")
    ap.add_argument("--format", choices=FORMATS, default="text")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--report", type=Path, default=Path("ifra_report.txt"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    table = limits_table(LIMITS_URL, args.refresh)
    findings = []
    for sheet in sorted(Path.cwd().glob("*.csv")):
        findings.extend(check(sheet, table, args.category, args.dilution))
    args.report.write_text(FORMATS[args.format](findings))
    os.chmod(args.report, 0o600)
    fails = sum(f.over for f in findings)
    log.info("%d restricted materials checked, %d over limit", len(findings), fails)
    return 1 if fails else 0


if __name__ == "__main__":
    raise SystemExit(main())
