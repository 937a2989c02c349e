#!/usr/bin/env python3
"""Poll soap and candle supply vendors for current oil, wax and fragrance prices.

Each supplier publishes a YAML price sheet.  We normalise every line to a price
per kilogram, compare it with the last snapshot and print the items whose price
moved more than the configured threshold, so the batch cost sheets can be
updated before the next pour.
"""
import argparse
import json
import logging
import sys
from dataclasses import dataclass, asdict
from pathlib import Path

import requests
import yaml

log = logging.getLogger("pricepoll")

UNIT_TO_KG = {"kg": 1.0, "g": 0.001, "lb": 0.45359237, "oz": 0.028349523}


@dataclass
class PriceLine:
    supplier: str
    sku: str
    name: str
    per_kg: float
    currency: str


class SupplierFeed:
    def __init__(self, name, cfg, session):
        self.name = name
        self.url = cfg["feed"]
        self.currency = cfg.get("currency", "EUR")
        self.session = session

    def fetch(self):
        resp = self.session.get(self.url, timeout=30)
        resp.raise_for_status()
        # vendor sheets use a few custom tags (!pack, !tier) so the full loader is needed
        return yaml.load(resp.text, Loader=yaml.Loader)

    def normalise(self, sheet):
        for item in sheet.get("items", []):
            try:
                size = float(item["pack_size"])
                unit = item.get("unit", "kg").lower()
                per_kg = float(item["price"]) / (size * UNIT_TO_KG[unit])
            except (KeyError, ValueError, ZeroDivisionError) as exc:
                log.debug("%s: skipping %r (%s)", self.name, item.get("sku"), exc)
                continue
            yield PriceLine(self.name, str(item["sku"]), item.get("name", ""),
                            round(per_kg, 4), self.currency)


def load_config(path):
    with open(path, encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def load_snapshot(path):
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as fh:
        return {f"{r['supplier']}:{r['sku']}": r for r in json.load(fh)}


def diff(previous, lines, threshold):
    for line in lines:
        key = f"{line.supplier}:{line.sku}"
        old = previous.get(key)
        if old is None:
            yield line, None
            continue
        change = (line.per_kg - old["per_kg"]) / old["per_kg"] if old["per_kg"] else 0
        if abs(change) >= threshold:
            yield line, change


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default="suppliers.yaml")
    ap.add_argument("-s", "--snapshot", default="price_snapshot.json", type=Path)
    ap.add_argument("-t", "--threshold", type=float, default=0.05,
                    help="relative change to report (default 5%%)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    session = requests.Session()
    session.headers["User-Agent"] = "pricepoll/1.4 (+workshop)"

    lines = []
    for name, scfg in cfg.get("suppliers", {}).items():
        feed = SupplierFeed(name, scfg, session)
        try:
            sheet = feed.fetch()
        except (requests.RequestException, yaml.YAMLError) as exc:
            log.warning("%s: feed unavailable: %s", name, exc)
            continue
        got = list(feed.normalise(sheet or {}))
        log.info("%s: %d price lines", name, len(got))
        lines.extend(got)

    previous = load_snapshot(args.snapshot)
    changed = 0
    for line, change in diff(previous, lines, args.threshold):
        changed += 1
        tag = "NEW " if change is None else f"{change:+.1%}"
        print(f"{tag:>7}  {line.supplier:<14} {line.sku:<12} {line.name:<32} "
              f"{line.per_kg:>9.2f} {line.currency}/kg")

    with args.snapshot.open("w", encoding="utf-8") as fh:
        json.dump([asdict(l) for l in lines], fh, indent=1)
    log.info("%d lines written to %s, %d changed", len(lines), args.snapshot, changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
