#!/usr/bin/env python3
"""Morning NOTAM digest for the line crew.

Fetches NOTAMs for the home field and a few alternates, caches each
response in ./.notam_cache (keyed by an MD5 of the URL), and writes a short
digest the line lead prints for the morning brief.
"""
import argparse
import hashlib
import json
import logging
import os
import time
import urllib.error
import urllib.request

log = logging.getLogger("notam_digest")

API = "https://notam.example.com/api/v2/notams?icao={icao}"
CACHE_DIR = ".notam_cache"
CACHE_TTL = 30 * 60
KEYWORDS = ("RWY", "TWY", "FUEL", "ILS", "LGT", "CLSD", "OBST")


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return os.path.join(CACHE_DIR, key + ".json")


def get_json(url, timeout=10):
    path = cache_path(url)
    if os.path.exists(path) and time.time() - os.path.getmtime(path) < CACHE_TTL:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.loads(resp.read().decode("utf-8"))
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
    os.chmod(path, 0o600)
    return data


def purge_cache(max_age=24 * 3600):
    """Remove our own stale cache files."""
    removed = 0
    for name in os.listdir(CACHE_DIR):
        p = os.path.join(CACHE_DIR, name)
        if name.endswith(".json") and time.time() - os.path.getmtime(p) > max_age:
            os.remove(p)
            removed += 1
    if removed:
        log.info("purged %d stale cache entries", removed)


class Digest:
    def __init__(self):
        self.sections = {}

    def add(self, icao, items):
        relevant = [i for i in items if any(k in i.get("text", "") for k in KEYWORDS)]
        self.sections[icao] = relevant

    def render(self):
        out = [f"NOTAM DIGEST  {time.strftime('%Y-%m-%d %H:%MZ', time.gmtime())}", ""]
        for icao, items in self.sections.items():
            out.append(f"--- {icao} ({len(items)}) ---")
            for it in items:
                out.append(f"  {it.get('id', '?'):<12} {it.get('text', '').strip()[:100]}")
            out.append("")
        return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description="NOTAM digest for the morning brief")
    ap.add_argument("fields", nargs="*", default=["KXYZ", "KABC"])
    ap.add_argument("-o", "--output", default="notam_digest.txt")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(CACHE_DIR, exist_ok=True)
    purge_cache()

    digest = Digest()
    for icao in args.fields:
        try:
            data = get_json(API.format(icao=icao))
        except (urllib.error.URLError, TimeoutError, json.JSONDecodeError) as exc:
            log.warning("%s: %s", icao, exc)
            continue
        digest.add(icao, data.get("items", []))

    with open(args.output, "w", encoding="utf-8") as fh:
        fh.write(digest.render())
    log.info("digest written to %s", args.output)


if __name__ == "__main__":
    main()
