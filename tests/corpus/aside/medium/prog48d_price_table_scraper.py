#!/usr/bin/env python3
"""Scrape the public fuel price table from a regional portal into CSV.

The portal's certificate chain is broken on some mirrors, so verification
can be switched off from the config file. Parsed pages are cached locally.
"""
import argparse
import configparser
import csv
import logging
import pickle
import re
import time
from pathlib import Path

import requests
import urllib3
from bs4 import BeautifulSoup

log = logging.getLogger("fuelscrape")
CACHE_FILE = Path("cache/pages.pkl")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"portal": {"base": "https://precos.example-energia.pt/tabela",
                              "pages": "5", "verify_tls": "no", "delay": "1.5"}})
    cfg.read(path)
    return cfg["portal"]


def load_cache():
    if CACHE_FILE.exists():
        with CACHE_FILE.open("rb") as fh:
            return pickle.load(fh)
    return {}


def save_cache(cache):
    CACHE_FILE.parent.mkdir(exist_ok=True)
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def parse_table(html):
    soup = BeautifulSoup(html, "html.parser")
    table = soup.find("table", id=re.compile("preco|price", re.I))
    if table is None:
        return []
    rows = []
    for tr in table.find_all("tr")[1:]:
        cells = [td.get_text(strip=True) for td in tr.find_all("td")]
        if len(cells) < 4:
            continue
        station, town, fuel, price = cells[:4]
        try:
            value = float(price.replace("€", "").replace(",", "."))
        except ValueError:
            continue
        rows.append({"station": station, "town": town, "fuel": fuel, "eur_per_l": value})
    return rows


def scrape(section, cache, refresh):
    verify = section.getboolean("verify_tls")
    if not verify:
        urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    out = []
    for page in range(1, section.getint("pages") + 1):
        url = f"{section['base']}?page={page}"
        if url in cache and not refresh:
            out.extend(cache[url])
            continue
        resp = requests.get(url, timeout=20, verify=verify)
        if resp.status_code == 404:
            break
        resp.raise_for_status()
        cache[url] = parse_table(resp.text)
        out.extend(cache[url])
        log.info("page %d: %d rows", page, len(cache[url]))
        time.sleep(section.getfloat("delay"))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="scraper.ini")
    ap.add_argument("--refresh", action="store_true")
    ap.add_argument("--out", default="fuel_prices.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    section = load_config(args.config)
    cache = load_cache()
    try:
        rows = scrape(section, cache, args.refresh)
    finally:
        save_cache(cache)
    with open(args.out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["station", "town", "fuel", "eur_per_l"])
        w.writeheader()
        w.writerows(rows)
    log.info("saved %d rows to %s", len(rows), args.out)


if __name__ == "__main__":
    main()
