#!/usr/bin/env python3
"""Take a status snapshot of every machine in a store for the area manager.

Polls each controller's status endpoint, caches responses for a few
minutes so repeated runs do not hammer the boards, and writes a compact
snapshot file (JSON with the raw payloads base64'd for the archive).
"""
import argparse
import base64
import hashlib
import json
import logging
import os
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

log = logging.getLogger("status-snapshot")

CACHE_DIR = Path(".status_cache")
CACHE_TTL = 300


def cache_key(url):
    # only used to name cache files, not for anything sensitive
    return hashlib.md5(url.encode()).hexdigest()


def cached_get(url, timeout):
    CACHE_DIR.mkdir(exist_ok=True)
    path = CACHE_DIR / (cache_key(url) + ".bin")
    if path.exists() and time.time() - path.stat().st_mtime < CACHE_TTL:
        return path.read_bytes()
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        body = resp.read()
    path.write_bytes(body)
    return body


def reachable(url, timeout):
    req = urllib.request.Request(url, method="HEAD")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status < 500
    except (urllib.error.URLError, OSError):
        return False


class Snapshot:
    def __init__(self, store):
        self.store = store
        self.entries = []

    def add(self, machine, url, payload):
        try:
            parsed = json.loads(payload)
        except ValueError:
            parsed = None
        self.entries.append({
            "machine": machine,
            "url": url,
            "state": parsed.get("state") if isinstance(parsed, dict) else None,
            "raw_b64": base64.b64encode(payload).decode("ascii"),
        })

    def write(self, out_path):
        data = json.dumps({"store": self.store, "taken": int(time.time()),
                           "machines": self.entries}, indent=2)
        out_dir = os.path.dirname(os.path.abspath(out_path))
        # write atomically so a half-written snapshot is never picked up
        fd, tmp = tempfile.mkstemp(dir=out_dir, suffix=".tmp")
        with os.fdopen(fd, "w") as fh:
            fh.write(data)
        os.chmod(tmp, 0o600)
        os.replace(tmp, out_path)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--store", required=True)
    ap.add_argument("--machines", default="machines.json",
                    help='JSON list of {"id":..., "url":...}')
    ap.add_argument("--out", default="snapshot.json")
    ap.add_argument("--timeout", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    with open(args.machines) as fh:
        machines = json.load(fh)

    snap = Snapshot(args.store)
    for m in machines:
        url = m["url"]
        if not reachable(url, args.timeout):
            log.warning("machine %s unreachable", m["id"])
            continue
        try:
            snap.add(m["id"], url, cached_get(url, args.timeout))
        except (urllib.error.URLError, OSError) as exc:
            log.warning("machine %s: %s", m["id"], exc)
    snap.write(args.out)
    log.info("snapshot of %d machines written to %s", len(snap.entries), args.out)


if __name__ == "__main__":
    main()
