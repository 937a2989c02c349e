#!/usr/bin/env python3
"""Build a local index of Wayback Machine captures for a list of URLs.

Used by the research desk to check when a page was first archived and how
often it changed. Results are cached under ./cdx_cache so reruns are cheap.
"""
import argparse
import csv
import hashlib
import json
import logging
import os
import time
import urllib.parse
from urllib.request import Request, urlopen
from urllib.error import HTTPError, URLError

CDX_ENDPOINT = "https://web.archive.org/cdx/search/cdx"
CACHE_DIR = "cdx_cache"
USER_AGENT = "newsroom-research-cdx/1.4 (+research desk)"

log = logging.getLogger("cdx")


def cache_path(url, year_from, year_to):
    key = f"{url}|{year_from}|{year_to}".encode("utf-8")
    digest = hashlib.md5(key).hexdigest()
    return os.path.join(CACHE_DIR, digest + ".json")


def query_cdx(url, year_from, year_to, timeout):
    cached = cache_path(url, year_from, year_to)
    if os.path.exists(cached):
        with open(cached, encoding="utf-8") as fh:
            return json.load(fh)
    params = {
        "url": url,
        "output": "json",
        "from": str(year_from),
        "to": str(year_to),
        "fl": "timestamp,original,statuscode,digest,length",
        "collapse": "digest",
    }
    full = CDX_ENDPOINT + "?" + urllib.parse.urlencode(params)
    req = Request(full, headers={"User-Agent": USER_AGENT})
    with urlopen(req, timeout=timeout) as resp:
        rows = json.loads(resp.read().decode("utf-8") or "[]")
    os.makedirs(CACHE_DIR, exist_ok=True)
    with open(cached, "w", encoding="utf-8") as fh:
        json.dump(rows, fh)
    return rows


def summarise(rows):
    if len(rows) <= 1:
        return None
    header, body = rows[0], rows[1:]
    records = [dict(zip(header, r)) for r in body]
    first, last = records[0], records[-1]
    return {
        "captures": len(records),
        "first_seen": first["timestamp"],
        "last_seen": last["timestamp"],
        "distinct_versions": len({r["digest"] for r in records}),
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("url_list", help="text file, one URL per line")
    ap.add_argument("--from-year", type=int, default=2010)
    ap.add_argument("--to-year", type=int, default=time.gmtime().tm_year)
    ap.add_argument("--out", default="cdx_index.csv")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--pause", type=float, default=1.5, help="seconds between requests")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    with open(args.url_list, encoding="utf-8") as fh:
        urls = [line.strip() for line in fh if line.strip() and not line.startswith("#")]

    fields = ["url", "captures", "first_seen", "last_seen", "distinct_versions", "error"]
    with open(args.out, "w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, fieldnames=fields)
        writer.writeheader()
        for url in urls:
            row = {"url": url}
            try:
                summary = query_cdx(url, args.from_year, args.to_year, args.timeout)
                info = summarise(summary)
                if info:
                    row.update(info)
                else:
                    row["error"] = "no captures"
            except (HTTPError, URLError, ValueError) as exc:
                log.warning("lookup failed for %s: %s", url, exc)
                row["error"] = str(exc)
            writer.writerow(row)
            log.info("%s -> %s", url, row.get("captures", row.get("error")))
            time.sleep(args.pause)
    log.info("wrote %s", args.out)


if __name__ == "__main__":
    main()
