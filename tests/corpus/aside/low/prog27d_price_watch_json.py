#!/usr/bin/env python3
"""Track prices of product pages listed in watchlist.json.

Pages are cached in ./.price_cache/ keyed by an MD5 of the URL so repeated
runs within the cache window do not hit the shop again. Price history is
appended to price_history.json in the working directory.
"""
import hashlib
import json
import os
import re
import sys
import time

import requests
from bs4 import BeautifulSoup

CACHE_DIR = ".price_cache"
CACHE_SECONDS = 3600
WATCHLIST = "watchlist.json"
HISTORY = "price_history.json"
PRICE_RE = re.compile(r"(\d+[.,]\d{2})")


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return os.path.join(CACHE_DIR, key + ".html")


def get_page(url):
    os.makedirs(CACHE_DIR, exist_ok=True)
    path = cache_path(url)
    if os.path.exists(path) and time.time() - os.path.getmtime(path) < CACHE_SECONDS:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    resp = requests.get(url, headers={"User-Agent": "Mozilla/5.0 price-watch"}, timeout=20)
    resp.raise_for_status()
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(resp.text)
    return resp.text


def extract_price(html, selector):
    soup = BeautifulSoup(html, "html.parser")
    node = soup.select_one(selector)
    if node is None:
        return None
    m = PRICE_RE.search(node.get_text(" ", strip=True))
    return float(m.group(1).replace(",", ".")) if m else None


def load_json(path, default):
    if not os.path.exists(path):
        return default
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)


def main():
    watch = load_json(WATCHLIST, [])
    if not watch:
        sys.exit(f"add items to {WATCHLIST}: [{{'name':..,'url':..,'selector':..,'target':..}}]")
    history = load_json(HISTORY, {})
    now = time.strftime("%Y-%m-%dT%H:%M:%S")
    for item in watch:
        try:
            price = extract_price(get_page(item["url"]), item.get("selector", ".price"))
        except requests.RequestException as exc:
            print(f"{item['name']}: fetch failed ({exc})")
            continue
        if price is None:
            print(f"{item['name']}: price not found")
            continue
        history.setdefault(item["name"], []).append({"t": now, "price": price})
        flag = ""
        target = item.get("target")
        if target is not None and price <= target:
            flag = "  <-- below target!"
        print(f"{item['name']}: {price:.2f}{flag}")
    with open(HISTORY, "w", encoding="utf-8") as fh:
        json.dump(history, fh, indent=2)


if __name__ == "__main__":
    main()
