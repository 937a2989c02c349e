#!/usr/bin/env python3
"""Weekly digest of classic car auction results for the valuation file.

Fetches the public "results" pages of the auction houses listed in
digest_sources.json, pulls out lot title, year, hammer price and sold/unsold
status, and appends the week's results to results/<yyyy-ww>.csv. Used when
we price restoration projects against what finished cars actually make.

Only plain GET requests; pages are parsed with the stdlib HTML parser so the
script runs on the office PC without extra packages.
"""
import argparse
import csv
import datetime as dt
import http.client
import json
import logging
import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("digest")

PRICE_RE = re.compile(r"(?:£|GBP\s?)([\d,]+)")
YEAR_RE = re.compile(r"\b(19[0-9]{2}|20[0-2][0-9])\b")


def os_label() -> str:
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    return "unknown"


USER_AGENT = f"results-digest/2.1 ({os_label()})"


class LotParser(HTMLParser):
    """Collects text inside elements whose class contains the configured marker."""

    def __init__(self, marker: str):
        super().__init__()
        self.marker = marker
        self.depth = 0
        self.buf = []
        self.lots = []

    def handle_starttag(self, tag, attrs):
        cls = dict(attrs).get("class") or ""
        if self.depth:
            self.depth += 1
        elif self.marker in cls.split():
            self.depth = 1
            self.buf = []

    def handle_endtag(self, tag):
        if self.depth:
            self.depth -= 1
            if self.depth == 0:
                self.lots.append(" ".join(" ".join(self.buf).split()))

    def handle_data(self, data):
        if self.depth:
            self.buf.append(data)


def http_get(url: str, timeout: float = 20.0, redirects: int = 3) -> str:
    for _ in range(redirects + 1):
        parts = urlsplit(url)
        conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        conn = conn_cls(parts.netloc, timeout=timeout)
        path = parts.path or "/"
        if parts.query:
            path += "?" + parts.query
        try:
            conn.request("GET", path, headers={"User-Agent": USER_AGENT, "Accept": "text/html"})
            resp = conn.getresponse()
            if resp.status in (301, 302, 303, 307, 308):
                url = resp.getheader("Location")
                continue
            if resp.status != 200:
                raise RuntimeError(f"{url}: HTTP {resp.status}")
            charset = resp.headers.get_content_charset() or "utf-8"
            return resp.read().decode(charset, errors="replace")
        finally:
            conn.close()
    raise RuntimeError(f"{url}: too many redirects")


def parse_lot(house: str, text: str) -> dict:
    price = PRICE_RE.search(text)
    year = YEAR_RE.search(text)
    sold = not re.search(r"\b(unsold|not sold|withdrawn)\b", text, re.I)
    return {
        "house": house,
        "year": year.group(1) if year else "",
        "title": text[:140],
        "hammer_gbp": price.group(1).replace(",", "") if price and sold else "",
        "status": "sold" if sold else "unsold",
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="weekly auction results digest")
    ap.add_argument("--sources", type=Path, default=Path("digest_sources.json"))
    ap.add_argument("--outdir", type=Path, default=Path("results"))
    ap.add_argument("--min-year", type=int, default=1945)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        sources = json.loads(args.sources.read_text())
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.sources, exc)
        return 2

    year, week, _ = dt.date.today().isocalendar()
    args.outdir.mkdir(exist_ok=True)
    out = args.outdir / f"{year}-{week:02d}.csv"
    new_file = not out.exists()
    rows = []
    for src in sources:
        try:
            html = http_get(src["url"])
        except (OSError, RuntimeError, http.client.HTTPException) as exc:
            log.warning("%s skipped: %s", src.get("house"), exc)
            continue
        p = LotParser(src.get("lot_class", "lot"))
        p.feed(html)
        lots = [parse_lot(src["house"], t) for t in p.lots]
        lots = [l for l in lots if l["year"] and int(l["year"]) >= args.min_year]
        log.info("%s: %d lots", src["house"], len(lots))
        rows.extend(lots)

    with out.open("a", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["house", "year", "title", "hammer_gbp", "status"])
        if new_file:
            w.writeheader()
        w.writerows(rows)
    sold = [int(r["hammer_gbp"]) for r in rows if r["hammer_gbp"]]
    if sold:
        log.info("%d sold, median hammer £%s", len(sold), f"{sorted(sold)[len(sold) // 2]:,}")
    log.info("appended %d rows to %s", len(rows), out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
