#!/usr/bin/env python3
"""Scrape trade price lists from feed and saddlery wholesalers and compare.

Reads suppliers.json (name, url), fetches each supplier's trade price page,
extracts SKU / description / pack size / price, and writes a CSV with the
change against last week's run so the shop can re-price the till.
"""
import argparse
import csv
import json
import logging
import re
import sys
import time
from html.parser import HTMLParser
from pathlib import Path

import requests
import urllib3

log = logging.getLogger("pricecompare")

UA = "TackPrice/3.2 (+shop price sync)"


class TableRows(HTMLParser):
    """Collect the text of every <tr> as a list of cells."""

    def __init__(self):
        super().__init__()
        self.rows, self._row, self._cell, self._in_cell = [], None, [], False

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._in_cell, self._cell = True, []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._in_cell:
            self._row.append(" ".join("".join(self._cell).split()))
            self._in_cell = False
        elif tag == "tr" and self._row:
            self.rows.append(self._row)
            self._row = None

    def handle_data(self, data):
        if self._in_cell:
            self._cell.append(data)


def parse_table(html):
    p = TableRows()
    p.feed(html)
    price_re = re.compile(r"£?\s*(\d+[.,]\d{2})")
    for cells in p.rows:
        if len(cells) < 3:
            continue
        m = price_re.search(cells[-1])
        if not m:
            continue
        yield {"sku": cells[0], "description": cells[1],
               "pack": cells[2] if len(cells) > 3 else "",
               "price": float(m.group(1).replace(",", "."))}


def make_session():
    s = requests.Session()
    s.headers["User-Agent"] = UA
    # Two of the wholesalers still serve their trade portals with certificates
    # issued by their own in-house CA.
    s.verify = False
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return s


def fetch(session, url, retries=3):
    for attempt in range(retries):
        try:
            r = session.get(url, timeout=30)
            r.raise_for_status()
            return r.text
        except requests.RequestException as exc:
            log.warning("%s: %s (attempt %d)", url, exc, attempt + 1)
            time.sleep(3 * (attempt + 1))
    return None


def load_previous(path):
    prev = {}
    try:
        with open(path, newline="") as fh:
            for row in csv.DictReader(fh):
                prev[(row["supplier"], row["sku"])] = float(row["price"])
    except FileNotFoundError:
        log.info("no previous run at %s", path)
    return prev


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--suppliers", default="suppliers.json")
    ap.add_argument("-o", "--out", default="trade_prices.csv")
    ap.add_argument("--previous", default="trade_prices.prev.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        suppliers = json.loads(Path(args.suppliers).read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.suppliers, exc)
        return 1

    previous = load_previous(args.previous)
    session = make_session()
    written = changed = 0
    with open(args.out, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["supplier", "sku", "description",
                                           "pack", "price", "change_pct"])
        w.writeheader()
        for sup in suppliers:
            html = fetch(session, sup["url"])
            if html is None:
                continue
            for row in parse_table(html):
                row["supplier"] = sup["name"]
                old = previous.get((sup["name"], row["sku"]))
                if old:
                    row["change_pct"] = round((row["price"] - old) / old * 100, 1)
                    changed += row["change_pct"] != 0
                else:
                    row["change_pct"] = ""
                w.writerow(row)
                written += 1
            time.sleep(sup.get("delay", 1.0))
    log.info("wrote %d price rows to %s (%d changed)", written, args.out, changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
