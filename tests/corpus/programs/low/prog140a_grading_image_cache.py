#!/usr/bin/env python3
"""Fetch and cache snapshots from the grading cameras.

Each camera exposes a JPEG snapshot URL. Snapshots are cached under
./snapshot_cache keyed by an MD5 of the URL, and a small JSON report with
base64-embedded thumbnails is written for the shift supervisor's page.
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

LOG = logging.getLogger("snapshot-cache")
CACHE_DIR = "snapshot_cache"

CAMERAS = {
    "infeed": "http://198.51.100.51/snapshot.jpg",
    "pet-line": "http://198.51.100.52/snapshot.jpg",
    "reject-chute": "http://198.51.100.53/snapshot.jpg",
}


def cache_path(url):
    key = hashlib.md5(url.encode("utf-8")).hexdigest()
    return os.path.join(CACHE_DIR, key + ".jpg")


def fetch(url, timeout):
    req = urllib.request.Request(url, headers={"User-Agent": "depot-snapshots/1.0"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.read()


def store(path, data):
    """Write atomically so the report never reads a half-written file."""
    fd, tmp = tempfile.mkstemp(dir=CACHE_DIR, suffix=".part")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except OSError:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def expire(max_age):
    now = time.time()
    removed = 0
    for name in os.listdir(CACHE_DIR):
        full = os.path.join(CACHE_DIR, name)
        if name.endswith(".part") or now - os.path.getmtime(full) > max_age:
            os.remove(full)
            removed += 1
    if removed:
        LOG.info("expired %d cached file(s)", removed)


def build_report(results, out_path):
    report = {"generated": int(time.time()), "cameras": []}
    for name, (path, ok) in results.items():
        entry = {"camera": name, "ok": ok}
        if ok:
            with open(path, "rb") as fh:
                entry["image_b64"] = base64.b64encode(fh.read()).decode("ascii")
        report["cameras"].append(entry)
    with open(out_path, "w", encoding="utf-8") as fh:
        json.dump(report, fh)
    os.chmod(out_path, 0o600)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--max-age", type=int, default=3600)
    ap.add_argument("--report", default="snapshots.json")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(CACHE_DIR, exist_ok=True)
    expire(args.max_age)

    results = {}
    for name, url in CAMERAS.items():
        path = cache_path(url)
        try:
            store(path, fetch(url, args.timeout))
            results[name] = (path, True)
            LOG.info("%s: snapshot updated", name)
        except (urllib.error.URLError, OSError) as exc:
            LOG.warning("%s: %s", name, exc)
            results[name] = (path, os.path.exists(path))
    build_report(results, args.report)
    LOG.info("report written to %s", args.report)


if __name__ == "__main__":
    main()
