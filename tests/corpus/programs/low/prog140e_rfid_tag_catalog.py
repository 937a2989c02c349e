#!/usr/bin/env python3
"""Build the linen item catalog from RFID tag registrations.

When new linen is tagged at the plant, the tagging station exports one
line per tag with the EPC and a base64 block of user memory (hotel code,
item type, wash-life counter). This decodes those blocks, checks that the
product photo for each item type exists on the media server, and writes
the catalog atomically so the sorter never reads a half-written file.
"""
import argparse
import base64
import binascii
import csv
import json
import logging
import os
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests

LOG = logging.getLogger("tag-catalog")

MEDIA = "https://media.example.com/linen"


def decode_user_memory(b64):
    """User memory layout: 4-char hotel code, 2-char item type, 2-byte wash count."""
    raw = base64.b64decode(b64, validate=True)
    if len(raw) < 8:
        raise ValueError("user memory too short")
    return {
        "hotel": raw[0:4].decode("ascii"),
        "item_type": raw[4:6].decode("ascii"),
        "washes": int.from_bytes(raw[6:8], "big"),
    }


def read_export(path):
    items, bad = [], 0
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                item = decode_user_memory(row["user_mem"])
                item["epc"] = row["epc"]
                items.append(item)
            except (ValueError, binascii.Error, UnicodeDecodeError, KeyError) as exc:
                bad += 1
                LOG.debug("bad row %s: %s", row.get("epc"), exc)
    return items, bad


def worker_count():
    """Use the number of cores listed in /proc/cpuinfo, capped at 8."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            cores = sum(1 for line in fh if line.startswith("processor"))
    except OSError:
        cores = 2
    return max(1, min(cores, 8))


def photo_exists(item_type):
    url = f"{MEDIA}/{item_type}.jpg"
    try:
        resp = requests.head(url, timeout=8, allow_redirects=True)
        return item_type, resp.status_code == 200
    except requests.RequestException:
        return item_type, False


def write_atomic(path, data):
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".catalog-", suffix=".json", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def main():
    parser = argparse.ArgumentParser(description="RFID linen catalog builder")
    parser.add_argument("export", help="tagging station CSV export")
    parser.add_argument("--out", default="linen_catalog.json")
    parser.add_argument("--skip-photos", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    items, bad = read_export(args.export)
    LOG.info("decoded %d tag(s), %d unreadable", len(items), bad)

    photos = {}
    if not args.skip_photos:
        types = sorted({i["item_type"] for i in items})
        with ThreadPoolExecutor(max_workers=worker_count()) as pool:
            photos = dict(pool.map(photo_exists, types))
        missing = [t for t, ok in photos.items() if not ok]
        if missing:
            LOG.warning("no product photo for: %s", ", ".join(missing))

    for item in items:
        item["photo"] = photos.get(item["item_type"], False)
    write_atomic(args.out, {"count": len(items), "items": items})
    LOG.info("catalog written to %s", args.out)


if __name__ == "__main__":
    main()
