#!/usr/bin/env python3
"""Push the daily booking digest to the tour platform's partner API.

Summarises the day's bookings from the local export and posts the digest
to the platform, which shows it on the partner dashboard.
"""
import argparse
import asyncio
import csv
import hashlib
import json
import logging
import os
import tempfile
from collections import Counter
from pathlib import Path
from urllib import request

log = logging.getLogger("booking-digest")

API = os.environ.get("PARTNER_API", "https://partners.tourplatform.example.com/v1/digests")
CACHE = Path(".digest_cache")


def cache_key(path):
    return hashlib.md5(path.read_bytes()).hexdigest()


def summarise(path):
    per_tour, languages = Counter(), Counter()
    for row in csv.DictReader(path.open(newline="")):
        per_tour[row["tour"]] += int(row.get("party_size", 1))
        languages[row.get("language", "en")] += 1
    return {"date": path.stem, "guests_per_tour": per_tour, "languages": languages}


def already_sent(key):
    return (CACHE / key).exists()


def mark_sent(key):
    CACHE.mkdir(exist_ok=True)
    marker = CACHE / key
    marker.write_text("sent\n")
    os.chmod(marker, 0o600)


def stage(digest):
    fd, name = tempfile.mkstemp(prefix="digest-", suffix=".json", dir=".")
    with os.fdopen(fd, "w") as fh:
        json.dump(digest, fh)
    return Path(name)


def _post(path, token):
    req = request.Request(API, data=path.read_bytes(), method="POST",
                          headers={"Content-Type": "application/json",
                                   "Authorization": f"Bearer {token}"})
    with request.urlopen(req, timeout=15) as resp:
        return resp.status


async def push(path, token):
    status = await asyncio.get_running_loop().run_in_executor(None, _post, path, token)
    path.unlink()
    return status


async def run(exports, token, force):
    for export in exports:
        key = cache_key(export)
        if already_sent(key) and not force:
            log.info("%s already sent", export.name)
            continue
        status = await push(stage(summarise(export)), token)
        log.info("%s -> %s", export.name, status)
        if status < 300:
            mark_sent(key)


def main():
    ap = argparse.ArgumentParser(description="Send daily booking digests")
    ap.add_argument("exports", nargs="+", type=Path)
    ap.add_argument("--force", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    token = os.environ.get("PARTNER_API_TOKEN")
    if not token:
        log.error("PARTNER_API_TOKEN not set")
        return 1
    asyncio.run(run(args.exports, token, args.force))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
