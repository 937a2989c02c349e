#!/usr/bin/env python3
"""Collect current shipping rates for the shop's standard parcel presets.

For every parcel preset (weight + box size) and destination zone, asks each
configured carrier quote endpoint for a price and also reads the public
retail rate chart, then writes one CSV the checkout calculator can load.

    ./shipping_rate_scraper.py --parcels parcels.json --output rates.csv
"""
import argparse
import csv
import json
import logging
import sys
import time
from html.parser import HTMLParser
from urllib.parse import urlparse

import requests

log = logging.getLogger("rate-scraper")

CARRIERS = {
    "groundline": "https://quotes.groundline.example/api/v2/rate",
    "parcelpost": "https://www.parcelpost.example/rates/quote.json",
    "swiftship": "https://api.swiftship.example/public/estimate",
}
RETAIL_CHART = "https://www.parcelpost.example/retail-rates/ground-advantage"
ZONES = ["1-2", "3", "4", "5", "6", "7", "8"]


class RateTableParser(HTMLParser):
    """Pulls the rows of the first <table class="rate-chart"> into lists."""

    def __init__(self):
        super().__init__()
        self.rows, self._row, self._cell = [], None, None
        self._in_table = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and "rate-chart" in (attrs.get("class") or ""):
            self._in_table = True
        elif self._in_table and tag == "tr":
            self._row = []
        elif self._in_table and tag in ("td", "th"):
            self._cell = ""

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data.strip()

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append(self._cell)
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.append(self._row)
            self._row = None
        elif tag == "table" and self._in_table:
            self._in_table = False


def retail_chart(session, timeout):
    r = session.get(RETAIL_CHART, timeout=timeout)
    r.raise_for_status()
    parser = RateTableParser()
    parser.feed(r.text)
    header, *body = parser.rows or [[]]
    chart = {}
    for row in body:
        try:
            weight_oz = float(row[0].split()[0])
        except (ValueError, IndexError):
            continue
        chart[weight_oz] = dict(zip(header[1:], (c.lstrip("$") for c in row[1:])))
    return chart


def quote(session, carrier, url, parcel, zone, timeout, retries=3):
    params = {"weight_oz": parcel["weight_oz"], "length": parcel["l"], "width": parcel["w"],
              "height": parcel["h"], "zone": zone}
    for attempt in range(retries):
        try:
            r = session.get(url, params=params, timeout=timeout)
            if r.status_code == 429:
                time.sleep(2 + attempt * 3)
                continue
            r.raise_for_status()
            data = r.json()
            return float(data.get("total") or data.get("rate") or data["price"]["amount"])
        except (requests.RequestException, KeyError, ValueError) as exc:
            log.debug("%s %s zone %s: %s", carrier, parcel["name"], zone, exc)
            time.sleep(1 + attempt)
    return None


def scrape(parcels, timeout, carriers):
    session = requests.Session()
    session.headers["User-Agent"] = "KnottyYarns-RateScraper/1.2 (+ops@knotty-yarns.example)"
    try:
        chart = retail_chart(session, timeout)
    except requests.RequestException as exc:
        log.warning("retail chart unavailable: %s", exc)
        chart = {}
    for parcel in parcels:
        for zone in ZONES:
            row = {"parcel": parcel["name"], "weight_oz": parcel["weight_oz"], "zone": zone}
            for name in carriers:
                row[name] = quote(session, name, CARRIERS[name], parcel, zone, timeout)
            nearest = min(chart, key=lambda w: abs(w - parcel["weight_oz"]), default=None)
            row["retail"] = chart.get(nearest, {}).get(f"Zone {zone}") if nearest else None
            yield row


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--parcels", default="parcels.json")
    ap.add_argument("--output", default="rates.csv")
    ap.add_argument("--timeout", type=float, default=15)
    ap.add_argument("--carrier", action="append", choices=sorted(CARRIERS),
                    help="limit to these carriers (repeatable)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    with open(args.parcels) as fh:
        parcels = json.load(fh)
    carriers = args.carrier or sorted(CARRIERS)
    log.info("quoting %d parcels x %d zones on %s", len(parcels), len(ZONES),
             ", ".join(urlparse(CARRIERS[c]).hostname for c in carriers))

    fields = ["parcel", "weight_oz", "zone", *carriers, "retail"]
    count = 0
    with open(args.output, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields)
        writer.writeheader()
        for row in scrape(parcels, args.timeout, carriers):
            writer.writerow(row)
            count += 1
    log.info("wrote %d rows to %s", count, args.output)
    return 0 if count else 1


if __name__ == "__main__":
    sys.exit(main())
