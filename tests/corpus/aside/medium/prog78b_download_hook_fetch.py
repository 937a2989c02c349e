#!/usr/bin/env python3
"""Fetch GrabIt download-manager hook bundles for offline review.

Mirrors the community hook index into ./hooks/<name>/ so the bundles can be
read, diffed against the previous release and enabled by hand in GrabIt's
settings.  Nothing is enabled automatically.

    download_hook_fetch.py [--index URL] [--only NAME ...] [--dest DIR]
"""
import argparse
import hashlib
import io
import json
import logging
import os
import sys
import tarfile
import time
from pathlib import Path

import requests

INDEX_URL = os.environ.get("GRABIT_HOOK_INDEX",
                           "https://hooks.grabit-dl.org/index/v2.json")
INDEX_TTL = 24 * 3600

log = logging.getLogger("grabit.hookfetch")


class HookIndex:
    def __init__(self, url, cache_file, session=None):
        self.url = url
        self.cache_file = cache_file
        self.session = session or requests.Session()
        self.session.headers["User-Agent"] = "grabit-hookfetch/2.3"

    def _fresh(self):
        try:
            return time.time() - self.cache_file.stat().st_mtime < INDEX_TTL
        except FileNotFoundError:
            return False

    def entries(self):
        if not self._fresh():
            try:
                resp = self.session.get(self.url, timeout=20)
                resp.raise_for_status()
                self.cache_file.parent.mkdir(parents=True, exist_ok=True)
                self.cache_file.write_text(resp.text)
            except requests.RequestException as exc:
                log.warning("index refresh failed, using cache: %s", exc)
        try:
            return json.loads(self.cache_file.read_text()).get("hooks", [])
        except (FileNotFoundError, ValueError):
            return []

    def fetch_bundle(self, entry):
        resp = self.session.get(entry["bundle"], timeout=60)
        resp.raise_for_status()
        body = resp.content
        want = entry.get("sha256")
        if want and hashlib.sha256(body).hexdigest() != want:
            raise ValueError("checksum mismatch for %s" % entry["name"])
        return body


def unpack(name, blob, dest_root):
    target = dest_root / name
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:*") as tf:
        members = tf.getnames()
        tf.extractall(target)
    (target / ".fetched").write_text(json.dumps({"at": int(time.time()),
                                                 "files": members}))
    return len(members)


def fetch_all(index, dest_root, only=None):
    fetched = 0
    for entry in index.entries():
        name = entry.get("name", "unnamed")
        if only and name not in only:
            continue
        if "bundle" not in entry:
            log.debug("hook %s has no bundle, skipping", name)
            continue
        try:
            blob = index.fetch_bundle(entry)
        except (requests.RequestException, ValueError) as exc:
            log.error("hook %s unavailable: %s", name, exc)
            continue
        try:
            n = unpack(name, blob, dest_root)
        except tarfile.TarError as exc:
            log.error("hook %s: bad archive: %s", name, exc)
            continue
        log.info("hook %s: %d file(s) -> %s", name, n, dest_root / name)
        fetched += 1
    return fetched


def main():
    ap = argparse.ArgumentParser(description="mirror GrabIt hook bundles for review")
    ap.add_argument("--index", default=INDEX_URL)
    ap.add_argument("--dest", type=Path, default=Path("hooks"))
    ap.add_argument("--only", nargs="*", help="hook names to fetch")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    args.dest.mkdir(parents=True, exist_ok=True)
    index = HookIndex(args.index, args.dest / ".index-cache.json")
    count = fetch_all(index, args.dest, set(args.only or []))
    if count == 0:
        log.warning("no hook bundles fetched")
        return 1
    print("%d hook bundle(s) in %s" % (count, args.dest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
