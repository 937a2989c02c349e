#!/usr/bin/env python3
"""Audit a site's sitemap(s) for stale <lastmod> values and dead URLs.

Walks sitemap index files, collects every <loc>, issues a HEAD request for
each one and writes a CSV report into the current working directory.
"""
import argparse
import csv
import datetime as dt
import logging
import sys
from dataclasses import dataclass, field
from typing import Iterator, List, Optional

import requests
from defusedxml import ElementTree as SafeET

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
log = logging.getLogger("sitemap-audit")


@dataclass
class UrlEntry:
    loc: str
    lastmod: Optional[dt.date] = None
    status: Optional[int] = None
    notes: List[str] = field(default_factory=list)


class SitemapWalker:
    def __init__(self, session: requests.Session, max_depth: int = 3):
        self.session = session
        self.max_depth = max_depth
        self.seen = set()

    def _fetch(self, url: str) -> Optional[bytes]:
        try:
            resp = self.session.get(url, timeout=15)
            resp.raise_for_status()
            return resp.content
        except requests.RequestException as exc:
            log.warning("could not fetch %s: %s", url, exc)
            return None

    def walk(self, url: str, depth: int = 0) -> Iterator[UrlEntry]:
        if url in self.seen or depth > self.max_depth:
            return
        self.seen.add(url)
        body = self._fetch(url)
        if body is None:
            return
        root = SafeET.fromstring(body)
        if root.tag.endswith("sitemapindex"):
            for child in root.findall("sm:sitemap/sm:loc", NS):
                yield from self.walk(child.text.strip(), depth + 1)
            return
        for node in root.findall("sm:url", NS):
            loc = node.findtext("sm:loc", default="", namespaces=NS).strip()
            raw = node.findtext("sm:lastmod", default="", namespaces=NS).strip()
            entry = UrlEntry(loc=loc)
            if raw:
                try:
                    entry.lastmod = dt.date.fromisoformat(raw[:10])
                except ValueError:
                    entry.notes.append(f"bad lastmod {raw!r}")
            yield entry


def check_entries(session, entries, stale_days):
    cutoff = dt.date.today() - dt.timedelta(days=stale_days)
    for entry in entries:
        try:
            head = session.head(entry.loc, allow_redirects=True, timeout=10)
            entry.status = head.status_code
        except requests.RequestException as exc:
            entry.notes.append(f"head failed: {exc.__class__.__name__}")
        if entry.lastmod and entry.lastmod < cutoff:
            entry.notes.append("stale")
        yield entry


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sitemap", help="URL of sitemap.xml or sitemap index")
    ap.add_argument("--stale-days", type=int, default=365)
    ap.add_argument("--out", default="sitemap_audit.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    session = requests.Session()
    session.headers["User-Agent"] = "sitemap-audit/1.4 (+https://example.org/bot)"
    walker = SitemapWalker(session)
    problems = 0
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["loc", "lastmod", "status", "notes"])
        for e in check_entries(session, walker.walk(args.sitemap), args.stale_days):
            if e.notes or (e.status or 0) >= 400:
                problems += 1
            writer.writerow([e.loc, e.lastmod or "", e.status or "", "; ".join(e.notes)])
    log.info("wrote %s (%d entries with problems)", args.out, problems)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
