#!/usr/bin/env python3
"""Daily reservoir level digest.

Reads recorded level values for each reservoir from the historian's public
read-only JSON endpoint, caches the responses locally (keyed by an MD5 of
the request URL) and writes a one-line-per-reservoir digest CSV.
"""
import argparse
import csv
import datetime as dt
import hashlib
import json
import logging
import os
import sys
import urllib.parse
import urllib.request

LOG = logging.getLogger("level_digest")

ENDPOINT = {
    "scheme": "https",
    "host": ".".join(("hist-ro", "example", "org")),
    "path": "/api/v2/recorded",
    "timeout": 15,
}

RESERVOIRS = {
    "RES_NORTH": {"tag": "RES_N.LEVEL_M", "low": 2.5, "high": 9.0},
    "RES_SOUTH": {"tag": "RES_S.LEVEL_M", "low": 2.0, "high": 8.5},
    "RES_HILL": {"tag": "RES_H.LEVEL_M", "low": 1.5, "high": 6.0},
}

CACHE_DIR = ".cache"


class CachedFetcher:
    def __init__(self, cache_dir, timeout, refresh=False):
        self.cache_dir = cache_dir
        self.timeout = timeout
        self.refresh = refresh
        os.makedirs(cache_dir, exist_ok=True)

    def _key(self, url):
        return hashlib.md5(url.encode("utf-8")).hexdigest() + ".json"

    def get(self, url):
        path = os.path.join(self.cache_dir, self._key(url))
        if not self.refresh and os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                return json.load(fh)
        req = urllib.request.Request(url, headers={"Accept": "application/json"})
        with urllib.request.urlopen(req, timeout=self.timeout) as resp:
            data = json.loads(resp.read().decode("utf-8"))
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        return data


def build_url(tag, day):
    query = urllib.parse.urlencode({
        "tag": tag,
        "start": day.isoformat() + "T00:00:00Z",
        "end": (day + dt.timedelta(days=1)).isoformat() + "T00:00:00Z",
    })
    return urllib.parse.urlunsplit((ENDPOINT["scheme"], ENDPOINT["host"],
                                    ENDPOINT["path"], query, ""))


def digest(values, low, high):
    if not values:
        return {"min": "", "max": "", "last": "", "flag": "NO DATA"}
    lo, hi = min(values), max(values)
    flag = "LOW" if lo < low else "HIGH" if hi > high else "ok"
    return {"min": round(lo, 2), "max": round(hi, 2),
            "last": round(values[-1], 2), "flag": flag}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--day", default=(dt.date.today() - dt.timedelta(days=1)).isoformat())
    ap.add_argument("--refresh", action="store_true", help="ignore the cache")
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    day = dt.date.fromisoformat(args.day)
    fetcher = CachedFetcher(CACHE_DIR, ENDPOINT["timeout"], args.refresh)
    rows = []
    for name, spec in sorted(RESERVOIRS.items()):
        url = build_url(spec["tag"], day)
        try:
            data = fetcher.get(url)
            values = [float(item["value"]) for item in data.get("items", [])
                      if item.get("good", True)]
        except (OSError, ValueError, KeyError) as exc:
            LOG.warning("%s: %s", name, exc)
            values = []
        row = {"reservoir": name, "day": day.isoformat()}
        row.update(digest(values, spec["low"], spec["high"]))
        rows.append(row)
        LOG.info("%s %s", name, row["flag"])

    out = args.out or "level_digest_%s.csv" % day.isoformat()
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["reservoir", "day", "min", "max",
                                           "last", "flag"])
        w.writeheader()
        w.writerows(rows)
    LOG.info("digest written to %s", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
