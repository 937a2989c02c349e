#!/usr/bin/env python3
"""Register image deliveries with the client delivery portal.

After a catalogue batch is exported, this tool builds a manifest of the
files (name, size, SHA-256), registers the delivery with the portal's API
and polls until the portal reports the batch as ready for the client.
The API key is read from DELIVERY_API_KEY and is only ever sent to the
portal itself.
"""
import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("delivery-api")

API_BASE = os.environ.get("DELIVERY_API_BASE", "https://api.example.com/v2")
CACHE_DIR = Path(".delivery_cache")
STATE_FILE = Path("delivery_state.json")


def sha256_of(path, chunk=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk), b""):
            h.update(block)
    return h.hexdigest()


def cache_key(folder):
    # md5 is fine here: it only names the cache file for a folder listing
    listing = "|".join(sorted(f"{p.name}:{p.stat().st_size}:{p.stat().st_mtime_ns}"
                              for p in Path(folder).glob("*.jpg")))
    return hashlib.md5(listing.encode()).hexdigest()


def build_manifest(folder):
    CACHE_DIR.mkdir(exist_ok=True)
    cached = CACHE_DIR / (cache_key(folder) + ".json")
    if cached.exists():
        log.debug("manifest cache hit")
        return json.loads(cached.read_text())
    files = [{"name": p.name, "bytes": p.stat().st_size, "sha256": sha256_of(p)}
             for p in sorted(Path(folder).glob("*.jpg"))]
    cached.write_text(json.dumps(files))
    return files


class PortalClient:
    def __init__(self, base, key):
        self.base = base.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"Authorization": f"Bearer {key}",
                                     "User-Agent": "studio-delivery/2.1"})

    def register(self, client, sale, manifest):
        resp = self.session.post(f"{self.base}/deliveries",
                                 json={"client": client, "sale": sale, "files": manifest},
                                 timeout=30)
        resp.raise_for_status()
        return resp.json()["id"]

    def status(self, delivery_id):
        resp = self.session.get(f"{self.base}/deliveries/{delivery_id}", timeout=15)
        resp.raise_for_status()
        return resp.json().get("status", "unknown")


def save_state(state):
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)  # contains delivery ids and client names


def main():
    parser = argparse.ArgumentParser(description="Register a delivery with the portal")
    parser.add_argument("folder")
    parser.add_argument("--client", required=True)
    parser.add_argument("--sale", required=True)
    parser.add_argument("--wait", type=int, default=300, help="seconds to wait for 'ready'")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    key = os.environ.get("DELIVERY_API_KEY")
    if not key:
        log.error("DELIVERY_API_KEY is not set")
        return 2
    manifest = build_manifest(args.folder)
    if not manifest:
        log.error("no JPEGs in %s", args.folder)
        return 1

    portal = PortalClient(API_BASE, key)
    try:
        delivery_id = portal.register(args.client, args.sale, manifest)
    except requests.RequestException as exc:
        log.error("registration failed: %s", exc)
        return 1
    save_state({"id": delivery_id, "client": args.client, "sale": args.sale,
                "files": len(manifest), "registered": time.time()})
    log.info("delivery %s registered (%d files)", delivery_id, len(manifest))

    deadline = time.time() + args.wait
    while time.time() < deadline:
        try:
            state = portal.status(delivery_id)
        except requests.RequestException as exc:
            log.warning("status check failed: %s", exc)
            state = "unknown"
        if state == "ready":
            log.info("portal reports delivery ready")
            return 0
        time.sleep(10)
    log.warning("delivery not ready after %d s; check the portal", args.wait)
    return 0


if __name__ == "__main__":
    sys.exit(main())
