#!/usr/bin/env python3
"""Fetch a camera snapshot into a local cache and prune old cached frames.

Snapshots are stored under ./snapshot_cache/ keyed by the MD5 of the camera
URL plus timestamp, so repeated runs never collide. Files older than the
retention window are deleted from that cache directory only.
"""
import argparse
import hashlib
import json
import os
import time

import requests

CACHE_DIR = "snapshot_cache"
INDEX = os.path.join(CACHE_DIR, "index.json")


def cache_key(url, ts):
    return hashlib.md5(f"{url}|{ts}".encode()).hexdigest()


def load_index():
    if os.path.exists(INDEX):
        with open(INDEX) as fh:
            return json.load(fh)
    return {}


def save_index(index):
    with open(INDEX, "w") as fh:
        json.dump(index, fh, indent=2)
    os.chmod(INDEX, 0o600)


def grab(url, timeout):
    resp = requests.get(url, timeout=timeout)
    resp.raise_for_status()
    if not resp.headers.get("Content-Type", "").startswith("image/"):
        raise ValueError("camera did not return an image")
    return resp.content


def prune(index, max_age_s):
    now = time.time()
    removed = 0
    for key, meta in list(index.items()):
        if now - meta["ts"] > max_age_s:
            path = os.path.join(CACHE_DIR, meta["file"])
            if os.path.exists(path):
                os.remove(path)
            del index[key]
            removed += 1
    return removed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--camera", default="http://192.168.1.60/snapshot.jpg")
    ap.add_argument("--keep-hours", type=float, default=48)
    ap.add_argument("--timeout", type=float, default=8)
    args = ap.parse_args()

    os.makedirs(CACHE_DIR, exist_ok=True)
    index = load_index()
    ts = int(time.time())
    try:
        img = grab(args.camera, args.timeout)
    except (requests.RequestException, ValueError) as exc:
        print(f"snapshot failed: {exc}")
    else:
        key = cache_key(args.camera, ts)
        name = f"{key}.jpg"
        with open(os.path.join(CACHE_DIR, name), "wb") as fh:
            fh.write(img)
        index[key] = {"file": name, "ts": ts, "bytes": len(img)}
        print(f"saved {name} ({len(img)} bytes)")

    removed = prune(index, args.keep_hours * 3600)
    save_index(index)
    print(f"pruned {removed} old snapshots, {len(index)} kept")


if __name__ == "__main__":
    main()
