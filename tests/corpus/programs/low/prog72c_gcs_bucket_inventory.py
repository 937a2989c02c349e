#!/usr/bin/env python3
"""gcs_bucket_inventory - compare a Cloud Storage backup bucket with a local mirror.

Lists every object under a prefix through the JSON API (paged), compares
size and MD5 with the files under the local mirror directory and writes an
inventory CSV with one row per object: present / missing / differs / extra.
Listing pages are cached in ./.inventory_cache for --cache-ttl seconds so
repeated runs during an investigation do not hammer the API.

    GCS_TOKEN=$(gcloud auth print-access-token) \
        ./gcs_bucket_inventory.py acme-db-backups --prefix prod/pg/ --mirror ./mirror
"""
import argparse
import base64
import csv
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path
from urllib.parse import quote

import requests

log = logging.getLogger("gcs_inventory")

API = "https://storage.googleapis.com/storage/v1/b/{bucket}/o"
CACHE_DIR = Path(".inventory_cache")


def cache_key(url, params):
    raw = url + "?" + json.dumps(params, sort_keys=True)
    return hashlib.md5(raw.encode(), usedforsecurity=False).hexdigest()


def cached_get(session, url, params, ttl):
    CACHE_DIR.mkdir(exist_ok=True)
    entry = CACHE_DIR / (cache_key(url, params) + ".json")
    if ttl > 0 and entry.exists() and time.time() - entry.stat().st_mtime < ttl:
        return json.loads(entry.read_text())
    resp = session.get(url, params=params, timeout=30)
    resp.raise_for_status()
    data = resp.json()
    entry.write_text(json.dumps(data))
    return data


def list_objects(session, bucket, prefix, ttl):
    url = API.format(bucket=quote(bucket, safe=""))
    params = {"prefix": prefix, "maxResults": 1000,
              "fields": "items(name,size,md5Hash,updated),nextPageToken"}
    while True:
        page = cached_get(session, url, params, ttl)
        yield from page.get("items", [])
        token = page.get("nextPageToken")
        if not token:
            return
        params = dict(params, pageToken=token)


def local_md5_b64(path):
    h = hashlib.md5(usedforsecurity=False)
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return base64.b64encode(h.digest()).decode()


def compare(objects, mirror, prefix, check_md5):
    seen = set()
    for obj in objects:
        rel = obj["name"][len(prefix):]
        if not rel or rel.endswith("/"):
            continue
        seen.add(rel)
        local = mirror / rel
        row = {"object": obj["name"], "size": int(obj["size"]), "updated": obj.get("updated", "")}
        if not local.exists():
            row["status"] = "missing"
        elif local.stat().st_size != row["size"]:
            row["status"] = "differs"
        elif check_md5 and obj.get("md5Hash") and local_md5_b64(local) != obj["md5Hash"]:
            row["status"] = "differs"
        else:
            row["status"] = "present"
        yield row
    if mirror.is_dir():
        for p in sorted(mirror.rglob("*")):
            rel = p.relative_to(mirror).as_posix()
            if p.is_file() and rel not in seen:
                yield {"object": prefix + rel, "size": p.stat().st_size, "updated": "",
                       "status": "extra"}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("bucket")
    ap.add_argument("--prefix", default="")
    ap.add_argument("--mirror", type=Path, default=Path("mirror"))
    ap.add_argument("--output", default="inventory.csv")
    ap.add_argument("--cache-ttl", type=int, default=600)
    ap.add_argument("--no-md5", action="store_true", help="compare sizes only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    session = requests.Session()
    token = os.environ.get("GCS_TOKEN")
    if token:
        session.headers["Authorization"] = f"Bearer {token}"

    counts = {}
    try:
        with open(args.output, "w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=["status", "object", "size", "updated"])
            writer.writeheader()
            objects = list_objects(session, args.bucket, args.prefix, args.cache_ttl)
            for row in compare(objects, args.mirror, args.prefix, not args.no_md5):
                writer.writerow(row)
                counts[row["status"]] = counts.get(row["status"], 0) + 1
    except requests.RequestException as exc:
        log.error("listing failed: %s", exc)
        return 1
    os.chmod(args.output, 0o600)

    log.info("inventory written to %s: %s", args.output,
             ", ".join(f"{k}={v}" for k, v in sorted(counts.items())) or "empty")
    return 1 if counts.get("missing") or counts.get("differs") else 0


if __name__ == "__main__":
    sys.exit(main())
