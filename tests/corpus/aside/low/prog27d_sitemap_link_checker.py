#!/usr/bin/env python3
"""Walk a site's sitemap.xml (including nested sitemap indexes) and HEAD
every listed URL, recording the status code in sitemap_report.csv."""
import argparse
import csv
import time
from collections import deque
from urllib.parse import urljoin

import requests
from bs4 import BeautifulSoup

HEADERS = {"User-Agent": "sitemap-checker/1.1"}


def get_locs(session, sitemap_url):
    resp = session.get(sitemap_url, timeout=20)
    resp.raise_for_status()
    soup = BeautifulSoup(resp.text, "html.parser")
    nested = [loc.get_text(strip=True) for sm in soup.find_all("sitemap")
              for loc in sm.find_all("loc")]
    pages = [loc.get_text(strip=True) for u in soup.find_all("url")
             for loc in u.find_all("loc")]
    return nested, pages


def collect(session, root, max_sitemaps):
    queue = deque([root])
    seen = set()
    pages = []
    while queue and len(seen) < max_sitemaps:
        sm = queue.popleft()
        if sm in seen:
            continue
        seen.add(sm)
        try:
            nested, found = get_locs(session, sm)
        except requests.RequestException as exc:
            print(f"sitemap {sm} failed: {exc}")
            continue
        queue.extend(nested)
        pages.extend(found)
    return pages


def check(session, url):
    try:
        r = session.head(url, allow_redirects=True, timeout=10)
        if r.status_code == 405:
            r = session.get(url, stream=True, timeout=10)
            r.close()
        return r.status_code, r.url
    except requests.RequestException as exc:
        return "error", str(exc)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site", help="e.g. https://example.com/")
    ap.add_argument("--delay", type=float, default=0.5)
    ap.add_argument("--max-sitemaps", type=int, default=50)
    ap.add_argument("--out", default="sitemap_report.csv")
    args = ap.parse_args()

    session = requests.Session()
    session.headers.update(HEADERS)
    root = urljoin(args.site, "/sitemap.xml")
    pages = collect(session, root, args.max_sitemaps)
    print(f"{len(pages)} URLs found")

    broken = 0
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(["url", "status", "final_url"])
        for url in pages:
            status, final = check(session, url)
            if status == "error" or (isinstance(status, int) and status >= 400):
                broken += 1
            writer.writerow([url, status, final])
            time.sleep(args.delay)
    print(f"done: {broken} broken of {len(pages)}; report in {args.out}")


if __name__ == "__main__":
    main()
