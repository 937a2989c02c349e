#!/usr/bin/env python3
"""Audit every link found in a site's sitemap.xml and report dead or redirected URLs.

Reads the sitemap, fetches each page politely (robots.txt aware, jittered delay),
collects outbound anchors and checks them with HEAD requests. Results are written
as CSV into the current working directory.
"""
import argparse
import csv
import logging
import random
import time
from urllib import robotparser
from urllib.parse import urljoin, urlparse

import requests
from bs4 import BeautifulSoup

LOG = logging.getLogger("sitemap-audit")
USER_AGENT = "LinkAuditBot/1.3 (+https://docs.example.org/linkaudit)"


class PoliteFetcher:
    def __init__(self, base_url, min_delay=1.0, max_delay=2.5):
        self.session = requests.Session()
        self.session.headers["User-Agent"] = USER_AGENT
        self.min_delay, self.max_delay = min_delay, max_delay
        self.robots = robotparser.RobotFileParser()
        self.robots.set_url(urljoin(base_url, "/robots.txt"))
        try:
            self.robots.read()
        except OSError as exc:
            LOG.warning("robots.txt unavailable: %s", exc)

    def _pause(self):
        # jitter only spreads load; it is not security relevant
        time.sleep(random.uniform(self.min_delay, self.max_delay))

    def allowed(self, url):
        return self.robots.can_fetch(USER_AGENT, url)

    def get(self, url):
        self._pause()
        return self.session.get(url, timeout=15)

    def head(self, url):
        self._pause()
        return self.session.head(url, timeout=10, allow_redirects=False)


def sitemap_urls(fetcher, sitemap_url):
    resp = fetcher.get(sitemap_url)
    resp.raise_for_status()
    soup = BeautifulSoup(resp.content, "xml")
    return [loc.get_text(strip=True) for loc in soup.find_all("loc")]


def page_links(fetcher, page_url):
    resp = fetcher.get(page_url)
    if resp.status_code != 200:
        LOG.info("skip %s (%s)", page_url, resp.status_code)
        return set()
    soup = BeautifulSoup(resp.text, "html.parser")
    found = set()
    for anchor in soup.select("a[href]"):
        href = urljoin(page_url, anchor["href"])
        if urlparse(href).scheme in ("http", "https"):
            found.add(href.split("#", 1)[0])
    return found


def check(fetcher, url):
    try:
        resp = fetcher.head(url)
        return resp.status_code, resp.headers.get("Location", "")
    except requests.RequestException as exc:
        return "error", type(exc).__name__


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("site", help="e.g. https://docs.example.org")
    ap.add_argument("--out", default="link_audit.csv")
    ap.add_argument("--limit", type=int, default=200)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    fetcher = PoliteFetcher(args.site)
    pages = sitemap_urls(fetcher, urljoin(args.site, "/sitemap.xml"))[: args.limit]
    LOG.info("%d pages in sitemap", len(pages))

    checked = {}
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["page", "link", "status", "detail"])
        for page in pages:
            if not fetcher.allowed(page):
                continue
            for link in sorted(page_links(fetcher, page)):
                if link not in checked:
                    checked[link] = check(fetcher, link)
                status, detail = checked[link]
                if status == "error" or (isinstance(status, int) and status >= 300):
                    writer.writerow([page, link, status, detail])
    LOG.info("checked %d unique links, report in %s", len(checked), args.out)


if __name__ == "__main__":
    main()
