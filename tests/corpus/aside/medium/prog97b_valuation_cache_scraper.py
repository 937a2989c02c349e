#!/usr/bin/env python3
"""Collect trade-in valuations for appraisal sheets.

For each VIN/mileage pair in the appraisal queue, fetch the public valuation
page from each configured guide site and pull out the trade/retail figures.
Site layouts change often, so the CSS selectors are published as JSON on the
tools server; the compiled selector set is cached locally between runs.
"""
import argparse
import csv
import json
import logging
import pickle
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

import requests
from bs4 import BeautifulSoup

LOG = logging.getLogger("valuations")
CACHE_DIR = Path(".valuation_cache")
RULES_MAX_AGE = 6 * 3600

DEFAULTS = {
    "rules_url": "https://tools.lotdesk-apps.com/parsers/valuation_rules.json",
    "sites": {
        "guideone": "https://www.guideone-values.com/used/lookup",
        "tradeiq": "https://tradeiq.example-values.com/appraise",
    },
    "delay": 2.0,
}


class SelectorRules:
    """Per-site CSS selectors, refreshed from the tools server."""

    def __init__(self, url: str, cache_dir: Path = CACHE_DIR):
        self.url = url
        self.path = cache_dir / "rules.pkl"
        self.rules = None

    def _stale(self) -> bool:
        return not self.path.exists() or time.time() - self.path.stat().st_mtime > RULES_MAX_AGE

    def refresh(self):
        if not self._stale():
            return
        self.path.parent.mkdir(exist_ok=True)
        resp = requests.get(self.url, timeout=20)
        resp.raise_for_status()
        rules = {site: {field: sel.strip() for field, sel in fields.items()}
                 for site, fields in resp.json().items()}
        with self.path.open("wb") as fh:
            pickle.dump(rules, fh)
        LOG.info("selector rules updated for %d sites", len(rules))

    def load(self) -> dict:
        if self.rules is None:
            self.refresh()
            with self.path.open("rb") as fh:
                self.rules = pickle.load(fh)
        return self.rules

    def extract(self, site: str, html: str) -> dict:
        selectors = self.load().get(site)
        if not selectors:
            raise KeyError(f"no selectors for {site}")
        soup = BeautifulSoup(html, "html.parser")
        out = {}
        for field, css in selectors.items():
            node = soup.select_one(css)
            if node is None:
                continue
            digits = "".join(ch for ch in node.get_text() if ch.isdigit() or ch == ".")
            out[field] = float(digits) if digits else None
        return out


def read_queue(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield row["vin"].strip().upper(), int(row.get("mileage") or 0), row.get("zip", "")


def fetch_page(session, base_url, vin, mileage, zipcode):
    query = urlencode({"vin": vin, "mileage": mileage, "zip": zipcode})
    resp = session.get(f"{base_url}?{query}", timeout=25)
    resp.raise_for_status()
    return resp.text


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("queue", type=Path, help="CSV with vin,mileage,zip")
    ap.add_argument("--config", type=Path, default=Path("valuations.json"))
    ap.add_argument("--out", type=Path, default=Path("valuations_out.csv"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = dict(DEFAULTS)
    if args.config.exists():
        cfg.update(json.loads(args.config.read_text()))

    rules = SelectorRules(cfg["rules_url"])
    session = requests.Session()
    session.headers["User-Agent"] = "Mozilla/5.0 (appraisal-desk)"

    rows = []
    for vin, mileage, zipcode in read_queue(args.queue):
        for site, base in cfg["sites"].items():
            try:
                html = fetch_page(session, base, vin, mileage, zipcode)
                values = rules.extract(site, html)
            except (requests.RequestException, KeyError, ValueError) as exc:
                LOG.warning("%s %s: %s", vin, site, exc)
                continue
            rows.append({"vin": vin, "site": site, "mileage": mileage,
                         "trade": values.get("trade"), "retail": values.get("retail")})
            time.sleep(cfg["delay"])

    with args.out.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["vin", "site", "mileage", "trade", "retail"])
        writer.writeheader()
        writer.writerows(rows)
    LOG.info("wrote %d valuations to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
