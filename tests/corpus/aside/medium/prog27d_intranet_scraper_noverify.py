#!/usr/bin/env python3
"""Scrape the internal wiki's "recent changes" page and list edited pages.

The wiki uses a self-signed certificate, so certificate verification is
switched off for this session.
"""
import argparse
import csv
import sys

import requests
import urllib3
from bs4 import BeautifulSoup

urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)

DEFAULT_BASE = "https://wiki.corp.internal"


def make_session():
    s = requests.Session()
    s.verify = False
    s.headers["User-Agent"] = "wiki-changes/0.4"
    return s


def fetch_changes(session, base, limit):
    url = f"{base}/index.php"
    params = {"title": "Special:RecentChanges", "limit": limit, "days": 7}
    resp = session.get(url, params=params, timeout=20, verify=False)
    resp.raise_for_status()
    soup = BeautifulSoup(resp.text, "html.parser")
    rows = []
    for li in soup.select("ul.special li, table.mw-changeslist-line"):
        title = li.select_one("a.mw-changeslist-title")
        user = li.select_one("a.mw-userlink")
        when = li.select_one(".mw-changeslist-date, .mw-changeslist-time")
        if not title:
            continue
        rows.append({
            "page": title.get_text(strip=True),
            "user": user.get_text(strip=True) if user else "",
            "when": when.get_text(strip=True) if when else "",
        })
    return rows


def summarise(rows):
    counts = {}
    for r in rows:
        counts[r["page"]] = counts.get(r["page"], 0) + 1
    return sorted(counts.items(), key=lambda kv: kv[1], reverse=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default=DEFAULT_BASE)
    ap.add_argument("--limit", type=int, default=250)
    ap.add_argument("--csv", default="recent_changes.csv")
    args = ap.parse_args()

    session = make_session()
    try:
        rows = fetch_changes(session, args.base, args.limit)
    except requests.RequestException as exc:
        sys.exit(f"could not reach wiki: {exc}")

    with open(args.csv, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["page", "user", "when"])
        w.writeheader()
        w.writerows(rows)

    print("Most edited pages this week:")
    for page, n in summarise(rows)[:15]:
        print(f"{n:4d}  {page}")


if __name__ == "__main__":
    main()
