#!/usr/bin/env python3
"""Daily revenue-in-EUR report.

Reads the local analytics extract (./warehouse.db, produced by the nightly
ETL), converts every currency to EUR using the ECB reference rates
(via the Frankfurter JSON mirror) and writes
``./reports/revenue_<date>.csv``.  Rates are cached under ./.cache keyed by an
MD5 of the request URL so reruns of the same day do not hit the network.
"""
import argparse
import csv
import hashlib
import json
import logging
import sqlite3
import time
import urllib.request
from datetime import date, datetime
from pathlib import Path

ECB_DAILY = "https://api.frankfurter.app/latest?from=EUR"
CACHE_DIR = Path(".cache") / "fx"
REPORT_DIR = Path("reports")
CACHE_MAX_AGE_DAYS = 14

logger = logging.getLogger("fx_report")


def _cache_path(url: str) -> Path:
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return CACHE_DIR / f"{key}-{date.today().isoformat()}.json"


def fetch_rates(url: str = ECB_DAILY) -> dict:
    cached = _cache_path(url)
    if cached.exists():
        logger.debug("rates cache hit %s", cached)
        return json.loads(cached.read_text())
    req = urllib.request.Request(url, headers={"User-Agent": "fx-report/1.3"})
    with urllib.request.urlopen(req, timeout=15) as resp:
        body = json.load(resp)
    rates = {"EUR": 1.0}
    for currency, rate in body.get("rates", {}).items():
        rates[currency] = float(rate)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(rates))
    return rates


def prune_cache(max_age_days: int = CACHE_MAX_AGE_DAYS) -> int:
    if not CACHE_DIR.is_dir():
        return 0
    cutoff = time.time() - max_age_days * 86400
    removed = 0
    for entry in CACHE_DIR.glob("*.json"):
        if entry.stat().st_mtime < cutoff:
            entry.unlink()
            removed += 1
    return removed


def revenue_by_currency(db_path: Path, day: date):
    con = sqlite3.connect(db_path)
    try:
        cur = con.execute(
            """
            SELECT region, currency, SUM(amount_minor) / 100.0
              FROM fact_payments
             WHERE settled_on = ?
               AND status = ?
             GROUP BY region, currency
            """,
            (day.isoformat(), "settled"),
        )
        yield from cur
    finally:
        con.close()


def build_report(db_path: Path, day: date, rates: dict) -> list:
    rows = []
    for region, currency, amount in revenue_by_currency(db_path, day):
        rate = rates.get(currency)
        if rate is None:
            logger.warning("no ECB rate for %s, skipping %s", currency, region)
            continue
        rows.append({"region": region, "currency": currency,
                     "amount": round(amount, 2),
                     "amount_eur": round(amount / rate, 2)})
    rows.sort(key=lambda r: r["amount_eur"], reverse=True)
    return rows


def write_csv(rows: list, day: date) -> Path:
    REPORT_DIR.mkdir(exist_ok=True)
    out = REPORT_DIR / f"revenue_{day:%Y%m%d}.csv"
    with out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["region", "currency", "amount", "amount_eur"])
        writer.writeheader()
        writer.writerows(rows)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--day", type=lambda s: datetime.strptime(s, "%Y-%m-%d").date(),
                    default=date.today())
    ap.add_argument("--db", type=Path, default=Path("warehouse.db"))
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level.upper())

    removed = prune_cache()
    if removed:
        logger.info("pruned %d stale rate files", removed)
    try:
        rates = fetch_rates()
    except OSError as exc:
        raise SystemExit(f"could not load ECB rates: {exc}")
    rows = build_report(args.db, args.day, rates)
    out = write_csv(rows, args.day)
    total = sum(r["amount_eur"] for r in rows)
    logger.info("wrote %s (%d regions, EUR %.2f)", out, len(rows), total)


if __name__ == "__main__":
    main()
