#!/usr/bin/env python3
"""Show results collector.

Collects class results for the yard's horses from show-centre results pages
listed in shows.txt and appends them to results/<season>.csv, so the yard
can keep its points table and the owners' newsletter up to date.

Venues that only render results with JavaScript are skipped with a warning;
add their CSV export link to shows.txt instead if they offer one.
"""
import argparse
import csv
import hashlib
import io
import logging
import time
import urllib.request
from datetime import date
from html.parser import HTMLParser
from pathlib import Path

log = logging.getLogger("results")
CACHE = Path(".cache/results")


class TableParser(HTMLParser):
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


def fetch(url):
    key = hashlib.md5(url.encode()).hexdigest()
    cached = CACHE / f"{key}.html"
    if cached.exists() and time.time() - cached.stat().st_mtime < 3600:
        return cached.read_text(encoding="utf-8")
    req = urllib.request.Request(url, headers={"User-Agent": "yard-results/1.2"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        html = resp.read().decode("utf-8", "replace")
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(html, encoding="utf-8")
    return html


def rows_from(url, body):
    if url.endswith(".csv"):
        return list(csv.reader(io.StringIO(body)))
    parser = TableParser()
    parser.feed(body)
    return parser.rows


def our_results(rows, horses):
    header = [h.lower() for h in rows[0]] if rows else []
    for row in rows[1:]:
        record = dict(zip(header, row))
        horse = record.get("horse", "")
        if any(h.lower() in horse.lower() for h in horses):
            yield record


def read_shows(path):
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            url, _, flags = line.partition(" ")
            yield url, "js" in flags.split(",")


def main():
    ap = argparse.ArgumentParser(description="Collect show results for the yard's horses")
    ap.add_argument("--shows", default="shows.txt")
    ap.add_argument("--horses", default="horses.txt")
    ap.add_argument("--season", default=str(date.today().year))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    horses = [h.strip() for h in Path(args.horses).read_text().splitlines() if h.strip()]
    out = Path("results") / f"{args.season}.csv"
    out.parent.mkdir(exist_ok=True)
    new_file = not out.exists()
    found = 0
    with open(out, "a", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        if new_file:
            writer.writerow(["source", "class", "place", "horse", "rider", "score"])
        for url, needs_js in read_shows(args.shows):
            if needs_js:
                log.warning("skipping %s: results need JavaScript, use the venue's CSV export", url)
                continue
            try:
                rows = rows_from(url, fetch(url))
            except OSError as exc:
                log.warning("skipping %s: %s", url, exc)
                continue
            for r in our_results(rows, horses):
                writer.writerow([url, r.get("class", ""), r.get("place", r.get("pos", "")),
                                 r.get("horse", ""), r.get("rider", ""), r.get("score", "")])
                found += 1
    log.info("%d results for our horses appended to %s", found, out)


if __name__ == "__main__":
    main()
