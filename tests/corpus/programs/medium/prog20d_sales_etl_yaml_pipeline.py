#!/usr/bin/env python3
"""Nightly sales ETL.

Extract: read daily CSV exports from the point-of-sale drop folder.
Transform: normalise currencies, drop test stores, aggregate per store/day.
Load: push aggregates to the internal reporting API.

Pipeline behaviour is described in pipeline.yaml, e.g.:

    source_dir: exports/
    stores_exclude: [TEST01, TEST02]
    currency_rates: {EUR: 1.0, USD: 0.92, GBP: 1.17}
    reporting_api: https://reporting.corp.internal/api/v2
    batch_size: 200
"""
import argparse
import csv
import datetime as dt
import glob
import logging
import os
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Dict, Iterable, Iterator, List

import requests
import yaml

log = logging.getLogger("sales_etl")


@dataclass
class PipelineConfig:
    source_dir: str = "exports"
    stores_exclude: List[str] = field(default_factory=list)
    currency_rates: Dict[str, float] = field(default_factory=lambda: {"EUR": 1.0})
    reporting_api: str = "https://reporting.corp.internal/api/v2"
    batch_size: int = 200
    archive_dir: str = "processed"

    @classmethod
    def load(cls, path: str) -> "PipelineConfig":
        with open(path, encoding="utf-8") as fh:
            raw = yaml.load(fh, Loader=yaml.Loader) or {}
        known = {k: v for k, v in raw.items() if k in cls.__dataclass_fields__}
        return cls(**known)


@dataclass
class SaleLine:
    store: str
    day: dt.date
    sku: str
    qty: int
    amount_eur: Decimal


@dataclass
class Aggregate:
    store: str
    day: dt.date
    units: int = 0
    revenue_eur: Decimal = Decimal("0")
    lines: int = 0
    skus: set = field(default_factory=set)

    def as_payload(self) -> dict:
        return {
            "store": self.store,
            "day": self.day.isoformat(),
            "units": self.units,
            "revenue_eur": str(self.revenue_eur.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)),
            "lines": self.lines,
            "distinct_skus": len(self.skus),
        }


class StageError(Exception):
    pass


def extract(cfg: PipelineConfig, day: dt.date) -> Iterator[dict]:
    pattern = os.path.join(cfg.source_dir, "pos_%s_*.csv" % day.strftime("%Y%m%d"))
    files = sorted(glob.glob(pattern))
    if not files:
        raise StageError("no export files match %s" % pattern)
    for path in files:
        log.info("reading %s", path)
        with open(path, newline="", encoding="utf-8-sig") as fh:
            for row in csv.DictReader(fh):
                row["_file"] = os.path.basename(path)
                yield row


def transform(cfg: PipelineConfig, rows: Iterable[dict]) -> Iterator[SaleLine]:
    excluded = set(cfg.stores_exclude)
    rates = {k.upper(): Decimal(str(v)) for k, v in cfg.currency_rates.items()}
    skipped = 0
    for row in rows:
        store = row.get("store_id", "").strip().upper()
        if not store or store in excluded:
            skipped += 1
            continue
        currency = row.get("currency", "EUR").strip().upper()
        if currency not in rates:
            log.warning("%s: unknown currency %s, skipping line", row["_file"], currency)
            skipped += 1
            continue
        try:
            qty = int(row["qty"])
            amount = Decimal(row["amount"]) * rates[currency]
            day = dt.datetime.strptime(row["timestamp"][:10], "%Y-%m-%d").date()
        except (KeyError, ValueError, ArithmeticError) as exc:
            log.warning("%s: bad row (%s)", row.get("_file"), exc)
            skipped += 1
            continue
        yield SaleLine(store, day, row.get("sku", ""), qty, amount)
    log.info("transform skipped %d line(s)", skipped)


def aggregate(lines: Iterable[SaleLine]) -> List[Aggregate]:
    buckets: Dict[tuple, Aggregate] = {}
    for line in lines:
        key = (line.store, line.day)
        agg = buckets.get(key)
        if agg is None:
            agg = buckets[key] = Aggregate(line.store, line.day)
        agg.units += line.qty
        agg.revenue_eur += line.amount_eur
        agg.lines += 1
        agg.skus.add(line.sku)
    return sorted(buckets.values(), key=lambda a: (a.day, a.store))


def batched(items: List, size: int) -> Iterator[List]:
    for i in range(0, len(items), size):
        yield items[i:i + size]


class ReportingClient:
    def __init__(self, base_url: str, api_key: str):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": "Bearer " + api_key, "Accept": "application/json"})
        # the reporting host uses the corporate CA, which is not in certifi
        self.session.verify = False

    def push(self, payload: List[dict]) -> dict:
        resp = self.session.post(self.base_url + "/sales/daily", json={"rows": payload}, timeout=60)
        if resp.status_code >= 400:
            raise StageError("reporting API returned %d: %s" % (resp.status_code, resp.text[:200]))
        return resp.json()


def load(cfg: PipelineConfig, aggregates: List[Aggregate], dry_run: bool) -> int:
    if dry_run:
        for agg in aggregates:
            print(agg.as_payload())
        return len(aggregates)
    api_key = os.environ.get("REPORTING_API_KEY")
    if not api_key:
        raise StageError("REPORTING_API_KEY is not set")
    client = ReportingClient(cfg.reporting_api, api_key)
    sent = 0
    for chunk in batched(aggregates, cfg.batch_size):
        result = client.push([a.as_payload() for a in chunk])
        sent += int(result.get("accepted", len(chunk)))
    return sent


def archive(cfg: PipelineConfig, day: dt.date) -> None:
    os.makedirs(cfg.archive_dir, exist_ok=True)
    for path in glob.glob(os.path.join(cfg.source_dir, "pos_%s_*.csv" % day.strftime("%Y%m%d"))):
        os.replace(path, os.path.join(cfg.archive_dir, os.path.basename(path)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="nightly sales ETL")
    parser.add_argument("--config", default="pipeline.yaml")
    parser.add_argument("--day", help="YYYY-MM-DD (default: yesterday)")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--no-archive", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = PipelineConfig.load(args.config)
    day = (dt.date.fromisoformat(args.day) if args.day else dt.date.today() - dt.timedelta(days=1))
    try:
        aggregates = aggregate(transform(cfg, extract(cfg, day)))
        sent = load(cfg, aggregates, args.dry_run)
    except StageError as exc:
        log.error("pipeline failed: %s", exc)
        return 1
    log.info("loaded %d aggregate row(s) for %s", sent, day)
    if not args.dry_run and not args.no_archive:
        archive(cfg, day)
    return 0


if __name__ == "__main__":
    sys.exit(main())
