#!/usr/bin/env python3
"""Scrape published LTL/FTL tariff tables from carrier portals.

Reads the portal list from carriers.json, fetches each tariff page, pulls out
the lane / weight-break table and writes a normalised CSV that the quoting
desk imports into the rate engine every morning.  Parsed tables are cached
under .cache/ so re-runs during the day do not hammer the portals.
"""
import argparse
import csv
import json
import logging
import pickle
import re
import sys
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import requests

log = logging.getLogger("tariff_scraper")

DEFAULT_UA = "Mozilla/5.0 (X11; Linux x86_64) RateDesk/3.4"
CACHE_DIR = Path(".cache/tariffs")
CACHE_TTL = 6 * 3600
MONEY = re.compile(r"[-+]?\d[\d,]*(?:\.\d+)?")


@dataclass
class TariffTable:
    carrier: str
    origin: str
    fetched_at: float
    headers: list = field(default_factory=list)
    rows: list = field(default_factory=list)


class TableExtractor(HTMLParser):
    """Collects the rows of the first <table> whose class contains css_class."""

    def __init__(self, css_class="tariff"):
        super().__init__(convert_charrefs=True)
        self.css_class = css_class
        self.active = False
        self.finished = False
        self.row = None
        self.cell = None
        self.rows = []

    def handle_starttag(self, tag, attrs):
        if self.finished:
            return
        attrs = dict(attrs)
        if tag == "table" and not self.active:
            if not self.css_class or self.css_class in (attrs.get("class") or ""):
                self.active = True
        elif self.active and tag == "tr":
            self.row = []
        elif self.active and tag in ("td", "th") and self.row is not None:
            self.cell = []

    def handle_endtag(self, tag):
        if not self.active:
            return
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(" ".join(t for t in self.cell if t))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            if any(self.row):
                self.rows.append(self.row)
            self.row = None
        elif tag == "table":
            self.active = False
            self.finished = True

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data.strip())


def _money(text):
    m = MONEY.search(text or "")
    return float(m.group(0).replace(",", "")) if m else None


def parse_rate_row(cells):
    """Default row parser: lane, then one price per weight break."""
    lane = cells[0].strip()
    return [lane] + [_money(c) for c in cells[1:]]


def fetch_page(session, url, retries=3, backoff=4.0):
    for attempt in range(1, retries + 1):
        try:
            resp = session.get(url, timeout=30)
            if resp.status_code == 429:
                wait = float(resp.headers.get("Retry-After", backoff * attempt))
                log.warning("rate limited by %s, sleeping %.0fs", url, wait)
                time.sleep(wait)
                continue
            resp.raise_for_status()
            return resp.text
        except requests.RequestException as exc:
            log.warning("attempt %d/%d for %s failed: %s", attempt, retries, url, exc)
            time.sleep(backoff * attempt)
    raise RuntimeError(f"giving up on {url}")


class TariffCache:
    def __init__(self, root=CACHE_DIR, ttl=CACHE_TTL):
        self.root = Path(root)
        self.ttl = ttl
        self.root.mkdir(parents=True, exist_ok=True)

    def _path(self, carrier, origin):
        return self.root / f"{carrier}_{origin}.pkl".replace("/", "-")

    def get(self, carrier, origin):
        path = self._path(carrier, origin)
        if not path.exists() or time.time() - path.stat().st_mtime > self.ttl:
            return None
        with path.open("rb") as fh:
            return pickle.load(fh)

    def put(self, table):
        with self._path(table.carrier, table.origin).open("wb") as fh:
            pickle.dump(table, fh, protocol=pickle.HIGHEST_PROTOCOL)

    def clear(self):
        for p in self.root.glob("*.pkl"):
            p.unlink()


def scrape_carrier(session, cache, entry, row_parser=parse_rate_row):
    carrier, origin = entry["carrier"], entry.get("origin", "ALL")
    cached = cache.get(carrier, origin)
    if cached is not None:
        log.info("%s/%s: using cached table (%d rows)", carrier, origin, len(cached.rows))
        return cached
    html = fetch_page(session, entry["url"])
    extractor = TableExtractor(entry.get("table_class", "tariff"))
    extractor.feed(html)
    if not extractor.rows:
        raise ValueError(f"no tariff table found for {carrier}")
    header, *body = extractor.rows
    table = TariffTable(carrier, origin, time.time(), header)
    for cells in body:
        try:
            table.rows.append(row_parser(cells))
        except (IndexError, ValueError) as exc:
            log.debug("skipping row %r: %s", cells, exc)
    cache.put(table)
    log.info("%s/%s: parsed %d rows", carrier, origin, len(table.rows))
    return table


def write_csv(tables, out_path):
    with open(out_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["carrier", "origin", "lane", "break", "rate"])
        for t in tables:
            breaks = t.headers[1:]
            for row in t.rows:
                for brk, rate in zip(breaks, row[1:]):
                    if rate is not None:
                        w.writerow([t.carrier, t.origin, row[0], brk, f"{rate:.2f}"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--carriers", default="carriers.json")
    ap.add_argument("-o", "--out", default="tariffs.csv")
    ap.add_argument("--refresh", action="store_true", help="ignore cached tables")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        entries = json.loads(Path(args.carriers).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        log.error("cannot read %s: %s", args.carriers, exc)
        return 2

    cache = TariffCache()
    if args.refresh:
        cache.clear()
    session = requests.Session()
    session.headers.update({"User-Agent": DEFAULT_UA, "Accept": "text/html"})

    tables, failed = [], 0
    for entry in entries:
        try:
            tables.append(scrape_carrier(session, cache, entry))
        except Exception as exc:  # keep going, the desk wants partial output
            failed += 1
            log.error("%s: %s", entry.get("carrier"), exc)
    write_csv(tables, args.out)
    log.info("wrote %s (%d carriers, %d failed)", args.out, len(tables), failed)
    return 1 if failed and not tables else 0


if __name__ == "__main__":
    sys.exit(main())
