#!/usr/bin/env python3
"""Sync the workshop parts list with the supplier trade catalogue.

Reads parts.csv from the current directory (part_no, description, qty, our_price),
pulls current trade prices from the supplier API in batches, writes
parts_priced.csv and pushes our stock levels back so the supplier can
reserve slow-moving items (chrome trim, Lucas switchgear, etc).

Config lives in ./partsync.json, the API key in PARTS_API_KEY.
"""
import argparse
import csv
import json
import logging
import os
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

import requests

log = logging.getLogger("partsync")

DEFAULT_API = "https://trade.heritagepartsdirect.co.uk/api/v2"
CONFIG_FILE = Path("partsync.json")


@dataclass
class SyncConfig:
    api_base: str = DEFAULT_API
    account: str = ""
    batch_size: int = 50
    timeout: float = 20.0
    catalogue: str = "parts.csv"
    output: str = "parts_priced.csv"

    @classmethod
    def load(cls, path: Path) -> "SyncConfig":
        if not path.exists():
            log.info("no %s, using defaults", path)
            return cls()
        with path.open() as fh:
            raw = json.load(fh)
        known = {k: v for k, v in raw.items() if k in cls.__dataclass_fields__}
        return cls(**known)


class SupplierClient:
    def __init__(self, cfg: SyncConfig, api_key: str):
        self.cfg = cfg
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {api_key}",
            "Accept": "application/json",
            "User-Agent": "partsync/1.4 (+workshop)",
        })

    def _post(self, endpoint: str, payload: dict, retries: int = 3) -> dict:
        url = f"{self.cfg.api_base}/{endpoint.lstrip('/')}"
        for attempt in range(1, retries + 1):
            try:
                resp = self.session.post(url, json=payload, timeout=self.cfg.timeout)
                if resp.status_code == 429:
                    wait = int(resp.headers.get("Retry-After", "5"))
                    log.warning("rate limited, sleeping %ss", wait)
                    time.sleep(wait)
                    continue
                resp.raise_for_status()
                return resp.json()
            except requests.RequestException as exc:
                log.warning("attempt %d/%d on %s failed: %s", attempt, retries, endpoint, exc)
                time.sleep(2 * attempt)
        raise RuntimeError(f"giving up on {endpoint}")

    def price_lookup(self, part_numbers):
        data = self._post("prices/lookup", {"account": self.cfg.account, "parts": part_numbers})
        return {row["part_no"]: row for row in data.get("results", [])}

    def push_stock(self, rows):
        stock = [{"part_no": r["part_no"], "qty": int(r.get("qty") or 0)} for r in rows]
        return self._post("stock/update", {"account": self.cfg.account, "stock": stock})


def read_parts(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("part_no"):
                yield row


def chunks(seq, size):
    for i in range(0, len(seq), size):
        yield seq[i:i + size]


def write_priced(path: Path, rows):
    fields = ["part_no", "description", "qty", "our_price", "trade_price", "margin"]
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=CONFIG_FILE)
    ap.add_argument("--dry-run", action="store_true", help="price only, do not push stock")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = SyncConfig.load(args.config)
    api_key = os.environ.get("PARTS_API_KEY")
    if not api_key:
        log.error("PARTS_API_KEY is not set")
        return 2

    client = SupplierClient(cfg, api_key)
    parts = list(read_parts(Path(cfg.catalogue)))
    log.info("loaded %d parts from %s", len(parts), cfg.catalogue)

    priced = []
    for batch in chunks(parts, cfg.batch_size):
        prices = client.price_lookup([p["part_no"] for p in batch])
        for p in batch:
            hit = prices.get(p["part_no"])
            if not hit:
                log.debug("no trade price for %s", p["part_no"])
                continue
            trade = float(hit["price"])
            ours = float(p.get("our_price") or 0)
            priced.append({**p, "trade_price": f"{trade:.2f}",
                           "margin": f"{ours - trade:.2f}"})

    write_priced(Path(cfg.output), priced)
    log.info("wrote %d priced rows to %s", len(priced), cfg.output)

    if not args.dry_run:
        result = client.push_stock(parts)
        log.info("stock update accepted: %s", result.get("status", "?"))
    log.debug("config used: %s", asdict(cfg))
    return 0


if __name__ == "__main__":
    sys.exit(main())
