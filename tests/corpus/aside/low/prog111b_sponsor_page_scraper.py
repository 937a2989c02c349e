#!/usr/bin/env python3
"""Collect fundraising totals from runners' sponsorship pages.

Reads the entrant export (needs bib, name and page_url columns), fetches each
runner's public fundraising page and pulls out the amount raised and the
target, so the charity team can put a running total on the big screen and
thank the top fundraisers at the finish.

Pages are cached for --max-age minutes so re-running during the day doesn't
hammer the fundraising platform.
"""
import argparse
import csv
import hashlib
import logging
import re
import sys
import time
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

log = logging.getLogger("sponsors")

CACHE_DIR = Path(".cache/sponsor_pages")
UA = "Mozilla/5.0 (compatible; RiversideHalfTotals/1.2; +https://riversidehalf.example.org)"
MONEY = re.compile(r"[£$€]?\s*([0-9][0-9,]*(?:\.[0-9]{2})?)")


class TotalsParser(HTMLParser):
    """Looks for the raised/target figures the platform marks up with data attributes."""

    def __init__(self):
        super().__init__()
        self.raised = None
        self.target = None
        self._capture = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and a.get("property") == "fundraising:raised":
            self.raised = a.get("content")
        elif tag == "meta" and a.get("property") == "fundraising:target":
            self.target = a.get("content")
        elif "data-raised" in a or "total-raised" in (a.get("class") or ""):
            self._capture = "raised"
        elif "data-target" in a or "target-amount" in (a.get("class") or ""):
            self._capture = "target"

    def handle_data(self, data):
        if self._capture and data.strip():
            m = MONEY.search(data)
            if m and getattr(self, self._capture) is None:
                setattr(self, self._capture, m.group(1))
            self._capture = None


def to_amount(text):
    if text is None:
        return None
    try:
        return round(float(str(text).replace(",", "")), 2)
    except ValueError:
        return None


def fetch(url, max_age, retries=3):
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    cached = CACHE_DIR / (hashlib.md5(url.encode()).hexdigest() + ".html")
    if cached.exists() and time.time() - cached.stat().st_mtime < max_age * 60:
        return cached.read_text(encoding="utf-8", errors="replace")
    req = urllib.request.Request(url, headers={"User-Agent": UA})
    for attempt in range(1, retries + 1):
        try:
            with urllib.request.urlopen(req, timeout=15) as resp:
                html = resp.read().decode(resp.headers.get_content_charset() or "utf-8", "replace")
            cached.write_text(html, encoding="utf-8")
            return html
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                raise
            log.debug("HTTP %s for %s", exc.code, url)
        except urllib.error.URLError as exc:
            log.debug("attempt %d for %s failed: %s", attempt, url, exc.reason)
        time.sleep(attempt * 1.5)
    raise RuntimeError("could not fetch " + url)


def scrape(rows, max_age, delay):
    for row in rows:
        url = (row.get("page_url") or "").strip()
        if not url.startswith("http"):
            continue
        try:
            parser = TotalsParser()
            parser.feed(fetch(url, max_age))
        except (urllib.error.HTTPError, RuntimeError) as exc:
            log.warning("bib %s: %s", row.get("bib"), exc)
            continue
        yield {"bib": row.get("bib"), "name": row.get("name"), "page_url": url,
               "raised": to_amount(parser.raised), "target": to_amount(parser.target)}
        time.sleep(delay)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("entrants", help="entrant export CSV with page_url column")
    ap.add_argument("-o", "--out", default="sponsorship_totals.csv")
    ap.add_argument("--max-age", type=int, default=30, help="cache lifetime in minutes")
    ap.add_argument("--delay", type=float, default=1.0, help="seconds between page fetches")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        with open(args.entrants, newline="", encoding="utf-8-sig") as fh:
            rows = list(csv.DictReader(fh))
    except OSError as exc:
        sys.exit("cannot read %s: %s" % (args.entrants, exc))

    results = list(scrape(rows, args.max_age, args.delay))
    total = sum(r["raised"] or 0 for r in results)
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["bib", "name", "page_url", "raised", "target"])
        w.writeheader()
        w.writerows(sorted(results, key=lambda r: -(r["raised"] or 0)))

    log.info("%d pages read, %.2f raised in total", len(results), total)
    for r in sorted(results, key=lambda r: -(r["raised"] or 0))[:5]:
        log.info("  %-24s %10.2f", r["name"], r["raised"] or 0)


if __name__ == "__main__":
    main()
