#!/usr/bin/env python3
"""Scrape notices from a regional government gazette and keep a page cache.

The gazette's server uses a certificate chain our CA bundle does not accept,
so verification is switched off. Parsed pages are cached as pickles so the
notice extractor can be re-run without hitting the site again.
"""
import argparse
import logging
import os
import pickle
import re
import time
from dataclasses import dataclass, field

import requests
import urllib3
from bs4 import BeautifulSoup

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

BASE = "https://gazette.example-province.gov/notices"
CACHE = os.path.join(".gazette_cache")
log = logging.getLogger("gazette")


@dataclass
class Notice:
    number: str
    title: str
    category: str
    body: str
    links: list = field(default_factory=list)


class GazetteClient:
    def __init__(self, delay=2.0, insecure=True):
        self.session = requests.Session()
        self.session.headers["User-Agent"] = "gazette-watch/0.9"
        self.session.verify = not insecure
        self.delay = delay

    def page(self, number):
        path = os.path.join(CACHE, f"page-{number:05d}.pkl")
        if os.path.exists(path):
            with open(path, "rb") as fh:
                return pickle.load(fh)
        resp = self.session.get(BASE, params={"page": number}, timeout=30)
        resp.raise_for_status()
        notices = self.parse(resp.text)
        os.makedirs(CACHE, exist_ok=True)
        with open(path, "wb") as fh:
            pickle.dump(notices, fh, protocol=pickle.HIGHEST_PROTOCOL)
        time.sleep(self.delay)
        return notices

    @staticmethod
    def parse(html):
        soup = BeautifulSoup(html, "html.parser")
        out = []
        for art in soup.select("article.notice"):
            num = art.get("data-notice-no", "").strip()
            title = art.select_one("h2").get_text(" ", strip=True) if art.select_one("h2") else ""
            cat = art.get("data-category", "general")
            body = art.select_one(".notice-body")
            out.append(Notice(
                number=num,
                title=title,
                category=cat,
                body=body.get_text("\n", strip=True) if body else "",
                links=[a["href"] for a in art.select("a[href]")],
            ))
        return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pages", type=int, default=5)
    ap.add_argument("--match", default=r"(tender|land transfer|licen[cs]e)")
    ap.add_argument("--delay", type=float, default=2.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    pattern = re.compile(args.match, re.IGNORECASE)
    client = GazetteClient(delay=args.delay)
    hits = 0
    for n in range(1, args.pages + 1):
        try:
            notices = client.page(n)
        except requests.RequestException as exc:
            log.error("page %d failed: %s", n, exc)
            continue
        for notice in notices:
            if pattern.search(notice.title) or pattern.search(notice.body):
                hits += 1
                print(f"{notice.number}\t{notice.category}\t{notice.title}")
    log.info("%d matching notices", hits)


if __name__ == "__main__":
    main()
