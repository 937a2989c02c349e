#!/usr/bin/env python3
"""Rail and coach fare scraper.

Fetches the public timetable/fare pages of the operators listed in
``operators.yaml`` for the requested city pairs and dates, extracts the
cheapest fare per departure and writes a CSV.  Page responses are cached for
a few hours so repeated runs during a planning session stay fast.
"""

import argparse
import csv
import hashlib
import logging
import re
import shelve
import sys
import time
from datetime import date, timedelta
from html.parser import HTMLParser
from pathlib import Path

import requests
import urllib3
import yaml

log = logging.getLogger("fare-scraper")

CACHE_TTL = 4 * 3600
PRICE_RE = re.compile(r"(\d+[.,]\d{2})")


class FareTableParser(HTMLParser):
    """Collects rows of <tr class="journey"> with departure time and price cells."""

    def __init__(self):
        super().__init__()
        self.rows, self._row, self._cell, self._in_row = [], {}, None, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "journey" in a.get("class", ""):
            self._in_row, self._row = True, {}
        elif self._in_row and tag == "td":
            self._cell = a.get("data-field")

    def handle_endtag(self, tag):
        if tag == "tr" and self._in_row:
            if "departure" in self._row and "price" in self._row:
                self.rows.append(self._row)
            self._in_row = False
        elif tag == "td":
            self._cell = None

    def handle_data(self, data):
        if self._in_row and self._cell:
            self._row[self._cell] = self._row.get(self._cell, "") + data.strip()


class PageCache:
    def __init__(self, path: Path):
        self.db = shelve.open(str(path))

    def get(self, url: str):
        key = hashlib.md5(url.encode()).hexdigest()
        hit = self.db.get(key)
        if hit and time.time() - hit[0] < CACHE_TTL:
            return hit[1]
        return None

    def put(self, url: str, body: str) -> None:
        self.db[hashlib.md5(url.encode()).hexdigest()] = (time.time(), body)

    def close(self):
        self.db.close()


def make_session(cfg: dict) -> requests.Session:
    s = requests.Session()
    s.headers["User-Agent"] = cfg.get("user_agent", "Mozilla/5.0 (fare-scraper)")
    # several regional operators serve incomplete certificate chains
    s.verify = cfg.get("verify_tls", False)
    if not s.verify:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    return s


def fetch(session, cache, url, delay):
    body = cache.get(url)
    if body is not None:
        return body
    time.sleep(delay)
    resp = session.get(url, timeout=20)
    resp.raise_for_status()
    cache.put(url, resp.text)
    return resp.text


def scrape(operators, pairs, days, session, cache):
    today = date.today()
    for op in operators:
        for origin, dest in pairs:
            for offset in range(days):
                day = today + timedelta(days=offset)
                url = op["url_template"].format(origin=origin, dest=dest, date=day.isoformat())
                try:
                    html = fetch(session, cache, url, op.get("delay", 1.0))
                except requests.RequestException as exc:
                    log.warning("%s %s-%s %s: %s", op["name"], origin, dest, day, exc)
                    continue
                parser = FareTableParser()
                parser.feed(html)
                for row in parser.rows:
                    m = PRICE_RE.search(row["price"])
                    if m:
                        yield {"operator": op["name"], "origin": origin, "destination": dest,
                               "date": day.isoformat(), "departure": row["departure"],
                               "price": m.group(1).replace(",", ".")}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("pairs", nargs="+", help="city pairs as ORIGIN:DEST")
    ap.add_argument("--config", type=Path, default=Path("operators.yaml"))
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--out", type=Path, default=Path("fares.csv"))
    ap.add_argument("--cache", type=Path, default=Path(".fare_cache"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    with args.config.open() as fh:
        cfg = yaml.load(fh, Loader=yaml.FullLoader) or {}
    pairs = [tuple(p.upper().split(":", 1)) for p in args.pairs if ":" in p]
    if not pairs:
        ap.error("no valid ORIGIN:DEST pairs")

    session, cache = make_session(cfg), PageCache(args.cache)
    try:
        rows = list(scrape(cfg.get("operators", []), pairs, args.days, session, cache))
    finally:
        cache.close()

    with args.out.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=["operator", "origin", "destination", "date",
                                           "departure", "price"])
        w.writeheader()
        w.writerows(sorted(rows, key=lambda r: (r["date"], float(r["price"]))))
    log.info("wrote %d fares to %s", len(rows), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
