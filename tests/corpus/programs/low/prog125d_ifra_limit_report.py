#!/usr/bin/env python3
"""Check a fragrance concentrate against IFRA restriction limits.

Input is a formula CSV (material, cas, grams).  The restriction table (CAS ->
max % in finished product per IFRA category) is downloaded once and cached in
the working directory.  For every category the perfumer cares about (fine
fragrance, soap, candle ...) we compute the maximum permitted dosage of the
concentrate and which material is the limiting one.
"""
import argparse
import csv
import json
import logging
import sys
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("ifra")

TABLE_URL = "https://data.example.org/ifra/51/restrictions.json"
CACHE = Path("ifra_restrictions.json")
CACHE_TTL = 7 * 86400

CATEGORIES = {
    "4": "fine fragrance",
    "5A": "body lotion",
    "9": "rinse-off soap",
    "11B": "reed diffuser",
    "12": "candle",
}


def fetch_table(url=TABLE_URL, refresh=False):
    if CACHE.exists() and not refresh and time.time() - CACHE.stat().st_mtime < CACHE_TTL:
        return json.loads(CACHE.read_text(encoding="utf-8"))
    log.info("downloading restriction table")
    req = urllib.request.Request(url, headers={"User-Agent": "ifra-check/0.9"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        raw = resp.read()
    CACHE.write_bytes(raw)
    return json.loads(raw)


def read_formula(path):
    rows = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                rows.append({"material": row["material"].strip(),
                             "cas": row.get("cas", "").strip(),
                             "grams": float(row["grams"])})
            except (KeyError, ValueError):
                log.warning("bad row skipped: %r", row)
    total = sum(r["grams"] for r in rows)
    if total <= 0:
        raise ValueError("formula has no weight")
    for r in rows:
        r["pct"] = 100.0 * r["grams"] / total
    return rows


def max_dosage(formula, table, category):
    """Highest % of concentrate in product before any material hits its limit."""
    best, limiting = 100.0, None
    for r in formula:
        limits = table.get(r["cas"])
        if not limits or category not in limits or r["pct"] == 0:
            continue
        allowed = 100.0 * limits[category] / r["pct"]
        if allowed < best:
            best, limiting = allowed, r["material"]
    return best, limiting


def report(formula, table, categories):
    out = []
    for cat in categories:
        dose, limiting = max_dosage(formula, table, cat)
        out.append({"category": cat, "label": CATEGORIES.get(cat, "?"),
                    "max_pct": round(dose, 3), "limiting": limiting})
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("formula", help="formula CSV")
    ap.add_argument("-c", "--category", action="append",
                    help="IFRA category (repeatable, default: all known)")
    ap.add_argument("--refresh", action="store_true", help="re-download table")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        table = fetch_table(refresh=args.refresh)
    except OSError as exc:
        log.error("restriction table unavailable: %s", exc)
        return 1
    formula = read_formula(args.formula)
    rows = report(formula, table, args.category or list(CATEGORIES))

    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        print(f"{'cat':<5} {'use':<16} {'max %':>8}  limiting material")
        for r in rows:
            print(f"{r['category']:<5} {r['label']:<16} {r['max_pct']:>8.3f}  {r['limiting'] or '-'}")
    unknown = [r["material"] for r in formula if r["cas"] and r["cas"] not in table]
    if unknown:
        log.info("%d materials have no IFRA entry: %s", len(unknown), ", ".join(unknown[:8]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
