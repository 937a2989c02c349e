#!/usr/bin/env python3
"""Import the monthly tyre price list into the counter's price database.

The wholesaler emails a YAML price file (exported from their Python
system) which we save into ``pricelists/``.  Each entry looks like:

    - code: MIC2055516VPS4
      size: 205/55R16 91V
      brand: Michelin
      model: Primacy 4
      trade: !!python/object/apply:decimal.Decimal ['68.40']
      label: {fuel: B, wet: A, noise: 69}

Retail price = trade * markup + fitting, rounded up to the next 0.99.
"""
import argparse
import logging
import sqlite3
import sys
from decimal import Decimal, ROUND_CEILING
from pathlib import Path

import yaml

log = logging.getLogger("price-import")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tyre_prices (
    code TEXT PRIMARY KEY,
    size TEXT NOT NULL,
    brand TEXT,
    model TEXT,
    trade TEXT NOT NULL,
    retail TEXT NOT NULL,
    fuel TEXT, wet TEXT, noise INTEGER,
    source TEXT
);
"""


class PriceRules:
    markup = Decimal("1.32")
    fitting = Decimal("14.00")
    premium_brands = {"michelin", "continental", "pirelli", "bridgestone", "goodyear"}
    premium_markup = Decimal("1.25")

    @classmethod
    def retail(cls, brand, trade):
        m = cls.premium_markup if brand.lower() in cls.premium_brands else cls.markup
        raw = trade * m + cls.fitting
        whole = raw.to_integral_value(rounding=ROUND_CEILING)
        return whole - Decimal("0.01")


def read_pricelist(path):
    with open(path, "r", encoding="utf-8") as fh:
        # supplier file carries Decimal tags; the plain loader rejects them
        entries = yaml.load(fh, Loader=yaml.Loader)
    if not isinstance(entries, list):
        raise ValueError(f"{path}: expected a list of tyres")
    return entries


def normalise(entry):
    trade = entry.get("trade")
    if not isinstance(trade, Decimal):
        trade = Decimal(str(trade))
    label = entry.get("label") or {}
    return {
        "code": str(entry["code"]).strip(),
        "size": str(entry["size"]).strip(),
        "brand": str(entry.get("brand", "")).strip(),
        "model": str(entry.get("model", "")).strip(),
        "trade": trade,
        "fuel": label.get("fuel"),
        "wet": label.get("wet"),
        "noise": label.get("noise"),
    }


def upsert(conn, rows, source):
    cur = conn.cursor()
    n = 0
    for r in rows:
        retail = PriceRules.retail(r["brand"], r["trade"])
        cur.execute(
            "INSERT INTO tyre_prices (code,size,brand,model,trade,retail,fuel,wet,noise,source) "
            "VALUES (?,?,?,?,?,?,?,?,?,?) "
            "ON CONFLICT(code) DO UPDATE SET trade=excluded.trade, retail=excluded.retail, "
            "source=excluded.source",
            (r["code"], r["size"], r["brand"], r["model"], str(r["trade"]), str(retail),
             r["fuel"], r["wet"], r["noise"], source))
        n += 1
    conn.commit()
    return n


def main():
    ap = argparse.ArgumentParser(description="tyre price list import")
    ap.add_argument("files", nargs="*", help="YAML price files (default: newest in pricelists/)")
    ap.add_argument("--db", default="prices.sqlite3")
    ap.add_argument("--markup", type=Decimal)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if args.markup:
        PriceRules.markup = args.markup
    files = [Path(f) for f in args.files]
    if not files:
        found = sorted(Path("pricelists").glob("*.y*ml"), key=lambda p: p.stat().st_mtime)
        if not found:
            log.error("no price lists in pricelists/")
            return 1
        files = [found[-1]]

    conn = sqlite3.connect(args.db)
    conn.executescript(SCHEMA)
    total = 0
    for f in files:
        try:
            entries = read_pricelist(f)
            rows = []
            for e in entries:
                try:
                    rows.append(normalise(e))
                except (KeyError, ArithmeticError, TypeError) as exc:
                    log.warning("%s: skipping entry %r (%s)", f.name, e, exc)
            total += upsert(conn, rows, f.name)
            log.info("%s: %d tyres", f.name, len(rows))
        except (OSError, yaml.YAMLError, ValueError) as exc:
            log.error("%s: %s", f, exc)
    conn.close()
    log.info("imported %d prices into %s", total, args.db)
    return 0


if __name__ == "__main__":
    sys.exit(main())
