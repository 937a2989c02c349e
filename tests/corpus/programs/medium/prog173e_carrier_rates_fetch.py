#!/usr/bin/env python3
"""Fetch today's parcel rates from the carriers the branch works with and
write a price card the counter staff can read out to customers."""
import argparse
import csv
import importlib
import logging
import os
from dataclasses import dataclass
from pathlib import Path

import requests
import yaml

log = logging.getLogger("rates")

DEFAULT_CONFIG = "carriers.yaml"


@dataclass
class Carrier:
    name: str
    url: str
    key_env: str
    strict_tls: bool = True

    def headers(self) -> dict:
        key = os.environ.get(self.key_env, "")
        return {"Authorization": f"Bearer {key}"} if key else {}


def load_config(path: Path) -> dict:
    with path.open("r", encoding="utf-8") as handle:
        return yaml.load(handle, Loader=yaml.Loader)


def _session_for(carrier: Carrier) -> requests.Session:
    session = requests.Session()
    session.headers.update(carrier.headers())
    session.verify = carrier.strict_tls
    if not carrier.strict_tls:
        urllib3 = importlib.import_module("urllib3")
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return session


def fetch_rates(carrier: Carrier, timeout: int) -> list:
    session = _session_for(carrier)
    resp = session.get(carrier.url, params={"service": "all"}, timeout=timeout)
    resp.raise_for_status()
    rows = []
    for item in resp.json().get("rates", []):
        rows.append({
            "carrier": carrier.name,
            "service": item.get("service", "?"),
            "max_kg": item.get("max_weight_kg"),
            "price_pence": item.get("price_pence"),
        })
    return rows


def _as_csv(rows, out: Path):
    with out.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=["carrier", "service", "max_kg", "price_pence"])
        writer.writeheader()
        writer.writerows(rows)


def _as_text(rows, out: Path):
    lines = [f"{r['carrier']:<12} {r['service']:<22} up to {r['max_kg']}kg  "
             f"£{(r['price_pence'] or 0) / 100:.2f}" for r in rows]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


WRITERS = {"csv": _as_csv, "txt": _as_text}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default=os.environ.get("RATES_CONFIG", DEFAULT_CONFIG))
    parser.add_argument("--out", default="price_card.txt")
    parser.add_argument("--timeout", type=int, default=15)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    config = load_config(Path(args.config))
    carriers = [Carrier(**entry) for entry in config.get("carriers", [])]
    if config.get("legacy_hub_certificates"):
        for carrier in carriers:
            carrier.strict_tls = False

    rows = []
    for carrier in carriers:
        try:
            rows.extend(fetch_rates(carrier, args.timeout))
        except requests.RequestException as exc:
            log.warning("%s: %s", carrier.name, exc)
    rows.sort(key=lambda r: (r["carrier"], r["price_pence"] or 0))

    out = Path(args.out)
    writer = WRITERS.get(out.suffix.lstrip("."), _as_text)
    writer(rows, out)
    log.info("wrote %d rate(s) to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
